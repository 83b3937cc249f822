"""Saving tables: each change one transaction and one history step.

A thin adapter between the views and the database; the table file itself is
checked by the engines before it gets here.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm.exc import StaleDataError

from .models import GameTable, HistoryStep, db, new_join_code, utcnow


@dataclass
class StaleEditError(Exception):
    """The table changed since the player loaded it; their edit was not saved."""

    expected: int
    current: int


class NothingToUndoError(Exception):
    """Undo at the first step, or redo at the last."""


class NoSuchStepError(LookupError):
    """A step the table's history does not hold (deleted by a later change)."""


def new_table_id() -> str:
    """An unguessable id (96 random bits), safe in a URL."""
    return secrets.token_urlsafe(12)


def free_join_code() -> str:
    """A join code no table has yet (one indexed look-up; a new code is drawn
    in the rare case the first is taken)."""
    while True:
        code = new_join_code()
        taken = select(GameTable.id).where(GameTable.join_code == code)
        if db.session.scalar(taken) is None:
            return code


def create_table(
    game: str,
    document: Mapping[str, Any],
    *,
    options: Mapping[str, Any] | None = None,
    action: str = "create",
    details: Mapping[str, Any] | None = None,
) -> GameTable:
    """Store a new table whose first history step is ``document``."""
    table = GameTable(
        id=new_table_id(),
        game=game,
        options=dict(options or {}),
        position=1,
        join_code=free_join_code(),
    )
    table.steps.append(
        HistoryStep(
            seq=1, action=action, details=dict(details or {}), document=dict(document)
        )
    )
    db.session.add(table)
    db.session.commit()
    return table


def recent_tables(limit: int = 100) -> list[GameTable]:
    """Tables with the most recent change first."""
    query = select(GameTable).order_by(GameTable.updated_at.desc()).limit(limit)
    return list(db.session.scalars(query))


TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}\Z")
"""What a table id (and a watch key) can be: anything else names no table
and is not sent to the database (a NUL in a URL would be a PostgreSQL error)."""


def get_table(table_id: str) -> GameTable | None:
    if not TABLE_ID.match(table_id):
        return None
    return db.session.get(GameTable, table_id)


def current_step(table: GameTable) -> HistoryStep:
    """The history step that is the table's current state."""
    for step in table.steps:
        if step.seq == table.position:
            return step
    raise LookupError(f"table {table.id} has no step {table.position}")


def current_document(table: GameTable) -> dict[str, Any]:
    return current_step(table).document


def _check_version(table: GameTable, expected_version: int) -> None:
    if table.version != expected_version:
        raise StaleEditError(expected=expected_version, current=table.version)


def _commit(table: GameTable, expected_version: int) -> None:
    table.updated_at = utcnow()
    try:
        db.session.commit()
    except StaleDataError:
        # Another request wrote between our read and our write.
        db.session.rollback()
        db.session.refresh(table)
        raise StaleEditError(expected=expected_version, current=table.version) from None


def record(
    table: GameTable,
    document: Mapping[str, Any],
    *,
    expected_version: int,
    action: str,
    details: Mapping[str, Any] | None = None,
    options: Mapping[str, Any] | None = None,
) -> HistoryStep:
    """Save a change as a new step after the current one, in one transaction.

    Steps that were undone are dropped: a new change ends the redo trail.

    :raises StaleEditError: the table is no longer at ``expected_version``.
    """
    _check_version(table, expected_version)
    for step in [s for s in table.steps if s.seq > table.position]:
        table.steps.remove(step)
    # Flush the removals first so that the new step may reuse their ``seq``.
    db.session.flush()
    step = HistoryStep(
        seq=table.position + 1,
        action=action,
        details=dict(details or {}),
        document=dict(document),
    )
    table.steps.append(step)
    table.position = step.seq
    if options is not None:
        table.options = dict(options)
    _commit(table, expected_version)
    return step


def can_undo(table: GameTable) -> bool:
    return table.position > 1


def can_redo(table: GameTable) -> bool:
    return any(step.seq > table.position for step in table.steps)


def go_to(table: GameTable, seq: int, *, expected_version: int) -> HistoryStep:
    """Make step ``seq`` the current one, in one transaction: every step
    between is undone (or redone) at once, as one change of the version.
    Nothing is deleted: the steps after ``seq`` stay, to be redone, until a
    new change ends the redo trail. Returns the step that was current before
    (``seq`` itself already current: nothing changes).

    :raises StaleEditError: the table is no longer at ``expected_version``.
    :raises NoSuchStepError: the table has no step ``seq``.
    """
    _check_version(table, expected_version)
    if not any(step.seq == seq for step in table.steps):
        raise NoSuchStepError(seq)
    left = current_step(table)
    if seq != table.position:
        table.position = seq
        _commit(table, expected_version)
    return left


def _move(table: GameTable, *, expected_version: int, by: int) -> HistoryStep:
    """Make the step ``by`` steps away the current one (-1 back, 1 forward),
    in one transaction; returns the step that was current before.

    :raises StaleEditError: the table is no longer at ``expected_version``.
    :raises NothingToUndoError: there is no step there.
    """
    _check_version(table, expected_version)
    if not (can_undo(table) if by < 0 else can_redo(table)):
        raise NothingToUndoError
    return go_to(table, table.position + by, expected_version=expected_version)


def undo(table: GameTable, *, expected_version: int) -> HistoryStep:
    """Go back one step; returns the step that was undone.

    :raises StaleEditError: the table is no longer at ``expected_version``.
    :raises NothingToUndoError: the table is at its first step.
    """
    return _move(table, expected_version=expected_version, by=-1)


def redo(table: GameTable, *, expected_version: int) -> HistoryStep:
    """Go forward one step again; returns the step that was redone.

    :raises StaleEditError: the table is no longer at ``expected_version``.
    :raises NothingToUndoError: there is no undone step to redo.
    """
    _move(table, expected_version=expected_version, by=1)
    return current_step(table)


def delete_table(table: GameTable, *, expected_version: int) -> None:
    """Delete a table and its history.

    :raises StaleEditError: the table is no longer at ``expected_version``.
    """
    _check_version(table, expected_version)
    db.session.delete(table)
    try:
        db.session.commit()
    except StaleDataError:
        db.session.rollback()
        raise StaleEditError(expected=expected_version, current=-1) from None
