"""A database never migrated (issue 15): the embedded SQLite file sets itself up
on first start however the app is started; another database gets a page that
says which command sets it up, never a generic error."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from flask import Flask
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect

from companion.storage.models import db
from companion.storage.schema import SETUP_COMMAND

from .conftest import make_app


def test_the_embedded_database_sets_itself_up_on_the_first_request(
    tmp_path: Path,
) -> None:
    app = make_app(
        tmp_path, f"sqlite:///{tmp_path / 'fresh.sqlite3'}", EMBEDDED_DATABASE=True
    )
    with app.app_context():
        assert "game_tables" not in inspect(db.engine).get_table_names()
    # Several first requests at once (a worker's threads): one sets it up.
    with ThreadPoolExecutor(4) as pool:
        answers = list(
            pool.map(lambda path: app.test_client().get(path).status_code, ["/"] * 8)
        )
    assert answers == [200] * 8
    with app.app_context():
        assert "game_tables" in inspect(db.engine).get_table_names()
    assert app.test_client().get("/new/all-roads").status_code == 200


def test_another_database_not_set_up_says_the_command(any_db_app: Flask) -> None:
    with any_db_app.app_context():
        downgrade(revision="base")
    client = any_db_app.test_client()
    for path in ("/", "/new/foundations-of-rome", "/t/abc", "/rules?q=spa"):
        response = client.get(path)
        assert response.status_code == 503, path
        assert SETUP_COMMAND in response.get_data(as_text=True)
    with client.get("/static/style.css") as static:  # files need no database
        assert static.status_code == 200
    with any_db_app.app_context():
        upgrade()
    assert client.get("/").status_code == 200
