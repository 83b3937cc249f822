"""The end-of-game report as a PDF: ``GET /t/<table_id>/report.pdf?paper=a4``.

A thin adapter: the report's content comes from :mod:`companion.report`, its
words from the template in the reader's language, the PDF from
:mod:`companion.pdf` (WeasyPrint, imported on the first report).
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, current_app, render_template, request
from flask_babel import get_locale
from flask_babel import gettext as _

from .. import store
from ..engines import TableFileError, read_table
from ..models import GameTable
from ..pdf import STATIC_DIR, Paper, render_pdf
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
        read = read_table(step.document)
    except TableFileError:
        abort(409, _("This table's file cannot be scored, so it has no report."))
    # What the table's history knows beyond its file (eras scored so far,
    # whether a game recorded turn by turn is over, how a game ended): each
    # game's views say.
    views = game_views(table.game)
    known = views.report_args(table) if views else {}
    return build_report(read, on=step.created_at.date(), **known)


def pdf_answer(table: GameTable, paper: Paper, filename: str) -> Response:
    """The report of ``table`` as a PDF download named ``filename``."""
    context = template_context(table_report(table), words=words, paper=paper.value)
    html = render_template(TEMPLATE, **context, lang=str(get_locale() or "en"))
    pdf = render_pdf(
        html,
        base_url=current_app.static_folder or STATIC_DIR,
        paper=paper,
        drawings=context["drawings"],
    )
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
