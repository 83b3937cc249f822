"""No lost edit, ever (issue 14): phone B's edit, sent from a page loaded before
phone A saved, is refused without losing anything. The form comes back with
A's change and B's own changes on top, says what changed in words, marks a
field both phones changed, and B's re-sent form saves both."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from flask.testing import FlaskClient

from .conftest import TableActions
from .helpers import form_data, soup


@dataclass(frozen=True)
class Screen:
    """One form screen of one game, and two fields two phones change."""

    name: str
    new: Callable[[TableActions], str]
    """Makes a table; its id."""
    path: str
    a_field: str
    a_value: str
    b_field: str
    b_value: str
    saved: Callable[[dict[str, Any]], tuple[Any, Any]]
    """(A's value, B's value) as the table file holds them."""
    words: str
    """What B is told changed meanwhile (a piece of it)."""


def all_roads(actions: TableActions) -> str:
    return actions.create_id("all-roads", [("Ana", "red"), ("Bo", "yellow")])


def glory(actions: TableActions) -> str:
    return actions.create_id("glory-to-rome", [("Ana", ""), ("Bo", "")])


def camp_value(doc: dict[str, Any], pid: str, key: str) -> Any:
    return doc["camps"][pid].get(key)


SCREENS = [
    Screen(
        "all-roads tally",
        all_roads,
        "/t/{id}/tally",
        "players-0-house",
        "3",
        "players-1-villa",
        "2",
        lambda d: (d["unbuilt"]["red"]["house"], d["unbuilt"]["yellow"]["villa"]),
        "Ana: Houses",
    ),
    Screen(
        "glory-to-rome camps",
        glory,
        "/t/{id}/camps",
        "camps-0-hand",
        "4",
        "camps-1-hand",
        "2",
        lambda d: (
            camp_value(d, d["players"][0]["id"], "hand"),
            camp_value(d, d["players"][1]["id"], "hand"),
        ),
        "Ana:",
    ),
]


@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: s.name)
def test_as_change_survives_bs_refused_and_resent_edit(
    actions: TableActions, client: FlaskClient, screen: Screen
) -> None:
    table_id = screen.new(actions)
    path = screen.path.format(id=table_id)
    phone_b = actions.form(path)  # B opens the screen first
    phone_a = actions.form(path)
    phone_a[screen.a_field] = screen.a_value
    assert client.post(path, data=phone_a).status_code == 302
    # An All Roads tally is the final scoring: the game is over until it is
    # reopened (a no-op at the camps, which end nothing by themselves).
    assert actions.post_action(table_id, "reopen").status_code == 302

    phone_b[screen.b_field] = screen.b_value
    refused = client.post(path, data=phone_b)
    assert refused.status_code == 409
    page = soup(refused)
    said = page.select_one(".problems").get_text(" ", strip=True)
    assert "another phone" in said and screen.words in said
    form = page.select_one("main form[method=post]")
    again = form_data(form)
    assert again[screen.a_field] == screen.a_value  # A's change, not the old value
    assert again[screen.b_field] == screen.b_value  # B's own change kept

    assert client.post(path, data=again).status_code == 302
    saved = screen.saved(actions.document(table_id))
    assert [str(v) for v in saved] == [screen.a_value, screen.b_value]


def test_a_field_both_phones_changed_is_marked_and_kept_as_bs(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = all_roads(actions)
    path = f"/t/{table_id}/tally"
    phone_b = actions.form(path)
    phone_a = actions.form(path)
    phone_a["players-0-house"] = "3"
    assert client.post(path, data=phone_a).status_code == 302
    # The tally finished the game: the clash is seen once it is reopened.
    assert actions.post_action(table_id, "reopen").status_code == 302
    phone_b["players-0-house"] = "5"
    refused = client.post(path, data=phone_b)
    assert refused.status_code == 409
    page = soup(refused)
    marked = page.select_one(".has-errors input[name=players-0-house]")
    assert marked is not None and marked["value"] == "5"
    assert "Another phone changed this to 3" in page.get_text(" ")
    assert actions.document(table_id)["unbuilt"]["red"]["house"] == 3
    # Sent again, B's value is what B confirmed.
    again = form_data(page.select_one("main form[method=post]"))
    assert client.post(path, data=again).status_code == 302
    assert actions.document(table_id)["unbuilt"]["red"]["house"] == 5


def test_the_road_setup_keeps_an_edge_only_b_changed(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = actions.create_id(
        "foundations-of-rome", [("Ana", "red"), ("Bo", "blue")], options=("roads",)
    )
    path = f"/t/{table_id}/roads/setup"
    phone_b = actions.form(path)
    phone_a = actions.form(path)
    assert client.post(path, data=phone_a).status_code == 302  # A saves the faces
    options = [
        o["value"] for o in soup(client.get(path)).select("select[name=north] option")
    ]
    other = next(v for v in options if v != phone_b["north"])
    phone_b["north"] = other
    refused = client.post(path, data=phone_b)
    assert refused.status_code == 409
    again = form_data(soup(refused).select_one("main form[method=post]"))
    assert again["north"] == other
    assert client.post(path, data=again).status_code == 302


def test_renames_from_two_phones_both_stay(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = all_roads(actions)
    path = f"/t/{table_id}"
    form = "form[action*='/players']"
    phone_b = actions.form(path, form)
    phone_a = actions.form(path, form)
    phone_a["players-0-name"] = "Anna"
    assert client.post(f"/t/{table_id}/players", data=phone_a).status_code == 302
    phone_b["players-1-name"] = "Bob"
    refused = client.post(f"/t/{table_id}/players", data=phone_b)
    assert refused.status_code == 409
    page = soup(refused)
    assert "Changed meanwhile" in page.get_text(" ")
    again = form_data(page.select_one(form))
    assert (again["players-0-name"], again["players-1-name"]) == ("Anna", "Bob")
    assert client.post(f"/t/{table_id}/players", data=again).status_code == 302
    names = [p["name"] for p in actions.document(table_id)["players"]]
    assert names == ["Anna", "Bob"]
