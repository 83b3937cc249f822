"""The road-board draft says whose pick it is: swatch, colour letter and name,
large, to hand the phone to the right player."""

from __future__ import annotations

import json

import pytest
from bs4 import Tag
from flask.testing import FlaskClient

from .conftest import TableActions, require_shared
from .helpers import form_data, soup


def whose_pick(client: FlaskClient, table_id: str) -> Tag | None:
    return soup(client.get(f"/t/{table_id}/roads")).select_one(".pick .whose-pick")


@pytest.mark.parametrize("lang", ["en", "it", "zh"])
def test_each_pick_names_its_player_without_colour_alone(
    actions: TableActions, client: FlaskClient, lang: str
) -> None:
    path = require_shared() / "scenarios" / "rof-3p-era2-token-majority-coins.json"
    document = json.loads(path.read_text())
    del document["road_boards"]["choices"]
    table_id = actions.import_id(json.dumps(document).encode())
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = lang
    hand_to = {
        "en": "Hand the phone to",
        "it": "Dai il telefono a",
        "zh": "请把手机交给",
    }

    # North resolves first: Chiara (green, influence 4) picks first.
    banner = whose_pick(client, table_id)
    assert banner is not None and banner["data-player"] == "green"
    assert banner.select_one(".swatch-green") is not None
    # The mark is the name's initial on every phone, whatever its language.
    assert banner.select_one(".letter").get_text(strip=True) == "C"
    assert banner.select_one(".player-name").get_text(strip=True) == "Chiara"
    assert banner.select_one(".colour-name").get_text(strip=True) != ""
    assert banner.select_one(".hand-to").get_text(strip=True) == hand_to[lang]

    # Her pick made, the banner names the next player: Ana (red).
    page = soup(client.get(f"/t/{table_id}/roads"))
    data = {**form_data(page.select_one("form.options")), "option": "pass"}
    assert client.post(f"/t/{table_id}/roads", data=data).status_code == 302
    banner = whose_pick(client, table_id)
    assert banner is not None and banner["data-player"] == "red"
    assert banner.select_one(".player-name").get_text(strip=True) == "Ana"
