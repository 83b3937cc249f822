"""The final screens of Foundations of Rome: places 1..n with shared places in
words (rulebook 001, "End of Game"), and no winner while a pick is open."""

from __future__ import annotations

import json

import pytest
from bs4 import BeautifulSoup

from .conftest import TableActions, require_shared
from .helpers import form_data, soup
from .test_i18n import pseudo, untranslated  # noqa: F401 - pseudo is a fixture

NAMES = {"red": "Ana", "blue": "Bo", "green": "Chiara", "purple": "Dario"}


def era_3(totals_before: dict[str, int], *, era: int = 3) -> bytes:
    """A table file at Era 3 (or ``era``), nothing built, players at these
    totals."""
    return json.dumps(
        {
            "format": "rome-companion/1",
            "game": "foundations-of-rome",
            "players": [{"id": pid, "name": NAMES[pid]} for pid in totals_before],
            "era": era,
            "score_before": totals_before,
            "buildings": [],
        }
    ).encode()


def places(page: BeautifulSoup) -> list[tuple[str, str, str]]:
    """(place in words, player id, VP) of each row of the places, in order."""
    return [
        (
            li.select_one(".place").get_text(strip=True),
            li["data-player"],
            li.select_one(".vp").get_text(" ", strip=True),
        )
        for li in page.select(".places-list li")
    ]


@pytest.mark.parametrize(
    ("totals", "expected", "winner", "ties"),
    [
        (
            {"red": 12, "blue": 30, "green": 20},
            [
                ("1st", "blue", "30 VP"),
                ("2nd", "green", "20 VP"),
                ("3rd", "red", "12 VP"),
            ],
            "Bo wins.",
            [],
        ),
        (
            # shared first place: both named, the next place skipped
            {"red": 10, "blue": 30, "green": 10, "purple": 30},
            [
                ("1st", "blue", "30 VP"),
                ("1st", "purple", "30 VP"),
                ("3rd", "red", "10 VP"),
                ("3rd", "green", "10 VP"),
            ],
            "Shared victory: Bo, Dario.",
            [
                "Bo and Dario tie for first place with 30 VP each. The rules of "
                "Foundations of Rome give no tie-break, so they share the victory.",
                "Ana and Chiara tie with 10 VP each and share place 3: Foundations "
                "of Rome has no tie-break.",
            ],
        ),
    ],
)
def test_era_3_lists_every_place_and_each_tie(
    actions: TableActions,
    totals: dict[str, int],
    expected: list[tuple[str, str, str]],
    winner: str,
    ties: list[str],
) -> None:
    table_id = actions.import_id(era_3(totals))
    era = soup(actions.client.get(f"/t/{table_id}/era"))
    assert places(era) == expected
    assert era.select_one(".places [role=status]").get_text(strip=True) == winner
    said = []
    for li in era.select(".places .tie-breaks li"):
        cite = li.select_one("cite").extract()
        assert cite.get_text(strip=True) == "rulebook 001, End of Game"
        said.append(li.get_text(" ", strip=True))
    assert said == ties
    if not ties:
        assert "no two players have the same total" in era.select_one(".places").text
    # Every row says whose it is without colour: swatch, letter and name.
    for li in era.select(".places-list li"):
        pid = li["data-player"]
        assert li.select_one(f".swatch-{pid}") is not None
        assert li.select_one(".letter").get_text() == NAMES[pid][0]
        assert li.select_one(".player-name").get_text() == NAMES[pid]

    # Scored: the table page shows the same places as the final result.
    form = era.select_one("main form[method=post]")
    response = actions.client.post(f"/t/{table_id}/era", data=form_data(form))
    assert response.status_code == 302
    table = soup(actions.client.get(f"/t/{table_id}"))
    assert places(table) == expected
    assert winner in table.get_text()


def test_before_era_3_no_places_are_announced(actions: TableActions) -> None:
    table_id = actions.import_id(era_3({"red": 5, "blue": 9}, era=2))
    era = soup(actions.client.get(f"/t/{table_id}/era"))
    assert era.select_one(".places") is None
    assert "wins." not in era.get_text()


def test_no_winner_while_a_road_board_pick_of_era_3_is_open(
    actions: TableActions,
) -> None:
    """The road boards resolve before the rest of the scoring (rulebook 000,
    "Gameplay Overview"): until every pick is made, the totals may change."""
    path = require_shared() / "scenarios" / "rof-rulebook-worked-example.json"
    document = json.loads(path.read_text())
    document["era"] = 3
    del document["road_boards"]["choices"]
    del document["road_boards"]["milestones_left"]
    table_id = actions.import_id(json.dumps(document).encode())
    era = soup(actions.client.get(f"/t/{table_id}/era"))
    text = era.get_text()
    assert era.select_one(".places") is None
    assert "wins." not in text and "Shared victory" not in text
    assert "picks are still to be made" in text


@pytest.mark.usefixtures("pseudo")
def test_the_final_screens_are_translated(actions: TableActions) -> None:
    table_id = actions.import_id(era_3({"red": 30, "blue": 30, "green": 10}))
    era = actions.client.get(f"/t/{table_id}/era").get_data(as_text=True)
    assert 'class="places-list"' in era
    assert "⟦Places⟧" in era
    assert untranslated(era) == []
    form = soup(actions.client.get(f"/t/{table_id}/era")).select_one(
        "main form[method=post]"
    )
    actions.client.post(f"/t/{table_id}/era", data=form_data(form))
    table = actions.client.get(f"/t/{table_id}").get_data(as_text=True)
    assert 'class="places-list"' in table
    assert untranslated(table) == []
