"""Issue 31, item 7: a database that refuses writes or does not answer is a
fault said clearly, not a bug. ``/health`` checks a write; a save answers 503
with what the player entered; reads still answer from a read-only database;
each fault is logged once; saving works again without a restart."""

from __future__ import annotations

import logging
import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask_migrate import upgrade
from sqlalchemy import event

from companion.storage.models import db

from .conftest import TableActions, make_app, migrated_sqlite_app

NOWHERE = "postgresql://nobody:nothing@127.0.0.1:9/none"
"""A PostgreSQL server that is down: nothing listens on port 9."""

SAVE_REFUSED = "This table can&#39;t be saved right now"


class ReadOnlySwitch:
    """Every connection the app takes from its pool is read-only while
    ``on`` (SQLite's ``query_only``: writes fail as on a read-only file),
    writable again once it is off: the database turns read-only and back
    under a running app, with no restart."""

    def __init__(self, app: Flask) -> None:
        self.on = False
        with app.app_context():
            event.listen(db.engine, "checkout", self._checkout)

    def _checkout(self, dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA query_only = {int(self.on)}")
        cursor.close()


@pytest.fixture
def sqlite_app(tmp_path: Path) -> Iterator[Flask]:
    yield from migrated_sqlite_app(tmp_path, "faults.sqlite3")


def save_names(actions: TableActions, table_id: str, names: list[str]) -> Any:
    return actions.rename(table_id, names)


def fault_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if "database" in r.getMessage()]


def test_a_read_only_database_refuses_saves_clearly_and_recovers(
    sqlite_app: Flask, caplog: pytest.LogCaptureFixture
) -> None:
    switch = ReadOnlySwitch(sqlite_app)
    actions = TableActions(sqlite_app.test_client())
    table_id = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "blue")])
    client = actions.client
    assert client.get("/health").status_code == 200

    switch.on = True
    caplog.clear()
    caplog.set_level(logging.INFO)
    health = client.get("/health")
    assert health.status_code == 503
    assert health.json is not None
    assert health.json["database"] == "read-only"
    # Reads still answer.
    for path in (
        "/",
        f"/t/{table_id}",
        f"/t/{table_id}/history",
        f"/t/{table_id}/export",
    ):
        assert client.get(path).status_code == 200, path
    # The report too: drawn, served, not kept.
    report = client.get(f"/t/{table_id}/report.pdf")
    assert report.status_code == 200 and report.data.startswith(b"%PDF")
    # A save: a clear 503, the input shown back, nothing saved.
    for _ in range(3):
        refused = save_names(actions, table_id, ["Anastasia", "Bo"])
        assert refused.status_code == 503
        assert refused.headers["Retry-After"] == "60"
        page = refused.get_data(as_text=True)
        assert SAVE_REFUSED in page and "try again in a minute" in page
        assert "Anastasia" in page
        assert "report the problem" not in page
    # One line for the fault, however many requests met it.
    lines = fault_lines(caplog)
    assert len(lines) == 1 and "read-only" in lines[0], lines
    assert not any(r.exc_info for r in caplog.records)
    assert "Anastasia" not in client.get(f"/t/{table_id}").get_data(as_text=True)

    # Writable again: saving works, no restart; one line says so.
    switch.on = False
    caplog.clear()
    assert save_names(actions, table_id, ["Anastasia", "Bo"]).status_code == 302
    assert "Anastasia" in client.get(f"/t/{table_id}").get_data(as_text=True)
    assert client.get("/health").status_code == 200
    assert [line for line in fault_lines(caplog) if "again" in line]


@contextmanager
def read_only_file(path: Path) -> Iterator[None]:
    """``path`` made read-only for this process: chmod, or for root (whom
    chmod does not stop) the immutable attribute; skipped where neither
    holds."""
    if os.geteuid() != 0:
        path.chmod(0o444)
        try:
            yield
        finally:
            path.chmod(0o644)
        return
    done = subprocess.run(["chattr", "+i", str(path)], capture_output=True, check=False)
    if done.returncode != 0:
        pytest.skip("root here, and no immutable attribute (chattr) to stop a write")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def test_a_read_only_sqlite_file_shows_in_health_and_saves(
    sqlite_app: Flask, tmp_path: Path
) -> None:
    actions = TableActions(sqlite_app.test_client())
    table_id = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "blue")])
    client = actions.client
    with read_only_file(tmp_path / "faults.sqlite3"):
        health = client.get("/health")
        assert health.status_code == 503, health.json
        assert client.get(f"/t/{table_id}").status_code == 200
        refused = save_names(actions, table_id, ["Anastasia", "Bo"])
        assert refused.status_code == 503
        assert "Anastasia" in refused.get_data(as_text=True)
    assert client.get("/health").status_code == 200
    assert save_names(actions, table_id, ["Anastasia", "Bo"]).status_code == 302


def test_postgresql_down_is_a_503_page_not_the_report_a_problem_page(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    app = make_app(tmp_path, NOWHERE, TESTING=False)
    client = app.test_client()
    caplog.clear()
    with caplog.at_level(logging.INFO):
        for path in ("/", "/t/abcdef/export", "/new/all-roads"):
            page = client.get(path)
            assert page.status_code == 503, path
            text = page.get_data(as_text=True)
            assert "try again in a minute" in text.lower()
            assert "report the problem" not in text
        posted = client.post("/new/all-roads", data={"players-0-name": "Ana"})
        assert posted.status_code in (503, 400)
    lines = fault_lines(caplog)
    assert len(lines) == 1 and "unavailable" in lines[0], lines
    assert not any(r.exc_info for r in caplog.records)
    health = client.get("/health")
    assert health.status_code == 503
    assert health.json is not None and health.json["database"] == "unavailable"
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def serving_app(tmp_path: Path) -> Iterator[Flask]:
    """As a server runs it (errors answered, not raised); set up before the
    test's log capture starts (alembic's logging set-up replaces handlers)."""
    app = make_app(tmp_path, f"sqlite:///{tmp_path / 'once.sqlite3'}", TESTING=False)
    with app.app_context():
        upgrade()
    yield app
    with app.app_context():
        db.engine.dispose()


def test_an_unexpected_error_is_logged_once(
    serving_app: Flask, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 31: each error was logged twice (Flask's own line, then ours)."""

    @serving_app.get("/boom")
    def boom() -> str:
        raise RuntimeError("boom")

    page = serving_app.test_client().get("/boom")
    assert page.status_code == 500
    assert "report the problem" in page.get_data(as_text=True)
    logged = [r for r in caplog.records if r.exc_info]
    assert len(logged) == 1, [r.getMessage() for r in logged]
