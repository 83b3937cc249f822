"""The whole app on each database: the same flows on SQLite and PostgreSQL."""

from __future__ import annotations

import json

from flask import Flask

from .conftest import TableActions
from .helpers import soup


def test_a_table_from_start_to_report(any_db_app: Flask) -> None:
    client = any_db_app.test_client()
    actions = TableActions(client)
    table_id = actions.create_id("all-roads", [("Ana", "red"), ("李雷", "blue")])
    assert actions.rename(table_id, ["Anna", "李雷"]).status_code == 302
    assert actions.post_action(table_id, "undo").status_code == 302
    assert actions.post_action(table_id, "redo").status_code == 302
    exported = client.get(f"/t/{table_id}/export").data
    assert json.loads(exported)["players"][0]["name"] == "Anna"
    new_id = actions.import_id(exported)
    assert client.get(f"/t/{new_id}/export").data == exported
    history = client.get(f"/t/{table_id}/history").get_data(as_text=True)
    assert "Renamed Ana to Anna" in history


def test_house_rules_and_search(any_db_app: Flask) -> None:
    client = any_db_app.test_client()
    actions = TableActions(client)
    table_id = actions.create_id("glory-to-rome", [("Ana", ""), ("Bo", "")])
    response = actions.house_rule(
        table_id,
        title="Quokka rule",
        text="A quokka in the vault counts double.",
        lang="en",
    )
    assert response.status_code == 302
    results = soup(client.get(f"/rules?q=quokka&t={table_id}"))
    first = results.select_one(".hit")
    assert "Quokka rule" in first.get_text()
    assert first.select_one("mark").get_text() == "Quokka"
