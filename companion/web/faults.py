"""The database not taking changes: a fault to say clearly, not a bug.

Issue 31: with the database file read-only the first save was a 500 and
then every page, while ``/health`` said ok (its ``SELECT 1`` never wrote);
with PostgreSQL stopped every page asked the player to report a problem, and
each error was logged twice (860 tracebacks in 20 s). Here:

- :func:`database_writable` is what ``/health`` asks: a write the database
  must accept, rolled back (and, for an SQLite file, the same on a new
  connection: one opened before the file turned read-only still writes);
- a request the database fails because it is read-only, unreachable or busy
  answers 503 with a page saying so, the fields the player sent shown back,
  and ``Retry-After``; the session is rolled back, so the next request starts
  clean and the app recovers by itself once the database does;
- each fault is logged once per process, in one line, when it starts, and
  once when the database takes a write again (never a traceback per request).
"""

from __future__ import annotations

import sqlite3
import threading
from typing import Final, Literal

from flask import Flask, current_app, has_app_context, render_template, request
from flask_babel import gettext as _
from sqlalchemy import event, text
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.orm import Session

from ..storage.models import db

Fault = Literal["read-only", "unavailable"]
"""What is wrong with the database: it refuses writes, or it does not
answer (down, unreachable, locked for too long, a disk error)."""

RETRY_AFTER_SECONDS: Final = 60
"""What a 503 tells the phone: try again in a minute."""

WRITE_PROBE: Final = "UPDATE alembic_version SET version_num = version_num WHERE 1 = 0"
"""A write every set-up database accepts and that changes nothing: a
read-only database refuses it before looking at a row (SQLite: "attempt to
write a readonly database"; PostgreSQL: "cannot execute UPDATE in a
read-only transaction")."""

_NOT_FAULTS: Final = ("no such table", "no such column", "syntax error")
"""SQLite says these as "operational" errors too, but they are the code's
or the schema's (a bug, or a database not set up), not the database's."""


def fault_of(error: BaseException) -> Fault | None:
    """The fault ``error`` shows, or None when it is not the database's."""
    if not isinstance(error, DBAPIError):
        return None
    original = error.orig
    words = str(original).lower()
    if any(w in words for w in _NOT_FAULTS):
        return None
    state = str(getattr(original, "sqlstate", "") or "")
    if "readonly" in words or "read-only" in words or state == "25006":
        return "read-only"
    if (
        error.connection_invalidated
        or isinstance(original, sqlite3.OperationalError)
        or state.startswith(("08", "53", "57P"))
        or type(error).__name__ in ("OperationalError", "InterfaceError")
    ):
        return "unavailable"
    return None


class FaultLog:
    """The fault this process last logged, so that a fault is one line when
    it starts and one when it is over, however many requests meet it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.current: Fault | None = None

    def fault(self, app: Flask, fault: Fault, error: BaseException) -> None:
        with self._lock:
            if self.current == fault:
                return
            self.current = fault
        first_line = str(getattr(error, "orig", error)).strip().splitlines()[:1]
        app.logger.error(
            "database %s: %s (saves answer 503 until it takes a write again;"
            " logged once)",
            fault,
            first_line[0] if first_line else type(error).__name__,
        )

    def recovered(self, app: Flask) -> None:
        with self._lock:
            if self.current is None:
                return
            fault, self.current = self.current, None
        app.logger.warning("database takes writes again (it was %s)", fault)


LOG: Final = FaultLog()
"""This process's fault log."""


def database_writable() -> Literal["ok"] | Fault:
    """Whether the database takes a write now (rolled back): ``ok``,
    ``read-only`` or ``unavailable``."""
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    try:
        with db.engine.connect() as connection:
            with connection.begin() as transaction:
                connection.execute(text(WRITE_PROBE))
                transaction.rollback()
        _sqlite_file_writable()
    except SQLAlchemyError as error:
        fault = fault_of(error) or "unavailable"
        LOG.fault(app, fault, error)
        return fault
    except sqlite3.Error as error:
        fault = "read-only" if "readonly" in str(error).lower() else "unavailable"
        LOG.fault(app, fault, error)
        return fault
    LOG.recovered(app)
    return "ok"


def _sqlite_file_writable() -> None:
    """For an SQLite file, the write probe on a new connection: pooled ones
    opened while the file was writable may still write to it.

    :raises sqlite3.Error: it refuses the write ("database is locked" is
        not one: someone is writing, so it takes writes).
    """
    url = db.engine.url
    if url.get_backend_name() != "sqlite" or not url.database:
        return
    if url.database == ":memory:" or url.database.startswith("file:"):
        return
    connection = sqlite3.connect(url.database, timeout=0.2, isolation_level=None)
    try:
        # BEGIN IMMEDIATE alone passes on a read-only file: the write does not.
        connection.execute("BEGIN")
        connection.execute(WRITE_PROBE)
        connection.execute("ROLLBACK")
    except sqlite3.OperationalError as error:
        if "locked" not in str(error).lower():
            raise
    finally:
        connection.close()


def fault_page(fault: Fault) -> tuple[str, int, dict[str, str]]:
    """The 503 page: a save (any POST) says it was not saved and shows what
    the player entered; a page to read says to try again in a minute."""
    from .errors import submitted_input

    if request.method == "POST":
        title = _("This table can't be saved right now")
        message = _(
            "The database is not taking changes at the moment, so nothing was "
            "saved. What you entered is below; try again in a minute."
        )
    else:
        title = _("The tables can't be read right now")
        message = _(
            "The database is not answering at the moment. Try again in a minute."
        )
    page = render_template(
        "errors/error.html",
        code=503,
        title=title,
        message=message,
        submitted=submitted_input(),
    )
    return page, 503, {"Retry-After": str(RETRY_AFTER_SECONDS)}


def init_app(app: Flask) -> None:
    """Answer the database's faults with :func:`fault_page`, logged once;
    note when a write goes through again."""

    def on_database_error(error: DBAPIError) -> tuple[str, int, dict[str, str]]:
        fault = fault_of(error)
        try:
            db.session.rollback()
        except SQLAlchemyError:
            pass  # the connection is gone: the session starts afresh anyway
        if fault is None:
            # The code's error: Flask's own handling (logged once, the 500
            # page; raised in tests).
            raise error
        LOG.fault(app, fault, error)
        return fault_page(fault)

    app.register_error_handler(DBAPIError, on_database_error)


@event.listens_for(Session, "after_flush")
def _wrote(session: Session, _context: object) -> None:
    session.info["companion.wrote"] = True


@event.listens_for(Session, "after_commit")
def _committed(session: Session) -> None:
    """A commit that wrote rows: the database takes writes (again)."""
    if session.info.pop("companion.wrote", False) and LOG.current is not None:
        if has_app_context():
            LOG.recovered(current_app._get_current_object())  # type: ignore[attr-defined]


@event.listens_for(Session, "after_rollback")
def _rolled_back(session: Session) -> None:
    session.info.pop("companion.wrote", None)
