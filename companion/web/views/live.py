"""Live: every open page of a table notices a newer version within 2 seconds.

A page of a table asks ``GET /t/<id>/live`` every 1.5 s (static/live.js) with
the version it shows as ``If-None-Match``: an unchanged table answers 304 from
one small query of the table's row, so many phones on one server cost little;
a changed one answers its version, the words of the step that made it and
the name of the phone that made it, if it has one (``by``). A page that says
which history position it shows (``?since=<position>``) is also told the words
of every step after it (``changes``, oldest first, at most
:data:`MOST_CHANGES`; ``more``: how many others), so that two changes landing
between two asks are both named.
Polling holds up under several gunicorn workers and on PostgreSQL alike (no
connection kept open per phone, no state in a worker).
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, current_app, jsonify, request
from sqlalchemy import ColumnElement, or_, select

from ...storage.models import GameTable, HistoryStep, db
from ...storage.store import TABLE_ID
from .. import faults
from .tables import describe_step

bp = Blueprint("live", __name__)

MOST_CHANGES = 5
"""The most steps a live answer names one by one; the rest are counted."""


def etag(version: int) -> str:
    return f'"v{version}"'


@bp.get("/t/<table_id>/live")
def version(table_id: str) -> Response:
    """The table's version and what its latest step did, or 304 when the
    asking page already shows that version."""
    if not TABLE_ID.match(table_id):
        abort(404)
    return answer(GameTable.id == table_id)


def answer(which: ColumnElement[bool]) -> Response:
    """The live answer for the one table ``which`` selects (404: none)."""
    row = db.session.execute(
        select(GameTable.id, GameTable.version, GameTable.position).where(which)
    ).one_or_none()
    if row is None:
        abort(404)
    table_id, current, position = row
    tag = etag(current)
    headers = {"ETag": tag, "Cache-Control": "no-cache"}
    if request.headers.get("If-None-Match") == tag:
        return Response(status=304, headers=headers)
    since = since_asked()
    forward = since is not None and since < position
    first = since + 1 if forward and since is not None else position
    last = min(position, first + MOST_CHANGES - 1)
    # One query of a few rows, whatever the history's length: the step now
    # current and, when the page is behind, the first steps after its own.
    steps = (
        db.session.execute(
            select(HistoryStep)
            .where(
                HistoryStep.table_id == table_id,
                or_(
                    HistoryStep.seq == position,
                    HistoryStep.seq.between(first, last),
                ),
            )
            .order_by(HistoryStep.seq)
            .limit(MOST_CHANGES + 1)
        )
        .scalars()
        .all()
    )
    step = next((s for s in steps if s.seq == position), None)
    what = describe_step(step) if step is not None else ""
    if forward:
        changes = [describe_step(s) for s in steps if first <= s.seq <= last]
        more = position - first + 1 - len(changes)
    else:
        # Undo, redo, or a page that did not say where it was: the step now
        # current names what happened, as before.
        changes, more = ([what] if step is not None else []), 0
    response = jsonify(
        version=current,
        what=what,
        by=step.by if step is not None else None,
        changes=changes,
        more=more,
    )
    response.headers.update(headers)
    return response


def since_asked() -> int | None:
    """The history position the asking page shows (``?since=``), if it gave
    a sound one (anything else is as if it said none)."""
    raw = request.args.get("since", "")
    if not raw.isascii() or not raw.isdigit() or len(raw) > 9:
        return None
    return int(raw)


@bp.get("/health")
def health() -> tuple[Response, int]:
    """For a proxy or a monitor: 200 when this worker can save (the database
    takes a write, rolled back: ``faults.database_writable``) and, where
    this process draws PDFs in a child, that child lives; else 503 saying
    which (``status``; ``database``: ok, read-only or unavailable; ``pdf``:
    ready, starting, down, or in-process where no child is used)."""
    database = faults.database_writable()
    pdf = pdf_child_state()
    if database != "ok":
        status = f"database {database}"
    elif pdf == "down":
        status = "pdf child down"
    else:
        status = "ok"
    response = jsonify(status=status, database=database, pdf=pdf)
    response.headers["Cache-Control"] = "no-store"
    return response, 200 if status == "ok" else 503


def pdf_child_state() -> str:
    """This process's PDF child as the health URL tells it."""
    from ...exports.pdf_pool import POOL
    from .report import uses_pool

    if not uses_pool(current_app):
        return "in-process"
    # "off": no child started in this process yet (``flask run`` starts
    # it with the first report; a gunicorn worker as it starts).
    return POOL.state()
