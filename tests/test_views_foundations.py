"""Foundations of Rome screens: the board, building, lot markers, era scoring."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from .conftest import TableActions, TableScreens
from .helpers import form_data, soup

THREE = [("Ana", "red"), ("Bo", "blue"), ("Chiara", "green")]


class City(TableScreens):
    """Taps on the board of one table."""

    game = "foundations-of-rome"
    seats = THREE

    def tap(
        self, lots: list[str], owner: str, button: str, **extra: Any
    ) -> TestResponse:
        data = self.actions.form(f"/t/{self.id}/board", "form.board-form")
        data.update({"lots": lots, "owner": owner, button: "y", **extra})
        return self.client.post(f"/t/{self.id}/board", data=data)

    def build(
        self, lots: list[str], owner: str, piece_name: str, **values: Any
    ) -> TestResponse:
        response = self.tap(lots, owner, "build")
        assert response.status_code == 302, response.get_data(as_text=True)
        choose = self.client.get(response.headers["Location"])
        link = next(
            a["href"]
            for a in soup(choose).select(".pieces a")
            if a.get_text(" ").strip().startswith(piece_name)
        )
        data = self.actions.form(link, "main form")
        data.update({k: str(v) for k, v in values.items()})
        return self.client.post(link, data=data)


def test_board_has_a_lot_per_square_for_the_player_count(actions: TableActions) -> None:
    for players, size in ((THREE[:2], 7), (THREE, 8)):
        city = City(actions, players)
        board = soup(city.client.get(f"/t/{city.id}/board"))
        lots = [i["value"] for i in board.select("input[name=lots]")]
        assert len(lots) == size * size
        assert lots[0] == "A1" and lots[-1] == f"{chr(64 + size)}{size}"
        # Every lot has a label saying what is on it, in words.
        assert board.select_one(".lot .sr-only").get_text() == "A1: free"


def test_build_from_the_tray_fills_the_values(actions: TableActions) -> None:
    city = City(actions)
    response = city.build(["A1", "A2", "A3"], "red", "Insula")
    assert response.status_code == 302
    building = city.document()["buildings"][0]
    assert building == {
        "owner": "red",
        "type": "residential",
        "lots": ["A1", "A2", "A3"],
        "citizens": 4,
        "name": "Insula",
    }
    board = soup(city.client.get(f"/t/{city.id}/board"))
    label = board.select_one("input[value=A2]").find_parent("label")
    assert "Ana's Insula (Residential)" in label.get_text()


def test_values_stay_editable(actions: TableActions) -> None:
    city = City(actions)
    city.build(["B1", "C1"], "blue", "Pottery Studio", silver=2, vp=3)
    building = city.document()["buildings"][0]
    assert (building["silver"], building["vp"]) == (2, 3)


def test_civic_building_is_chosen_by_its_rule(actions: TableActions) -> None:
    city = City(actions)
    city.build(["B2"], "green", "Civic building", per="silver", vp=2, name="Market")
    building = city.document()["buildings"][0]
    assert building["civic"] == {"per": "silver", "vp": 2}
    assert building["name"] == "Market"


def test_shape_without_a_tray_piece_offers_nothing(actions: TableActions) -> None:
    city = City(actions)
    response = city.tap(["A1", "B2"], "red", "build")
    follow = city.client.get(response.headers["Location"], follow_redirects=True)
    assert "cannot take one building" in follow.get_data(as_text=True)


@pytest.mark.parametrize(
    ("setup", "lots", "owner", "message"),
    [
        # Building over someone else's building is refused (rulebook 001).
        (
            (["A1", "A2"], "blue", "Domus Maximus"),
            ["A1", "A2", "A3"],
            "red",
            "builds over their own buildings only",
        ),
        # Building over your own building of the same size is refused.
        (
            (["A1", "A2"], "red", "Domus Maximus"),
            ["A1", "A2"],
            "red",
            "strictly smaller",
        ),
    ],
)
def test_illegal_builds_are_explained_and_change_nothing(
    actions: TableActions, setup: tuple, lots: list[str], owner: str, message: str
) -> None:
    city = City(actions)
    city.build(*setup)
    before = city.document()
    name = "Insula" if len(lots) == 3 else "Pottery Studio"
    response = city.build(lots, owner, name)
    assert response.status_code == 400
    assert message in soup(response).get_text()
    assert city.document() == before


def test_build_over_own_smaller_building(actions: TableActions) -> None:
    city = City(actions)
    city.build(["A1"], "red", "Domus")
    response = city.build(["A1", "A2"], "red", "Domus Maximus")
    assert response.status_code == 302
    assert [b["name"] for b in city.document()["buildings"]] == ["Domus Maximus"]


def test_lot_markers_toggle(actions: TableActions) -> None:
    city = City(actions)
    assert city.tap(["D4", "E5"], "red", "marker").status_code == 302
    assert city.document()["lot_markers"] == {"red": ["D4", "E5"]}
    assert city.tap(["D4"], "red", "marker").status_code == 302
    assert city.document()["lot_markers"] == {"red": ["E5"]}
    refused = city.tap(["E5"], "blue", "marker")
    assert refused.status_code == 400
    assert "E5 has Ana's lot marker already." in soup(refused).get_text()


def test_remove_and_move(actions: TableActions) -> None:
    city = City(actions)
    city.build(["A1", "A2"], "red", "Domus Maximus")
    start = city.tap(["A2"], "red", "move")
    assert "move_from=A1" in start.headers["Location"]
    moved = city.tap(["C3", "C4"], "red", "move_here", move_from="A1")
    assert moved.status_code == 302
    assert city.document()["buildings"][0]["lots"] == ["C3", "C4"]
    assert city.tap(["C4"], "red", "remove").status_code == 302
    assert city.document()["buildings"] == []


def test_nothing_selected(actions: TableActions) -> None:
    city = City(actions)
    response = city.tap([], "red", "build")
    assert response.status_code == 400
    assert "Tap one or more lots on the board first." in response.get_data(as_text=True)


def test_era_scoring_screen_and_recording(actions: TableActions) -> None:
    city = City(actions, THREE[:2])
    city.build(["A1", "A2", "A3"], "red", "Insula")
    city.build(["C2", "C3"], "blue", "Domus Maximus")
    city.build(["B2"], "red", "Civic building", per="building", vp=1)
    era = soup(city.client.get(f"/t/{city.id}/era"))
    cell = era.select_one("td[data-player=red][data-category=residential]")
    assert cell.get_text(strip=True) == "8"  # 4 citizens, the most: 4 + 4
    civic = era.select_one("td[data-player=red][data-category=civic] button")
    assert civic.get_text(strip=True) == "2"
    explain = era.select_one(f"#{civic['popovertarget']}")
    assert "2 adjacent buildings" in explain.get_text()
    assert (
        "rulebook 001, End of Era Scoring - Civic Building Scoring"
        in explain.get_text()
    )
    # The citation links to its entry in the rules reference.
    assert explain.select_one("cite a")["href"].startswith(
        "/rules/foundations-of-rome."
    )

    form = era.select_one("form[method=post]")
    data = form_data(form)
    response = city.client.post(f"/t/{city.id}/era", data=data)
    assert response.status_code == 302
    document = city.document()
    assert document["era"] == 2
    # Bo's population 2 scores the population directly ahead: Ana's 4.
    assert document["score_before"] == {"red": 10, "blue": 4}
    table = soup(city.client.get(f"/t/{city.id}"))
    assert "Era 2" in table.get_text()
    assert "10 (+10)" in " ".join(
        table.select_one("table.scores").get_text(" ").split()
    )


def test_three_eras_then_a_winner(actions: TableActions) -> None:
    city = City(actions, THREE[:2])
    city.build(["A1"], "red", "Domus")
    for _ in range(3):
        era = soup(city.client.get(f"/t/{city.id}/era"))
        data = form_data(era.select_one("form[method=post]"))
        city.client.post(f"/t/{city.id}/era", data=data)
    table = soup(city.client.get(f"/t/{city.id}"))
    assert "Ana wins." in table.get_text()
    era = city.client.get(f"/t/{city.id}/era").get_data(as_text=True)
    assert "the game is over" in era
    # Undo takes back the final scoring.
    actions.post_action(city.id, "undo")
    assert "Ana wins." not in city.client.get(f"/t/{city.id}").get_data(as_text=True)


def test_stale_board_edit_is_refused(actions: TableActions) -> None:
    city = City(actions)
    token = actions.csrf(f"/t/{city.id}/board")
    city.tap(["D4"], "red", "marker")
    response = city.client.post(
        f"/t/{city.id}/board",
        data={
            "csrf_token": token,
            "version": "1",
            "lots": ["E5"],
            "owner": "blue",
            "marker": "y",
        },
    )
    assert response.status_code == 409
    text = response.get_data(as_text=True)
    assert "Someone changed this table" in text
    assert city.document()["lot_markers"] == {"red": ["D4"]}


def test_other_games_have_no_board(actions: TableActions, client: FlaskClient) -> None:
    table_id = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "blue")])
    assert client.get(f"/t/{table_id}/board").status_code == 404


def test_a_loss_on_the_road_boards_carries_into_the_next_era(
    actions: TableActions,
) -> None:
    """Spec: on a majority board a player with no influence gains ``none``, and
    "a negative number is a loss": a running total may be below 0, and the next
    era starts from it."""
    majority = {"kind": "majority", "most": [1, 2, 3], "none": [-1, -2, -3]}
    document = {
        "format": "rome-companion/1",
        "game": "foundations-of-rome",
        "players": [{"id": "red", "name": "Ana"}, {"id": "blue", "name": "Bo"}],
        "era": 1,
        "buildings": [
            {"owner": "red", "type": "residential", "lots": ["D4"], "citizens": 0}
        ],
        "road_boards": {e: majority for e in ("north", "east", "south", "west")},
    }
    table_id = actions.import_id(json.dumps(document).encode())
    era = soup(actions.client.get(f"/t/{table_id}/era"))
    data = form_data(era.select_one("form[method=post]"))
    response = actions.client.post(f"/t/{table_id}/era", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    saved = actions.document(table_id)
    assert saved["era"] == 2
    assert saved["score_before"] == {"red": -4, "blue": -4}


@pytest.mark.parametrize("language", ["en", "it", "zh"])
def test_board_marks_owners_alike_on_every_phone(
    actions: TableActions, language: str
) -> None:
    """Each owner's mark is their name's initial, the same in every language
    (two phones in two languages read one cell as one player: issue 17); the
    legend says whose each mark is, with the colour in words."""
    city = City(actions, [("Gina", "green"), ("Yuri", "yellow"), ("Gaia", "red")])
    city.build(["A1"], "green", "Domus")
    city.build(["C3"], "yellow", "Domus")
    city.build(["E5"], "red", "Domus")
    city.client.get(f"/lang/{language}")
    board = soup(city.client.get(f"/t/{city.id}/board"))
    marks = {
        cell.select_one("input")["value"]: cell.select_one(".mark").get_text()
        for cell in board.select("label.lot")
    }
    # Gina and Gaia share an initial: their second letters tell them apart.
    assert (marks["A1"], marks["C3"], marks["E5"]) == ("Gi⌂", "Y⌂", "Ga⌂")
    legend = [li.get_text(" ", strip=True) for li in board.select(".legend li")]
    assert any(item.startswith("Gi = Gina") for item in legend), legend
    assert any(item.startswith("Y = Yuri") for item in legend), legend
