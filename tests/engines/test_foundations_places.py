"""Foundations of Rome: places by total VP and the shared ones in words.

Rulebook 001, "End of Game": the player with the most Victory Points wins; the
rulebook names no tie-break, so equal totals share a place. Pure tests.
"""

from __future__ import annotations

import pytest

from companion.engines import read_table
from companion.engines.foundations import (
    END_OF_GAME,
    City,
    EraResult,
    places,
    score,
    tie_lines,
    winners,
)

NAMES = {"red": "Ana", "blue": "Bo", "green": "Chiara", "purple": "Dario"}


def result_of(
    totals_before: dict[str, int], *, era: int = 3, names: dict[str, str] = NAMES
) -> EraResult:
    """The scoring of an empty board whose players start at these totals."""
    sheet = read_table(
        {
            "format": "rome-companion/1",
            "game": "foundations-of-rome",
            "players": [{"id": pid, "name": names[pid]} for pid in totals_before],
            "era": era,
            "score_before": totals_before,
            "buildings": [],
        }
    ).sheet
    assert isinstance(sheet, City)
    return score(sheet)


@pytest.mark.parametrize(
    ("totals", "expected"),
    (
        ({"red": 10, "blue": 30, "green": 20}, [("blue", 1), ("green", 2), ("red", 3)]),
        # shared first place, the next place skipped; seating order within a place
        (
            {"red": 10, "blue": 30, "green": 10, "purple": 30},
            [("blue", 1), ("purple", 1), ("red", 3), ("green", 3)],
        ),
        # a tie below first place is shared too
        ({"red": 40, "blue": 30, "green": 30}, [("red", 1), ("blue", 2), ("green", 2)]),
        ({"red": 5, "blue": 5, "green": 5}, [("red", 1), ("blue", 1), ("green", 1)]),
        # a road board's loss may leave a total below 0; it still ranks
        ({"red": -3, "blue": -1}, [("blue", 1), ("red", 2)]),
    ),
)
def test_places_by_total_ties_shared(
    totals: dict[str, int], expected: list[tuple[str, int]]
) -> None:
    placed = places(result_of(totals))
    assert [(p.player.id, p.place) for p in placed] == expected
    assert all(p.total == totals[p.player.id] for p in placed)
    assert [p.shared for p in placed] == [
        sum(t == totals[pid] for t in totals.values()) > 1 for pid, _ in expected
    ]


@pytest.mark.parametrize(
    ("totals", "era", "expected"),
    (
        ({"red": 30, "blue": 20}, 3, []),
        (
            {"red": 30, "blue": 30, "green": 10},
            3,
            [
                "Ana and Bo tie for first place with 30 VP each. The rules of "
                "Foundations of Rome give no tie-break, so they share the victory."
            ],
        ),
        (
            {"red": 40, "blue": 30, "green": 30, "purple": 30},
            3,
            [
                "Bo, Chiara and Dario tie with 30 VP each and share place 2: "
                "Foundations of Rome has no tie-break."
            ],
        ),
        # two shared places, first place first
        (
            {"red": 5, "blue": 9, "green": 5, "purple": 9},
            3,
            [
                "Bo and Dario tie for first place with 9 VP each. The rules of "
                "Foundations of Rome give no tie-break, so they share the victory.",
                "Ana and Chiara tie with 5 VP each and share place 3: Foundations "
                "of Rome has no tie-break.",
            ],
        ),
        # before the end no victory is shared: only the place so far
        (
            {"red": 20, "blue": 20},
            2,
            [
                "Ana and Bo tie with 20 VP each and share place 1: Foundations "
                "of Rome has no tie-break."
            ],
        ),
    ),
)
def test_tie_lines_say_who_shares_which_place(
    totals: dict[str, int], era: int, expected: list[str]
) -> None:
    lines = tie_lines(result_of(totals, era=era))
    assert [str(line.text) for line in lines] == expected
    assert all(line.points is None and line.source == END_OF_GAME for line in lines)


def test_winners_are_the_first_places() -> None:
    result = result_of({"red": 10, "blue": 30, "green": 30})
    assert [p.player for p in places(result) if p.place == 1] == list(winners(result))
    assert [p.id for p in winners(result)] == ["blue", "green"]


def test_two_players_of_one_name_are_told_apart() -> None:
    result = result_of({"red": 30, "blue": 30}, names={"red": "Ana", "blue": "Ana"})
    assert str(tie_lines(result)[0].text).startswith("Ana (red) and Ana (blue) tie")


def test_a_place_in_words() -> None:
    placed = places(result_of({"red": 1, "blue": 3, "green": 2}))
    assert [str(p.ordinal) for p in placed] == ["1st", "2nd", "3rd"]
