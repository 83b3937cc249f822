"""Issue 17: "* our own translation" shows only where a term on the screen
is starred (English names every term as the card does: no footnote)."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from .conftest import TableActions
from .helpers import soup


@pytest.mark.parametrize("screen", ["", "/camps"])
@pytest.mark.parametrize("lang", ["en", "it", "zh"])
def test_the_footnote_only_with_a_starred_term(
    client: FlaskClient, actions: TableActions, lang: str, screen: str
) -> None:
    table_id = actions.create_id("glory-to-rome", [("Ana", ""), ("Bo", "")])
    client.get(f"/lang/{lang}")
    page = soup(client.get(f"/t/{table_id}{screen}"))
    main = page.select_one("main")
    footnotes = [p for p in main.select("p.help") if p.get_text().startswith("*")]
    for p in footnotes:
        p.decompose()
    # A starred term: a word with "*" right after it ("Legno*", "金库*").
    starred = re.search(r"\w\*", main.get_text())
    assert bool(footnotes) == bool(starred)
    if lang == "en":
        assert not footnotes
