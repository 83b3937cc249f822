"""Fixtures: an app on a fresh database, its client, and actions for tables.

Helpers that need no client (``soup``, ``form_data``, ...) are in helpers.py.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path
from typing import Any, ClassVar

import pytest
from flask import Flask
from flask.testing import FlaskClient
from flask_migrate import upgrade
from hypothesis import settings
from sqlalchemy import MetaData, text
from werkzeug.test import TestResponse

from companion import create_app
from companion.storage.models import db

from .helpers import form_data, soup

# No deadline on any property: a deadline is a wall-time assertion, and on a
# busy two-core CI machine (two test workers, a browser) an example of 200 ms
# is slow without being wrong (Glory to Rome's properties failed so).
settings.register_profile("companion", deadline=None)
settings.load_profile("companion")

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
IN_CI = os.environ.get("CI") == "true"
XDIST_WORKER = os.environ.get("PYTEST_XDIST_WORKER")
"""``gw0``, ``gw1``... under pytest-xdist (``-n``); None in a single process."""


def _for_this_worker(url: str | None) -> str | None:
    """The test database's URL for this process. The PostgreSQL tests of each
    xdist worker use a schema of their own in the one test database (made by
    :func:`empty_database`), so workers never drop each other's tables and the
    role needs no right to create databases."""
    if not url or not XDIST_WORKER:
        return url
    joiner = "&" if "?" in url else "?"
    return f"{url}{joiner}options=-csearch_path%3Dtest_{XDIST_WORKER}"


POSTGRES_URL = _for_this_worker(os.environ.get("TEST_DATABASE_URL"))


def require_shared() -> Path:
    """The ../shared folder: skipped where a checkout lacks it, never in CI."""
    if not SHARED.is_dir():
        if IN_CI:
            pytest.fail(f"{SHARED} is missing; CI always has it")
        pytest.skip(f"{SHARED} is not beside this checkout")
    return SHARED


def _backends() -> list[Any]:
    backends: list[Any] = ["sqlite"]
    if POSTGRES_URL or IN_CI:
        backends.append(pytest.param("postgres", marks=pytest.mark.postgres))
    return backends


def make_app(instance: Path, database_url: str, **config: Any) -> Flask:
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "DATABASE_URL": database_url,
            **config,
        }
    )
    app.instance_path = str(instance)
    return app


def migrated_sqlite_app(
    tmp_path: Path, filename: str, **config: Any
) -> Iterator[Flask]:
    """For a fixture: the app (``config`` added) on a fresh SQLite file in
    ``tmp_path``, schema made by the migrations; its connections closed after."""
    app = make_app(tmp_path, f"sqlite:///{tmp_path / filename}", **config)
    with app.app_context():
        upgrade()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    """The app on a fresh SQLite file, schema made by the migrations."""
    app = make_app(tmp_path, f"sqlite:///{tmp_path / 'test.sqlite3'}")
    with app.app_context():
        upgrade()
    yield app


def empty_database() -> None:
    """Drop every table of the app's database (in an app context): start from
    nothing whatever a run before left there, even a schema from migrations
    this checkout does not have."""
    if XDIST_WORKER and db.engine.dialect.name == "postgresql":
        with db.engine.begin() as connection:
            schema = f"test_{XDIST_WORKER}"
            connection.execute(text(f'CREATE SCHEMA IF NOT EXISTS "{schema}"'))
    empty = MetaData()
    empty.reflect(bind=db.engine)
    empty.drop_all(bind=db.engine)


@pytest.fixture(params=_backends())
def any_db_app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Flask]:
    """The app on SQLite and, with TEST_DATABASE_URL (always in CI), PostgreSQL."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'test.sqlite3'}"
    else:
        if not POSTGRES_URL:
            pytest.fail("CI must set TEST_DATABASE_URL to a PostgreSQL database")
        url = POSTGRES_URL
    app = make_app(tmp_path, url)
    with app.app_context():
        if request.param == "postgres":
            empty_database()
        upgrade()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


CSRF_RE = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
VERSION_RE = re.compile(r'name="version"[^>]*value="(\d+)"')
ONCE_RE = re.compile(r'name="once"[^>]*value="([^"]+)"')


class TableActions:
    """Things a player does, as requests (like flaskr's AuthActions)."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client

    def csrf(self, path: str = "/") -> str:
        return self.tokens(path)["csrf_token"]

    def tokens(self, path: str = "/") -> dict[str, str]:
        """The CSRF token of the page at ``path`` and, if it has a form that
        works once per tap, that form's one-time token (``once``)."""
        page = self.client.get(path).get_data(as_text=True)
        match = CSRF_RE.search(page)
        assert match, f"no CSRF token on {path}"
        found = {"csrf_token": match.group(1)}
        if once := ONCE_RE.search(page):
            found["once"] = once.group(1)
        return found

    def version(self, table_id: str) -> int:
        page = self.client.get(f"/t/{table_id}").get_data(as_text=True)
        match = VERSION_RE.search(page)
        assert match
        return int(match.group(1))

    def create(
        self,
        game: str,
        players: list[tuple[str, str]],
        *,
        options: tuple[str, ...] = (),
        follow: bool = False,
    ) -> TestResponse:
        """Post the new-table form: ``players`` as (name, colour) in seat order."""
        data: dict[str, Any] = self.tokens(f"/new/{game}")
        for index in range(5):
            name, colour = players[index] if index < len(players) else ("", "")
            data[f"players-{index}-name"] = name
            if colour:
                data[f"players-{index}-colour"] = colour
        for key in options:
            data[f"option_{key}"] = "y"
        return self.client.post(f"/new/{game}", data=data, follow_redirects=follow)

    def create_id(self, game: str, players: list[tuple[str, str]], **kw: Any) -> str:
        response = self.create(game, players, **kw)
        assert response.status_code == 302, response.get_data(as_text=True)
        return response.headers["Location"].rsplit("/", 1)[-1]

    def post_action(self, table_id: str, action: str, **extra: Any) -> TestResponse:
        data = {
            "csrf_token": self.csrf(f"/t/{table_id}"),
            "version": self.version(table_id),
            **extra,
        }
        return self.client.post(f"/t/{table_id}/{action}", data=data)

    def rename(
        self, table_id: str, names: list[str], version: int | None = None
    ) -> TestResponse:
        data: dict[str, Any] = {
            "csrf_token": self.csrf(f"/t/{table_id}"),
            "version": self.version(table_id) if version is None else version,
        }
        for index, name in enumerate(names):
            data[f"players-{index}-name"] = name
        return self.client.post(f"/t/{table_id}/players", data=data)

    def house_rule(self, table_id: str, **fields: str) -> TestResponse:
        """Post the house-rule form of a table, ``fields`` filled in."""
        path = f"/t/{table_id}/house-rules"
        data = self.form(path, "main form[method=post]:not([action])")
        data.update(fields)
        return self.client.post(path, data=data)

    def house_rule_id(self, table_id: str, title: str, text: str) -> int:
        """Add an English house rule to a table; its id (the page the phone is
        sent to opens at it)."""
        response = self.house_rule(table_id, title=title, text=text, lang="en")
        assert response.status_code == 302, response.get_data(as_text=True)
        return int(response.headers["Location"].rsplit("#rule-", 1)[1])

    def import_file(self, content: bytes, filename: str = "table.json") -> TestResponse:
        data = {**self.tokens("/"), "file": (BytesIO(content), filename)}
        return self.client.post(
            "/import", data=data, content_type="multipart/form-data"
        )

    def import_id(self, content: bytes) -> str:
        """Import a table file; the new table's id."""
        response = self.import_file(content)
        assert response.status_code == 302, response.get_data(as_text=True)
        return response.headers["Location"].rsplit("/", 1)[-1]

    def document(self, table_id: str) -> dict[str, Any]:
        """The table's file, as exported."""
        document: dict[str, Any] = json.loads(
            self.client.get(f"/t/{table_id}/export").data
        )
        return document

    def form(
        self, path: str, selector: str = "main form[method=post]"
    ) -> dict[str, Any]:
        """What a browser sends from the form at ``selector`` on the page at
        ``path``, left as the page shows it."""
        form = soup(self.client.get(path)).select_one(selector)
        assert form is not None, f"no {selector} on {path}"
        return form_data(form)


@pytest.fixture
def actions(client: FlaskClient) -> TableActions:
    return TableActions(client)


@pytest.fixture
def phones(app: Flask) -> tuple[TableActions, TableActions]:
    """Two devices at one server: two clients, each with its own cookies."""
    return TableActions(app.test_client()), TableActions(app.test_client())


class TableScreens:
    """A new table of one game and the steps a player takes on its screens.

    Each game's view tests subclass it with ``game``, the default ``seats``
    and that game's steps, so they all make tables and read them one way.
    (Not the app's ``models.GameTable``, the stored row.)
    """

    game: ClassVar[str]
    seats: ClassVar[list[tuple[str, str]]]

    def __init__(
        self, actions: TableActions, players: list[tuple[str, str]] | None = None
    ) -> None:
        self.actions = actions
        self.client = actions.client
        self.id = actions.create_id(
            self.game, self.seats if players is None else players
        )

    def document(self) -> dict[str, Any]:
        """The table's file, as exported."""
        return self.actions.document(self.id)
