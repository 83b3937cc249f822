"""Watch: a table's read-only link, ``/w/<key>``.

Whoever has the link sees what the players see of the game (the standings,
the city board, every point explained with its rule, the report as a PDF),
refreshed by itself when the table changes, and nothing to change it with: no
form, no undo. The key is the table's ``watch_key``, not its id, and no page
under ``/w/`` names the id, so a watcher cannot find the way to play.
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, render_template
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from markupsafe import Markup, escape
from sqlalchemy import select

from ...exports.report import template_context
from ...storage.models import GameTable, db
from ...storage.store import TABLE_ID
from ..plumbing import words
from . import live
from .report import paper_asked, pdf_answer, table_report

bp = Blueprint("watch", __name__)


def watched_or_404(key: str) -> GameTable:
    """The table whose watch key is ``key`` (404 when none is)."""
    if not TABLE_ID.match(key):
        abort(404)
    table: GameTable = db.first_or_404(
        select(GameTable).where(GameTable.watch_key == key)
    )
    return table


def labelled_svg(svg: str, label: str) -> Markup:
    """A drawing of :mod:`companion.exports.report` (SVG it escaped itself) as an
    image a screen reader names by ``label``."""
    opening = f'<svg role="img" aria-label="{escape(label)}" '
    return Markup(opening + svg.removeprefix("<svg "))  # noqa: S704 - escaped above


@bp.get("/w/<key>")
def show(key: str) -> ResponseReturnValue:
    """The table as a watcher sees it: the report's content on a screen."""
    table = watched_or_404(key)
    context = template_context(table_report(table), words=words)
    alts = {"board.svg": context["board_alt"], "chart.svg": context["chart_alt"]}
    drawings = {
        name: labelled_svg(svg, alts[name]) for name, svg in context["drawings"].items()
    }
    return render_template(
        "tables/watch.html",
        **context,
        inline_drawings=drawings,
        key=key,
        version=table.version,
        position=table.position,
        lang=str(get_locale() or "en"),
    )


@bp.get("/w/<key>/live")
def version(key: str) -> Response:
    """What the watch page asks every 1.5 s: as ``live.version``, by the
    watch key."""
    if not TABLE_ID.match(key):
        abort(404)
    return live.answer(GameTable.watch_key == key)


@bp.get("/w/<key>/report.pdf")
def report_pdf(key: str) -> ResponseReturnValue:
    """The report as a PDF, named without the table's id."""
    table = watched_or_404(key)
    paper = paper_asked()
    return pdf_answer(table, paper, f"{table.game}-report-{paper.value}.pdf")
