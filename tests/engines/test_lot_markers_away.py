"""Lot markers away on road boards since the previous era
(``road_boards.lot_markers_away``; spec "Road boards").

Rulebook 000, "Gameplay Example - West Road Board" D: a lot marker placed on a
road board "will be unavailable for them during the next era"; rulebook 001,
"Special Rules & Edge Cases - Lot Markers": a player has 8. So a ``lot`` pick
has 8, less those on the city board, less those away, less those placed on
the era's earlier edges; none are away in Era 1; and after Era 3 no era
follows, so nothing may speak of one.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings

from companion.engines import read_table, write_table
from companion.engines.base import TableFileError
from companion.engines.foundations import (
    City,
    Lot,
    LotMarkerError,
    next_era,
    problems,
    remove,
    score,
    toggle_lot_markers,
    write,
)
from companion.engines.foundations.fortune import (
    LotMarkersAwayError,
    away_words,
    lot_markers_free,
    next_turn,
    resolve,
)
from companion.engines.foundations.road_boards import (
    PRESETS,
    Edge,
    Marker,
    RoadBoards,
    with_faces,
)

from ..conftest import SHARED, require_shared
from ..helpers import run_cli
from ..scenario_match import expected_error, expected_result, mismatches
from .strategies_roads import walked_tables

PROPERTY = settings(max_examples=60, deadline=None)

NEXT = SHARED / "scenarios" / "next"
VALID = sorted(p for p in NEXT.glob("rof-*.json") if ".expected" not in p.name)
INVALID = sorted((NEXT / "invalid").glob("rof-*.json"))

INTERIOR = [f"{c}{r}" for r in (3, 4, 5) for c in "BCDEF"]
"""Lots of the 7x7 board on no edge: lot markers that stand in nobody's way."""

TWO_POINTS = {"reward": {"vp": 2}}
MILESTONES = {"kind": "milestones", "slots": [{"reward": {"vp": 3}}, TWO_POINTS]}


def table_doc(
    *,
    era: int = 2,
    markers: int = 0,
    away: Any = None,
    left: int = 0,
    choices: dict[str, list[dict[str, Any]]] | None = None,
) -> dict[str, Any]:
    """Ana (red) and Bo (blue) on a 7x7 board: Ana's Insula on A1-B1 ranks her
    first on the north edge and alone on the west; Bo's house on D1 puts him
    second on the north. Ana holds ``markers`` lot markers on the city board,
    ``left`` milestones, and ``away`` is the file's ``lot_markers_away``."""
    boards: dict[str, Any] = {edge.value: MILESTONES for edge in Edge}
    boards["milestones_left"] = {"red": left}
    if choices:
        boards["choices"] = choices
    if away is not None:
        boards["lot_markers_away"] = away
    doc: dict[str, Any] = {
        "format": "rome-companion/1",
        "game": "foundations-of-rome",
        "players": [{"id": "red", "name": "Ana"}, {"id": "blue", "name": "Bo"}],
        "era": era,
        "buildings": [
            {
                "owner": "red",
                "type": "residential",
                "lots": ["A1", "B1"],
                "citizens": 3,
            },
            {"owner": "blue", "type": "residential", "lots": ["D1"], "citizens": 1},
        ],
        "road_boards": boards,
    }
    if markers:
        doc["lot_markers"] = {"red": INTERIOR[:markers]}
    return doc


def lot(slot: int = 0) -> dict[str, Any]:
    return {"player": "red", "slot": slot, "take": "reward", "marker": "lot"}


NORTH_AND_WEST = {"north": [lot()], "west": [lot()]}
"""Ana, with no milestone left, places a lot marker on the north board, then
on the west."""


def city_of(doc: dict[str, Any]) -> City:
    sheet = read_table(doc).sheet
    assert isinstance(sheet, City)
    return sheet


def boards_of(case: City) -> RoadBoards:
    assert case.road_boards is not None
    return case.road_boards


def away_written(written: dict[str, object]) -> object:
    boards = written["road_boards"]
    assert isinstance(boards, dict)
    return boards.get("lot_markers_away", {})


def refusal(doc: dict[str, Any]) -> str:
    with pytest.raises(TableFileError) as caught:
        read_table(doc)
    return str(caught.value)


# --------------------------------------------------------------------------
# Reading: shapes and the rules of the count, each at its JSON path
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("doc", "path", "words"),
    (
        # Era 1 follows no era: nothing can be away yet.
        (
            table_doc(era=1, away={"red": 1}),
            "road_boards.lot_markers_away.red",
            "Era 1 has none",
        ),
        # 8 in all: 3 on the city board leave at most 5 to be away.
        (
            table_doc(markers=3, away={"red": 6}),
            "road_boards.lot_markers_away.red",
            "Ana has 8 and 3 on the city board, so at most 5 can be away",
        ),
        (
            table_doc(away={"red": 9}),
            "road_boards.lot_markers_away.red",
            "at most 8 can be away",
        ),
        (
            table_doc(away={"purple": 1}),
            "road_boards.lot_markers_away.purple",
            "not a player",
        ),
        (table_doc(away={"red": -1}), "road_boards.lot_markers_away.red", "-1"),
        (table_doc(away={"red": "1"}), "road_boards.lot_markers_away.red", "whole"),
        (table_doc(away={"red": True}), "road_boards.lot_markers_away.red", "whole"),
        (table_doc(away=[1]), "road_boards.lot_markers_away", "object"),
    ),
    ids=(
        "era-1",
        "more-than-off-the-board",
        "more-than-8",
        "not-a-player",
        "negative",
        "text",
        "boolean",
        "not-an-object",
    ),
)
def test_a_count_that_cannot_be_is_refused_at_its_path(
    doc: dict[str, Any], path: str, words: str
) -> None:
    said = refusal(doc)
    line = next(line for line in said.splitlines() if line.startswith(f"{path}:"))
    assert words in line


def test_resolve_itself_refuses_every_era_1_count_at_once() -> None:
    case = city_of(table_doc(era=1))
    assert case.road_boards is not None
    boards = replace(case.road_boards, lot_markers_away={"red": 1, "blue": 2})
    with pytest.raises(LotMarkersAwayError) as caught:
        resolve(case, boards)
    assert [p.path for p in caught.value.problems] == [
        "road_boards.lot_markers_away.red",
        "road_boards.lot_markers_away.blue",
    ]


@pytest.mark.parametrize(
    ("era", "away"),
    ((1, {"red": 0, "blue": 0}), (2, {"red": 8}), (2, {}), (3, {"blue": 8})),
)
def test_a_count_that_can_be_is_read_and_written_back(
    era: int, away: dict[str, int]
) -> None:
    table = read_table(table_doc(era=era, away=away))
    written = write_table(table)
    kept = {pid: n for pid, n in away.items() if n}
    assert away_written(written) == kept
    assert read_table(json.loads(json.dumps(written))) == table


# --------------------------------------------------------------------------
# A lot pick: 8, less the city board's, the away ones and the earlier picks
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("markers", "away", "refused_at"),
    (
        (0, 0, None),
        (6, 0, None),  # two free: one for each board
        (7, 0, "road_boards.choices.west[0]"),  # the north board took the last
        (6, 1, "road_boards.choices.west[0]"),
        (6, 2, "road_boards.choices.north[0]"),  # every marker away
        (0, 8, "road_boards.choices.north[0]"),
        (0, 7, "road_boards.choices.west[0]"),
        (0, 6, None),
    ),
)
def test_a_lot_pick_needs_a_lot_marker_to_hand(
    markers: int, away: int, refused_at: str | None
) -> None:
    doc = table_doc(markers=markers, away={"red": away}, choices=NORTH_AND_WEST)
    if refused_at is None:
        case = city_of(doc)
        result = resolve(case, boards_of(case))
        assert result.player("red").lot_markers_spent == 2
        return
    said = refusal(doc)
    assert said.startswith(f"{refused_at}.marker: Ana has no lot marker left")
    if away:
        assert f"{markers} on the city board, {away} on road boards" in said


def test_the_draft_offers_no_lot_marker_when_every_one_is_away() -> None:
    start = city_of(table_doc(markers=6, away={"red": 2}))
    assert start.road_boards is not None
    turn = next_turn(start, start.road_boards, Edge.NORTH)
    assert turn is not None and turn.player == "red"
    assert (turn.marker, turn.options, turn.lot_markers_free) == (None, (), 0)
    assert str(turn.marker_text) == (
        "No milestone and no lot marker left: only a pass."
    )
    one_back = city_of(table_doc(markers=6, away={"red": 1}))
    assert one_back.road_boards is not None
    turn = next_turn(one_back, one_back.road_boards, Edge.NORTH)
    assert turn is not None and turn.marker is Marker.LOT
    assert turn.lot_markers_free == 1
    assert "(1 in supply), and is missing next era" in str(turn.marker_text)


@pytest.mark.parametrize(("markers", "away"), ((0, 0), (3, 2), (5, 3), (0, 8)))
def test_lot_markers_free_is_8_less_the_board_and_the_away(
    markers: int, away: int
) -> None:
    case = city_of(table_doc(markers=markers, away={"red": away}))
    assert case.road_boards is not None
    assert lot_markers_free(case, case.road_boards, "red") == 8 - markers - away


# --------------------------------------------------------------------------
# From one era to the next, and Era 3
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("era", "away", "choices", "next_away"),
    (
        # Era 1's lot picks are away in Era 2.
        (1, None, NORTH_AND_WEST, {"red": 2}),
        (1, None, {"north": [lot()]}, {"red": 1}),
        # Those away in Era 2 come back in Era 3; Era 2's own picks go.
        (2, {"red": 2}, {}, {}),
        (2, {"red": 1}, {"north": [lot()]}, {"red": 1}),
    ),
)
def test_the_next_era_carries_this_eras_lot_picks_as_away(
    era: int,
    away: dict[str, int] | None,
    choices: dict[str, list[dict[str, Any]]],
    next_away: dict[str, int],
) -> None:
    case = city_of(table_doc(era=era, away=away, choices=choices))
    after = next_era(case, score(case))
    assert after.road_boards is not None
    assert dict(after.road_boards.lot_markers_away) == next_away
    assert after.road_boards.choices == {}
    assert problems(after) == ()
    # The next era's file says it, and reads back as that city.
    written = write(after)
    assert away_written(written) == next_away
    assert city_of({**table_doc(), **written}) == after


@pytest.mark.parametrize("era", (1, 2, 3))
def test_only_era_3_says_no_next_era(era: int) -> None:
    case = city_of(table_doc(era=era, choices={"north": [lot()]}))
    note = [
        str(e.line.text)
        for e in resolve(case, boards_of(case)).player("red").entries
        if e.edge is Edge.NORTH
    ]
    assert note[0].startswith("North road: placed a lot marker as a milestone")
    if era == 3:
        assert "next era" not in note[0]
        assert "no era follows Era 3" in note[0]
    else:
        assert note[0].endswith("one lot marker fewer next era")
    bare = city_of(table_doc(era=era))
    turn = next_turn(bare, boards_of(bare), Edge.NORTH)
    assert turn is not None and turn.marker is Marker.LOT
    assert ("next era" in str(turn.marker_text)) is (era != 3)


@pytest.mark.parametrize(
    ("era", "away", "said"),
    (
        (
            2,
            {"blue": 1},
            ["Bo has 1 lot marker on a road board from era 1: 7 available"],
        ),
        (
            3,
            {"red": 2, "blue": 1},
            [
                "Ana has 2 lot markers on road boards from era 2: 6 available",
                "Bo has 1 lot marker on a road board from era 2: 7 available",
            ],
        ),
        (2, {}, []),
    ),
)
def test_the_away_markers_in_words(
    era: int, away: dict[str, int], said: list[str]
) -> None:
    case = city_of(table_doc(era=era, away=away))
    assert case.road_boards is not None
    assert [str(m) for _pid, m in away_words(case, case.road_boards)] == said


# --------------------------------------------------------------------------
# The city board: lot markers away are out of the supply there too
# --------------------------------------------------------------------------


def test_the_city_board_has_8_less_the_away_markers() -> None:
    case = city_of(table_doc(markers=4, away={"red": 2}))
    six = toggle_lot_markers(case, "red", tuple(Lot.parse(x) for x in INTERIOR[4:6]))
    assert len(six.markers("red")) == 6
    with pytest.raises(LotMarkerError) as caught:
        toggle_lot_markers(six, "red", (Lot.parse(INTERIOR[6]),))
    assert str(caught.value.message) == (
        "Ana has only 6 lot markers this era: 2 went on a road board."
    )
    # Removing Ana's Insula and keeping its two lots needs 8 markers: too many.
    with pytest.raises(LotMarkerError) as caught:
        remove(six, 0, keep_lots=True)
    assert str(caught.value.message).startswith(
        "Ana would need 8 lot markers, but has only 6 this era: 2 went on a "
        "road board last era"
    )
    # From 4, keeping the Insula's two lots needs 6: all there is.
    assert len(remove(case, 0, keep_lots=True).markers("red")) == 6
    # Without road boards (or none away) a player has all 8.
    plain = replace(six, road_boards=None)
    assert (
        len(toggle_lot_markers(plain, "red", (Lot.parse(INTERIOR[6]),)).markers("red"))
        == 7
    )


# --------------------------------------------------------------------------
# The shared scenarios of this change (../shared/scenarios/next/)
# --------------------------------------------------------------------------


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_next_scenario_scores_as_expected_through_the_command(path: Path) -> None:
    require_shared()
    status, out, err = run_cli("score", str(path))
    assert (status, err) == (0, "")
    assert mismatches(expected_result(path), json.loads(out)) == []


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_next_invalid_scenario_is_refused_through_the_command(path: Path) -> None:
    require_shared()
    status, out, err = run_cli("score", str(path))
    assert (status, out) == (2, "")
    assert expected_error(path) in err


def test_the_three_next_scenarios_are_there() -> None:
    require_shared()
    assert [p.stem for p in VALID] == ["rof-3p-era2-lot-marker-away-from-era-1"]
    assert [p.stem for p in INVALID] == [
        "rof-lot-marker-with-every-marker-away",
        "rof-lot-markers-away-in-era-1",
    ]


def test_the_scenario_with_a_marker_away_reads_it() -> None:
    require_shared()
    case = city_of(json.loads(VALID[0].read_text("utf-8")))
    assert case.road_boards is not None
    assert dict(case.road_boards.lot_markers_away) == {"red": 1}
    # Ana: 7 on the city board and 1 away: none to hand for a lot pick.
    assert lot_markers_free(case, case.road_boards, "red") == 0


# --------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------


@PROPERTY
@given(walked_tables())
def test_the_next_eras_file_always_reads_back(table: tuple[City, RoadBoards]) -> None:
    case, boards = table
    # Coins left unrecorded: a pay-out beyond a player's coins is another
    # refusal of next_era's (add_coins), not this one's.
    case = replace(case, road_boards=boards, coins={})
    if case.final:
        return
    result = score(case)
    after = next_era(case, result)
    assert after.road_boards is not None
    for p in result.players:
        assert p.road is not None
        assert after.road_boards.away(p.player.id) == p.road.lot_markers_spent
        # A player's lot markers on the city board and away are at most 8.
        assert (
            len(after.markers(p.player.id)) + after.road_boards.away(p.player.id) <= 8
        )
    assert problems(after) == ()
    again = city_of({**table_doc(), **write(after), "players": _seats(after)})
    assert again == after


def _seats(city: City) -> list[dict[str, str]]:
    return [{"id": p.id, "name": p.name} for p in city.players]


@PROPERTY
@given(walked_tables())
def test_a_lot_pick_never_takes_a_marker_away(table: tuple[City, RoadBoards]) -> None:
    case, boards = table
    with_away = replace(case, road_boards=boards)
    for p in case.players:
        placed = sum(
            c.player == p.id and c.marker is Marker.LOT
            for picks in boards.choices.values()
            for c in picks
        )
        assert placed <= 8 - len(case.markers(p.id)) - boards.away(p.id)
        assert with_away.lot_marker_supply(p.id) == 8 - boards.away(p.id)


def test_changing_a_face_keeps_the_markers_away() -> None:
    """A face set again (the setup screen, mid-game) drops the picks made on
    the old face, never the lot markers placed at the last era's scoring."""
    case = city_of(table_doc(away={"red": 2}, choices={"north": [lot()]}))
    assert case.road_boards is not None
    faces = dict(case.road_boards.boards)
    faces[Edge.NORTH] = PRESETS["worked-example-north"]
    again = with_faces(case.road_boards, faces)
    assert (dict(again.lot_markers_away), again.choices) == ({"red": 2}, {})
