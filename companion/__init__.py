"""Rome table companion: scoring, rules lookup and reports for Roman board games."""

from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask

MIGRATIONS_DIR = str(Path(__file__).with_name("migrations"))


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Create and configure the app (the factory ``flask --app companion`` finds).

    Defaults are the embedded ones: an SQLite file and a secret key kept in the
    instance folder, both created on first start. ``DATABASE_URL`` in the
    environment (or ``DATABASE_URL`` in ``test_config``) points it at another
    database, e.g. ``postgresql://user:pass@host/db``.
    ``COMPANION_PROXIES=1`` (the number of reverse proxies in front) trusts
    their ``X-Forwarded-*`` headers and keeps cookies to HTTPS.
    ``COMPANION_SHARED_LIST=1`` lists every table on the home page
    (``SHARED_LIST``), as for a household laptop; by default a device sees
    the tables it started, imported or joined.
    """
    # Imported here, so that importing the pure engines loads no web framework.
    from flask import Flask

    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder="../templates",
        static_folder="../static",
    )
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    embedded = f"sqlite:///{Path(app.instance_path) / 'companion.sqlite3'}"
    app.config.from_mapping(
        DATABASE_URL=os.environ.get("DATABASE_URL") or embedded,
        MAX_CONTENT_LENGTH=1024 * 1024,
        BABEL_DEFAULT_LOCALE="en",
        LANGUAGES=("en", "it", "zh"),
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        WTF_CSRF_TIME_LIMIT=None,
        SHARED_LIST=_env_flag("COMPANION_SHARED_LIST"),
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        # One key for every worker and machine: SECRET_KEY in the environment
        # (several machines behind one proxy), else the instance folder's.
        app.config["SECRET_KEY"] = os.environ.get(
            "SECRET_KEY", ""
        ).strip() or _instance_secret_key(Path(app.instance_path))
    # The embedded database sets itself up on first start (schema.py).
    app.config.setdefault("EMBEDDED_DATABASE", app.config["DATABASE_URL"] == embedded)
    app.config["SQLALCHEMY_DATABASE_URI"] = database_uri(app.config["DATABASE_URL"])
    app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {"pool_pre_ping": True})

    # Behind a reverse proxy that terminates HTTPS (README, "A club's
    # server"): trust its X-Forwarded-* headers, so URLs and redirects are the
    # public ones, and send cookies over HTTPS only.
    proxies = int(os.environ.get("COMPANION_PROXIES", "0") or 0)
    if proxies:
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies
        )
        app.config["SESSION_COOKIE_SECURE"] = True

    from flask_babel import Babel
    from flask_migrate import Migrate
    from flask_wtf import CSRFProtect

    from .storage import schema
    from .storage.models import db
    from .web import derived, device, errors, faults, local_time, serving
    from .web import plumbing as web
    from .web.views import (
        GAME_VIEWS,
        finished,
        games,
        live,
        lookup,
        phone_app,
        record,
        report,
        share,
        tables,
        watch,
    )

    # First: compression's after-request hook then runs last, on the
    # finished response.
    serving.init_app(app)
    db.init_app(app)
    Migrate(app, db, directory=MIGRATIONS_DIR)
    Babel(
        app,
        locale_selector=web.select_locale,
        timezone_selector=local_time.select_timezone,
    )
    # Every POST needs a valid CSRF token. A refused request shows the error
    # page with what the player typed (errors.py), so nothing is lost.
    CSRFProtect(app)
    schema.init_app(app)
    web.init_app(app)
    local_time.init_app(app)
    device.init_app(app)
    derived.init_app(app)
    errors.register_error_handlers(app)
    faults.init_app(app)
    app.register_blueprint(tables.bp)
    app.register_blueprint(lookup.bp)
    app.register_blueprint(report.bp)
    app.register_blueprint(live.bp)
    app.register_blueprint(share.bp)
    app.register_blueprint(watch.bp)
    app.register_blueprint(record.bp)
    app.register_blueprint(phone_app.bp)
    games.init_app(app, GAME_VIEWS)
    finished.init_app(app)
    lookup.init_app(app)
    report.init_app(app)
    return app


def start_worker(app: Flask) -> None:
    """What a worker that serves pages does as it starts (gunicorn.conf.py's
    ``post_worker_init``), never when the app is merely created (a ``flask``
    command such as ``db upgrade``, which may run before the database has
    its tables): build the rules index with the house rules, in the
    background, and get reports ready (``views.report.warm_up``)."""
    from .web.views import report
    from .web.views.lookup import build_at_start

    app.extensions["rules_index_thread"] = build_at_start(app)
    report.warm_up(app)


def _env_flag(name: str) -> bool:
    """A yes/no setting from the environment: set and not 0/no/false/off."""
    value = os.environ.get(name, "").strip().lower()
    return value not in ("", "0", "no", "false", "off")


def database_uri(url: str) -> str:
    """The SQLAlchemy URL for ``url``: PostgreSQL goes through psycopg 3."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _instance_secret_key(instance: Path) -> str:
    """The secret key kept in the instance folder, made on first start.

    Written whole before anyone can read it: the key goes to a temporary file
    in the same folder, which is then linked to its name; a link fails if the
    name exists, so when several workers start at once exactly one key wins
    and every worker reads that one, never an empty or half-written file.
    """
    path = instance / "secret_key"
    if not path.exists():
        fd, temporary = tempfile.mkstemp(dir=instance, prefix=".secret_key.")
        try:
            with os.fdopen(fd, "w") as fh:
                fh.write(secrets.token_hex(32))
                fh.flush()
                os.fsync(fh.fileno())
            os.chmod(temporary, 0o600)
            try:
                os.link(temporary, path)
            except FileExistsError:
                pass  # another worker's key is in place a moment before ours
        finally:
            os.unlink(temporary)
    key = path.read_text().strip()
    if not key:
        raise RuntimeError(f"{path} is empty: delete it, and a new key is made")
    return key
