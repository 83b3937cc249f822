"""Live: every open page of a table notices a newer version within 2 seconds.

A page of a table asks ``GET /t/<id>/live`` every 1.5 s (static/live.js) with
the version it shows as ``If-None-Match``: an unchanged table answers 304 from
one small query of the table's row, so many phones on one server cost little;
a changed one answers its version, the words of the step that made it and
the name of the phone that made it, if it has one (``by``).
Polling holds up under several gunicorn workers and on PostgreSQL alike (no
connection kept open per phone, no state in a worker).
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, jsonify, request
from sqlalchemy import ColumnElement, select, text
from sqlalchemy.exc import SQLAlchemyError

from ...storage.models import GameTable, HistoryStep, db
from ...storage.store import TABLE_ID
from .tables import describe_step

bp = Blueprint("live", __name__)


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
    step = db.session.execute(
        select(HistoryStep).where(
            HistoryStep.table_id == table_id, HistoryStep.seq == position
        )
    ).scalar_one_or_none()
    response = jsonify(
        version=current,
        what=describe_step(step) if step is not None else "",
        by=step.by if step is not None else None,
    )
    response.headers.update(headers)
    return response


@bp.get("/health")
def health() -> tuple[Response, int]:
    """For a proxy or a monitor: 200 when this worker answers and reaches the
    database, 503 when it cannot (one tiny query; no table is read)."""
    try:
        db.session.execute(text("SELECT 1"))
    except SQLAlchemyError:
        db.session.rollback()
        response = jsonify(status="database unavailable")
        response.headers["Cache-Control"] = "no-store"
        return response, 503
    response = jsonify(status="ok")
    response.headers["Cache-Control"] = "no-store"
    return response, 200
