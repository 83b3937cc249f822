"""Issue 21: serving settings in one place (gunicorn.conf.py), a health URL,
and an app whose creation touches no database (the rules index and WeasyPrint
load as a worker starts, never at ``flask db upgrade``)."""

from __future__ import annotations

import os
import runpy
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from flask import Flask
from flask_migrate import upgrade

from companion import create_app, start_worker
from companion.exports.pdf_pool import POOL
from companion.storage.models import db

from .conftest import IN_CI, POSTGRES_URL, empty_database, make_app

ROOT = Path(__file__).resolve().parents[1]
NOWHERE = "postgresql://nobody:nothing@127.0.0.1:9/none"
"""A database no one answers at."""


def test_creating_the_app_touches_no_database(tmp_path: Path) -> None:
    app = make_app(tmp_path, NOWHERE, TESTING=False)
    assert "rules_index_thread" not in app.extensions
    assert "pdf_warm_up_thread" not in app.extensions


def test_health(app: Flask, tmp_path: Path) -> None:
    answer = app.test_client().get("/health")
    assert (answer.status_code, answer.json) == (
        200,
        {"status": "ok", "database": "ok", "pdf": "in-process"},
    )
    down = make_app(tmp_path, NOWHERE)
    answer = down.test_client().get("/health")
    assert answer.status_code == 503
    assert answer.json == {
        "status": "database unavailable",
        "database": "unavailable",
        "pdf": "in-process",
    }
    with down.app_context():
        db.engine.dispose()


def test_gunicorn_reads_one_config_and_starts_each_worker(app: Flask) -> None:
    config = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert config["wsgi_app"] == "companion:create_app()"
    assert config["workers"] >= 2 and config["threads"] >= 1
    assert config["accesslog"] == "-" and config["graceful_timeout"] > 0
    config["post_worker_init"](SimpleNamespace(wsgi=app))
    for name in ("rules_index_thread", "pdf_warm_up_thread"):
        app.extensions[name].join(timeout=60)
        assert not app.extensions[name].is_alive()


def test_start_script_serves_with_the_config() -> None:
    script = (ROOT / "scripts" / "start.sh").read_text()
    assert script.rstrip().endswith("exec .venv/bin/gunicorn")


@pytest.mark.postgres
def test_a_fresh_postgresql_database_upgraded_then_served_logs_no_error(
    tmp_path: Path,
) -> None:
    if not POSTGRES_URL:
        if IN_CI:
            pytest.fail("CI must set TEST_DATABASE_URL to a PostgreSQL database")
        pytest.skip("no PostgreSQL here (TEST_DATABASE_URL)")
    with make_app(tmp_path, POSTGRES_URL).app_context():
        empty_database()
        db.engine.dispose()
    done = subprocess.run(
        [sys.executable, "-m", "flask", "--app", "companion", "db", "upgrade"],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": POSTGRES_URL, "SECRET_KEY": "x"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    log = done.stdout + done.stderr
    assert "ERROR" not in log and "Traceback" not in log, log
    served = create_app({"SECRET_KEY": "x", "DATABASE_URL": POSTGRES_URL})
    try:
        assert served.test_client().get("/").status_code == 200
        assert served.test_client().get("/health").json["status"] == "ok"
    finally:
        with served.app_context():
            db.session.remove()
            db.engine.dispose()


def test_behind_a_proxy_urls_and_cookies_are_the_public_ones(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("COMPANION_PROXIES", "1")
    app = make_app(tmp_path, f"sqlite:///{tmp_path / 'p.sqlite3'}")
    with app.app_context():
        upgrade()
    client = app.test_client()
    page = client.get(
        "/lang/it?next=/",
        headers={"X-Forwarded-Proto": "https", "X-Forwarded-Host": "club.example"},
    )
    assert page.status_code in (302, 303)
    assert page.headers["Location"].startswith(("https://club.example/", "/"))
    assert app.config["SESSION_COOKIE_SECURE"] is True
    share_page = client.get("/join", headers={"X-Forwarded-Proto": "https"})
    assert share_page.status_code == 200


def test_a_worker_whose_pdfs_the_child_draws_loads_no_weasyprint(
    tmp_path: Path,
) -> None:
    """With the PDF child, the worker starts it (it loads WeasyPrint itself)
    and only compiles the report's template: nothing to warm up here."""
    app = make_app(tmp_path, f"sqlite:///{tmp_path / 'c.sqlite3'}", PDF_POOL=True)
    start_worker(app)
    app.extensions["rules_index_thread"].join(timeout=60)
    assert "pdf_warm_up_thread" not in app.extensions
    assert POOL.state() in ("starting", "ready")
    # The pool's thread spawns the child a moment after start: waited for,
    # not asked at once (a busy CI machine saw no child yet).
    for _ in range(600):
        if POOL.child_pid() is not None:
            break
        time.sleep(0.05)
    assert POOL.child_pid() is not None
