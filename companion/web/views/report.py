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
from typing import Any

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    current_app,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_babel import gettext as _
from sqlalchemy.exc import DBAPIError

from ... import edits
from ...engines import TableFileError, find_game, read_table
from ...exports import bgstats
from ...exports.pdf import STATIC_DIR, Paper, render_pdf, warm_up_in_background
from ...exports.pdf_pool import POOL
from ...exports.report import TEMPLATE, Report, build_report, template_context
from ...storage import store
from ...storage.models import GameTable, db
from .. import faults
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


def version_asked(table: GameTable) -> int:
    """The table version whose report the phone asks for: ``?v=`` (the
    version its page shows, in the report links) when it is a sound one no
    newer than the table's, else the table's own."""
    raw = request.args.get("v", "")
    if raw.isascii() and raw.isdigit() and len(raw) <= 9:
        return min(int(raw), table.version)
    return table.version


def pdf_answer(table: GameTable, paper: Paper, filename: str) -> ResponseReturnValue:
    """The report of ``table`` as a PDF download named ``filename``.

    The phone gets the report of the version it asks for (:func:`version_asked`)
    or of a newer one, whichever is kept (a download of an unchanged table
    costs one row); else the table's report is drawn as it is now, in this
    process's PDF child (``companion.exports.pdf_pool``, unless ``PDF_POOL``
    is off, as in tests), and kept for that version even if the table
    changes meanwhile. One drawing per table at a time, whichever process
    asks (``store.start_drawing``): while one is under way, the answer says
    "preparing" (202) and asks again with the same version, having built
    nothing (issue 31: a table changed every second never got its PDF, each
    ask queued a newer drawing and built the report in the page's worker).
    So a phone waits at most for the drawing under way and then its own,
    however often the table changes."""
    lang = str(get_locale() or "en")
    key = store.PdfKey(paper.value, lang, pdf_revision())
    wanted = version_asked(table)
    pdf = store.kept_pdf(table, key, at_least=wanted)
    if pdf is None:
        if not uses_pool(current_app):
            pdf = _drawn_here(table, key)
        elif store.drawing_under_way(table.id):
            return preparing(wanted)
        else:
            pdf = _drawn_in_pool(table, key)
            if pdf is None:
                return preparing(wanted)
    return Response(
        pdf,
        mimetype="application/pdf",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


def _report_html(table: GameTable, paper: str) -> tuple[str, dict[str, str]]:
    """The report's page in the reader's language, and its drawings."""
    context = template_context(table_report(table), words=words, paper=paper)
    lang = str(get_locale() or "en")
    return render_template(TEMPLATE, **context, lang=lang), context["drawings"]


def _drawn_here(table: GameTable, key: store.PdfKey) -> bytes:
    """The PDF drawn in this thread (no PDF child, as in tests), and kept."""
    table_id, version = table.id, table.version
    html, drawings = _report_html(table, key.paper)
    base_url = str(current_app.static_folder or STATIC_DIR)
    pdf = render_pdf(html, base_url=base_url, paper=key.paper, drawings=drawings)
    try:
        store.keep_pdf(table_id, version, key, pdf)
    except DBAPIError as error:
        if faults.fault_of(error) != "read-only":
            raise
        db.session.rollback()  # served, not kept: the database takes no write
    return pdf


def _drawn_in_pool(table: GameTable, key: store.PdfKey) -> bytes | None:
    """The PDF drawn by this process's PDF child, if it comes in time; else
    ``None`` (it is kept when it comes, for the phone's next ask). None at
    once when another process took the table first."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    table_id, version = table.id, table.version
    # Built before the table is taken: taking it commits, after which the
    # table would be read again, perhaps at a newer version than recorded.
    # (Two processes that both found no drawing race here; the loser's page
    # is dropped.)
    html, drawings = _report_html(table, key.paper)
    try:
        held = store.start_drawing(table_id, version)
    except DBAPIError as error:
        if faults.fault_of(error) != "read-only":
            raise
        # A read-only database still serves reports (reads answer): drawn
        # without holding the table, and not kept.
        db.session.rollback()
        held = None
    if held is False:
        return None

    def kept(pdf: bytes | None) -> None:
        with app.app_context():
            try:
                if pdf is not None and held:
                    store.keep_pdf(table_id, version, key, pdf)
            except Exception:  # noqa: BLE001 - the database went away: asked again
                db.session.rollback()
            finally:
                try:
                    if held:
                        store.end_drawing(table_id)
                except Exception:  # noqa: BLE001 - it runs out by itself
                    db.session.rollback()
                db.session.remove()

    waiting = POOL.busy()
    job = POOL.draw(
        f"{table_id}/{version}/{key.paper}/{key.lang}/{key.revision}",
        html,
        base_url=str(app.static_folder or STATIC_DIR),
        paper=key.paper,
        drawings=drawings,
        kept=kept,
    )
    try:
        return job.result(timeout=0 if waiting else WAIT_FOR_PDF)
    except FutureTimeout:
        return None


def preparing(version: int) -> tuple[str, int, dict[str, str]]:
    """The page a phone sees while its PDF is drawn: it asks again by itself,
    for the same version (a newer one's PDF is served too, if it is kept by
    then). Nothing is built for it but this small page."""
    args: dict[str, Any] = {**(request.view_args or {}), **request.args.to_dict()}
    args["v"] = str(version)
    again = url_for(request.endpoint or "report.report_pdf", **args)
    return (
        render_template("report/preparing.html", again=again),
        202,
        {"Cache-Control": "no-store", "Retry-After": "3"},
    )


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
    the background: compile the report's templates (Jinja keeps them per
    app: the page and those it includes, which Jinja would compile as the
    first report is rendered), work out the code's fingerprint
    (:func:`report_revision`), and, where reports are drawn here, load
    WeasyPrint and the fonts; where the PDF child draws them, start it (it
    loads them itself), so this process never imports WeasyPrint."""
    folder = TEMPLATE.rpartition("/")[0] + "/"

    def compile_template() -> None:
        env = app.jinja_env
        for name in env.list_templates(filter_func=lambda n: n.startswith(folder)):
            env.get_template(name)
        report_revision()

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
