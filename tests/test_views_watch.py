"""Watch (issue 14): a table's read-only link shows the game and changes nothing.

A watcher sees the standings, the board, every point explained and the
report; has no form and no undo; and cannot reach the table's id, so cannot
find the way to play.
"""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.engines import GAMES
from companion.storage.models import GameTable, db

from .conftest import TableActions, require_shared
from .helpers import soup
from .test_views_foundations import City


@pytest.fixture
def app(any_db_app: Flask) -> Flask:
    """Every test here runs on SQLite and on PostgreSQL (issue 14)."""
    return any_db_app


SCENARIOS = (
    "for-4p-era3-final-scoring",
    "rof-rulebook-worked-example",
    "all-roads-rulebook-end-scoring",
    "gtr-4p-merchant-ties-statue-wall-hand",
)


def watch_link(client: FlaskClient, table_id: str) -> str:
    """The watch link the share page gives, as a path."""
    page = soup(client.get(f"/t/{table_id}/share"))
    link = page.select_one("main a.watch-link")["href"]
    assert page.select_one(".watch-qr svg") is not None
    return str(link).removeprefix("http://localhost")


def test_every_scenario_watched_shows_places_scores_and_explanations(
    actions: TableActions,
) -> None:
    shared = require_shared()
    seen = set()
    for name in SCENARIOS:
        content = (shared / "scenarios" / f"{name}.json").read_bytes()
        table_id = actions.import_id(content)
        link = watch_link(actions.client, table_id)
        assert re.fullmatch(r"/w/[A-Za-z0-9_-]{16}", link), link
        watcher = actions.client.application.test_client()  # another phone
        response = watcher.get(link)
        assert response.status_code == 200, name
        html = response.get_data(as_text=True)
        page = soup(response)
        # What the players see of the game, nothing to change it with.
        assert page.select_one("main .places"), name
        assert page.select_one("main table.scores"), name
        assert page.select("main .lines"), name
        assert not page.select("form[method=post]"), name
        assert not page.select("main form"), name
        # The table's id is nowhere: not in a link, not in the live URL.
        assert table_id not in html, name
        assert page.select_one("main")["data-live"] == f"{link}/live"
        seen.add(actions.document(table_id)["game"])
    assert seen == {game.slug for game in GAMES}, "a game not watched"


def test_the_board_is_drawn_on_the_watch_page(actions: TableActions) -> None:
    city = City(actions)
    assert city.build(["B2"], "blue", "Domus").status_code == 302
    page = soup(city.client.get(watch_link(city.client, city.id)))
    board = page.select_one("main .figures svg.board")
    assert board is not None and board["role"] == "img"
    assert board["aria-label"].startswith("City board")
    assert "Domus" in board.desc.get_text()


def test_the_watcher_sees_a_change_and_what_it_was(actions: TableActions) -> None:
    city = City(actions)
    link = watch_link(city.client, city.id)
    watcher = city.client.application.test_client()
    page = soup(watcher.get(link))
    shown = page.select_one("main")["data-version"]
    since = page.select_one("main")["data-position"]
    tag = {"If-None-Match": f'"v{shown}"'}
    assert watcher.get(f"{link}/live", headers=tag).status_code == 304
    assert city.build(["B2"], "blue", "Domus").status_code == 302
    news = watcher.get(f"{link}/live?since={since}", headers=tag)
    assert news.status_code == 200
    assert news.get_json() == {
        "version": int(shown) + 1,
        "what": "Bo built Domus on B2",
        "by": None,
        "changes": ["Bo built Domus on B2"],
        "more": 0,
    }
    assert "Domus" in watcher.get(link).get_data(as_text=True)


def test_the_watch_report_is_a_pdf_named_without_the_id(
    actions: TableActions,
) -> None:
    city = City(actions)
    link = watch_link(city.client, city.id)
    response = city.client.application.test_client().get(
        f"{link}/report.pdf?paper=letter"
    )
    assert response.status_code == 200
    assert response.data.startswith(b"%PDF")
    disposition = response.headers["Content-Disposition"]
    assert city.id not in disposition
    assert disposition.endswith('filename="foundations-of-rome-report-letter.pdf"')
    bad = city.client.get(f"{link}/report.pdf?paper=a3")
    assert bad.status_code == 400


@pytest.mark.parametrize("method", ["post", "put", "delete"])
@pytest.mark.parametrize("path", ["", "/live", "/report.pdf"])
def test_a_watch_link_accepts_no_change(
    actions: TableActions, method: str, path: str
) -> None:
    city = City(actions)
    link = watch_link(city.client, city.id)
    before = city.document()
    response = getattr(city.client, method)(f"{link}{path}")
    assert response.status_code in (400, 405)
    assert city.document() == before


def test_a_watch_key_is_not_a_table_id_nor_the_other_way(
    actions: TableActions, client: FlaskClient
) -> None:
    city = City(actions)
    key = watch_link(client, city.id).removeprefix("/w/")
    assert key != city.id
    assert client.get(f"/t/{key}").status_code == 404
    assert client.get(f"/w/{city.id}").status_code == 404
    assert client.get(f"/w/{city.id}/live").status_code == 404
    assert client.get("/w/no-such-key/report.pdf").status_code == 404


def test_every_table_gets_its_own_watch_key(app: Flask, actions: TableActions) -> None:
    ids = [
        actions.create_id("all-roads", [("Ana", "red"), ("Bo", "blue")]) for _ in "ab"
    ]
    with app.app_context():
        keys = {db.session.get(GameTable, i).watch_key for i in ids}
    assert len(keys) == 2 and None not in keys
