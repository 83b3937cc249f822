"""Saving tables: each change one transaction and one history step.

A thin adapter between the views and the database; the table file itself is
checked by the engines before it gets here.
"""

from __future__ import annotations

import os
import re
import secrets
import socket
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Any, Final, Generic, TypeVar, TypeVarTuple

from sqlalchemy import (
    Result,
    Select,
    String,
    bindparam,
    delete,
    func,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import undefer
from sqlalchemy.orm.exc import StaleDataError

from . import progress as recorded
from .models import (
    GameTable,
    HistoryStep,
    ReportDrawing,
    ReportPdf,
    db,
    new_join_code,
    utcnow,
)

T = TypeVar("T")


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


def names_of(document: Mapping[str, Any]) -> list[str]:
    """The players' names a table file holds, in seating order."""
    return [str(p["name"]) for p in document.get("players", [])]


def _now_at(table: GameTable, step: HistoryStep) -> None:
    """Make ``step`` the table's current state: its position, and the copies
    of its file and of what was recorded the table's row keeps."""
    table.position = step.seq
    table.document = step.document
    table.recorded = step.recorded
    table.names = names_of(step.document)


def create_table(
    game: str,
    document: Mapping[str, Any],
    *,
    options: Mapping[str, Any] | None = None,
    action: str = "create",
    details: Mapping[str, Any] | None = None,
) -> GameTable:
    """Store a new table whose first history step is ``document``."""
    step = HistoryStep(
        seq=1,
        action=action,
        details=dict(details or {}),
        document=dict(document),
        recorded=recorded.remember(recorded.NOTHING, 1, action, details or {}),
    )
    table = GameTable(
        id=new_table_id(),
        game=game,
        options=dict(options or {}),
        join_code=free_join_code(),
        last_seq=1,
    )
    _now_at(table, step)
    table.steps.append(step)
    db.session.add(table)
    db.session.commit()
    return table


PAGE_SIZE = 20
"""Items on a page of a list (History's steps; the home list says its own)."""


@dataclass(frozen=True)
class TableLine:
    """What the home list shows of a table, and all it reads."""

    id: str
    game: str
    names: list[str]
    updated_at: datetime


@dataclass(frozen=True)
class Page(Generic[T]):
    """One page of a list, newest first: its items, and whether more follow."""

    items: list[T]
    number: int
    more: bool

    @classmethod
    def of(cls, fetch: Callable[[int, int], list[T]], page: int, size: int) -> Page[T]:
        """Page ``page`` of ``size`` items, ``fetch(offset, limit)`` reading
        them: one row more than a page tells whether another page follows,
        without counting every row."""
        found = fetch((page - 1) * size, size + 1)
        return cls(found[:size], page, len(found) > size)


def table_lines(
    ids: Collection[str] | None = None,
    *,
    page: int = 1,
    size: int = PAGE_SIZE,
    game: str | None = None,
) -> Page[TableLine]:
    """One page of ``size`` tables, the most recently changed first: those of
    ``ids`` (every table when ``None``), of ``game`` if one is named. One
    query of the columns shown, whatever the number of tables
    (``updated_at`` is indexed)."""
    query = _LINES[(ids is not None, game is not None)]
    asked: dict[str, object] = {}
    if ids is not None:
        asked["ids"] = list(ids)
    if game is not None:
        asked["game"] = game

    def fetch(offset: int, limit: int) -> list[TableLine]:
        rows = _rows(query, {**asked, "offset": offset, "limit": limit})
        return [
            TableLine(r.id, r.game, list(r.names or []), r.updated_at) for r in rows
        ]

    return Page.of(fetch, page, size)


def _lines_query(
    *, of_ids: bool, of_game: bool
) -> Select[str, str, list[str], datetime]:
    query = (
        select(GameTable.id, GameTable.game, GameTable.names, GameTable.updated_at)
        .order_by(GameTable.updated_at.desc(), GameTable.id)
        .offset(bindparam("offset"))
        .limit(bindparam("limit"))
    )
    if of_ids:
        query = query.where(GameTable.id.in_(bindparam("ids", expanding=True)))
    if of_game:
        query = query.where(GameTable.game == bindparam("game"))
    return query


_LINES: Final = {
    (of_ids, of_game): _lines_query(of_ids=of_ids, of_game=of_game)
    for of_ids in (False, True)
    for of_game in (False, True)
}
""":func:`table_lines`' statements, made once (as ``_VERSIONS``): of some
ids or every table's, of one game or every game's."""


_VERSIONS: Final = (
    select(GameTable.id, GameTable.version)
    .order_by(GameTable.updated_at.desc(), GameTable.id)
    .limit(bindparam("limit"))
)
_VERSIONS_OF: Final = _VERSIONS.where(
    GameTable.id.in_(bindparam("ids", expanding=True))
)
"""Made once: a statement built per request costs more than its answer."""


def table_versions(
    ids: Collection[str] | None = None, *, limit: int = PAGE_SIZE
) -> list[tuple[str, int]]:
    """The id and version of ``limit`` tables at most, the most recently
    changed first: those of ``ids`` (every table when ``None``). One query
    of two columns: what is derived from a table is kept per version."""
    if ids is None:
        rows = _rows(_VERSIONS, {"limit": limit})
    else:
        rows = _rows(_VERSIONS_OF, {"limit": limit, "ids": list(ids)})
    return [(table_id, version) for table_id, version in rows]


@lru_cache(maxsize=64)
def _stamp_of(count: int) -> Select[int, int]:
    """:func:`versions_stamp`'s statement for ``count`` ids, made once a
    count: one parameter an id, not a list expanded at each request (which
    cost more than the query itself)."""
    ids = [bindparam(f"id{n}", type_=String) for n in range(count)]
    return select(func.count(), func.coalesce(func.sum(GameTable.version), 0)).where(
        GameTable.id.in_(ids)
    )


def versions_stamp(ids: Collection[str]) -> tuple[int, int]:
    """How many of the tables ``ids`` exist, and the sum of their versions:
    one row, however many ids. A table's version only grows (every change
    commits a new one), so the pair changes whenever one of them changes or
    is deleted: what is derived from the whole set can be kept for it
    without reading each table's line (the record page of a device)."""
    if not ids:
        return (0, 0)
    params = {f"id{n}": table_id for n, table_id in enumerate(ids)}
    count, total = _rows(_stamp_of(len(ids)), params).one()
    return (int(count), int(total))


Columns = TypeVarTuple("Columns")


def _rows(
    statement: Select[*Columns], params: Mapping[str, object]
) -> Result[*Columns]:
    """The rows of a statement of columns (no ORM objects), read on the
    session's connection, in its transaction, without the ORM's loading
    (a third of a list's cost); changes waiting in the session are flushed
    first, as the session's own ``execute`` would."""
    session = db.session()
    if session.autoflush:
        session.flush()
    return session.connection().execute(statement, params)


def recent_tables(limit: int = 100) -> list[GameTable]:
    """Tables with the most recent change first (whole rows: for tools and
    tests; the home list reads :func:`table_lines`)."""
    query = select(GameTable).order_by(GameTable.updated_at.desc()).limit(limit)
    return list(db.session.scalars(query))


TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}\Z")
"""What a table id (and a watch key) can be: anything else names no table
and is not sent to the database (a NUL in a URL would be a PostgreSQL error)."""


def get_table(table_id: str, *, to_change: bool = False) -> GameTable | None:
    """The table ``table_id``, if there is one.

    :param to_change: the table is read to be changed: it is locked first, in
        this transaction, so that another request's change to it waits until
        this one is saved, and a change is made on the table as it is (a no-op
        update: a row lock on PostgreSQL, the write lock on SQLite). Without it
        two phones' saves could each read the table before the other wrote,
        and the second would be refused as stale.
    """
    if not TABLE_ID.match(table_id):
        return None
    if to_change:
        db.session.execute(
            update(GameTable)
            .where(GameTable.id == table_id)
            .values(id=GameTable.id)
            .execution_options(synchronize_session=False)
        )
    return db.session.get(GameTable, table_id)


def step_at(table: GameTable, seq: int, *, whole: bool = False) -> HistoryStep | None:
    """The table's history step ``seq`` (one indexed row), if it has one;
    ``whole``: with its table file and what it recorded, read at once."""
    query = select(HistoryStep).where(
        HistoryStep.table_id == table.id, HistoryStep.seq == seq
    )
    if whole:
        query = query.options(
            undefer(HistoryStep.document), undefer(HistoryStep.recorded)
        )
    return db.session.scalars(query).one_or_none()


def current_step(table: GameTable) -> HistoryStep:
    """The history step that is the table's current state."""
    step = step_at(table, table.position)
    if step is None:
        raise LookupError(f"table {table.id} has no step {table.position}")
    return step


def current_document(table: GameTable) -> dict[str, Any]:
    """The table file as it is now (from the table's row)."""
    return table.document


def history_page(table: GameTable, page: int = 1) -> Page[HistoryStep]:
    """One page of the table's history, the last step first, without the
    steps' table files: what the History screen lists."""
    query = (
        select(HistoryStep)
        .where(HistoryStep.table_id == table.id)
        .order_by(HistoryStep.seq.desc())
    )

    def fetch(offset: int, limit: int) -> list[HistoryStep]:
        return list(db.session.scalars(query.offset(offset).limit(limit)))

    return Page.of(fetch, page, PAGE_SIZE)


def _check_version(table: GameTable, expected_version: int) -> None:
    if table.version != expected_version:
        raise StaleEditError(expected=expected_version, current=table.version)


CHANGE_LISTENERS: list[Callable[[str], None]] = []
"""Called with a table's id after each change to it is committed or given
up (every save, undo, redo, step chosen and deletion commits through
:func:`_commit` or :func:`delete_table`): the web layer forgets what it
derived from the table's earlier versions (``companion.web.derived``)."""


def _changed(table_id: str) -> None:
    for listener in CHANGE_LISTENERS:
        listener(table_id)


def _commit(table: GameTable, expected_version: int) -> None:
    table.updated_at = utcnow()
    table_id = table.id
    try:
        db.session.commit()
    except StaleDataError:
        # Another request wrote between our read and our write.
        db.session.rollback()
        db.session.refresh(table)
        raise StaleEditError(expected=expected_version, current=table.version) from None
    finally:
        _changed(table_id)


def add_step(
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
    if table.last_seq > table.position:
        # One statement, whatever the trail's length; rolled back with the
        # rest if the version check at commit fails.
        db.session.execute(
            delete(HistoryStep).where(
                HistoryStep.table_id == table.id, HistoryStep.seq > table.position
            ),
            execution_options={"synchronize_session": False},
        )
    seq = table.position + 1
    step = HistoryStep(
        table_id=table.id,
        seq=seq,
        action=action,
        details=dict(details or {}),
        document=dict(document),
        recorded=recorded.remember(table.recorded, seq, action, details or {}),
    )
    # Added to the session, not to ``table.steps``: appending would load the
    # whole history.
    db.session.add(step)
    _now_at(table, step)
    table.last_seq = seq
    if options is not None:
        table.options = dict(options)
    _commit(table, expected_version)
    return step


def can_undo(table: GameTable) -> bool:
    return table.position > 1


def can_redo(table: GameTable) -> bool:
    return table.last_seq > table.position


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
    # A number outside the history names no step: never sent to the
    # database (one past a 64-bit integer is an error there, not a miss).
    target = step_at(table, seq, whole=True) if 1 <= seq <= table.last_seq else None
    if target is None:
        raise NoSuchStepError(seq)
    left = current_step(table)
    if seq != table.position:
        _now_at(table, target)
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
    table_id = table.id
    db.session.delete(table)
    try:
        db.session.commit()
    except StaleDataError:
        db.session.rollback()
        raise StaleEditError(expected=expected_version, current=-1) from None
    finally:
        _changed(table_id)


@dataclass(frozen=True)
class PdfKey:
    """What a table's report PDF depends on beyond the table's version."""

    paper: str
    lang: str
    revision: str
    """A fingerprint of the code and words that draw the report."""


KEEP_ASKED_SECONDS = 120
"""How long a PDF of an earlier table version stays kept, in the papers and
languages no newer one was drawn in: the phone that asked for it comes back
for it within seconds (the "being prepared" page asks every 3 s)."""

DRAWING_SECONDS = 90
"""How long a drawing under way holds its table (``ReportDrawing``) at most:
past that (longer than a request may take), its process is taken to have
died and another may draw the table's report."""


def kept_pdf(table: GameTable, key: PdfKey, *, at_least: int) -> bytes | None:
    """The newest report PDF kept for the table with ``key``, of version
    ``at_least`` or later (one indexed query): the version a phone sees, or
    one drawn since."""
    query = (
        select(ReportPdf.pdf)
        .where(
            ReportPdf.table_id == table.id,
            ReportPdf.version >= at_least,
            ReportPdf.paper == key.paper,
            ReportPdf.lang == key.lang,
            ReportPdf.revision == key.revision,
        )
        .order_by(ReportPdf.version.desc())
        .limit(1)
    )
    return db.session.scalars(query).first()


def keep_pdf(table_id: str, version: int, key: PdfKey, pdf: bytes) -> None:
    """Keep ``pdf`` as the report of the table's ``version`` (the table may
    have changed since it was drawn: a phone that asked for that version
    still gets it). Earlier versions of the same paper and language go, and
    one made by other code; earlier versions in other papers and languages
    go once nobody asked for them for :data:`KEEP_ASKED_SECONDS`. A PDF of a
    version older than one already kept is not kept. Two processes that
    drew one version both try; the unique key keeps one (they are the same).
    """
    same = (ReportPdf.paper == key.paper) & (ReportPdf.lang == key.lang)
    newer = select(ReportPdf.id).where(
        ReportPdf.table_id == table_id,
        same,
        ReportPdf.revision == key.revision,
        ReportPdf.version > version,
    )
    if db.session.scalars(newer.limit(1)).first() is not None:
        return
    asked_long_ago = utcnow() - timedelta(seconds=KEEP_ASKED_SECONDS)
    db.session.execute(
        delete(ReportPdf).where(
            ReportPdf.table_id == table_id,
            or_(
                same
                & (
                    (ReportPdf.version < version) | (ReportPdf.revision != key.revision)
                ),
                (ReportPdf.version < version) & (ReportPdf.created_at < asked_long_ago),
            ),
        ),
        execution_options={"synchronize_session": False},
    )
    db.session.add(
        ReportPdf(
            table_id=table_id,
            version=version,
            paper=key.paper,
            lang=key.lang,
            revision=key.revision,
            pdf=pdf,
        )
    )
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()


def this_process() -> str:
    """``host:pid``: who draws (``ReportDrawing.by``)."""
    return f"{socket.gethostname()[:60]}:{os.getpid()}"


def _drawing_over(drawing: ReportDrawing, now: datetime) -> bool:
    """Whether a drawing row no longer holds its table: too old, or its
    process, on this machine, is gone (a worker killed while drawing)."""
    started = drawing.started_at
    if started.tzinfo is None:  # SQLite gives back naive UTC
        started = started.replace(tzinfo=UTC)
    if now - started > timedelta(seconds=DRAWING_SECONDS):
        return True
    host, _, pid = drawing.by.rpartition(":")
    if host != socket.gethostname()[:60] or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


def drawing_under_way(table_id: str) -> bool:
    """Whether some process draws the table's report now (a read only: a
    phone told to wait costs no write)."""
    drawing = db.session.get(ReportDrawing, table_id, populate_existing=True)
    return drawing is not None and not _drawing_over(drawing, utcnow())


def start_drawing(table_id: str, version: int) -> bool:
    """Take the table for drawing its report at ``version``: True if this
    process now holds it (committed), False if another does. One drawing per
    table at a time, across every worker and machine on the database."""
    now = utcnow()
    db.session.add(
        ReportDrawing(
            table_id=table_id, version=version, by=this_process(), started_at=now
        )
    )
    try:
        db.session.commit()
        return True
    except IntegrityError:
        db.session.rollback()
    drawing = db.session.get(ReportDrawing, table_id, populate_existing=True)
    if drawing is None:
        return False  # just finished: the phone asks again and finds its PDF
    if not _drawing_over(drawing, now):
        return False
    # Take over a drawing whose process died, unless another took it first.
    taken = db.session.execute(
        update(ReportDrawing)
        .where(
            ReportDrawing.table_id == table_id,
            ReportDrawing.started_at == drawing.started_at,
            ReportDrawing.by == drawing.by,
        )
        .values(version=version, by=this_process(), started_at=now)
        .execution_options(synchronize_session=False)
    )
    db.session.commit()
    return bool(getattr(taken, "rowcount", 0) == 1)


def end_drawing(table_id: str) -> None:
    """The drawing this process held for the table is over (drawn, failed or
    dropped): another may draw it."""
    db.session.execute(
        delete(ReportDrawing).where(
            ReportDrawing.table_id == table_id, ReportDrawing.by == this_process()
        ),
        execution_options={"synchronize_session": False},
    )
    db.session.commit()
