"""Foundations of Rome engine: board, reading, building over, era scoring.

Pure tests: no app, no Flask. Rules are rulebook 001 and the spec's
"Foundations of Rome" section (../shared/spec/table-file.md).
"""

from __future__ import annotations

import copy
import json
import pickle
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engines import find_game, new_table_document, read_table
from companion.engines.base import Player, TableFileError
from companion.engines.foundations import (
    ENGINE,
    GAME,
    TRAY,
    Board,
    Building,
    BuildingOverError,
    BuildingType,
    Category,
    City,
    Civic,
    CivicKind,
    Commercial,
    GameNotOverError,
    IllegalBuildError,
    InvalidLotError,
    Lot,
    LotMarkerError,
    LotNotOwnedError,
    Monument,
    NoSuchBuildingError,
    NotInTrayError,
    Residential,
    Shape,
    build,
    problems,
    remaining_tray,
    remove,
    score,
    score_json,
    to_json,
    tray_piece,
    winners,
)
from companion.engines.foundations.fortune import (
    resolve,
)
from companion.engines.foundations.monument_cards import (
    CATALOGUE,
    with_overrides,
)
from companion.engines.foundations.road_boards import (
    Choice,
    Edge,
    RoadBoards,
    Take,
)

from ..conftest import require_shared
from ..helpers import L, edited, golden
from ..scenario_match import (
    SCENARIOS,
    assert_refused,
    expected_result,
    scenario_files,
    scored,
)
from .strategies import (
    FOR_COLOURS,
    for_cities,
    for_city_and_new_building,
    for_owned_group,
)
from .strategies_roads import walked_tables

PROPERTY = settings(max_examples=60, deadline=None)


# --------------------------------------------------------------------------
# Helpers: table files written compactly
# --------------------------------------------------------------------------

NAMES = {"red": "Ana", "blue": "Bo", "green": "Chiara", "purple": "Dario"}


def res(owner: str, lots: str, citizens: int, **extra: Any) -> dict[str, Any]:
    return {
        "owner": owner,
        "type": "residential",
        "lots": lots.split(),
        "citizens": citizens,
        **extra,
    }


def com(owner: str, lots: str, silver: int, vp: int) -> dict[str, Any]:
    return {
        "owner": owner,
        "type": "commercial",
        "lots": lots.split(),
        "silver": silver,
        "vp": vp,
    }


def civ(owner: str, lots: str, per: str, vp: int = 1) -> dict[str, Any]:
    return {
        "owner": owner,
        "type": "civic",
        "lots": lots.split(),
        "civic": {"per": per, "vp": vp},
    }


def mon(owner: str, lots: str, slug: str) -> dict[str, Any]:
    return {"owner": owner, "type": "monument", "lots": lots.split(), "monument": slug}


def table(
    players: str = "red blue", era: int = 1, buildings: Any = (), **keys: Any
) -> dict[str, Any]:
    """A foundations-of-rome table file."""
    return {
        "format": "rome-companion/1",
        "game": GAME,
        "players": [{"id": p, "name": NAMES[p]} for p in players.split()],
        "era": era,
        "buildings": list(buildings),
        **keys,
    }


def city_of(doc: dict[str, Any]) -> City:
    sheet = read_table(doc).sheet
    assert isinstance(sheet, City)
    return sheet


def scores(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    result = read_table(doc).score_json()["players"]
    assert isinstance(result, dict)
    return result


def column(doc: dict[str, Any], key: str) -> dict[str, Any]:
    """One output key for every player: ``{"red": 8, "blue": 4}``."""
    return {pid: values[key] for pid, values in scores(doc).items()}


# --------------------------------------------------------------------------
# Board geometry
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "column_index", "row"),
    (
        ("A1", 0, 1),
        ("B7", 1, 7),
        ("J10", 9, 10),
        ("K4", 10, 4),  # a lot name, though off every board: the board says so
    ),
)
def test_lot_parse_and_str(text: str, column_index: int, row: int) -> None:
    lot = Lot.parse(text)
    assert (lot.column, lot.row) == (column_index, row)
    assert str(lot) == text


@pytest.mark.parametrize("text", ("", "a1", "A0", "A01", "1A", "AA1", "A 1", "A-1"))
def test_lot_parse_refuses(text: str) -> None:
    with pytest.raises(InvalidLotError, match="is not a lot name"):
        Lot.parse(text)


@pytest.mark.parametrize(
    ("players", "size", "inside", "outside"),
    (
        (2, 7, "G7", "H1 A8"),
        (3, 8, "H8", "I5 A9 K4"),
        (4, 9, "I9", "J1 A10"),
        (5, 10, "J10", "K1 A11"),
    ),
)
def test_board_size_by_player_count(
    players: int, size: int, inside: str, outside: str
) -> None:
    board = Board(players)
    assert board.size == size and str(board) == f"{size}x{size}"
    assert len(board.lots()) == size * size
    assert Lot.parse(inside) in board
    for name in outside.split():
        assert Lot.parse(name) not in board


@pytest.mark.parametrize(
    ("players", "lot", "edge"),
    (
        (2, "A1", True),  # corner
        (2, "G4", True),  # last column of 7x7
        (2, "D7", True),  # last row
        (2, "B2", False),
        (3, "G4", False),  # G is inner on 8x8
        (3, "H4", True),
        (5, "J5", True),
        (5, "E5", False),
    ),
)
def test_edge_lots(players: int, lot: str, edge: bool) -> None:
    assert Board(players).is_edge(Lot.parse(lot)) is edge


def test_neighbours_are_orthogonal_and_on_the_board() -> None:
    board = Board(2)
    assert set(board.neighbours(Lot.parse("A1"))) == set(L("B1 A2"))
    assert set(board.neighbours(Lot.parse("G7"))) == set(L("F7 G6"))
    assert set(board.neighbours(Lot.parse("C3"))) == set(L("C2 B3 D3 C4"))


@pytest.mark.parametrize(
    ("lots", "shape"),
    (
        ("A1", Shape.MONO),
        ("A1 A2", Shape.DOMINO),
        ("A1 B1 C1", Shape.I3),
        ("A1 A2 B2", Shape.L3),
        ("A1 A2 A3 A4", Shape.I4),
        ("A1 B1 A2 B2", Shape.O4),
        ("A1 A2 A3 B3", Shape.L4),
        ("A1 B1 C1 B2", Shape.T4),
        ("A1 B1 B2 C2", Shape.S4),
        ("B1 B2 A2 A3", Shape.S4),  # an S stood upright and mirrored
    ),
)
def test_shapes(lots: str, shape: Shape) -> None:
    assert Shape.of(L(lots)) is shape
    assert shape.size == len(L(lots))


# --------------------------------------------------------------------------
# Reading: every structural and rule check names its JSON path
# --------------------------------------------------------------------------

GOOD = table(
    "red blue green",
    buildings=[
        res("red", "A1 A2", 2, name="Domus Maximus"),
        com("blue", "C3 D3", 1, 2),
        civ("green", "F5", "building"),
    ],
    lot_markers={"red": ["B1"], "blue": ["H8"]},
)


def with_(path: str, value: Any, doc: dict[str, Any] = GOOD) -> dict[str, Any]:
    """``doc`` with the value at a dotted path set (``...`` deletes it)."""
    return edited(doc, path, value)


def nine(owner: str, kind: str) -> list[dict[str, Any]]:
    """Nine one-lot buildings of a kind in rows 1 and 3 (one beyond the tray)."""
    lots = [f"{c}{r}" for r in (1, 3) for c in "ABCDEFGH"][:9]
    if kind == "residential":
        return [res(owner, lot, 1) for lot in lots]
    if kind == "commercial":
        return [com(owner, lot, 1, 0) for lot in lots]
    return [civ(owner, lot, "building") for lot in lots]


@pytest.mark.parametrize(
    ("doc", "path", "message"),
    (
        (with_("colour", "red"), "colour", "unknown key 'colour'"),
        (with_("era", 4), "era", "above the maximum 3"),
        (with_("era", 0), "era", "below the minimum 1"),
        (with_("era", "1"), "era", "expected a whole number"),
        (with_("buildings", ...), "buildings", "is required but missing"),
        (with_("buildings", {}), "buildings", "expected a list"),
        (with_("buildings.0", "A1"), "buildings[0]", "expected an object"),
        (with_("buildings.1.sliver", 1), "buildings[1].sliver", "unknown key"),
        (
            with_("buildings.0.citizens", ...),
            "buildings[0].citizens",
            "is required but missing",
        ),
        # a value key of another type is unknown for this type
        (with_("buildings.0.silver", 1), "buildings[0].silver", "unknown key"),
        (with_("buildings.0.type", "house"), "buildings[0].type", "'house' is not one"),
        (with_("buildings.0.type", ...), "buildings[0].type", "is required"),
        # monuments name their card (spec "Foundations of Rome", Monuments)
        (
            with_("buildings.0", {"owner": "red", "type": "monument", "lots": ["A1"]}),
            "buildings[0].monument",
            "is required but missing",
        ),
        (
            with_("buildings.0", {**mon("red", "A1", "regia"), "citizens": 9}),
            "buildings[0].citizens",
            "unknown key",
        ),
        (
            with_("buildings.0", mon("red", "A1", "temple-of-juno")),
            "buildings[0].monument",
            "'temple-of-juno' is not a monument (known: forum-romanum, ",
        ),
        (
            with_("buildings.0", mon("red", "A1 A2 A3 A4 A5 A6 A7", "regia")),
            "buildings[0].lots",
            "a monument covers 1 to 6 lots, not 7",
        ),
        (
            with_("buildings.0", mon("red", "A1 A2 A4", "the-pantheon")),
            "buildings[0].lots",
            "must be orthogonally connected",
        ),
        (  # each monument is unique on the board
            with_(
                "buildings.2",
                mon("green", "F5", "lighthouse"),
                with_("buildings.0", mon("red", "A1", "lighthouse")),
            ),
            "buildings[2].monument",
            "'lighthouse' is on the board already as buildings[0]: each monument "
            "is unique (rulebook 001, Special Rules & Edge Cases - Monuments "
            "Expansion)",
        ),
        (  # 6 monument markers per player
            table(
                buildings=[
                    mon("red", lot, slug)
                    for lot, slug in zip(
                        "A1 C1 E1 G1 A3 C3 E3".split(),
                        "regia lighthouse watchtower the-pantheon temple-of-mars "
                        "temple-of-venus royal-winery".split(),
                        strict=True,
                    )
                ]
            ),
            "buildings[6]",
            "this is Ana's monument number 7, but a player has only 6 monument "
            "markers (rulebook 001, Special Rules & Edge Cases - Monument Markers)",
        ),
        # road boards are read by road_boards.read
        # (tests/engines/test_fortune_and_road_boards.py)
        (with_("road_boards", {}), "road_boards.north", "is required but missing"),
        (with_("road_boards", []), "road_boards", "expected an object"),
        (with_("buildings.0.owner", "purple"), "buildings[0].owner", "not a player"),
        (
            with_("buildings.0.lots", []),
            "buildings[0].lots",
            "a building covers 1 to 4 lots, not 0",
        ),
        (
            with_("buildings.0.lots", "A1 A2 A3 A4 A5".split()),
            "buildings[0].lots",
            "a building covers 1 to 4 lots, not 5",
        ),
        (with_("buildings.0.lots.1", "a2"), "buildings[0].lots[1]", "not a lot name"),
        (with_("buildings.0.lots.1", 2), "buildings[0].lots[1]", "expected text"),
        (
            with_("buildings.2.lots", ["K4"]),
            "buildings[2].lots[0]",
            '"K4" is off the 8x8 board used by 3 players',
        ),
        (
            with_("buildings.0.lots", ["A1", "A1"]),
            "buildings[0].lots[1]",
            '"A1" is listed twice',
        ),
        (
            with_("buildings.0.lots", ["A1", "A3"]),
            "buildings[0].lots",
            "must be orthogonally connected, but A3 shares no edge with A1",
        ),
        # diagonal neighbours are not connected
        (
            with_("buildings.0.lots", ["A1", "B2"]),
            "buildings[0].lots",
            "orthogonally connected",
        ),
        (
            with_("buildings.1.lots", ["B2", "A2"]),
            "buildings[1].lots[1]",
            '"A2" is already covered by buildings[0], Ana\'s Domus Maximus',
        ),
        (
            with_("buildings.0.citizens", -1),
            "buildings[0].citizens",
            "below the minimum 0",
        ),
        (
            with_("buildings.0.citizens", True),
            "buildings[0].citizens",
            "expected a whole number",
        ),
        (with_("buildings.1.vp", 1.5), "buildings[1].vp", "expected a whole number"),
        (
            with_("buildings.2.civic.per", "citizens"),
            "buildings[2].civic.per",
            "'citizens' is not one of: citizen, two-citizens",
        ),
        (with_("buildings.2.civic.vp", ...), "buildings[2].civic.vp", "is required"),
        (with_("buildings.2.civic.each", 1), "buildings[2].civic.each", "unknown key"),
        (with_("buildings.0.name", ""), "buildings[0].name", "must not be empty"),
        (with_("buildings.0.name", "   "), "buildings[0].name", "must not be blank"),
        (with_("buildings.0.name", "x" * 41), "buildings[0].name", "at most 40"),
        (
            with_("lot_markers.blue", ["H8", "F5"]),
            "lot_markers.blue[1]",
            '"F5" is built on (buildings[2], Chiara\'s civic building)',
        ),
        (
            with_("lot_markers.red", ["B1", "B1"]),
            "lot_markers.red[1]",
            '"B1" already has a lot marker (lot_markers.red[0])',
        ),
        # one lot, two players' markers: the later seat is reported
        (
            with_("lot_markers.blue", ["B1"]),
            "lot_markers.blue[0]",
            "already has a lot marker (lot_markers.red[0])",
        ),
        (
            with_("lot_markers.red", ["I1"]),
            "lot_markers.red[0]",
            "off the 8x8 board",
        ),
        (
            with_("lot_markers.red", [f"{c}8" for c in "ABCDEFGH"] + ["B1"]),
            "lot_markers.red",
            "9 lot markers, but a player has only 8",
        ),
        (with_("lot_markers.purple", []), "lot_markers.purple", "not a player"),
        (with_("lot_markers", ["B1"]), "lot_markers", "expected an object"),
        (with_("score_before", {"red": 1.5}), "score_before.red", "a whole number"),
        (with_("score_before", {"orange": 1}), "score_before.orange", "not a player"),
        (
            with_("population_tokens", {"red": "2"}),
            "population_tokens.red",
            "expected a whole number",
        ),
        (with_("coins", {"purple": 3}), "coins.purple", "not a player"),
        (
            with_("buildings", nine("red", "residential")),
            "buildings[8]",
            "Ana's residential building number 9, but a tray holds only 8",
        ),
        (
            with_("buildings", nine("blue", "civic")),
            "buildings[8]",
            "Limited Building Supply",
        ),
    ),
)
def test_read_refuses_with_path(doc: dict[str, Any], path: str, message: str) -> None:
    with pytest.raises(TableFileError) as caught:
        read_table(doc)
    assert any(
        p.path == path and message in str(p.message) for p in caught.value.problems
    ), str(caught.value)


def test_good_table_reads() -> None:
    city = city_of(GOOD)
    assert city.era == 1 and len(city.buildings) == 3
    assert city.buildings[0] == Building(
        "red", L("A1 A2"), Residential(2), "Domus Maximus"
    )
    assert city.buildings[2].values == Civic(CivicKind.BUILDING, 1)
    assert city.markers("red") == L("B1") and city.markers("green") == ()
    assert problems(city) == ()


def test_city_is_a_plain_value() -> None:
    # Copied, pickled and hashed like any value; its mappings are read-only.
    city = city_of(GOOD)
    assert pickle.loads(pickle.dumps(city)) == city == copy.deepcopy(city)  # noqa: S301 - our own bytes
    assert hash(city) == hash(city_of(copy.deepcopy(GOOD)))
    with pytest.raises(TypeError):
        city.lot_markers["red"] = ()  # type: ignore[index]
    # a player left out and a player given 0 are the same city
    assert replace(city, score_before={"red": 0}) == city


def test_rule_problems_are_collected_together() -> None:
    doc = with_("lot_markers.blue", ["H8", "F5", "I9"])
    doc = with_("buildings.1.lots", ["B2", "A2"], doc)
    with pytest.raises(TableFileError) as caught:
        read_table(doc)
    paths = [p.path for p in caught.value.problems]
    assert paths == [
        "buildings[1].lots[1]",
        "lot_markers.blue[1]",
        "lot_markers.blue[2]",
    ]
    assert str(caught.value).count("\n") == 2  # one line per problem


def test_every_board_size_is_enforced() -> None:
    # The same building is fine with 5 players and off the board with 4.
    five = table("red blue green purple", buildings=[res("red", "J10", 1)])
    five["players"].append({"id": "yellow", "name": "Emma"})
    assert city_of(five).buildings[0].lots == L("J10")
    with pytest.raises(TableFileError, match="off the 9x9 board used by 4 players"):
        read_table(table("red blue green purple", buildings=[res("red", "J10", 1)]))


def test_players_must_be_colours() -> None:
    doc = table()
    doc["players"][0]["id"] = "ana"
    with pytest.raises(TableFileError, match=r"players\[0\]\.id"):
        read_table(doc)


def test_reading_does_not_change_the_document() -> None:
    doc = copy.deepcopy(GOOD)
    read_table(doc).score_json()
    assert doc == GOOD


# --------------------------------------------------------------------------
# Residential scoring (rulebook 001, "Residential Building Scoring")
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("era", "tokens", "expected"),
    (
        (1, {"red": 4, "blue": 3}, {"red": 8, "blue": 4}),
        (2, {"red": 4, "blue": 3}, {"red": 11, "blue": 4}),
        (3, {"red": 4, "blue": 3}, {"red": 14, "blue": 4}),
        # the top is shared: both score the bonus
        (2, {"red": 6, "blue": 6, "green": 3}, {"red": 13, "blue": 13, "green": 6}),
        # directly ahead = the next higher value, equal players score alike
        (
            1,
            {"red": 9, "blue": 5, "green": 5, "purple": 2},
            {"red": 13, "blue": 9, "green": 9, "purple": 5},
        ),
        # population 0 scores 0, even with others on the track
        (1, {"red": 0, "blue": 2}, {"red": 0, "blue": 6}),
        (1, {}, {"red": 0, "blue": 0}),  # nobody has population: nobody scores
        (1, {"blue": 1}, {"red": 0, "blue": 5}),
        (3, {"red": 2, "blue": 2}, {"red": 12, "blue": 12}),
    ),
)
def test_population_track(
    era: int, tokens: dict[str, int], expected: dict[str, int]
) -> None:
    players = " ".join(expected)
    doc = table(players, era=era, population_tokens=tokens)
    assert column(doc, "residential") == expected
    assert column(doc, "population") == {p: tokens.get(p, 0) for p in expected}


def test_population_is_citizens_plus_tokens() -> None:
    doc = table(
        "red blue",
        buildings=[
            res("red", "A1 A2 A3", 4),
            res("red", "C1", 1),
            res("blue", "E5", 1),
        ],
        population_tokens={"blue": 2},
    )
    assert column(doc, "population") == {"red": 5, "blue": 3}
    assert column(doc, "residential") == {"red": 9, "blue": 5}


def test_population_lines_explain() -> None:
    doc = table(
        "red blue green",
        era=2,
        population_tokens={"red": 6, "blue": 6, "green": 3},
    )
    result = score(city_of(doc))
    (top,) = result.player("red").residential.lines
    assert top.points == 13
    assert str(top.text) == (
        "Population 6 (0 citizens + 6 population tokens), the highest "
        "(tied with Bo): 6 + 7 Era 2 bonus"
    )
    assert str(top.source) == (
        "rulebook 001, End of Era Scoring - Residential Building Scoring"
    )
    (ahead,) = result.player("green").residential.lines
    # Players are named as at the table, not by their ids in the file.
    assert "scores 6, the population directly ahead on the track (Ana, Bo)" in (
        str(ahead.text)
    )


# --------------------------------------------------------------------------
# Civic scoring (rulebook 001, "Civic Building Scoring")
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("buildings", "expected"),
    (
        # building: 4 neighbours of 3 owners, 1 VP each; C3 is only diagonal
        (
            [
                civ("red", "D4", "building"),
                res("blue", "C4", 1),
                com("green", "E4", 1, 0),
                civ("blue", "D3", "civic"),
                res("red", "D5", 1),
                res("blue", "C3", 1),
            ],
            4,
        ),
        # a neighbour touching on two lots is counted once
        ([civ("red", "B2 B3", "building", 2), res("blue", "C1 C2 C3 C4", 6)], 2),
        ([civ("red", "B2 B3", "citizen"), res("blue", "C1 C2 C3 C4", 6)], 6),
        # citizen: only residential buildings bring citizens
        (
            [
                civ("red", "B2", "citizen", 2),
                res("blue", "A2", 4),
                com("red", "C2", 3, 5),
            ],
            8,
        ),
        # two-citizens sums all neighbours before rounding down: 1+1+1 -> 1 pair
        (
            [
                civ("red", "D4", "two-citizens", 3),
                res("blue", "C4", 1),
                res("blue", "E4", 1),
                res("red", "D5", 1),
            ],
            3,
        ),
        ([civ("red", "D4", "two-citizens"), res("blue", "C4", 1)], 0),
        # silver: silver of adjacent commercial buildings
        (
            [
                civ("red", "C3 D3", "silver", 2),
                com("blue", "B3", 1, 0),
                com("blue", "C4 D4 C5 D5", 3, 5),
                res("red", "E3", 4),
            ],
            8,
        ),
        # civic: other civic buildings only, never itself
        (
            [
                civ("red", "B2", "civic", 3),
                civ("blue", "A2", "building"),
                civ("blue", "B1", "citizen"),
                res("red", "C2", 1),
            ],
            6,
        ),
        ([civ("red", "B2", "civic", 3)], 0),  # alone
        ([civ("red", "B2", "building", 0), res("red", "B3", 1)], 0),  # vp 0
        # two civic buildings of one owner add up
        (
            [
                civ("red", "A1", "building"),
                civ("red", "A2", "building"),
                res("blue", "B1 B2", 2),
            ],
            4,
        ),
    ),
)
def test_civic_scoring(buildings: list[dict[str, Any]], expected: int) -> None:
    doc = table("red blue green", buildings=buildings)
    assert column(doc, "civic")["red"] == expected


def test_lot_markers_are_not_buildings() -> None:
    doc = table(buildings=[civ("red", "B2", "building")], lot_markers={"blue": ["B3"]})
    assert column(doc, "civic")["red"] == 0


def test_civic_line_explains() -> None:
    require_shared()
    doc = json.loads((SCENARIOS / "for-2p-era1-basics.json").read_text("utf-8"))
    (line,) = score(city_of(doc)).player("red").civic.lines
    assert line.points == 4
    assert str(line.text) == "Fountain at B2: 4 adjacent buildings x 1 VP"
    assert str(line.source) == (
        "rulebook 001, End of Era Scoring - Civic Building Scoring"
    )


# --------------------------------------------------------------------------
# Commercial scoring, empty lots, totals
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("era", "expected"),
    (
        (1, {"commercial": 7, "silver": 4, "coins": 4, "empty_lots": 0}),
        (2, {"commercial": 7, "silver": 4, "coins": 4, "empty_lots": 0}),
        # final era: silver becomes VP, no coins; lot markers score
        (3, {"commercial": 11, "silver": 0, "coins": 0, "empty_lots": 2}),
    ),
)
def test_commercial_and_empty_lots(era: int, expected: dict[str, int]) -> None:
    doc = table(
        era=era,
        buildings=[com("red", "A1 B1 A2 B2", 3, 5), com("red", "E1 E2", 1, 2)],
        lot_markers={"red": ["G7", "G6"]},
        score_before={"red": 30},
    )
    red = scores(doc)["red"]
    assert {k: red[k] for k in expected} == expected
    assert red["era_total"] == expected["commercial"] + expected["empty_lots"]
    assert red["total"] == 30 + red["era_total"]


def test_commercial_lines_cite_end_of_game_in_era_3() -> None:
    doc = table(era=3, buildings=[com("red", "A1 B1 A2 B2", 3, 5)])
    vp, silver = score(city_of(doc)).player("red").commercial.lines
    assert (vp.points, str(vp.text)) == (
        5,
        "commercial building at A1, B1, A2, B2: 5 VP",
    )
    assert silver.points == 3 and silver.source.section == "End of Game"


def test_score_json_has_the_spec_keys() -> None:
    out = score_json(city_of(GOOD))
    assert out["game"] == "foundations-of-rome" and out["era"] == 1
    assert "winners" not in out  # only after Era 3
    players = out["players"]
    assert isinstance(players, dict) and list(players) == ["red", "blue", "green"]
    keys = {
        "population",
        "residential",
        "civic",
        "commercial",
        "silver",
        "roads",
        "empty_lots",
        "era_total",
        "total",
        "coins",
    }
    for values in players.values():
        assert keys <= set(values)
        assert values["roads"] == 0
        for line in values["explanations"]:
            assert set(line) == {"category", "points", "text", "source"}
            assert line["source"].startswith("rulebook 001, ")
    json.dumps(out)  # plain JSON


# --------------------------------------------------------------------------
# Road boards in the era scoring (rulebook 000, "Gameplay Overview"; spec
# "Road boards"). The boards themselves: tests/engines/test_fortune_and_road_boards.py.
# --------------------------------------------------------------------------

ROAD_CITY = [
    res("red", "A1 A2", 2),  # north 2 (and west 2)
    com("red", "H5", 1, 0),  # east 1
    res("blue", "D1 E1 F1", 3),  # north 3
    com("green", "D8", 2, 0),  # south 1
]
ROAD_FACES = {
    "north": {
        "kind": "milestones",
        "slots": [{"reward": {"population_token": 2}}, {"reward": {"vp": 3}}],
    },
    "east": {"kind": "majority", "most": [1, 2, 3], "none": [-1, -2, -3]},
    "south": {
        "kind": "milestones",
        "slots": [{"reward": {"coins_from_each": 2}, "or": {"vp": 1}}],
    },
    "west": {"kind": "milestones", "slots": [{"reward": {"vp": 1}}]},
}
ROAD_PICKS = {
    "north": [
        {"player": "blue", "slot": 1, "take": "reward", "marker": "milestone"},
        {"player": "red", "slot": 0, "take": "reward", "marker": "milestone"},
    ],
    "south": [{"player": "green", "slot": 0, "take": "reward", "marker": "milestone"}],
    "west": [{"player": "red", "slot": 0, "take": "reward", "marker": "milestone"}],
}


def road_table(era: int = 1, picks: Any = ROAD_PICKS) -> dict[str, Any]:
    boards: dict[str, Any] = {**ROAD_FACES}
    if picks:
        boards["choices"] = picks
    return table("red blue green", era=era, buildings=ROAD_CITY, road_boards=boards)


@pytest.mark.parametrize(
    ("doc", "expected"),
    (
        # Red's token from the north road lifts red's population to 4, above
        # blue's 3, in this same era. East: red the most, blue and green none.
        # South: green takes 2 coins from each other player.
        (
            road_table(),
            {
                "red": {"population": 4, "residential": 8, "roads": 2, "coins": -1,
                        "era_total": 10},
                "blue": {"population": 3, "residential": 4, "roads": 2, "coins": -2,
                         "era_total": 6},
                "green": {"population": 0, "residential": 0, "roads": -1,
                          "coins": 6, "era_total": -1, "total": -1},
            },
        ),
        # Nobody picks: only the majority board scores; no token, so blue leads.
        (
            road_table(picks=None),
            {
                "red": {"population": 2, "residential": 3, "roads": 1, "coins": 1},
                "blue": {"population": 3, "residential": 7, "roads": -1, "coins": 0},
                "green": {"roads": -1, "coins": 2},
            },
        ),
        # Era 3: the majority board's third values; silver is VP, coins from
        # the roads still change hands.
        (
            road_table(era=3),
            {
                "red": {"residential": 14, "commercial": 1, "roads": 4, "coins": -2,
                        "era_total": 19},
                "blue": {"residential": 4, "roads": 0, "coins": -2, "era_total": 4},
                "green": {"commercial": 2, "roads": -3, "coins": 4,
                          "era_total": -1},
            },
        ),
    ),
)  # fmt: skip
def test_road_boards_in_the_era_scoring(
    doc: dict[str, Any], expected: dict[str, dict[str, int]]
) -> None:
    got = scores(doc)
    for pid, values in expected.items():
        assert {k: got[pid][k] for k in values} == values, pid


def test_road_board_lines_are_explained() -> None:
    out = score_json(city_of(road_table()))
    players = out["players"]
    assert isinstance(players, dict)
    red = {(e["category"], e["text"]) for e in players["red"]["explanations"]}
    assert ("roads", "East road: the most influence (1): 1 VP in Era 1") in red
    assert (
        "roads-population",
        "North road, space 1: a population token worth 2, +2 population from "
        "this era on",
    ) in red
    assert ("roads-coins", "South road: pays 2 coins to Chiara") in red
    assert (
        "residential",
        "Population 4 (2 citizens + 2 population tokens), the highest: "
        "4 + 4 Era 1 bonus",
    ) in red
    for values in players.values():
        for line in values["explanations"]:
            if line["category"].startswith("roads"):
                assert line["source"].startswith("rulebook 000, ")
    assert out["roads"] == {
        "north": {"influence": {"blue": 3, "red": 2}, "order": ["blue", "red"],
                  "tie_breaks": []},
        "east": {"influence": {"red": 1}, "order": ["red"], "tie_breaks": []},
        "south": {"influence": {"green": 1}, "order": ["green"], "tie_breaks": []},
        "west": {"influence": {"red": 2}, "order": ["red"], "tie_breaks": []},
    }  # fmt: skip
    assert "roads" not in score_json(city_of(GOOD))


def test_road_pick_problems_name_their_path() -> None:
    picks = copy.deepcopy(ROAD_PICKS)
    picks["north"].reverse()  # red (rank 2) before blue (rank 1)
    with pytest.raises(TableFileError) as caught:
        read_table(road_table(picks=picks))
    assert [p.path for p in caught.value.problems] == [
        "road_boards.choices.north[1].player"
    ]
    # Picks are checked once the city is sound: its own problems come alone.
    doc = copy.deepcopy(road_table(picks=picks))
    doc["buildings"][0]["lots"] = ["A1", "A3"]
    with pytest.raises(TableFileError) as caught:
        read_table(doc)
    assert [p.path for p in caught.value.problems] == ["buildings[0].lots"]


def test_problems_checks_the_picks_of_a_city_built_by_hand() -> None:
    city = city_of(road_table())
    assert city.road_boards is not None
    bad = replace(
        city.road_boards,
        choices={**city.road_boards.choices, Edge.EAST: (Choice("red", Take.PASS),)},
    )
    found = problems(replace(city, road_boards=bad))
    assert [p.path for p in found] == ["road_boards.choices.east"]


# --------------------------------------------------------------------------
# Monuments (rulebook 000, "Alternate Monuments"; rulebook 001, Monuments)
# --------------------------------------------------------------------------

# Two players (7x7). Regia (9 citizens) touches Bo's civic building at D1
# (1 VP per citizen). Temple of Vulcan (10 silver + 1 per adjacent building)
# touches Bo's Bakery at E5 and Ana's Domus at G5: 12 silver. The Pantheon
# (3 VP per adjacent civic building) touches the Tower of Wonders (civic, 3 VP).
MONUMENT_CITY = table(
    buildings=[
        mon("red", "A1 B1 C1 A2 B2 C2", "regia"),
        civ("blue", "D1", "citizen"),
        mon("red", "E4 F4 G4 F5", "temple-of-vulcan"),
        com("blue", "E5", 1, 0),
        res("red", "G5", 1, name="Domus"),
        mon("blue", "A4 A5 A6", "the-pantheon"),
        mon("red", "B5", "tower-of-wonders"),
    ],
)


@pytest.mark.parametrize(
    ("era", "expected"),
    [
        (
            1,
            {
                # population 9 + 1, the highest: 10 + 4; Tower 3; Vulcan's
                # 12 silver collected as coins
                "red": {"population": 10, "residential": 14, "civic": 3,
                        "commercial": 0, "silver": 12, "era_total": 17},
                # D1: 9 citizens x 1; Pantheon: 1 civic x 3; Bakery 1 silver
                "blue": {"population": 0, "residential": 0, "civic": 12,
                         "commercial": 0, "silver": 1, "era_total": 12},
            },
        ),
        (
            3,
            {
                # 10 + 10; Tower 3; Vulcan's 12 silver scored as VP
                "red": {"residential": 20, "civic": 3, "commercial": 12,
                        "silver": 0, "era_total": 35},
                "blue": {"residential": 0, "civic": 12, "commercial": 1,
                         "silver": 0, "era_total": 13},
            },
        ),
    ],
)  # fmt: skip
def test_monuments_score_alongside_buildings(
    era: int, expected: dict[str, dict[str, int]]
) -> None:
    got = scores({**MONUMENT_CITY, "era": era})
    for pid, values in expected.items():
        assert {k: got[pid][k] for k in values} == values, pid


def test_monument_lines_cite_the_card() -> None:
    got = scores(MONUMENT_CITY)
    lines = {(e["category"], e["text"]): e for e in got["red"]["explanations"]}
    vulcan = lines[
        (
            "silver",
            "Temple of Vulcan at E4, F4, G4, F5: 12 silver (10 printed + 2 for "
            "adjacent buildings) collected as coins",
        )
    ]
    assert vulcan["points"] == 12
    assert vulcan["source"] == (
        "rulebook 000, Alternate Monuments - Temple of Vulcan; rulebook 001, End "
        "of Era Scoring - Commercial Building Scoring"
    )
    assert ("civic", "Tower of Wonders at B5: 3 VP") in lines
    blue = {e["text"] for e in got["blue"]["explanations"]}
    assert (
        "civic building at D1: 9 citizens on adjacent residential buildings x 1 VP"
        in blue
    )
    assert "The Pantheon at A4, A5, A6: 1 adjacent civic building x 3 VP" in blue


def test_a_monument_of_two_types_counts_as_both() -> None:
    # Temple of Minerva (residential & civic) at A6 C6 A7 B7 C7 touches Ana's
    # Domus at B6 and Bo's civic buildings at D6 and D7: 2 + 3 citizens. Bo's
    # D7 scores it as a civic building, D6 as a residential one.
    doc = table(
        buildings=[
            mon("red", "A6 C6 A7 B7 C7", "temple-of-minerva"),
            res("red", "B6", 1),
            civ("blue", "D7", "civic", 2),
            civ("blue", "D6", "citizen", 1),
        ],
    )
    got = scores(doc)
    assert got["red"]["population"] == 5 + 1
    # D7: Minerva and D6 are civic, 2 x 2 VP; D6: Minerva's 5 citizens x 1 VP
    assert got["blue"]["civic"] == 4 + 5


def test_monuments_round_trip_through_the_table_file() -> None:
    city = city_of(MONUMENT_CITY)
    regia = Building("red", L("A1 B1 C1 A2 B2 C2"), Monument("regia"))
    assert city.buildings[0] == regia
    assert city.buildings[0].type is BuildingType.MONUMENT
    written = to_json(city)
    assert written["buildings"][0] == MONUMENT_CITY["buildings"][0]
    assert city_of({**MONUMENT_CITY, **written}) == city


def test_a_table_plays_its_own_monument_values() -> None:
    cards = with_overrides(CATALOGUE, {"temple-of-vulcan": {"footer": {"silver": 1}}})
    city = city_of(MONUMENT_CITY)
    assert score(city).player("red").silver.points == 12
    assert score(city, catalogue=cards).player("red").silver.points == 1 + 2


def test_road_boards_round_trip_through_the_table_file() -> None:
    doc = road_table()
    city = city_of(doc)
    written = to_json(city)
    assert written["road_boards"] == {**ROAD_FACES, "choices": ROAD_PICKS}
    assert city_of({**doc, **written}) == city
    assert "road_boards" not in to_json(city_of(GOOD))


@PROPERTY
@given(walked_tables())
def test_road_board_totals_add_up(table: tuple[City, RoadBoards]) -> None:
    city, boards = table
    city = replace(city, road_boards=boards)
    assert problems(city) == ()
    result = score(city)
    assert result.roads == resolve(city, boards)
    silver = 0
    for s in result.players:
        road = result.roads.player(s.player.id)
        assert s.road == road
        assert s.roads.points == road.vp
        assert s.era_total == sum(s.category(c).points for c in Category)
        assert s.population == (
            s.citizens + city.population_tokens.get(s.player.id, 0) + road.population
        )
        assert s.coins == s.silver.points + road.coins
        silver += s.silver.points
    # Road coins only change hands.
    assert sum(s.coins for s in result.players) == silver
    doc = {
        "format": "rome-companion/1",
        "game": GAME,
        "players": [{"id": p.id, "name": p.name} for p in city.players],
        **to_json(city),
    }
    assert city_of(json.loads(json.dumps(doc))) == city


# --------------------------------------------------------------------------
# Winners
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("score_before", "expected"),
    (
        ({"red": 10, "blue": 3}, ("red",)),
        ({"red": 3, "blue": 10}, ("blue",)),
        ({"red": 5, "blue": 5}, ("red", "blue")),  # a tie stays a tie
        # a road board's penalty may leave a running total below 0 (spec: "a
        # negative number is a loss"); the total still counts from it
        ({"red": -3, "blue": -1}, ("blue",)),
    ),
)
def test_winners_after_era_3(
    score_before: dict[str, int], expected: tuple[str]
) -> None:
    doc = table(era=3, score_before=score_before)
    result = score(city_of(doc))
    assert tuple(p.id for p in winners(result)) == expected
    assert read_table(doc).score_json()["winners"] == list(expected)


def test_no_winner_before_era_3() -> None:
    with pytest.raises(GameNotOverError, match="not Era 2"):
        winners(score(city_of(table(era=2))))


# --------------------------------------------------------------------------
# Scenarios shared with the other implementations
# --------------------------------------------------------------------------


FOR_INVALID = (
    "buildings-overlap",
    "building-lots-not-connected",
    "duplicate-player-id",
    "lot-marker-on-built-lot",
    "lot-off-board-3-players",
    "unknown-key-in-building",
    # picks on the road boards that break a rule (rulebook 000)
    "rof-choice-by-unranked-player",
    "rof-choice-on-taken-slot",
    "rof-choice-out-of-rank-order",
)


@pytest.mark.parametrize(
    "path",
    scenario_files("for-*.json") + scenario_files("rof-*.json"),
    ids=lambda p: p.stem,
)
def test_scenario_scores_as_expected(path: Path) -> None:
    require_shared()
    expected = expected_result(path)
    got = scored(path)
    assert got["game"] == expected["game"] and got["era"] == expected["era"]
    for pid, values in expected["players"].items():
        assert {k: got["players"][pid][k] for k in values} == values, pid
    assert set(got["players"]) == set(expected["players"])
    for edge, values in expected.get("roads", {}).items():
        assert {k: got["roads"][edge][k] for k in values} == values, edge
    assert ("roads" in got) is ("road_boards" in json.loads(path.read_text("utf-8")))


def test_there_are_scenarios() -> None:
    require_shared()
    assert len(scenario_files("for-*.json")) >= 8
    assert len(scenario_files("rof-*.json")) >= 2


@pytest.mark.parametrize("name", FOR_INVALID)
def test_invalid_scenario_is_refused(name: str) -> None:
    require_shared()
    path = SCENARIOS / "invalid" / f"{name}.json"
    assert json.loads(path.read_text("utf-8"))["game"] == GAME
    assert_refused(path)


# --------------------------------------------------------------------------
# Golden worked examples (tests/engines/golden/foundations.toml)
# --------------------------------------------------------------------------

GOLDEN = golden("foundations")


@pytest.mark.parametrize(
    "example", GOLDEN["example"], ids=[e["name"] for e in GOLDEN["example"]]
)
def test_golden_example(example: dict[str, Any]) -> None:
    assert example["source"].startswith("rulebook 001, ")
    doc = {"format": "rome-companion/1", "game": GAME, **example["table"]}
    got = scores(doc)
    for pid, values in example["expected"].items():
        assert {k: got[pid][k] for k in values} == values, pid


# --------------------------------------------------------------------------
# Tray and building over (rulebook 001, "Construct a Building", "Building Over")
# --------------------------------------------------------------------------


def piece(name: str, owner: str, lots: str) -> Building:
    """A tray piece of this name on these lots (the shape picks the variant)."""
    for candidate in TRAY:
        if candidate.name == name:
            try:
                return candidate.make(owner, L(lots))
            except ValueError:
                continue
    raise AssertionError(f"no {name} covers {lots}")


def test_tray_matches_the_catalogue() -> None:
    per_type: dict[BuildingType, int] = {}
    for p in TRAY:
        per_type[p.type] = per_type.get(p.type, 0) + p.count
    # 8 of each tray type; monuments come from the shared pool, not a tray
    tray_types = (BuildingType.RESIDENTIAL, BuildingType.COMMERCIAL, BuildingType.CIVIC)
    assert per_type == dict.fromkeys(tray_types, 8)
    assert tray_piece("Insula", Shape.L3).values == Residential(4)
    assert tray_piece("Grand Insula", Shape.I4).values == Residential(6)
    assert tray_piece("Bakery").values == Commercial(1, 0)
    assert tray_piece("Foundry", Shape.O4).values == Commercial(3, 5)
    assert tray_piece("Civic building").values is None


def test_remaining_tray() -> None:
    doc = table(
        buildings=[
            res("red", "A1", 1),
            res("red", "C1", 1),
            res("red", "A3 B3 C3", 4),
            civ("red", "E1", "building"),
            res("blue", "E5", 1),
            # a T-shaped residential (a file may say so): it takes a size-4 piece
            res("red", "E3 F3 G3 F4", 6),
        ]
    )
    left = {
        (s.piece.name, s.piece.shape): s.left
        for s in remaining_tray(city_of(doc), "red")
    }
    assert left[("Domus", Shape.MONO)] == 0
    assert left[("Insula", Shape.I3)] == 0 and left[("Insula", Shape.L3)] == 1
    assert left[("Grand Insula", Shape.O4)] + left[("Grand Insula", Shape.I4)] == 1
    assert left[("Civic building", None)] == 7
    assert left[("Bakery", Shape.MONO)] == 2


def test_tray_piece_make_checks_the_shape() -> None:
    with pytest.raises(ValueError, match="covers straight 3"):
        tray_piece("Insula", Shape.I3).make("red", L("A1 A2 B2"))
    with pytest.raises(ValueError, match="needs its civic values"):
        tray_piece("Civic building").make("red", L("A1"))


BASE = table(
    buildings=[
        res("red", "A1", 1, name="Domus"),
        res("red", "C1 C2", 2, name="Domus Maximus"),
        res("red", "E1 E2", 2, name="Domus Maximus"),
        res("blue", "G1", 1, name="Domus"),
        civ("red", "A5", "building"),
        res("red", "A3 B3 B4", 4, name="Insula"),
        res("red", "F4", 1, name="Domus"),
    ],
    lot_markers={"red": ["A2", "B1", "D1", "D2", "C3", "A6"], "blue": ["G2"]},
)


@pytest.mark.parametrize(
    ("new", "gone", "markers"),
    (
        # on own lot markers: the markers come back
        (piece("Pottery Studio", "red", "D1 D2"), (), "A2 B1 C3 A6"),
        # over a smaller own building plus a marker
        (piece("Pottery Studio", "red", "A1 A2"), ("A1",), "B1 D1 D2 C3 A6"),
        # Insula (3) over a Domus Maximus (2): the marker comes back from C3
        (piece("Insula", "red", "C1 C2 C3"), ("C1",), "A2 B1 D1 D2 A6"),
        # Grand Insula (4) over two Domus Maximus (2 + 2), each smaller
        (piece("Grand Insula", "red", "C1 D1 C2 D2"), ("C1",), "A2 B1 C3 A6"),
        # an Insula over parts of two buildings: E2 stays red's, with a marker
        (piece("Insula", "red", "C1 D1 E1"), ("C1", "E1"), "A2 B1 D2 C3 A6 C2 E2"),
        # the type does not matter for building over
        (piece("Pottery Studio", "red", "A5 A6"), ("A5",), "A2 B1 D1 D2 C3"),
    ),
)
def test_legal_builds(new: Building, gone: tuple[str, ...], markers: str) -> None:
    before = city_of(BASE)
    snapshot = copy.deepcopy(before)
    after = build(before, new)
    assert before == snapshot  # never mutated
    assert after.buildings[-1] == new
    remaining = {b.lots[0] for b in after.buildings[:-1]}
    assert not {Lot.parse(g) for g in gone} & remaining
    assert len(after.buildings) == len(before.buildings) - len(gone) + 1
    assert after.markers("red") == L(markers)
    assert after.markers("blue") == before.markers("blue")
    assert problems(after) == ()


@pytest.mark.parametrize(
    ("new", "error", "message"),
    (
        (piece("Domus", "red", "B2"), LotNotOwnedError, 'Ana does not own "B2"'),
        (piece("Domus", "red", "G2"), LotNotOwnedError, "it is Bo's lot"),
        (
            piece("Domus Maximus", "red", "G1 G2"),
            LotNotOwnedError,
            "builds over their own buildings only",
        ),
        # same size: never
        (
            piece("Pottery Studio", "red", "C1 C2"),
            BuildingOverError,
            "it covers 2 lots and the new building 2",
        ),
        # a bigger building is never replaced by a smaller one
        (piece("Domus", "red", "C1"), BuildingOverError, "strictly smaller"),
        # one replaced building too big is enough: the Domus is fine, not the
        # Insula of the same size
        (piece("Insula", "red", "A1 A2 A3"), BuildingOverError, "Insula at A3"),
        # both Domus are on the board
        (piece("Domus", "red", "B1"), NotInTrayError, "Ana has no Domus (1x1) left"),
        (
            Building("red", L("A2 B1 D1"), Residential(4)),
            IllegalBuildError,
            "orthogonally connected",
        ),
        (
            Building("red", L("C3 C4 B4 D4"), Residential(6)),
            IllegalBuildError,
            "does not own",
        ),
        (
            Building("red", L("H1"), Residential(1)),
            IllegalBuildError,
            "off the 7x7 board used by 2 players",
        ),
        (
            Building("green", L("A2"), Residential(1)),
            IllegalBuildError,
            "not a player",
        ),
    ),
)
def test_illegal_builds(new: Building, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
        build(city_of(BASE), new)


def test_shape_not_in_tray() -> None:
    doc = table(lot_markers={"red": ["A1", "B1", "C1", "B2"]})
    t_shape = Building("red", L("A1 B1 C1 B2"), Residential(6))
    with pytest.raises(NotInTrayError, match=r"this shape \(T of 4\)"):
        build(city_of(doc), t_shape)
    # a civic building may take any connected shape
    civic = Building("red", L("A1 B1 C1 B2"), Civic(CivicKind.CIVIC, 1))
    assert build(city_of(doc), civic).markers("red") == ()


def test_replaced_buildings_return_to_the_tray() -> None:
    # Both Domus on the board; building over one frees it for reuse.
    doc = table(
        buildings=[res("red", "A1", 1), res("red", "C1", 1)],
        lot_markers={"red": ["A2", "E5"]},
    )
    city = build(city_of(doc), piece("Domus Maximus", "red", "A1 A2"))
    again = build(city, piece("Domus", "red", "E5"))
    assert [b.size for b in again.buildings] == [1, 2, 1]


def test_build_needs_a_lot_marker_for_every_uncovered_lot() -> None:
    # Two Domus Maximus replaced by an Insula leave one lot to keep: red's
    # eight lot markers are all on the board already.
    markers = [f"{c}7" for c in "ABCDEFG"] + ["G5"]
    doc = table(
        buildings=[res("red", "A1 A2", 2), res("red", "B1 B2", 2)],
        lot_markers={"red": markers},
    )
    with pytest.raises(LotMarkerError, match="would need 9 lot markers"):
        build(city_of(doc), piece("Insula", "red", "A1 B1 B2"))


def test_remove() -> None:
    city = city_of(BASE)
    without = remove(city, 1)
    assert len(without.buildings) == len(city.buildings) - 1
    assert city.buildings[1] not in without.buildings
    assert without.markers("red") == city.markers("red")
    kept = remove(city, 1, keep_lots=True)
    assert kept.markers("red") == (*city.markers("red"), *L("C1 C2"))
    assert problems(kept) == ()
    with pytest.raises(LotMarkerError):
        remove(kept, 1, keep_lots=True)  # 8 markers + 2 more
    for index in (len(city.buildings), -1):
        with pytest.raises(NoSuchBuildingError):
            remove(city, index)


# --------------------------------------------------------------------------
# Registry glue
# --------------------------------------------------------------------------


def test_engine_is_registered() -> None:
    game = find_game(GAME)
    assert game.engine is ENGINE
    players = (Player("red", "Ana"), Player("blue", "Bo"))
    doc = new_table_document(game, players)
    assert doc["era"] == 1 and doc["buildings"] == []
    out = read_table(doc).score_json()
    assert out["players"]["red"]["total"] == 0  # type: ignore[index]


# --------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------

NUMBERS = (
    "population",
    "residential",
    "civic",
    "commercial",
    "silver",
    "roads",
    "empty_lots",
    "era_total",
    "total",
)


def numbers(city: City) -> dict[str, tuple[int, ...]]:
    out = score_json(city)["players"]
    assert isinstance(out, dict)
    return {pid: tuple(v[k] for k in NUMBERS) for pid, v in out.items()}


@PROPERTY
@given(for_cities())
def test_totals_add_up_and_are_never_negative(city: City) -> None:
    assert problems(city) == ()
    result = score(city)
    for s in result.players:
        for category in Category:
            tally = s.category(category)
            assert tally.points == sum(line.points for line in tally.lines)
            assert tally.points >= 0
        assert s.era_total == sum(s.category(c).points for c in Category)
        assert s.total == city.score_before.get(s.player.id, 0) + s.era_total
        assert s.silver.points >= 0 and s.population >= 0
        if not city.final:
            assert s.empty_lots.points == 0
        else:
            assert s.silver.points == 0


@PROPERTY
@given(for_cities(), st.data())
def test_relabelling_players_changes_only_labels(
    city: City, data: st.DataObject
) -> None:
    ids = [p.id for p in city.players]
    new_ids = data.draw(st.permutations(FOR_COLOURS))[: len(ids)]
    rename = dict(zip(ids, new_ids, strict=True))
    seats = data.draw(st.permutations(city.players))
    order = data.draw(st.permutations(range(len(city.buildings))))
    relabelled = City(
        players=tuple(Player(rename[p.id], p.name) for p in seats),
        era=city.era,
        buildings=tuple(
            replace(city.buildings[i], owner=rename[city.buildings[i].owner])
            for i in order
        ),
        score_before={rename[k]: v for k, v in city.score_before.items()},
        lot_markers={rename[k]: v for k, v in city.lot_markers.items()},
        population_tokens={rename[k]: v for k, v in city.population_tokens.items()},
        coins={rename[k]: v for k, v in city.coins.items()},
    )
    before, after = numbers(city), numbers(relabelled)
    assert {rename[pid]: v for pid, v in before.items()} == after


@PROPERTY
@given(for_city_and_new_building())
def test_adding_a_building_never_lowers_civic_scores(
    case: tuple[City, Building],
) -> None:
    city, new = case
    bigger = replace(city, buildings=(*city.buildings, new))
    assert problems(bigger) == ()
    before, after = score(city), score(bigger)
    for old, now in zip(before.players, after.players, strict=True):
        assert now.civic.points >= old.civic.points


@PROPERTY
@given(for_cities())
def test_table_file_round_trip(city: City) -> None:
    doc = {
        "format": "rome-companion/1",
        "game": GAME,
        "players": [{"id": p.id, "name": p.name} for p in city.players],
        **to_json(city),
    }
    assert city_of(json.loads(json.dumps(doc))) == city


@PROPERTY
@given(for_owned_group(), st.data())
def test_build_keeps_ownership_and_validity(
    case: tuple[City, str, tuple[Lot, ...]], data: st.DataObject
) -> None:
    city, owner, lots = case
    civic = data.draw(st.builds(Civic, st.sampled_from(CivicKind), st.integers(0, 3)))
    fitting = [p for p in TRAY if p.fits(Building(owner, lots, p.values or civic))]
    new = data.draw(st.sampled_from(fitting)).make(owner, lots, civic)

    def owned(c: City, pid: str) -> set[Lot]:
        mine = {lot for b in c.buildings if b.owner == pid for lot in b.lots}
        return mine | set(c.markers(pid))

    try:
        after = build(city, new)
    except IllegalBuildError:
        return
    assert problems(after) == ()
    for player in city.players:
        # building never changes which lots anyone owns
        assert owned(after, player.id) == owned(city, player.id)
    others = [b for b in city.buildings if b.owner != owner]
    assert [b for b in after.buildings if b.owner != owner] == others
