"""Issue 17: a history step reads in the reader's language whatever the
language of the phone that made it: an edge, a building type (kept as keys,
and, for steps saved before, as the words of the phone that made them)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.storage import store

from .conftest import TableActions
from .helpers import soup

EXPECTED = {
    # language -> some of the steps' words
    "en": [
        "Ana picked on the North road board",
        "Bo picked on the East road board",
        "Ana built Residential on A1",
    ],
    "it": [
        "Ana ha scelto sulla plancia strada Nord",
        "Bo ha scelto sulla plancia strada Est",
    ],
    "zh": ["Ana 已在北道路版图上选择", "Bo 已在东道路版图上选择"],
}


def history_lines(client: FlaskClient, table_id: str, lang: str) -> list[str]:
    client.get(f"/lang/{lang}")
    page = soup(client.get(f"/t/{table_id}/history"))
    return [e.get_text(" ", strip=True) for e in page.select("ol.history .what")]


@pytest.mark.parametrize("lang", ["en", "it", "zh"])
def test_steps_read_in_the_readers_language(
    app: Flask, client: FlaskClient, actions: TableActions, lang: str
) -> None:
    table_id = actions.create_id(
        "foundations-of-rome", [("Ana", "red"), ("Bo", "blue")], options=("roads",)
    )
    steps: list[tuple[str, dict[str, Any]]] = [
        ("rof-pick", {"player": "Ana", "edge": "north"}),  # as saved now
        ("rof-pick", {"player": "Bo", "edge": "Est"}),  # saved by an Italian phone
        ("fr-build", {"player": "Ana", "building": "residential", "lots": "A1"}),
        ("fr-build", {"player": "Bo", "building": "Domus Aurea", "lots": "B2"}),
    ]
    with app.app_context():
        table = store.get_table(table_id)
        for action, details in steps:
            store.add_step(
                table,
                table.document,
                expected_version=table.version,
                action=action,
                details=details,
            )
    lines = history_lines(client, table_id, lang)
    for expected in EXPECTED[lang]:
        assert expected in lines, lines
    # A name the players gave is never taken for a word.
    assert any("Domus Aurea" in line for line in lines)
    if lang != "en":
        english = ("North", "East", "Residential")
        assert not [line for line in lines if any(w in line for w in english)]
