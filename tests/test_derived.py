"""Issue 33: what is derived from a table version is made once per version
(``companion.web.derived``), and a kept page is never another version's.

Two apps on one database stand for gunicorn's two workers: one phone's
change goes through one of them, and the other, which kept the page of the
version before, must show the new one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.storage.models import db
from companion.web import derived

from .conftest import TableActions, make_app, require_shared
from .test_cost_per_request import statements
from .test_finished_lock import FINISH, reopen

TOKENS = re.compile(r'(name="(?:csrf_token|once)"[^>]*value=")[^"]+(")')


@pytest.fixture
def app(any_db_app: Flask) -> Flask:
    """On SQLite and on PostgreSQL: the cache behaves the same on both."""
    return any_db_app


@pytest.fixture
def other_worker(app: Flask, tmp_path: Path) -> Iterator[Flask]:
    """A second app on the same database: another gunicorn worker, with a
    cache of its own (and the shared list, so its home and record pages
    list every table)."""
    with app.app_context():
        url = db.engine.url.render_as_string(hide_password=False)
    (tmp_path / "other").mkdir()
    worker = make_app(tmp_path / "other", url, SHARED_LIST=True)
    yield worker
    with worker.app_context():
        db.session.remove()
        db.engine.dispose()


def shown(client: FlaskClient, path: str) -> tuple[int, str]:
    """The page at ``path``, its per-request tokens blanked (a CSRF token is
    signed anew each request; a one-time form token is new on each copy)."""
    response = client.get(path)
    return response.status_code, TOKENS.sub(r"\1…\2", response.get_data(as_text=True))


def fresh(app: Flask, client: FlaskClient, path: str) -> tuple[int, str]:
    """The page made anew: nothing kept for it."""
    derived.cache_of(app).clear()
    return shown(client, path)


def pages_of(game: str, table_id: str) -> list[str]:
    """The kept pages of a table of ``game``, and the lists that show it."""
    table = [f"/t/{table_id}"]
    if game == "foundations-of-rome":
        table.append(f"/t/{table_id}/era")
    return [*table, "/", "/record", f"/rules?q=tie&t={table_id}"]


def go_to_first(actions: TableActions, table_id: str) -> Any:
    return actions.post_action(table_id, "history", seq=1)


CHANGES: dict[str, Callable[[TableActions, str], Any]] = {
    "reopen": lambda actions, t: reopen(actions, t),
    "rename (the one write path)": lambda actions, t: actions.rename(
        t, ["Ana Maria", "Bo"]
    ),
    "undo": lambda actions, t: actions.post_action(t, "undo"),
    "redo": lambda actions, t: actions.post_action(t, "redo"),
    "a step chosen in History": go_to_first,
    "delete": lambda actions, t: actions.client.post(
        f"/t/{t}/delete",
        data={"csrf_token": actions.csrf(f"/t/{t}"), "version": actions.version(t)},
    ),
}
"""Every kind of change a table takes after the game's own (its finishing
steps, made by ``FINISH``): each saved by the app another phone uses."""


@pytest.mark.parametrize("game", sorted(FINISH))
def test_a_kept_page_is_the_page_made_anew_after_every_change(
    app: Flask, other_worker: Flask, actions: TableActions, game: str
) -> None:
    """For every game, after each kind of change made through one worker,
    every page the other worker kept of the version before is shown as it
    is made anew, and is not the page of the version before."""
    table_id = FINISH[game](actions)
    watcher = other_worker.test_client()
    for change, make in CHANGES.items():
        before = {path: shown(watcher, path) for path in pages_of(game, table_id)}
        for path in before:  # now kept by the other worker
            assert shown(watcher, path) == before[path], (change, path)
        assert make(actions, table_id).status_code in (200, 302), change
        for path in pages_of(game, table_id):
            seen = shown(watcher, path)
            assert seen == fresh(other_worker, watcher, path), (change, path)
            if path.startswith("/t/") and change != "delete":
                assert seen != before[path], (change, path)  # the new version's
            # The worker that saved: its own pages, kept and made anew, agree.
            actions.client.get(path)  # the message the change flashed, shown
            mine = shown(actions.client, path)
            assert (
                mine == shown(actions.client, path) == fresh(app, actions.client, path)
            )
    assert shown(watcher, f"/t/{table_id}")[0] == 404


def test_two_versions_never_share_an_entry(
    app: Flask, other_worker: Flask, actions: TableActions
) -> None:
    """Every entry kept is keyed by its table's id and version, and a kept
    page is the page of the version in its key."""
    table_id = FINISH["foundations-of-rome"](actions)
    watcher = other_worker.test_client()
    versions = set()
    for names in (["Ana 1", "Bo"], ["Ana 2", "Bo"], ["Ana 3", "Bo"]):
        for path in pages_of("foundations-of-rome", table_id)[:2]:
            watcher.get(path)
        versions.add(actions.version(table_id))
        if len(versions) == 1:
            reopen(actions, table_id)
        assert actions.rename(table_id, names).status_code == 302
    cache = derived.cache_of(other_worker)
    pages = [k for k in cache.keys() if k[0] == table_id and k[2] == "page"]
    assert {k[1] for k in pages} == versions and len(versions) == 3
    for key in pages:
        page = cache.peek(key)
        assert f'data-version="{key[1]}"' in page, key
    # A version's values are its own: the same name, another version.
    entries = [k for k in cache.keys() if k[0] == table_id]
    assert len(entries) == len(set(entries))


def test_the_cache_is_bounded_and_forgets_a_changed_table() -> None:
    cache = derived.VersionCache(size=3)
    for version in range(5):
        assert cache.get_or_make(("t", version, "x"), lambda v=version: v) == version
    assert len(cache) == 3
    assert [k[1] for k in cache.keys()] == [2, 3, 4]  # the least recent went
    cache.get_or_make(("t", 2, "x"), lambda: -1)  # kept: not made again
    assert cache.made == 5
    cache.get_or_make(("u", 1, "x"), lambda: 0)
    assert [k[1] for k in cache.keys() if k[0] == "t"] == [4, 2]
    cache.forget("t")
    assert cache.keys() == [("u", 1, "x")]


def test_a_save_forgets_the_table_in_the_worker_that_saved(
    app: Flask, actions: TableActions
) -> None:
    table_id = FINISH["all-roads"](actions)
    actions.client.get(f"/t/{table_id}")  # the message of the tally, shown
    actions.client.get(f"/t/{table_id}")
    cache = derived.cache_of(app)
    assert any(k[0] == table_id for k in cache.keys())
    reopen(actions, table_id)
    assert not any(k[0] == table_id for k in cache.keys())


RECORD_FILES = (
    "all-roads-rulebook-end-scoring.json",
    "all-roads-3p-tie-broken-by-spas.json",
)


def test_the_record_page_runs_one_query(
    app: Flask, client: FlaskClient, actions: TableActions
) -> None:
    """Asked again, the record of 12 finished games (all listed: the page
    lists the newest ``RECENT_GAMES`` otherwise) reads the device's list of
    tables in one query and scores no game; after one game changed, only
    that game is read again."""
    scenarios = require_shared() / "scenarios"
    ids = [
        actions.import_id((scenarios / RECORD_FILES[n % 2]).read_bytes())
        for n in range(12)
    ]
    client.get("/")  # the messages of the imports, shown
    first = client.get("/record?all=1").get_data(as_text=True)
    assert all(f"/t/{table_id}" in first for table_id in ids)
    with statements(app) as sent:
        again = client.get("/record?all=1")
    assert again.status_code == 200 and again.get_data(as_text=True) == first
    assert len(sent) == 1, sent
    assert "FROM game_tables" in sent[0] and "history_steps" not in sent[0]
    # One game changed: its line alone is worked out again.
    assert reopen(actions, ids[0]).status_code == 302
    client.get("/")  # the message of the reopening, shown
    with statements(app) as sent:
        page = client.get("/record?all=1").get_data(as_text=True)
    assert f"/t/{ids[0]}" not in page and f"/t/{ids[1]}" in page
    assert 1 < len(sent) <= 6, sent
