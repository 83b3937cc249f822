"""All Roads screens: the final tally both ways, the turn record, the result."""

from __future__ import annotations

import pytest
from werkzeug.test import TestResponse

from .conftest import TableActions, TableScreens
from .helpers import soup

FOUR = [("Chiara", "green"), ("Bo", "blue"), ("Ana", "red"), ("Emma", "yellow")]


class Game(TableScreens):
    game = "all-roads"
    seats = FOUR

    def tally(self, rows: list[tuple[str, dict[str, int]]]) -> TestResponse:
        """The final tally with these rows, each entered."""
        data = self.actions.form(f"/t/{self.id}/tally")
        for i, (given, counts) in enumerate(rows):
            data[f"players-{i}-entered"] = "y"
            data[f"players-{i}-given"] = given
            for key in ("monument", "spa", "villa", "house"):
                data[f"players-{i}-{key}"] = str(counts.get(key, 0))
        return self.client.post(f"/t/{self.id}/tally", data=data)

    def turn(self, player: str, **counts: int) -> TestResponse:
        data = self.actions.form(f"/t/{self.id}/turn")
        data["player"] = player
        data.update({k: str(v) for k, v in counts.items()})
        return self.client.post(f"/t/{self.id}/turn", data=data)


def test_rulebook_end_scoring_entered_both_ways(actions: TableActions) -> None:
    """Rulebook 002, Example of End Scoring: Green 6, Blue 11, Red 17, Yellow 17."""
    game = Game(actions)
    response = game.tally(
        [
            ("unbuilt", {"monument": 1, "villa": 1}),
            ("unbuilt", {"spa": 2, "house": 5}),
            ("unbuilt", {"monument": 1, "spa": 2, "villa": 3, "house": 1}),
            ("built", {"monument": 1, "villa": 6, "house": 7}),
        ]
    )
    assert response.status_code == 302
    page = soup(game.client.get(f"/t/{game.id}"))
    rows = {
        tr["data-player"]: (
            tr.select_one(".place").get_text(),
            tr.select_one(".points").get_text(strip=True),
        )
        for tr in page.select("table.ar-result tbody tr")
    }
    assert rows == {
        "green": ("1", "6"),
        "blue": ("2", "11"),
        "red": ("3", "17"),
        "yellow": ("4", "17"),
    }
    assert "Chiara wins." in page.get_text()
    assert "Ana ahead of Emma" in " ".join(
        page.select_one(".tie-breaks").get_text().split()
    )
    assert game.document()["built"] == {
        "yellow": {"monument": 1, "spa": 0, "villa": 6, "house": 7}
    }


@pytest.mark.parametrize(
    ("counts", "message"),
    [
        ({"villa": 7}, "Number must be between 0 and 6."),
        ({"house": -1}, "Number must be between 0 and 7."),
        ({"monument": 4}, "Number must be between 0 and 3."),
    ],
)
def test_tally_bounds(
    actions: TableActions, counts: dict[str, int], message: str
) -> None:
    game = Game(actions, FOUR[:2])
    before = game.document()
    response = game.tally([("unbuilt", counts), ("unbuilt", {})])
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert game.document() == before


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "Number must be between 0 and 3."),
        ("it", "Il numero deve essere compreso tra 0 e 3."),
        ("zh", "数值大小必须介于 0 到 3 之间。"),
    ],
)
def test_row_messages_are_in_the_readers_language(
    actions: TableActions, language: str, message: str
) -> None:
    """The per-player rows are sub-forms: their messages come translated too."""
    game = Game(actions, FOUR[:2])
    game.client.get(f"/lang/{language}")
    response = game.tally([("unbuilt", {"monument": 9}), ("unbuilt", {})])
    assert response.status_code == 400
    text = response.get_data(as_text=True)
    assert message in text
    assert ("Number must be between" in text) == (language == "en")


def test_turns_keep_the_supplies_and_substitute(actions: TableActions) -> None:
    game = Game(actions, FOUR[:2])
    assert game.turn("green", dead_end=2).status_code == 302
    assert game.document()["unbuilt"]["green"]["house"] == 5
    # Bo builds 4 spas by lakes: 3 spas, then no spa left, so a villa.
    response = game.turn("blue", lake_dead_end=4)
    assert response.status_code == 302
    follow = game.client.get(f"/t/{game.id}").get_data(as_text=True)
    assert "so a villa is placed instead" in follow
    supply = game.document()["unbuilt"]["blue"]
    assert (supply["spa"], supply["villa"]) == (0, 5)
    # An upgrade of Chiara's house by Bo's loop: villa from Chiara's supply.
    data = {"upgrades-0-villa": 1}
    assert game.turn("green", **data).status_code == 302
    supply = game.document()["unbuilt"]["green"]
    assert (supply["villa"], supply["house"]) == (5, 6)


def test_a_trade_route_claimed_with_the_house_an_upgrade_returns(
    actions: TableActions,
) -> None:
    """002, II: actions in any order. With every house on the map, Chiara upgrades
    one of hers in a new loop and claims a trade route with the house it returns."""
    game = Game(actions, FOUR[:2])
    assert game.turn("green", dead_end=7).status_code == 302
    assert game.document()["unbuilt"]["green"]["house"] == 0
    response = game.turn("green", trade_route=1, **{"upgrades-0-villa": 1})
    assert response.status_code == 302, response.get_data(as_text=True)
    supply = game.document()["unbuilt"]["green"]
    assert (supply["villa"], supply["house"]) == (5, 0)
    page = game.client.get(f"/t/{game.id}").get_data(as_text=True)
    assert "Chiara builds a house" in page  # named as at the table, not "green"


def test_upgrade_without_a_house_is_refused(actions: TableActions) -> None:
    game = Game(actions, FOUR[:2])
    before = game.document()
    response = game.turn("green", **{"upgrades-1-villa": 1})
    assert response.status_code == 400
    assert "has no house on the map to upgrade" in response.get_data(as_text=True)
    assert game.document() == before


def test_the_game_ends_after_the_final_round(actions: TableActions) -> None:
    game = Game(actions, FOUR[:2])
    for _ in range(6):
        for player in ("green", "blue"):
            assert game.turn(player, dead_end=1).status_code == 302
    page = game.client.get(f"/t/{game.id}").get_data(as_text=True)
    assert "All 12 turns are recorded: the game is over." in page
    response = game.turn("green", dead_end=1)
    assert response.status_code == 400
    assert "the game is over" in response.get_data(as_text=True)


def test_turn_page_suggests_the_next_player(actions: TableActions) -> None:
    game = Game(actions, FOUR[:3])
    game.turn("green", dead_end=1)
    page = soup(game.client.get(f"/t/{game.id}/turn"))
    assert page.select_one("select[name=player] option[selected]")["value"] == "blue"
    assert "Turn 2 of 18" in page.get_text()


def test_a_new_table_names_no_winner_until_the_tally(actions: TableActions) -> None:
    game = Game(actions, FOUR[:2])
    page = soup(game.client.get(f"/t/{game.id}")).get_text()
    assert "Shared victory" not in page and "wins." not in page
    full = {"monument": 3, "spa": 3, "villa": 5, "house": 7}
    assert game.tally([("unbuilt", full), ("unbuilt", {})]).status_code == 302
    assert "Bo wins." in soup(game.client.get(f"/t/{game.id}")).get_text()


def test_in_the_middle_of_the_game_ties_stay_shared(actions: TableActions) -> None:
    """002, "End of the Game": the tie-breaks (monuments, spas, villas built)
    decide places at the end; during the game equal points share a place."""
    game = Game(actions, FOUR[:2])
    assert game.turn("green", loop_dead_end=1).status_code == 302  # a villa: 38
    assert game.turn("blue", dead_end=2).status_code == 302  # two houses: 38
    page = soup(game.client.get(f"/t/{game.id}"))
    places = {
        row["data-player"]: row.select_one(".place").get_text(strip=True)
        for row in page.select("table.ar-result tbody tr")
    }
    assert places == {"green": "1", "blue": "1"}
    text = page.get_text()
    assert "Unbuilt points now" in text
    assert "victory" not in text and "wins." not in text
