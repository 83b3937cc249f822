"""The database tables: a game table and the history of its table file.

The current state of a table is the table file (../shared/spec/table-file.md)
of the history step it points at; every change a player makes adds a step.
The table's row keeps a copy of that step's file and of what the history
recorded up to it, so that a page reads one row whatever the history's length.
"""

from __future__ import annotations

import secrets
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any, TypeVar

from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import (
    JSON,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    UniqueConstraint,
    event,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import (
    DeclarativeBase,
    Mapped,
    declared_attr,
    mapped_column,
    relationship,
)


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)


def utcnow() -> datetime:
    return datetime.now(UTC)


FORM_TOKEN_MAX = 32
"""Characters of a one-time form token, and of the key made of it, at most
(``secrets.token_urlsafe(16)`` makes 22)."""

T = TypeVar("T")

_form_token: ContextVar[str | None] = ContextVar("form_token", default=None)


@contextmanager
def made_by_form(token: str) -> Iterator[None]:
    """Mark the tables inserted inside this block as made by the form send
    whose key is ``token`` (:attr:`GameTable.form_token`), so that
    ``store.create_table`` needs no parameter for it."""
    reset = _form_token.set(token)
    try:
        yield
    finally:
        _form_token.reset(reset)


def once(make: Callable[[], T], made: Callable[[], T | None]) -> tuple[T, bool]:
    """What ``make()`` inserts, unless a send with the same form key got there
    first: the database's unique index on the key refuses the second insert
    (on any worker), and ``made()`` finds the first one's row. Returns the row
    and whether this call made it."""
    try:
        return make(), True
    except IntegrityError:
        db.session.rollback()
        earlier = made()
        if earlier is None:
            raise
        return earlier, False


def _current_form_token() -> str | None:
    return _form_token.get()


DEVICE_NAME_MAX = 40
"""Characters of a device's name at most (``HistoryStep.by``)."""

_device_name: ContextVar[str | None] = ContextVar("device_name", default=None)


def made_from(device: str | None) -> None:
    """Sign the history steps made from now on in this context (one request)
    with the name of the device that made them (``None``: no name)."""
    _device_name.set(device)


def _current_device_name() -> str | None:
    return _device_name.get()


ID_MAX = 2**31 - 1
"""The largest row id every database keeps (PostgreSQL's ``integer``): a
number in a URL or a form above it names no row (404), never a database
error. Routes say ``<int(max=ID_MAX):...>``."""

JOIN_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Letters and digits a player reads aloud without doubt: no I, O, 0 or 1."""
JOIN_CODE_LENGTH = 7


def new_join_code() -> str:
    """A random join code (32 ** 7, about 34 billion, codes)."""
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def normal_join_code(typed: str) -> str:
    """A code as typed (any case, with spaces or dashes) as it is stored."""
    return "".join(typed.upper().split()).replace("-", "")


def new_watch_key() -> str:
    """A random watch key: 96 bits, as unguessable as a table's id."""
    return secrets.token_urlsafe(12)


class GameTable(db.Model):  # type: ignore[name-defined,misc]
    """One game being played: the game, its options and where its history stands."""

    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    """Unguessable: the only key to the table, used in its URL."""
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    """Expansions and other table options (the table file carries only state)."""
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow
    )
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, index=True
    )
    position: Mapped[int] = mapped_column(Integer, default=1)
    """The ``seq`` of the history step that is the current state."""
    last_seq: Mapped[int] = mapped_column(Integer, default=1)
    """The ``seq`` of the table's last history step (above ``position``:
    steps undone, to be redone)."""
    document: Mapped[dict[str, Any]] = mapped_column(JSON)
    """The table file as it is now: the current step's, kept here so a page
    reads one row, not the history."""
    recorded: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    """What the history up to the current step recorded
    (``companion.storage.progress``):
    the current step's, kept here for the same reason."""
    names: Mapped[list[str]] = mapped_column(JSON, default=list)
    """The players' names as they are now, in seating order: all the home
    list shows of a table, so it reads no table file."""
    version: Mapped[int] = mapped_column(Integer, nullable=False)
    """Raised by every change; an edit made against an older version is refused."""
    form_token: Mapped[str | None] = mapped_column(
        String(FORM_TOKEN_MAX),
        unique=True,
        index=True,
        nullable=True,
        default=_current_form_token,
    )
    """The key of the form that made the table (new table, import): its
    one-time token joined with what it asked for (``forms.OnceForm.once_key``),
    set by :func:`made_by_form`. Its unique index makes the form work once
    however often it is sent, whichever worker gets each send: a second
    insert with the key fails, and the sender is shown the table it made."""

    join_code: Mapped[str | None] = mapped_column(
        String(8), unique=True, index=True, nullable=True, default=new_join_code
    )
    """What another phone types to open the table (``/join``): 7 letters and
    digits that cannot be misread for one another. Any phone with it plays at
    the table, as with its address."""

    watch_key: Mapped[str | None] = mapped_column(
        String(16), unique=True, index=True, nullable=True, default=new_watch_key
    )
    """The key of the table's read-only link (``/w/<key>``): whoever has it
    sees the standings, the board, every point explained and the report, live,
    and can change nothing. It is not the table's id, so the id cannot be
    found from it."""

    steps: Mapped[list[HistoryStep]] = relationship(
        back_populates="table",
        order_by="HistoryStep.seq",
        cascade="all, delete-orphan",
        passive_deletes=True,
    )
    """The whole history, for tests and tools: the app reads one step at a
    time, or one page of the history (``store``), never all of it."""

    # SQLAlchemy checks the version in the UPDATE itself, so two requests that
    # both read version 3 cannot both write: the second gets StaleDataError.
    __mapper_args__ = {"version_id_col": version}


class HistoryStep(db.Model):  # type: ignore[name-defined,misc]
    """One change to a table: what was done, and the table file after it."""

    __tablename__ = "history_steps"
    __table_args__ = (UniqueConstraint("table_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(
        ForeignKey("game_tables.id", ondelete="CASCADE"), index=True
    )
    seq: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(40))
    """What the player did, as a key (``create``, ``rename`` ...); the words are
    made at display time, in the reader's language."""
    details: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    """The values the words of ``action`` need (names, lots ...)."""
    document: Mapped[dict[str, Any]] = mapped_column(JSON, deferred=True)
    """The whole table file after this step (read only when asked for: the
    history page lists steps without it)."""
    recorded: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict, deferred=True)
    """What the history up to this step recorded (``companion.storage.progress``)."""
    by: Mapped[str | None] = mapped_column(
        String(DEVICE_NAME_MAX), nullable=True, default=_current_device_name
    )
    """The name of the device that made the step ("Bo's phone"), if it has
    one (:func:`made_from`)."""
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow
    )

    table: Mapped[GameTable] = relationship(back_populates="steps")


class ReportPdf(db.Model):  # type: ignore[name-defined,misc]
    """A table's report as a PDF, kept to serve again while nothing it shows
    changed: the same table version, paper, language and report code
    (``revision``). Only the table's latest version is kept; deleting the
    table deletes it."""

    __tablename__ = "report_pdfs"
    __table_args__ = (UniqueConstraint("table_id", "version", "paper", "lang"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(
        ForeignKey("game_tables.id", ondelete="CASCADE"), index=True
    )
    version: Mapped[int] = mapped_column(Integer)
    paper: Mapped[str] = mapped_column(String(10))
    lang: Mapped[str] = mapped_column(String(5))
    revision: Mapped[str] = mapped_column(String(16))
    """A fingerprint of the code and words that draw the report: a PDF made
    by another release is made again."""
    pdf: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow
    )


class ReportDrawing(db.Model):  # type: ignore[name-defined,misc]
    """A table's report being drawn right now, by one server process: at
    most one per table, whichever worker or machine asked (issue 31: each
    ask for a newer version queued another drawing, and a table changed
    every second never got its PDF). Deleted when the drawing is over; one
    whose process died counts as over after ``store.DRAWING_SECONDS``."""

    __tablename__ = "report_drawings"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    version: Mapped[int] = mapped_column(Integer)
    """The table version being drawn."""
    by: Mapped[str] = mapped_column(String(80))
    """The drawing process: ``host:pid``."""
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@event.listens_for(Engine, "connect")
def _sqlite_foreign_keys(dbapi_connection: Any, _record: Any) -> None:
    """Make SQLite enforce foreign keys (so deleting a table deletes its history)."""
    if isinstance(dbapi_connection, sqlite3.Connection):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()


class HouseRule(db.Model):  # type: ignore[name-defined,misc]
    """A group's own rule or FAQ answer, searched with the rules: it belongs to
    one table, and only that table shows it, finds it and may delete it."""

    __tablename__ = "house_rules"
    # Ids are never used twice (SQLite's AUTOINCREMENT; PostgreSQL's sequence
    # never goes back), so the rules index in each worker can tell from the
    # count and the highest id whether the rules changed (views/lookup.py).
    __table_args__ = {"sqlite_autoincrement": True}

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(
        ForeignKey("game_tables.id", ondelete="CASCADE"), index=True
    )
    """The table it belongs to; deleting the table deletes its house rules."""
    game: Mapped[str] = mapped_column(String(40))
    """The table's game (kept with the rule: the rules index reads it)."""
    title: Mapped[str] = mapped_column(String(120))
    text: Mapped[str] = mapped_column(String(2000))
    lang: Mapped[str] = mapped_column(String(5))
    form_token: Mapped[str | None] = mapped_column(
        String(FORM_TOKEN_MAX), unique=True, index=True, nullable=True
    )
    """The key of the form that added it (see :attr:`GameTable.form_token`);
    ``None`` for a rule copied from another table."""
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow
    )


SAVED_KEY_MAX = 16
"""Characters of a saved tile's or face's key at most (``new_saved_key``)."""


def new_saved_key() -> str:
    """The key of a saved civic tile or road face in addresses and forms:
    96 random bits (as unguessable as a table's id), never a row number that
    the next one is found from."""
    return secrets.token_urlsafe(12)


class SavedAtTable:
    """What a saved road face and civic tile share: a row number for the
    database, a key for addresses, the table it belongs to, a name unique
    among that table's (of its kind) and when it was saved. Who sees it is
    ``companion.web.saved``'s rule (that table and the tables a device
    knows)."""

    @declared_attr.directive
    def __table_args__(cls) -> tuple[UniqueConstraint]:
        """Its ``name`` is unique among its table's (each kind its own)."""
        return (UniqueConstraint("table_id", "name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(
        String(SAVED_KEY_MAX), unique=True, default=new_saved_key
    )
    """What addresses and forms name it by (never ``id``)."""
    table_id: Mapped[str] = mapped_column(
        ForeignKey("game_tables.id", ondelete="CASCADE"), index=True
    )
    """The table it was saved at; deleting that table deletes it."""
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow
    )


class RoadFace(SavedAtTable, db.Model):  # type: ignore[name-defined,misc]
    """A road board face a group described, saved to reuse at later tables."""

    __tablename__ = "road_faces"

    name: Mapped[str] = mapped_column(String(60))
    """Unique among the table's faces (and, as the app checks, among the
    faces its group sees)."""
    board: Mapped[dict[str, Any]] = mapped_column(JSON)
    """The face as the table file writes a road board (spec: "Road boards")."""


class CivicTile(SavedAtTable, db.Model):  # type: ignore[name-defined,misc]
    """A civic building tile a group described (name, shape, printed rule and
    VP), saved to build from the board's tray at this and later tables."""

    __tablename__ = "civic_tiles"

    name: Mapped[str] = mapped_column(String(40))
    """The name printed on the tile; the building gets it. Unique among the
    table's tiles (and, as the app checks, among the tiles its group sees)."""
    shape: Mapped[str | None] = mapped_column(String(10), nullable=True)
    """The name of its ``foundations.lots.Shape`` (``DOMINO``); ``None``: not
    given, any 1 to 4 connected lots."""
    per: Mapped[str] = mapped_column(String(20))
    """What it scores for: a ``foundations.CivicKind`` value (spec ``civic.per``)."""
    vp: Mapped[int] = mapped_column(Integer)
    """The VP it scores for each (spec ``civic.vp``)."""
    version: Mapped[int] = mapped_column(Integer, nullable=False)
    """Raised by every change; a change or delete sent for an older version
    is refused (another phone changed the tile meanwhile)."""

    __mapper_args__ = {"version_id_col": version}


JOIN_CLIENT_MAX = 64
"""Characters of a client's key in ``join_misses`` at most (an address)."""


class JoinMiss(db.Model):  # type: ignore[name-defined,misc]
    """A wrong join code, kept for a minute: what ``companion.web.join_limit``
    counts, per client and over the whole server, in the database every
    worker and machine shares."""

    __tablename__ = "join_misses"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    client: Mapped[str] = mapped_column(String(JOIN_CLIENT_MAX), index=True)
    """Who typed it: the client's address (an IPv6 address by its /64)."""
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
