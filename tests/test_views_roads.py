"""Roads of Fortune screens: faces per edge, a face described, the draft, the era."""

from __future__ import annotations

import copy
import json
from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from .conftest import TableActions, require_shared
from .helpers import form_data, soup
from .scenario_match import expected_result


def scenario_without_picks() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    shared = require_shared()
    path = shared / "scenarios" / "rof-3p-era2-token-majority-coins.json"
    original = json.loads(path.read_text())
    expected = expected_result(path)
    bare = copy.deepcopy(original)
    del bare["road_boards"]["choices"]
    return original, bare, expected


def pick(client: FlaskClient, table_id: str, option: str) -> TestResponse:
    page = soup(client.get(f"/t/{table_id}/roads"))
    form = page.select_one("form.options")
    data = form_data(form)
    if option != "pass":
        buttons = form.select("button[name=option]")
        option = next(
            b["value"] for b in buttons if option in b.get_text(" ", strip=True)
        )
    data["option"] = option
    return client.post(f"/t/{table_id}/roads", data=data)


def test_the_draft_walks_the_picks_and_the_era_scores_as_the_scenario(
    actions: TableActions, client: FlaskClient
) -> None:
    original, bare, expected = scenario_without_picks()
    table_id = actions.import_id(json.dumps(bare).encode())

    # Scoring waits for the road boards.
    era = soup(client.get(f"/t/{table_id}/era"))
    assert era.select_one(".reminder a")["href"].endswith("/roads")
    page = soup(client.get(f"/t/{table_id}/roads"))
    assert (
        "Chiara picks on the north road board" in page.select_one(".pick h2").get_text()
    )

    # The picks of the scenario, made one by one in rank order.
    for option in (
        "Space 2: 3 VP",  # north: Chiara (influence 4) takes the 3 VP space
        "Space 1",  # north: Ana takes the population token
        "Space 1: 1 coin from every other player",  # south: Emma
        "pass",  # south: Chiara passes
        "Space 1: 1 VP",  # west: Ana takes the alternate 1 VP
        "Space 2: 2 VP",  # west: Chiara
    ):
        response = pick(client, table_id, option)
        assert response.status_code == 302, response.get_data(as_text=True)
    page = soup(client.get(f"/t/{table_id}/roads"))
    assert "Every pick is made." in page.get_text()
    exported = actions.document(table_id)
    assert exported["road_boards"]["choices"] == original["road_boards"]["choices"]

    era = soup(client.get(f"/t/{table_id}/era"))
    for pid, values in expected["players"].items():
        total = era.select_one(f"td[data-player={pid}][data-category=total]")
        assert total.get_text(strip=True) == str(values["total"])
        roads = era.select_one(f"td[data-player={pid}][data-category=roads]")
        assert roads.get_text(strip=True) == str(values["roads"])

    # Scoring the era: tokens won stay, picks clear, milestones carry over.
    form = era.select_one("form[method=post]")
    assert client.post(f"/t/{table_id}/era", data=form_data(form)).status_code == 302
    after = actions.document(table_id)
    assert after["era"] == 3
    assert after["population_tokens"] == {"yellow": 1, "red": 2}
    assert "choices" not in after["road_boards"]
    assert after["road_boards"]["milestones_left"] == {
        "red": 0,
        "green": 0,
        "yellow": 1,
    }


def test_out_of_turn_or_closed_choice_is_refused(
    actions: TableActions, client: FlaskClient
) -> None:
    _original, bare, _expected = scenario_without_picks()
    table_id = actions.import_id(json.dumps(bare).encode())
    page = soup(client.get(f"/t/{table_id}/roads"))
    data = form_data(page.select_one("form.options"))
    data["option"] = "99"
    assert client.post(f"/t/{table_id}/roads", data=data).status_code == 400
    before = actions.document(table_id)
    assert "choices" not in before["road_boards"]


def test_setup_with_rulebook_faces(actions: TableActions, client: FlaskClient) -> None:
    table_id = actions.create_id(
        "foundations-of-rome", [("Ana", "red"), ("Bo", "blue")], options=("roads",)
    )
    table = soup(client.get(f"/t/{table_id}"))
    link = table.find("a", string=lambda s: s and "Set up the road boards" in s)
    assert link is not None
    page = soup(client.get(f"/t/{table_id}/roads/setup"))
    assert "edge lot" in page.select_one(".reminder").get_text()
    data = form_data(page.select_one("main form[method=post]"))
    assert client.post(f"/t/{table_id}/roads/setup", data=data).status_code == 302
    exported = actions.document(table_id)
    assert exported["road_boards"]["east"] == {
        "kind": "majority",
        "most": [1, 2, 3],
        "none": [-1, -2, -3],
    }


def test_describe_a_face_and_use_it(actions: TableActions, client: FlaskClient) -> None:
    table_id = actions.create_id(
        "foundations-of-rome", [("Ana", "red"), ("Bo", "blue")], options=("roads",)
    )
    page = soup(client.get(f"/t/{table_id}/roads/face"))
    data = form_data(page.select_one("main form[method=post]"))
    data.update(
        {
            "name": "3B",
            "kind": "milestones",
            "slots-0-reward": "coins_from_each",
            "slots-0-amount": "2",
            "slots-0-alternate": "vp",
            "slots-0-alternate_amount": "2",
            "slots-1-reward": "vp",
            "slots-1-amount": "3",
        }
    )
    response = client.post(f"/t/{table_id}/roads/face", data=data)
    assert response.status_code == 302
    setup = soup(client.get(f"/t/{table_id}/roads/setup"))
    # Each face is a radio button by its whole name (issue 28: a drop-down
    # cut the names short on a phone).
    face = next(
        label.select_one("input[name=west]")
        for label in setup.select("fieldset#west label")
        if "3B" in label.get_text()
    )
    data = form_data(setup.select_one("main form[method=post]"))
    data["west"] = face["value"]
    assert client.post(f"/t/{table_id}/roads/setup", data=data).status_code == 302
    west = actions.document(table_id)["road_boards"]["west"]
    assert west == {
        "kind": "milestones",
        "slots": [
            {"reward": {"coins_from_each": 2}, "or": {"vp": 2}},
            {"reward": {"vp": 3}},
        ],
    }
    # The same name twice is refused, with the input kept.
    page = soup(client.get(f"/t/{table_id}/roads/face"))
    data = form_data(page.select_one("main form[method=post]"))
    data.update({"name": "3B", "kind": "majority"})
    again = client.post(f"/t/{table_id}/roads/face", data=data)
    assert again.status_code == 400
    assert "A saved face already has this name." in again.get_data(as_text=True)
    assert 'value="3B"' in again.get_data(as_text=True)


def test_a_face_the_engine_refuses_is_explained(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = actions.create_id(
        "foundations-of-rome", [("Ana", "red"), ("Bo", "blue")]
    )
    page = soup(client.get(f"/t/{table_id}/roads/face"))
    data = form_data(page.select_one("main form[method=post]"))
    data.update({"name": "Empty", "kind": "milestones"})
    for i in range(4):
        data[f"slots-{i}-reward"] = ""
    response = client.post(f"/t/{table_id}/roads/face", data=data)
    assert response.status_code == 400
    assert "Not saved" in response.get_data(as_text=True)
