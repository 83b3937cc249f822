"""The database's schema, checked before the first request a worker answers.

The embedded default (an SQLite file in the instance folder) sets itself up:
however the app is started (``scripts/start.sh``, ``flask --app companion
run``, a WSGI server), the first request of each worker brings the file to
the newest migration, one worker or thread at a time (a lock file beside it),
so a first start never meets a missing table. Any other database (PostgreSQL
for a club) is the administrator's: while it is not at the newest migration,
every page answers 503 and says the command that sets it up, rather than a
generic error on the first page that reads a table. Once a worker has seen the
schema up to date it checks no more.
"""

from __future__ import annotations

import fcntl
import threading
from pathlib import Path

from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask, current_app, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_migrate import upgrade

from .models import db

SETUP_COMMAND = ".venv/bin/flask --app companion db upgrade"
"""What sets up a database that is not the embedded one (README, "Club
hosting")."""

_READY = "companion.schema_ready"
_lock = threading.Lock()


def _heads(app: Flask) -> set[str]:
    config = app.extensions["migrate"].migrate.get_config()
    return set(ScriptDirectory.from_config(config).get_heads())


def up_to_date(app: Flask) -> bool:
    """Whether the database is at the newest migration."""
    with db.engine.connect() as connection:
        current = set(MigrationContext.configure(connection).get_current_heads())
    return current == _heads(app)


def _upgrade_embedded(app: Flask) -> None:
    """Bring the embedded database up to date, one process at a time."""
    lock = Path(app.instance_path) / "schema.lock"
    with lock.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        try:
            if not up_to_date(app):
                upgrade(directory=app.extensions["migrate"].directory)
                app.logger.info("the embedded database is set up (newest migration)")
        finally:
            fcntl.flock(held, fcntl.LOCK_UN)


NO_DATABASE = frozenset(
    {"static", "live.health", "phone_app.manifest", "phone_app.service_worker"}
)
"""The endpoints that answer before the database is set up."""


def check_schema() -> ResponseReturnValue | None:
    """Before a request: the schema is up to date, or made so (embedded), or
    this answer says how to set it up (503)."""
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    # The health URL says itself whether the database answers (live.health);
    # static files, the manifest and the service worker need none.
    if app.extensions.get(_READY) or request.endpoint in NO_DATABASE:
        return None
    with _lock:
        if app.extensions.get(_READY):
            return None
        if app.config.get("EMBEDDED_DATABASE"):
            _upgrade_embedded(app)
        elif not up_to_date(app):
            db.session.remove()
            return render_template(
                "errors/error.html",
                code=503,
                title=_("This database is not set up yet"),
                message=_(
                    "The app's tables are not in this database, or not up to "
                    "date. Whoever runs the server sets it up with this command, "
                    "in the project's folder: %(command)s",
                    command=SETUP_COMMAND,
                ),
                submitted=[],
            ), 503
        app.extensions[_READY] = True
    return None


def init_app(app: Flask) -> None:
    app.before_request(check_schema)
