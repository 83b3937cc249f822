"""The end-of-game report as a PDF: ``GET /t/<table_id>/report.pdf?paper=a4``.

A thin adapter: the report's content comes from :mod:`companion.exports.report`, its
words from the template in the reader's language, the PDF from
:mod:`companion.exports.pdf` (WeasyPrint, loaded as a worker starts). A report is
kept per table version, paper and language (``models.ReportPdf``), so a
second download of an unchanged table is one row read.
"""

from __future__ import annotations

import hashlib
import json
from concurrent.futures import TimeoutError as FutureTimeout
from datetime import datetime
from functools import cache
from pathlib import Path

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    current_app,
    render_template,
    request,
)
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_babel import gettext as _

from ... import edits
from ...engines import TableFileError, find_game, read_table
from ...exports import bgstats
from ...exports.pdf import STATIC_DIR, Paper, render_pdf, warm_up_in_background
from ...exports.pdf_pool import POOL
from ...exports.report import TEMPLATE, Report, build_report, template_context
from ...storage import store
from ...storage.models import GameTable, db
from ..local_time import local, local_day, zone_in_use
from ..plumbing import words
from .games import game_views
from .tables import options_from_document, table_or_404

bp = Blueprint("report", __name__)


def report_filename(table: GameTable, paper: Paper) -> str:
    return f"{table.game}-{table.id}-report-{paper.value}.pdf"


def paper_asked() -> Paper:
    """The paper the request asks for (``?paper=a4`` or ``letter``; A4 when
    none).

    :raises BadRequest: any other paper.
    """
    try:
        return Paper.parse(request.args.get("paper", Paper.A4.value))
    except ValueError:
        abort(400, _("The paper size is a4 or letter."))


def table_report(table: GameTable) -> Report:
    """The report of ``table`` as it stands now.

    :raises Conflict: the table's file cannot be scored (409).
    """
    step = store.current_step(table)
    try:
        read = read_table(table.document)
    except TableFileError:
        abort(409, _("This table's file cannot be scored, so it has no report."))
    # What the table's history knows beyond its file (eras scored so far,
    # whether a game recorded turn by turn is over, how a game ended): each
    # game's views say.
    views = game_views(table.game)
    known = views.report_args(table) if views else {}
    # Dated the reader's day: a game ending at 23:30 UTC ended the next day
    # in Rome.
    return build_report(read, on=local_day(step.created_at), **known)


@cache
def report_revision() -> str:
    """A fingerprint of everything that draws a report besides the table:
    the package's code, the templates, the print stylesheet and the
    translations. A PDF kept by another release is made again."""
    root = Path(__file__).resolve().parents[2]
    files = sorted(
        [
            *root.rglob("*.py"),
            *root.rglob("*.mo"),
            *(root.parent / "templates").rglob("*.html"),
            root.parent / "static" / "print.css",
        ]
    )
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def pdf_revision() -> str:
    """What a kept PDF is made by besides the table, paper and language:
    :func:`report_revision` and the reader's time zone (the report is dated
    the local day of the table's last step)."""
    both = f"{report_revision()}/{zone_in_use()}"
    return hashlib.sha256(both.encode()).hexdigest()[:16]


WAIT_FOR_PDF = 15.0
"""Seconds a download waits for its report when no other is being drawn;
past that (or at once, when another is), the phone is told it is being
prepared and asks again."""


def pdf_answer(table: GameTable, paper: Paper, filename: str) -> ResponseReturnValue:
    """The report of ``table`` as a PDF download named ``filename``: the one
    kept for the table's version, paper and language if there is one (a
    second download of an unchanged table costs one row), else drawn (in
    this process's PDF child, ``companion.exports.pdf_pool``, unless ``PDF_POOL`` is
    off, as in tests) and kept. While another report is being drawn, the
    answer says "preparing" (202) and reloads, instead of holding a thread."""
    lang = str(get_locale() or "en")
    key = store.PdfKey(paper.value, lang, pdf_revision())
    pdf = store.cached_pdf(table, key)
    if pdf is None:
        context = template_context(table_report(table), words=words, paper=paper.value)
        html = render_template(TEMPLATE, **context, lang=lang)
        base_url = str(current_app.static_folder or STATIC_DIR)
        if not uses_pool(current_app):
            pdf = render_pdf(
                html, base_url=base_url, paper=paper, drawings=context["drawings"]
            )
            store.keep_pdf(table, key, pdf)
        else:
            pdf = _drawn_in_pool(table, key, html, base_url, context["drawings"])
            if pdf is None:
                return preparing()
    return Response(
        pdf,
        mimetype="application/pdf",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


def _drawn_in_pool(
    table: GameTable,
    key: store.PdfKey,
    html: str,
    base_url: str,
    drawings: dict[str, str],
) -> bytes | None:
    """The PDF drawn by this process's PDF child, if it comes in time; else
    ``None`` (it is kept when it comes, for the phone's next ask)."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    table_id, version = table.id, table.version

    def kept(pdf: bytes) -> None:
        with app.app_context():
            try:
                now = store.get_table(table_id)
                if now is not None and now.version == version:
                    store.keep_pdf(now, key, pdf)
            finally:
                db.session.remove()

    waiting = POOL.busy()
    job = POOL.draw(
        f"{table_id}/{version}/{key.paper}/{key.lang}/{key.revision}",
        html,
        base_url=base_url,
        paper=key.paper,
        drawings=drawings,
        kept=kept,
    )
    try:
        return job.result(timeout=0 if waiting else WAIT_FOR_PDF)
    except FutureTimeout:
        return None


def preparing() -> tuple[str, int]:
    """The page a phone sees while its PDF is drawn: it asks again by itself."""
    return render_template("report/preparing.html"), 202


@bp.get("/t/<table_id>/report.pdf")
def report_pdf(table_id: str) -> ResponseReturnValue:
    """The table's end-of-game report as a PDF, on A4 or US Letter."""
    table = table_or_404(table_id)
    paper = paper_asked()
    return pdf_answer(table, paper, report_filename(table, paper))


def finished_report(table: GameTable) -> Report:
    """The report of a finished table.

    :raises Conflict: the game is not over (409): there is no result to send.
    """
    if not edits.is_finished(table):
        abort(
            409,
            _(
                "The game is not over yet, so there is no result to send: "
                "record its final scoring first."
            ),
        )
    return table_report(table)


def finished_at(table: GameTable) -> datetime:
    """When the table's current step (its final scoring) was recorded, in
    the reader's time zone."""
    return local(store.current_step(table).created_at)


def expansions_played(table: GameTable) -> list[str]:
    """The table's expansions: those it was started with, and those its file
    shows were played (road boards set up later, a monument built)."""
    shown = options_from_document(find_game(table.game), table.document)
    keys = {**table.options, **shown}
    return [key for key in keys if table.options.get(key) or shown.get(key)]


@bp.get("/t/<table_id>/play.bgsplay")
def bgstats_play(table_id: str) -> Response:
    """The finished game as a BG Stats play file (``.bgsplay``): BG Stats
    opens it from the phone's downloads or "open in". ``?me=`` names the
    player who owns the file in BG Stats (the first seat by default). Its
    times are the players' local times, as in BG Stats' own files."""
    table = table_or_404(table_id)
    report = finished_report(table)
    me = request.args.get("me") or None
    if me is not None and me not in {seat.id for seat in report.seats}:
        abort(400, _("There is no such player at this table."))
    finished = finished_at(table)
    data = bgstats.play_file(
        report,
        key=f"{table.id}/{table.version}",
        expansions=expansions_played(table),
        started=local(table.created_at),
        finished=finished,
        me=me,
    )
    # As BG Stats names its own files (local time); no table id in the name
    # (it is shared).
    name = f"{table.game}-play{finished:%y%m%d%H%M%S}.bgsplay"
    return Response(
        json.dumps(data, ensure_ascii=False, indent=2) + "\n",
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@bp.get("/t/<table_id>/result.csv")
def result_csv(table_id: str) -> Response:
    """The finished game's result as CSV (UTF-8 with a byte order mark, so a
    spreadsheet reads every script): one row per player, the categories of
    each era as columns, headings in the reader's language."""
    table = table_or_404(table_id)
    report = finished_report(table)
    # Named after the table's game and when it finished, to the second, in
    # the reader's time (two games of one day are two files); no table id
    # (the file is shared), as the play file.
    name = f"{table.game}-result-{finished_at(table):%Y-%m-%d-%H%M%S}.csv"
    return Response(
        "\ufeff" + bgstats.result_csv(report, words),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


def uses_pool(app: Flask) -> bool:
    """Whether reports are drawn in the PDF child (``PDF_POOL``; off in
    tests unless asked) rather than in the thread that asks."""
    return bool(app.config.get("PDF_POOL", not app.testing))


def warm_up(app: Flask) -> None:
    """Make the first report of this process cost what any other does, in
    the background: compile the report's template (Jinja keeps it per app),
    and, where reports are drawn here, load WeasyPrint and the fonts; where
    the PDF child draws them, start it (it loads them itself), so this
    process never imports WeasyPrint."""

    def compile_template() -> None:
        app.jinja_env.get_template(TEMPLATE)

    if uses_pool(app):
        POOL.start()
        compile_template()
        return
    app.extensions["pdf_warm_up_thread"] = warm_up_in_background(
        app.static_folder or STATIC_DIR, then=compile_template
    )


def init_app(app: Flask) -> None:
    """With ``PDF_WARM_UP``, warm up now (``companion.start_worker`` does it
    as a server's worker starts)."""
    if app.config.get("PDF_WARM_UP", False):
        warm_up(app)
