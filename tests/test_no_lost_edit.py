"""No lost edit, ever (issues 14 and 27): phone B's edit, sent from a page
loaded before phone A saved, lands on top of A's when it changes other fields,
and B is told what A changed. Only a field both phones changed asks: the form
comes back with A's change and B's own changes on top, says what changed in
words, marks the field, and B's re-sent form saves both."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from .conftest import TableActions
from .helpers import form_data, soup


@pytest.fixture
def app(any_db_app: Flask) -> Flask:
    """Every test here runs on SQLite and on PostgreSQL (issue 14)."""
    return any_db_app


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
def test_bs_stale_edit_of_another_field_is_saved_with_as(
    actions: TableActions, client: FlaskClient, screen: Screen
) -> None:
    """Edits merge as edits (issue 27): B's change to another field, sent from
    a page loaded before A saved, is saved at once on top of A's, and B is
    told what A changed meanwhile."""
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
    merged = client.post(path, data=phone_b)
    assert merged.status_code == 302
    said = soup(client.get(merged.headers["Location"])).select_one(".flashes")
    words = said.get_text(" ", strip=True)
    assert "another phone" in words and screen.words in words
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
    options = [o["value"] for o in soup(client.get(path)).select("input[name=north]")]
    other = next(v for v in options if v != phone_b["north"])
    phone_b["north"] = other
    assert client.post(path, data=phone_b).status_code == 302  # merged, saved
    assert actions.form(path)["north"] == other


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
    merged = client.post(f"/t/{table_id}/players", data=phone_b)
    assert merged.status_code == 302
    said = soup(client.get(merged.headers["Location"])).select_one(".flashes")
    assert "another phone's change" in said.get_text(" ")
    names = [p["name"] for p in actions.document(table_id)["players"]]
    assert names == ["Anna", "Bob"]


def test_two_phones_record_two_turns_and_both_stay(
    actions: TableActions, client: FlaskClient
) -> None:
    """A records Ana's turn; B, on a page loaded before, records Bo's: B's turn
    is saved on top of A's (B chose whose turn it was, A did not change it)."""
    table_id = all_roads(actions)
    path = f"/t/{table_id}/turn"
    phone_b = actions.form(path)
    phone_a = actions.form(path)
    assert phone_a["player"] == "red"
    phone_a["dead_end"] = "2"
    assert client.post(path, data=phone_a).status_code == 302
    phone_b.update({"player": "yellow", "trade_route": "1"})
    merged = client.post(path, data=phone_b)
    assert merged.status_code == 302
    said = soup(client.get(merged.headers["Location"])).select_one(".flashes")
    assert "Whose turn: Ana → Bo" in said.get_text(" ")
    unbuilt = actions.document(table_id)["unbuilt"]
    assert (unbuilt["red"]["house"], unbuilt["yellow"]["house"]) == (5, 6)
    history = client.get(f"/t/{table_id}/history").get_data(as_text=True)
    assert "Ana&#39;s turn recorded" in history and "Bo&#39;s turn recorded" in history


def test_a_turn_both_phones_recorded_is_marked_not_recorded_twice(
    actions: TableActions, client: FlaskClient
) -> None:
    """Both phones record Ana's turn: the second is refused with "whose turn"
    marked (the page proposed Ana; it is Bo's turn now), nothing is saved
    until B confirms."""
    table_id = all_roads(actions)
    path = f"/t/{table_id}/turn"
    phone_b = actions.form(path)
    phone_a = actions.form(path)
    phone_a["dead_end"] = phone_b["dead_end"] = "1"
    assert client.post(path, data=phone_a).status_code == 302
    before = actions.document(table_id)
    refused = client.post(path, data=phone_b)
    assert refused.status_code == 409
    page = soup(refused)
    marked = page.select_one(".has-errors select[name=player]")
    assert marked is not None
    assert marked.select_one("option[selected]")["value"] == "red"
    assert "Another phone changed this to Bo" in page.get_text(" ")
    assert actions.document(table_id) == before


def test_coins_from_two_phones_both_stay(
    actions: TableActions, client: FlaskClient
) -> None:
    from .test_views_monuments import city_table

    table_id = city_table(actions)
    pool = f"/t/{table_id}/monuments?player=blue"
    coins = "details form[action$='/coins']"
    phone_b = actions.form(pool, coins)
    phone_a = actions.form(pool, coins)
    phone_a["players-0-coins"] = "20"
    assert client.post(f"/t/{table_id}/coins", data=phone_a).status_code == 302
    phone_b["players-1-coins"] = "8"
    merged = client.post(f"/t/{table_id}/coins", data=phone_b)
    assert merged.status_code == 302
    said = soup(client.get(merged.headers["Location"])).select_one(".flashes")
    assert "Ana: Coins: 12 → 20" in said.get_text(" ")
    assert actions.document(table_id)["coins"] == {"red": 20, "blue": 8}


def test_monument_values_from_two_phones_both_stay(
    actions: TableActions, client: FlaskClient
) -> None:
    from .test_views_monuments import city_table

    table_id = city_table(actions)
    card = f"/t/{table_id}/monuments/tower-of-wonders?player=red"
    values = "details form[action$='/values']"
    phone_b = actions.form(card, values)
    phone_a = actions.form(card, values)
    vp, silver = int(phone_a["vp"]), int(phone_a["silver"])
    phone_a["vp"] = str(vp + 2)
    assert client.post(phone_a_action(client, card), data=phone_a).status_code == 302
    phone_b["silver"] = str(silver + 1)
    merged = client.post(phone_a_action(client, card), data=phone_b)
    assert merged.status_code == 302
    said = soup(client.get(merged.headers["Location"])).select_one(".flashes")
    assert "another phone's change" in said.get_text(" ")
    shown = form_data(soup(client.get(card)).select_one(values))
    assert (shown["vp"], shown["silver"]) == (str(vp + 2), str(silver + 1))


def phone_a_action(client: FlaskClient, path: str) -> str:
    """Where the card's values form sends."""
    form = soup(client.get(path)).select_one("details form[action$='/values']")
    return str(form["action"])


def test_a_stale_edit_with_a_bad_value_is_marked_at_once(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = all_roads(actions)
    path = f"/t/{table_id}/tally"
    phone_b = actions.form(path)
    phone_a = actions.form(path)
    phone_a["players-0-house"] = "3"
    assert client.post(path, data=phone_a).status_code == 302
    assert actions.post_action(table_id, "reopen").status_code == 302
    phone_b["players-1-house"] = "99"
    refused = client.post(path, data=phone_b)
    assert refused.status_code == 400  # merged, then refused as any bad send
    field = soup(refused).select_one("input[name=players-1-house]")
    assert field["value"] == "99" and field["aria-invalid"] == "true"


def test_a_stale_road_pick_says_who_picked_meanwhile_and_saves_nothing(
    actions: TableActions, client: FlaskClient
) -> None:
    from .test_views_roads import pick, scenario_without_picks

    _original, bare, _expected = scenario_without_picks()
    table_id = actions.import_id(json.dumps(bare).encode())
    page = soup(client.get(f"/t/{table_id}/roads"))
    phone_b = form_data(page.select_one("form.options"))  # B's page, loaded first
    assert pick(client, table_id, "Space 2: 3 VP").status_code == 302  # A picks
    after_a = actions.document(table_id)
    phone_b["option"] = "0"
    refused = client.post(f"/t/{table_id}/roads", data=phone_b)
    assert refused.status_code == 400
    said = soup(refused).select_one(".problems").get_text(" ")
    assert "The latest change: Chiara picked on the North road board." in said
    assert actions.document(table_id) == after_a


def test_a_stale_tally_on_a_game_finished_meanwhile_is_kept_until_reopened(
    actions: TableActions, client: FlaskClient
) -> None:
    """A's tally finishes the game while B types: B's page says the game is
    over and keeps B's numbers; after "Reopen the game" B's numbers save on top
    of A's."""
    table_id = all_roads(actions)
    path = f"/t/{table_id}/tally"
    phone_b = actions.form(path)
    phone_a = actions.form(path)
    phone_a["players-0-house"] = "3"
    phone_a["players-1-entered"] = "y"  # A enters Bo's row too: the game ends
    assert client.post(path, data=phone_a).status_code == 302
    phone_b["players-1-villa"] = "2"
    refused = client.post(path, data=phone_b)
    assert refused.status_code == 409
    page = soup(refused)
    assert "The game is over" in page.select_one(".problems").get_text(" ")
    again = form_data(page.select_one("main form[method=post]:not([action])"))
    locked = client.post(path, data=again)
    assert locked.status_code == 409
    shown = soup(locked).get_text(" ")
    assert "players-1-villa" in shown and "base" not in shown.split()
    assert actions.post_action(table_id, "reopen").status_code == 302
    assert client.post(path, data=again).status_code == 302  # merged, saved
    unbuilt = actions.document(table_id)["unbuilt"]
    assert (unbuilt["red"]["house"], unbuilt["yellow"]["villa"]) == (3, 2)


def test_the_glory_end_keeps_both_phones_changes(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = glory(actions)
    path = f"/t/{table_id}/end"
    phone_b = actions.form(path)
    phone_a = actions.form(path)
    phone_a["how"] = "sites"
    assert client.post(path, data=phone_a).status_code == 302
    # The end is the final scoring: reopened, B's tick can be added.
    assert actions.post_action(table_id, "reopen").status_code == 302
    phone_b["camps_as_they_are"] = "y"
    merged = client.post(path, data=phone_b)
    assert merged.status_code == 302
    said = soup(client.get(merged.headers["Location"])).select_one(".flashes")
    assert (
        "How the game ended: Not ended yet → The last in-town site was taken"
        in said.get_text(" ")
    )
    assert actions.post_action(table_id, "reopen").status_code == 302
    now = actions.form(path)
    assert (now.get("how"), now.get("camps_as_they_are")) == ("sites", "y")
    assert actions.document(table_id)["ended"] == {"how": "sites"}


def test_a_stale_monument_build_keeps_the_lots_and_says_what_changed(
    actions: TableActions, client: FlaskClient
) -> None:
    from .test_views_monuments import city_table

    table_id = city_table(actions)
    card = f"/t/{table_id}/monuments/tower-of-wonders?player=red&lots=D4"
    phone_b = actions.form(card, "section.placement form[method=post]")
    coins = actions.form(f"/t/{table_id}/monuments", "details form[action$='/coins']")
    coins["players-1-coins"] = "4"  # A changes something meanwhile
    assert client.post(f"/t/{table_id}/coins", data=coins).status_code == 302
    before = actions.document(table_id)
    refused = client.post(f"/t/{table_id}/monuments/tower-of-wonders", data=phone_b)
    assert refused.status_code == 302
    assert "lots=D4" in refused.headers["Location"]
    page = soup(client.get(refused.headers["Location"]))
    said = page.select_one(".flashes").get_text(" ")
    assert "The latest change: Coins in hand entered." in said
    assert page.select_one("section.placement form[method=post]") is not None
    assert actions.document(table_id) == before
