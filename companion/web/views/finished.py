"""Finished is finished: a table whose final scoring is recorded cannot change
until the game is reopened, as a step of its history.

Each game's registry entry says when one of its tables is finished
(``companion.engines.Game.is_over``, asked by :func:`.games.is_finished`);
the one write path refuses a change to a finished table
(:func:`companion.edits.check_open`), and the refusal is one page (409) that
says so and
offers "Reopen the game". The screens of a finished table say so too, with the
same button (``templates/_finished.html``, shown by ``base.html``).
"""

from __future__ import annotations

from typing import cast

from flask import (
    Blueprint,
    Flask,
    flash,
    g,
    has_request_context,
    redirect,
    render_template,
    request,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.exceptions import HTTPException

from ... import edits
from ...exports.report import Report
from ...storage import store
from ...storage.models import GameTable
from ..errors import submitted_input
from ..forms import ActionForm, tapped
from ..plumbing import same_site_path
from .games import game_views
from .report import table_report
from .tables import conflict_message, table_or_404

bp = Blueprint("finished", __name__)

TABLE_SCREENS = frozenset({"tables.show", "tables.rename_players", "tables.history"})
"""The shared screens of a table that say it is finished (besides every screen
of its game)."""


def back_to(table: GameTable, target: str | None) -> str:
    """Where to go after reopening: the screen the button was on when it is a
    page of this table (a path on this site, never another site's), else the
    table page."""
    home = f"/t/{table.id}"
    target = same_site_path(target, home)
    if (target == home or target.startswith(home + "/")) and "//" not in target:
        return target
    return home


@bp.post("/t/<table_id>/reopen")
def reopen(table_id: str) -> ResponseReturnValue:
    """Reopen a finished game: one history step, undone like any other (undo
    takes it back and the game is finished again); the next final scoring
    finishes it again."""
    table = table_or_404(table_id)
    form = tapped(ActionForm)
    target = back_to(table, request.form.get("next"))
    if not edits.is_finished(table):
        flash(_("The game is not over: there is nothing to reopen."))
        return redirect(target)
    try:
        edits.reopen(table, seen=form.version.data)
    except store.StaleEditError as exc:
        flash(conflict_message(exc))
        return redirect(target)
    flash(
        _(
            "The game is reopened: correct what needs it; the next final scoring "
            "ends it again."
        )
    )
    return redirect(target)


def finished_table() -> GameTable | None:
    """The table of this request when it is finished and this is one of its
    screens (its game's, or its page and history); else ``None``."""
    if not has_request_context():
        return None
    table_id = (request.view_args or {}).get("table_id")
    if not isinstance(table_id, str):
        return None
    table = store.get_table(table_id)
    if table is None:
        return None
    views = game_views(table.game)
    if views is None:
        return None
    ours = {blueprint.name for blueprint in views.blueprints}
    if request.blueprint not in ours and request.endpoint not in TABLE_SCREENS:
        return None
    return table if edits.is_finished(table) else None


_RESULT = "companion_final_result"
"""Where a request keeps the result it showed (``flask.g``): a page drawn
from several templates scores the table once."""


def final_result(table: GameTable) -> Report | None:
    """The finished table's result as its report says it (the winner, the
    places), or ``None`` when its file cannot be scored."""
    key = (table.id, table.version)
    kept = g.get(_RESULT)
    if kept is not None and kept[0] == key:
        return cast("Report | None", kept[1])
    try:
        report: Report | None = table_report(table)
    except HTTPException:  # a file that cannot be scored: no result to show
        report = None
    setattr(g, _RESULT, (key, report))
    return report


def notice_context() -> dict[str, object]:
    """What ``templates/_finished.html`` needs: the finished table, its
    result (the winner first, issue 28), and the page to come back to once
    reopened (a GET page itself; after a refused POST, the table page)."""
    try:
        table = finished_table()
        report = final_result(table) if table is not None else None
    except SQLAlchemyError:  # an error page after a failed write: say nothing
        table = None
    if table is None:
        return {"finished_table": None}
    back = request.full_path.rstrip("?") if request.method == "GET" else None
    return {
        "finished_table": table,
        "finished_report": report,
        "finished_form": ActionForm(formdata=None, data={"version": table.version}),
        "finished_back": back_to(table, back),
        # Who may own the BG Stats play file (the notice's "After the game").
        "finished_players": [
            (p["id"], p["name"]) for p in table.document.get("players", [])
        ],
    }


def refused(error: edits.GameOverError) -> tuple[str, int]:
    """A change to a finished table: what was sent, kept to read again, and
    the notice with "Reopen the game" (from ``base.html``)."""
    return (
        render_template(
            "errors/error.html",
            code=409,
            title=_("The game is over"),
            message=_("Nothing was changed."),
            submitted=submitted_input(),
        ),
        409,
    )


def init_app(app: Flask) -> None:
    """Register the reopen step, the refusal page and the notice."""
    app.register_blueprint(bp)
    app.register_error_handler(edits.GameOverError, refused)
    app.context_processor(notice_context)
