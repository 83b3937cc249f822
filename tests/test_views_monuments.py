"""Monuments screen: buildable ones first, the rest with a reason; costs by lots."""

from __future__ import annotations

import json

from flask.testing import FlaskClient

from .conftest import TableActions
from .helpers import form_data, soup

CITY = {
    "format": "rome-companion/1",
    "game": "foundations-of-rome",
    "players": [{"id": "red", "name": "Ana"}, {"id": "blue", "name": "Bo"}],
    "era": 1,
    "buildings": [
        {"owner": "red", "type": "residential", "lots": ["A1"], "citizens": 1},
        {"owner": "red", "type": "commercial", "lots": ["B1"], "silver": 1, "vp": 0},
        {
            "owner": "red",
            "type": "civic",
            "lots": ["C1"],
            "civic": {"per": "building", "vp": 1},
        },
    ],
    "lot_markers": {"red": ["D4", "D5"], "blue": ["G7"]},
    "coins": {"red": 12, "blue": 3},
}


def city_table(actions: TableActions) -> str:
    return actions.import_id(json.dumps(CITY).encode())


def era_points(client: FlaskClient, table_id: str, player: str, category: str) -> int:
    """One number of the era-scoring table, as the screen shows it."""
    era = soup(client.get(f"/t/{table_id}/era"))
    cell = era.select_one(f"td[data-player={player}][data-category={category}]")
    return int(cell.get_text(strip=True))


def test_buildable_first_then_greyed_with_reasons(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = city_table(actions)
    page = soup(client.get(f"/t/{table_id}/monuments?player=red"))
    states = [li["class"][1] for li in page.select("li.monument")]
    assert len(states) == 19
    # Sorted: every "can" before every "unknown" before every "cannot".
    rank = {"can": 0, "unknown": 1, "cannot": 2}
    assert [rank[s] for s in states] == sorted(rank[s] for s in states)
    tower = next(
        li for li in page.select("li.monument") if "Tower of Wonders" in li.get_text()
    )
    assert "can" in tower["class"]  # Ana has one building of each type
    assert tower.select_one(".why").get_text(strip=True)
    bo = soup(client.get(f"/t/{table_id}/monuments?player=blue"))
    tower = next(
        li for li in bo.select("li.monument") if "Tower of Wonders" in li.get_text()
    )
    assert "cannot" in tower["class"]


def test_card_then_cost_for_chosen_lots(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = city_table(actions)
    card = soup(client.get(f"/t/{table_id}/monuments/imperial-harbor?player=red"))
    assert "Imperial Harbor" in card.select_one("h1").get_text()
    assert card.select_one(".card-text cite a") is not None  # linked to the rules
    lots = [{"lots": lot} for lot in ("D4", "D5")]
    query = "&".join(f"lots={d['lots']}" for d in lots)
    preview = soup(
        client.get(f"/t/{table_id}/monuments/imperial-harbor?player=red&{query}")
    )
    section = preview.select_one("section.placement")
    assert section is not None
    assert "Not on an edge lot" in section.get_text()


def test_unknown_monument_and_player(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = city_table(actions)
    assert client.get(f"/t/{table_id}/monuments/the-moon").status_code == 404
    assert client.get(f"/t/{table_id}/monuments?player=green").status_code == 404


def test_build_a_monument_from_its_card(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = city_table(actions)
    # Tower of Wonders (Ana has a building of each type), on her lot D4.
    page = soup(
        client.get(f"/t/{table_id}/monuments/tower-of-wonders?player=red&lots=D4")
    )
    form = page.select_one("section.placement form[method=post]")
    assert form is not None, page.select_one("section.placement").get_text()
    data = form_data(form)
    response = client.post(f"/t/{table_id}/monuments/tower-of-wonders", data=data)
    assert response.status_code == 302
    exported = actions.document(table_id)
    monument = exported["buildings"][-1]
    assert monument["type"] == "monument"
    assert monument["monument"] == "tower-of-wonders"
    assert monument["lots"] == ["D4"]
    board = soup(client.get(f"/t/{table_id}/board"))
    label = board.select_one("input[value=D4]").find_parent("label")
    assert "★" in label.get_text()
    # It is on the board now: no longer in the pool.
    pool = client.get(f"/t/{table_id}/monuments?player=blue").get_data(as_text=True)
    assert "monuments/tower-of-wonders?" not in pool


def test_a_refused_build_says_why(actions: TableActions, client: FlaskClient) -> None:
    table_id = city_table(actions)
    before = client.get(f"/t/{table_id}/export").data
    page = soup(
        client.get(f"/t/{table_id}/monuments/tower-of-wonders?player=red&lots=D4")
    )
    data = form_data(page.select_one("section.placement form[method=post]"))
    data["player"] = "blue"  # Bo has not built one of each type, and D4 is not his
    response = client.post(
        f"/t/{table_id}/monuments/tower-of-wonders", data=data, follow_redirects=True
    )
    assert response.status_code == 200
    assert client.get(f"/t/{table_id}/export").data == before


def test_a_group_overrides_a_card_at_its_table(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = city_table(actions)
    url = f"/t/{table_id}/monuments/tower-of-wonders?player=red"
    page = soup(client.get(url))
    form = page.select_one("details form")
    data = form_data(form)
    assert data["vp"] == "3"  # the catalogue: Tower of Wonders scores 3 VP
    data["vp"] = "4"
    response = client.post(form["action"], data=data)
    assert response.status_code == 302
    page = soup(client.get(url))
    assert "Values changed for this table" in page.get_text()
    assert page.select_one("details input[name=vp]")["value"] == "4"
    # It is a step of the history: undo goes back to the catalogue's values.
    assert "Values of Tower of Wonders changed" in client.get(
        f"/t/{table_id}/history"
    ).get_data(as_text=True)
    actions.post_action(table_id, "undo")
    page = soup(client.get(url))
    assert page.select_one("details input[name=vp]")["value"] == "3"


def test_overridden_values_score(actions: TableActions, client: FlaskClient) -> None:
    table_id = city_table(actions)
    url = f"/t/{table_id}/monuments/tower-of-wonders?player=red&lots=D4"
    page = soup(client.get(url))
    data = form_data(page.select_one("section.placement form[method=post]"))
    client.post(f"/t/{table_id}/monuments/tower-of-wonders", data=data)
    before = era_points(client, table_id, "red", "era_total")
    form = soup(client.get(url)).select_one("details form")
    values = form_data(form)
    values["vp"] = str(int(values["vp"]) + 2)
    assert client.post(form["action"], data=values).status_code == 302
    # The monument on the board now scores the group's printed VP.
    assert era_points(client, table_id, "red", "era_total") == before + 2


def test_coins_in_hand_make_money_requirements_known(
    actions: TableActions, client: FlaskClient
) -> None:
    doc = {**CITY}
    del doc["coins"]
    table_id = actions.import_id(json.dumps(doc).encode())
    page = soup(client.get(f"/t/{table_id}/monuments?player=red"))
    circus = next(
        li for li in page.select("li.monument") if "Circus Maximus" in li.get_text()
    )
    assert "unknown" in circus["class"]
    form = page.select_one("details form")
    data = form_data(form)
    data.update({"players-0-coins": "12", "players-1-coins": "3"})
    assert client.post(form["action"], data=data).status_code == 302
    assert actions.document(table_id)["coins"] == {
        "red": 12,
        "blue": 3,
    }
    page = soup(client.get(f"/t/{table_id}/monuments?player=red"))
    circus = next(
        li for li in page.select("li.monument") if "Circus Maximus" in li.get_text()
    )
    assert "can" in circus["class"]  # Ana has the most money: 12 against 3


def test_adjacency_values_are_the_groups_to_change(
    actions: TableActions, client: FlaskClient
) -> None:
    """A footer that counts adjacency ("1 VP for each citizen ...") has its own
    field, labelled with what it counts; the group's value scores."""
    doc = json.loads(json.dumps(CITY))
    doc["buildings"].append(
        {"owner": "red", "type": "monument", "lots": ["A2"], "monument": "watchtower"}
    )
    doc["buildings"][0]["citizens"] = 2  # A1, next to the Watchtower on A2
    table_id = actions.import_id(json.dumps(doc).encode())
    url = f"/t/{table_id}/monuments/watchtower?player=red"
    before = era_points(client, table_id, "red", "civic")
    form = soup(client.get(url)).select_one("details form")
    field = form.select_one("input[name=civic_each]")
    assert field["value"] == "1"
    label = form.select_one(f"label[for={field['id']}]").get_text(" ", strip=True)
    assert label == "VP for each citizen on adjacent residential buildings"
    assert form.select_one("input[name=citizens_each]") is None  # not on this card
    values = form_data(form)
    values["civic_each"] = "3"
    assert client.post(form["action"], data=values).status_code == 302
    assert (
        era_points(client, table_id, "red", "civic") == before + 2 * 2
    )  # 2 more VP for each of the 2 citizens
    page = soup(client.get(url))
    assert "3 VP for each citizen on adjacent residential buildings" in page.get_text()
    # A value the card cannot have is refused beside its field, with what was
    # typed kept and the section open; nothing changes.
    values = form_data(page.select_one("details form"))  # the page as it is now
    values["civic_each"] = "-1"
    response = client.post(form["action"], data=values)
    assert response.status_code == 400
    refused = soup(response)
    assert refused.select_one("details").has_attr("open")
    field = refused.select_one("input[name=civic_each]")
    assert field["value"] == "-1" and field["aria-invalid"] == "true"
    assert (
        "Number must be between 0 and 99."
        in refused.select_one(f"#{field['id']}-errors").get_text()
    )
    page = soup(client.get(url))
    assert page.select_one("input[name=civic_each]")["value"] == "3"


def test_refused_coins_keep_what_was_typed(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = city_table(actions)
    page = soup(client.get(f"/t/{table_id}/monuments?player=blue"))
    form = page.select_one("details form")
    data = form_data(form)
    data.update({"players-0-coins": "12", "players-1-coins": "1500"})
    response = client.post(form["action"], data=data)
    assert response.status_code == 400
    refused = soup(response)
    assert refused.select_one("details").has_attr("open")
    assert refused.select_one("input[name=players-0-coins]")["value"] == "12"
    field = refused.select_one("input[name=players-1-coins]")
    assert field["value"] == "1500" and field["aria-invalid"] == "true"
    assert refused.select_one("input[name=player]")["value"] == "blue"
    # Nothing was saved.
    saved = actions.document(table_id)["coins"]
    assert saved == {"red": 12, "blue": 3}
