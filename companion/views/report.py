"""The end-of-game report as a PDF: ``GET /t/<table_id>/report.pdf?paper=a4``.

A thin adapter: the report's content comes from :mod:`companion.report`, its
words from the template in the reader's language, the PDF from
:mod:`companion.pdf` (WeasyPrint, loaded as a worker starts). A report is
kept per table version, paper and language (``models.ReportPdf``), so a
second download of an unchanged table is one row read.
"""

from __future__ import annotations

import hashlib
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
from flask_babel import get_locale
from flask_babel import gettext as _

from .. import store
from ..engines import TableFileError, read_table
from ..models import GameTable
from ..pdf import STATIC_DIR, Paper, render_pdf, warm_up_in_background
from ..report import TEMPLATE, Report, build_report, template_context
from ..web import words
from .games import game_views
from .tables import table_or_404

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
    return build_report(read, on=step.created_at.date(), **known)


@cache
def report_revision() -> str:
    """A fingerprint of everything that draws a report besides the table:
    the package's code, the templates, the print stylesheet and the
    translations. A PDF kept by another release is made again."""
    root = Path(__file__).resolve().parent.parent
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


def pdf_answer(table: GameTable, paper: Paper, filename: str) -> Response:
    """The report of ``table`` as a PDF download named ``filename``: the one
    kept for the table's version, paper and language if there is one (a
    second download of an unchanged table costs one row), else made now and
    kept."""
    lang = str(get_locale() or "en")
    key = store.PdfKey(paper.value, lang, report_revision())
    pdf = store.cached_pdf(table, key)
    if pdf is None:
        context = template_context(table_report(table), words=words, paper=paper.value)
        html = render_template(TEMPLATE, **context, lang=lang)
        pdf = render_pdf(
            html,
            base_url=current_app.static_folder or STATIC_DIR,
            paper=paper,
            drawings=context["drawings"],
        )
        store.keep_pdf(table, key, pdf)
    return Response(
        pdf,
        mimetype="application/pdf",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


@bp.get("/t/<table_id>/report.pdf")
def report_pdf(table_id: str) -> Response:
    """The table's end-of-game report as a PDF, on A4 or US Letter."""
    table = table_or_404(table_id)
    paper = paper_asked()
    return pdf_answer(table, paper, report_filename(table, paper))


def init_app(app: Flask) -> None:
    """Load WeasyPrint and the report's fonts as the worker starts (not in
    tests, unless ``PDF_WARM_UP`` asks), so its first PDF is not slower."""
    if app.config.get("PDF_WARM_UP", not app.testing):
        app.extensions["pdf_warm_up_thread"] = warm_up_in_background(
            app.static_folder or STATIC_DIR,
            # The report's template compiled too (Jinja keeps it per app).
            then=lambda: app.jinja_env.get_template(TEMPLATE),
        )
