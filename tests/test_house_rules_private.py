"""House rules belong to their table: only that table's pages show them, a
search from them finds them, and only that table may delete them; to any other
table, and at the rules' own addresses, they are a 404."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from companion.storage.models import HouseRule, db

from .conftest import TableActions
from .helpers import soup


@pytest.fixture
def app(any_db_app: Flask) -> Flask:
    """Every test here runs on SQLite and on PostgreSQL (issue 14)."""
    return any_db_app


PLAYERS = [("Ana", "red"), ("Bo", "blue")]


def test_a_table_shows_finds_and_deletes_only_its_own_house_rules(
    app: Flask, phones: tuple[TableActions, TableActions]
) -> None:
    ana, bo = phones
    hers = ana.create_id("all-roads", PLAYERS)
    his = bo.create_id("all-roads", PLAYERS)
    rule = ana.house_rule_id(hers, "Zebra crossing", "A zebra tile bridges two roads.")
    theirs = bo.client

    # Her table shows it and finds it; his, of the same game, does neither.
    assert "Zebra crossing" in ana.client.get(f"/t/{hers}/house-rules").get_data(
        as_text=True
    )
    assert "Zebra crossing" not in theirs.get(f"/t/{his}/house-rules").get_data(
        as_text=True
    )
    mine = soup(ana.client.get("/rules", query_string={"q": "zebra", "t": hers}))
    link = mine.select_one(".hit.house h2 a")["href"]
    assert link == f"/t/{hers}/house-rules/{rule}"
    assert "bridges two roads" in ana.client.get(link).get_data(as_text=True)
    for query in ({"q": "zebra", "t": his}, {"q": "zebra"}, {"q": "zebar", "t": his}):
        found = soup(theirs.get("/rules", query_string=query))
        assert not found.select(".hit.house"), query

    # Nor by its address: not through his table, not as a rules entry.
    assert theirs.get(f"/t/{his}/house-rules/{rule}").status_code == 404
    assert theirs.get(f"/rules/house.{rule}").status_code == 404
    assert ana.client.get(f"/rules/house.{rule}").status_code == 404

    # He cannot delete it through his table.
    delete = {"csrf_token": bo.csrf(f"/t/{his}/house-rules"), "version": 0}
    response = theirs.post(f"/t/{his}/house-rules/{rule}/delete", data=delete)
    assert response.status_code == 404
    with app.app_context():
        assert db.session.get(HouseRule, rule) is not None


def test_the_search_box_of_a_tables_pages_sends_the_table(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = actions.create_id("all-roads", PLAYERS)
    for path in (
        f"/t/{table_id}",
        f"/t/{table_id}/house-rules",
        f"/rules?t={table_id}",
    ):
        box = soup(client.get(path)).select_one("form[role=search]")
        assert box.select_one("input[name=t]")["value"] == table_id, path
    assert soup(client.get("/")).select_one("form[role=search] input[name=t]") is None


def test_a_typo_finds_a_tables_own_house_rule(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = actions.create_id("all-roads", PLAYERS)
    actions.house_rule_id(table_id, "Zebra crossing", "A zebra tile bridges two roads.")
    found = soup(client.get("/rules", query_string={"q": "zebar", "t": table_id}))
    assert "Zebra crossing" in found.select_one(".hit.house").get_text()


def test_deleting_a_table_deletes_its_house_rules(
    app: Flask, actions: TableActions
) -> None:
    table_id = actions.create_id("all-roads", PLAYERS)
    actions.house_rule_id(table_id, "Zebra crossing", "A zebra tile bridges two roads.")
    assert actions.post_action(table_id, "delete").status_code == 302
    with app.app_context():
        assert db.session.scalars(select(HouseRule)).all() == []
