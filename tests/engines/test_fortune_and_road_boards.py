"""Roads of Fortune engine: influence, rank order, road boards, picks, reading.

Pure tests: no app, no Flask. Rules are rulebook 000 and the spec's "Road boards
(Roads of Fortune)" section (../shared/spec/table-file.md).
"""

from __future__ import annotations

import copy
import json
import pickle
import tomllib
from dataclasses import replace
from itertools import pairwise
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engines import read_table
from companion.engines.base import (
    Line,
    Message,
    Node,
    Player,
    TableFileError,
    display_names,
)
from companion.engines.foundations import (
    LOT_MARKERS_PER_PLAYER,
    Building,
    City,
    Lot,
    Residential,
    fortune,
    problems,
)
from companion.engines.foundations.fortune import (
    Gain,
    MajorityChoiceError,
    MarkerError,
    Option,
    RankOrderError,
    RoadChoiceError,
    SlotError,
    Standing,
    TieBreak,
    Turn,
    UnrankedPlayerError,
    choose,
    first_turn,
    influence,
    next_turn,
    rank_order,
    resolve,
    result_json,
)
from companion.engines.foundations.road_boards import (
    MILESTONES_PER_PLAYER,
    PRESETS,
    WORKED_EXAMPLE,
    Choice,
    CoinsFromEach,
    Edge,
    FirstPlayer,
    MajorityBoard,
    Marker,
    MilestoneBoard,
    OtherReward,
    PopulationToken,
    RoadBoards,
    Slot,
    SwapLots,
    Take,
    VictoryPoints,
    board_to_json,
    read,
    to_json,
    worked_example_boards,
)

from ..conftest import SHARED, require_shared
from ..helpers import edited
from .strategies import FOR_COLOURS, for_cities
from .strategies_roads import crowded_edges, walked_tables

HERE = Path(__file__).resolve().parent
PROPERTY = settings(max_examples=60, deadline=None)
GOLDEN = tomllib.loads((HERE / "golden" / "roads.toml").read_text("utf-8"))

# --------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------

NAMES = {"red": "Ana", "blue": "Bo", "green": "Chiara", "purple": "Dario"}


def B(spec: str) -> Building:  # noqa: N802 - reads like a board diagram
    """``B("red A1 B1")``: a building of red on A1, B1 (its type is irrelevant
    to influence)."""
    owner, *lots = spec.split()
    return Building(owner, tuple(Lot.parse(lot) for lot in lots), Residential(1))


def city(
    players: str = "red blue green",
    *buildings: str,
    era: int = 1,
    markers: dict[str, str] | None = None,
) -> City:
    """A valid city of these players (seat order) and buildings."""
    made = City(
        players=tuple(Player(p, NAMES[p]) for p in players.split()),
        era=era,
        buildings=tuple(B(spec) for spec in buildings),
        lot_markers={
            pid: tuple(Lot.parse(lot) for lot in lots.split())
            for pid, lots in (markers or {}).items()
        },
    )
    assert problems(made) == ()
    return made


PLAIN = MilestoneBoard((Slot(VictoryPoints(3)), Slot(VictoryPoints(1))))
"""A milestone board for the edges a test does not look at."""


def boards(
    choices: dict[Edge, list[Choice]] | None = None,
    milestones_left: dict[str, int] | None = None,
    **faces: Any,
) -> RoadBoards:
    """Road boards: ``PLAIN`` on every edge not named in ``faces``."""
    return RoadBoards(
        {edge: faces.get(edge.value, PLAIN) for edge in Edge},
        {edge: tuple(picks) for edge, picks in (choices or {}).items()},
        milestones_left or {},
    )


def pick(
    player: str, slot: int | None, take: str = "reward", marker: str | None = None
) -> Choice:
    """A recorded pick; a milestone marker unless said (none for a pass)."""
    if take == "pass":
        return Choice(player, Take.PASS, slot, Marker(marker) if marker else None)
    return Choice(player, Take(take), slot, Marker(marker or "milestone"))


def texts(lines: tuple[Line, ...]) -> list[str]:
    return [str(line.text) for line in lines]


# The worked example of rulebook 000, as the golden file gives it.


def example_city() -> City:
    doc = {
        "format": "rome-companion/1",
        "game": "foundations-of-rome",
        **GOLDEN["city"],
    }
    sheet = read_table(doc).sheet
    assert isinstance(sheet, City)
    return sheet


def example_boards(**choices: list[dict[str, Any]]) -> RoadBoards:
    """The example's four faces (presets) with its picks, or ``choices``."""
    picks = GOLDEN["choices"] if not choices else choices
    faces = {
        edge: board_to_json(PRESETS[name]) for edge, name in GOLDEN["faces"].items()
    }
    doc = {**faces, "choices": picks}
    return read(Node(doc, "road_boards"), example_city().players)


# --------------------------------------------------------------------------
# Edges and influence (rulebook 000, "Determining Influence")
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lot", "size", "edges"),
    (
        ("A1", 8, {Edge.NORTH, Edge.WEST}),  # a corner is on two edges
        ("H8", 8, {Edge.EAST, Edge.SOUTH}),
        ("D1", 8, {Edge.NORTH}),
        ("H4", 8, {Edge.EAST}),
        ("H4", 9, set()),  # H is inner on the 9x9 board of 4 players
        ("I9", 9, {Edge.EAST, Edge.SOUTH}),
        ("G7", 7, {Edge.EAST, Edge.SOUTH}),
        ("A5", 10, {Edge.WEST}),
        ("D5", 10, set()),
    ),
)
def test_edges_of_a_lot(lot: str, size: int, edges: set[Edge]) -> None:
    assert {e for e in Edge if e.has(Lot.parse(lot), size)} == edges


def test_edges_resolve_north_east_south_west() -> None:
    assert [e.value for e in Edge] == ["north", "east", "south", "west"]


@pytest.mark.parametrize(
    ("case", "edge", "expected", "order", "tie_breaks"),
    (
        # The whole building counts when one of its lots is on the edge.
        (city("red blue", "red C1 C2 C3", "blue D1"), Edge.NORTH,
         {"red": 3, "blue": 1}, ["red", "blue"], []),
        # Every building of a player on the edge adds up.
        (city("red blue", "red C1", "red E1 E2", "blue A2 A3"), Edge.NORTH,
         {"red": 3}, ["red"], []),
        # Tie on the north edge: the earliest letter wins.
        (city("red blue", "red D1 D2", "blue B1 B2"), Edge.NORTH,
         {"blue": 2, "red": 2}, ["blue", "red"],
         ["Bo before Ana: earliest letter on the north edge, B1 against D1"]),
        # Tie on the south edge, as in the rulebook (B10 against D10).
        (city("red blue green purple", "green D9", "purple B9"), Edge.SOUTH,
         {"purple": 1, "green": 1}, ["purple", "green"],
         ["Dario before Chiara: earliest letter on the south edge, B9 against D9"]),
        # Tie on the west edge: every lot is column A, the lowest number wins.
        (city("red blue", "red A5 B5", "blue A3 B3"), Edge.WEST,
         {"blue": 2, "red": 2}, ["blue", "red"],
         ["Bo before Ana: same letter, lowest number on the west edge, A3 against A5"]),
        # Tie on the east edge of the 3-player board (column H).
        (city("red blue green", "red H2", "blue H6"), Edge.EAST,
         {"red": 1, "blue": 1}, ["red", "blue"],
         ["Ana before Bo: same letter, lowest number on the east edge, H2 against H6"]),
        # More influence beats an earlier letter.
        (city("red blue", "red A1", "blue F1 G1"), Edge.NORTH,
         {"blue": 2, "red": 1}, ["blue", "red"], []),
        # Three tied: two tie-breaks, each between neighbours in the order.
        (city("red blue green", "red F1", "blue B1", "green D1"), Edge.NORTH,
         {"blue": 1, "green": 1, "red": 1}, ["blue", "green", "red"],
         ["Bo before Chiara: earliest letter on the north edge, B1 against D1",
          "Chiara before Ana: earliest letter on the north edge, D1 against F1"]),
        # A corner lot ties on two edges, by its letter and by its number.
        (city("red blue green", "red A1", "blue B1", "green A2"), Edge.NORTH,
         {"red": 1, "blue": 1}, ["red", "blue"],
         ["Ana before Bo: earliest letter on the north edge, A1 against B1"]),
        (city("red blue green", "red A1", "blue B1", "green A2"), Edge.WEST,
         {"red": 1, "green": 1}, ["red", "green"],
         ["Ana before Chiara: same letter, lowest number on the west edge, "
          "A1 against A2"]),
        # Corner lots count on both edges.
        (city("red blue", "red A1 B1"), Edge.WEST, {"red": 2}, ["red"], []),
        (city("red blue", "red A1 B1"), Edge.NORTH, {"red": 2}, ["red"], []),
        (city("red blue", "red G7"), Edge.EAST, {"red": 1}, ["red"], []),
        (city("red blue", "red G7"), Edge.SOUTH, {"red": 1}, ["red"], []),
        # Lot markers never count: red owns A1 and B1 but has built nothing.
        (city("red blue", "blue C1", markers={"red": "A1 B1"}), Edge.NORTH,
         {"blue": 1}, ["blue"], []),
        # A player without influence is not ranked (green builds inland).
        (city("red blue green", "red A3", "green D4 D5"), Edge.WEST,
         {"red": 1}, ["red"], []),
        # Nobody on the edge: nobody ranked.
        (city("red blue", "red D4"), Edge.SOUTH, {}, [], []),
        # The edge depends on the board: G is the east edge for 2 players only.
        (city("red blue", "red G3"), Edge.EAST, {"red": 1}, ["red"], []),
        (city("red blue green", "red G3"), Edge.EAST, {}, [], []),
    ),
)  # fmt: skip
def test_influence_and_rank_order(
    case: City,
    edge: Edge,
    expected: dict[str, int],
    order: list[str],
    tie_breaks: list[str],
) -> None:
    found = influence(case, edge)
    assert found.influence == expected
    assert list(found.order) == order
    assert texts(found.tie_breaks) == tie_breaks
    for line in found.tie_breaks:
        assert line.points is None and str(line.source) == (
            "rulebook 000, Determining Influence"
        )


BY_LETTER = (
    "{first} before {second}: earliest letter on the {edge} edge, {a} against {b}"
)
BY_NUMBER = (
    "{first} before {second}: same letter, lowest number on the {edge} edge, "
    "{a} against {b}"
)
"""The two tie-break templates (rulebook 000, "Determining Influence" 2.A, 2.B)."""


def S(spec: str) -> Standing:  # noqa: N802 - reads like a line of a score pad
    """``S("red 2 A1")``: red with influence 2, whose lot on the edge with the
    earliest letter and lowest number is A1 (on one edge that is one lot)."""
    player, points, lot = spec.split()
    return Standing(player, int(points), Lot.parse(lot), Lot.parse(lot))


@pytest.mark.parametrize(
    ("standings", "order", "ties"),
    (
        # North edge, a tie: the earliest letter decides (2.A).
        (["red 2 D1", "blue 2 B1"], ["blue", "red"],
         [("blue", "red", TieBreak.LETTER, "B1", "D1")]),
        # West edge, a tie: every lot is column A; the lowest number (2.B).
        (["red 2 A5", "blue 2 A3"], ["blue", "red"],
         [("blue", "red", TieBreak.NUMBER, "A3", "A5")]),
        # The corner A1 is on the north and the west edge: against B1 on the
        # north edge its letter wins, against A2 on the west edge its number.
        (["blue 1 B1", "red 1 A1"], ["red", "blue"],
         [("red", "blue", TieBreak.LETTER, "A1", "B1")]),
        (["green 1 A2", "red 1 A1"], ["red", "green"],
         [("red", "green", TieBreak.NUMBER, "A1", "A2")]),
        # More influence ranks first, whatever the letters: no tie to explain.
        (["red 1 A1", "blue 2 F1"], ["blue", "red"], []),
        # Three tied: one reason for each pair of neighbours.
        (["red 1 F1", "blue 1 B1", "green 1 D1"], ["blue", "green", "red"],
         [("blue", "green", TieBreak.LETTER, "B1", "D1"),
          ("green", "red", TieBreak.LETTER, "D1", "F1")]),
        # A tie below a clear leader: only the tied pair has a reason.
        (["red 1 H9", "blue 3 H2", "green 1 H4"], ["blue", "green", "red"],
         [("green", "red", TieBreak.NUMBER, "H4", "H9")]),
        # One player, or nobody: nothing to break.
        (["red 4 C1"], ["red"], []),
        ([], [], []),
    ),
)  # fmt: skip
def test_rank_order_and_what_decided_each_tie(
    standings: list[str],
    order: list[str],
    ties: list[tuple[str, str, TieBreak, str, str]],
) -> None:
    ranked, found = rank_order(S(spec) for spec in standings)
    assert [s.player for s in ranked] == order
    assert [
        (t.ahead.player, t.behind.player, t.by, str(t.lots[0]), str(t.lots[1]))
        for t in found
    ] == ties


def test_counted_buildings_are_explained() -> None:
    found = influence(city("red blue", "red C1 C2 C3", "blue D1"), Edge.NORTH)
    assert texts(found.counted) == [
        "Ana: residential building at C1, C2, C3 touches the north edge: "
        "3 lots of influence",
        "Bo: residential building at D1 touches the north edge: 1 lot of influence",
    ]
    assert [line.points for line in found.counted] == [3, 1]
    assert all(isinstance(line.text, Message) for line in found.counted)


def test_rank_and_influence_of_a_player() -> None:
    found = influence(city("red blue green", "red D1 D2", "blue B1"), Edge.NORTH)
    assert (found.rank("red"), found.rank("blue"), found.rank("green")) == (0, 1, None)
    assert (found.of("red"), found.of("green")) == (2, 0)


# --------------------------------------------------------------------------
# Majority boards (rulebook 000, "Gameplay Overview" 4, East Road Board example)
# --------------------------------------------------------------------------

MAJORITY = MajorityBoard(most=(1, 2, 3), none=(-1, -2, -3))


@pytest.mark.parametrize(
    ("buildings", "era", "vp"),
    (
        # One leader; blue has influence but not the most; green has none.
        (("red A1 B1", "blue D1"), 1, {"red": 1, "blue": 0, "green": -1}),
        (("red A1 B1", "blue D1"), 2, {"red": 2, "blue": 0, "green": -2}),
        # A tie for the most: both gain it (no tie-break on majority boards).
        (("red A1 B1", "blue D1 E1"), 1, {"red": 1, "blue": 1, "green": -1}),
        (("red A1 B1", "blue D1 E1"), 3, {"red": 3, "blue": 3, "green": -3}),
        # Everyone has influence: nobody loses.
        (("red A1", "blue D1", "green F1"), 1, {"red": 1, "blue": 1, "green": 1}),
        # Nobody has influence: everyone takes the no-influence result.
        (("red D4",), 1, {"red": -1, "blue": -1, "green": -1}),
        (("red D4",), 2, {"red": -2, "blue": -2, "green": -2}),
    ),
)
def test_majority_board(
    buildings: tuple[str, ...], era: int, vp: dict[str, int]
) -> None:
    case = city("red blue green", *buildings, era=era)
    result = resolve(case, boards(north=MAJORITY))
    got = {p.player: p.total(Gain.VP, Edge.NORTH) for p in result.players}
    assert got == vp
    for p in result.players:
        assert len(p.lines(Gain.VP, Edge.NORTH)) == 1  # every player is told why


def test_majority_lines_explain() -> None:
    case = city("red blue green", "red A1 B1", "blue D1 E1")
    result = resolve(case, boards(north=MAJORITY))
    assert texts(result.player("red").lines(Gain.VP)) == [
        "North road: the most influence (2), shared with Bo: 1 VP in Era 1"
    ]
    assert texts(result.player("green").lines(Gain.VP)) == [
        "North road: no influence: -1 VP in Era 1"
    ]
    three = resolve(
        city("red blue green", "red A1", "blue D1", "green F1"), boards(north=MAJORITY)
    )
    assert texts(three.player("red").lines(Gain.VP, Edge.NORTH)) == [
        "North road: the most influence (1), shared with Bo and Chiara: 1 VP in Era 1"
    ]
    nobody = resolve(city("red blue", "red D4"), boards(north=MAJORITY))
    assert texts(nobody.player("red").lines(Gain.VP)) == [
        "North road: nobody has influence, so everyone takes the no-influence "
        "result: -1 VP in Era 1"
    ]


# --------------------------------------------------------------------------
# Milestone boards: rewards (rulebook 000, "Gameplay Overview" 3)
# --------------------------------------------------------------------------

EVERY_REWARD = MilestoneBoard(
    (
        Slot(VictoryPoints(3)),
        Slot(PopulationToken(2), VictoryPoints(1)),
        Slot(CoinsFromEach(2)),
        Slot(FirstPlayer(), VictoryPoints(1)),
        Slot(SwapLots(2)),
    )
)
FIVE = city(
    "red blue green purple",
    "red A1",
    "blue C1",
    "green E1",
    "purple G1",
)
"""Four players, each with influence 1 on the north edge: red, blue, green,
purple in rank order (letters A, C, E, G)."""


@pytest.mark.parametrize(
    ("picks", "vp", "coins", "population"),
    (
        ([pick("red", 0)], {"red": 3}, {}, {}),
        ([pick("red", 1)], {}, {}, {"red": 2}),
        # "or": the alternate instead of the printed reward.
        ([pick("red", 1, "or")], {"red": 1}, {}, {}),
        # Coins from every other player, ranked or not.
        ([pick("red", 2)], {}, {"red": 6, "blue": -2, "green": -2, "purple": -2}, {}),
        ([pick("red", 3, "or")], {"red": 1}, {}, {}),
        # Everyone picks in rank order.
        (
            [pick("red", 4), pick("blue", 0), pick("green", 1), pick("purple", 2)],
            {"blue": 3},
            {"purple": 6, "red": -2, "blue": -2, "green": -2},
            {"green": 2},
        ),
        # A pass, and players left out, take nothing.
        ([pick("red", None, "pass"), pick("green", 0)], {"green": 3}, {}, {}),
    ),
)
def test_milestone_rewards(
    picks: list[Choice],
    vp: dict[str, int],
    coins: dict[str, int],
    population: dict[str, int],
) -> None:
    result = resolve(FIVE, boards({Edge.NORTH: picks}, north=EVERY_REWARD))

    def nonzero(gain: Gain) -> dict[str, int]:
        totals = {p.player: p.total(gain, Edge.NORTH) for p in result.players}
        return {pid: n for pid, n in totals.items() if n}

    assert nonzero(Gain.VP) == vp
    assert nonzero(Gain.COINS) == coins
    assert nonzero(Gain.POPULATION) == population
    assert sum(p.coins for p in result.players) == 0


def test_records_first_player_swaps_and_free_text() -> None:
    board = MilestoneBoard(
        (Slot(FirstPlayer()), Slot(SwapLots(2)), Slot(OtherReward("Take a deed")))
    )
    result = resolve(
        FIVE,
        boards({Edge.NORTH: [pick("red", 2), pick("blue", 0), pick("green", 1)]},
               north=board),
    )  # fmt: skip
    assert result.first_player == "blue"
    assert result.player("green").swap_lots == 2
    assert result.player("red").other == ("Take a deed",)
    assert texts(result.player("red").lines(Gain.NOTE, Edge.NORTH)) == [
        "North road, space 3: the printed reward “Take a deed”; apply it at the table"
    ]
    assert texts(result.player("blue").lines(Gain.NOTE)) == [
        "North road, space 1: the first player marker"
    ]
    assert texts(result.player("purple").lines(Gain.NOTE)) == [
        "North road: every space was taken before their pick"
    ]
    assert resolve(FIVE, boards()).first_player is None


def test_reward_lines_explain_and_cite() -> None:
    picks = [pick("red", 1, "or"), pick("blue", 2), pick("green", 0)]
    result = resolve(FIVE, boards({Edge.NORTH: picks}, north=EVERY_REWARD))
    red = result.player("red").lines(Gain.VP)
    assert texts(red) == [
        "North road, space 2: 1 VP instead of a population token worth 2"
    ]
    assert str(red[0].source) == "rulebook 000, Alternate Rewards"
    assert texts(result.player("blue").lines(Gain.COINS)) == [
        "North road, space 3: 6 coins from the other players (2 from each)"
    ]
    assert texts(result.player("green").lines(Gain.COINS)) == [
        "North road: pays 2 coins to Bo"
    ]


def test_population_token_line() -> None:
    result = resolve(FIVE, boards({Edge.NORTH: [pick("red", 1)]}, north=EVERY_REWARD))
    (line,) = result.player("red").lines(Gain.POPULATION)
    assert line.points == 2
    assert str(line.text) == (
        "North road, space 2: a population token worth 2, +2 population from "
        "this era on"
    )
    assert str(line.source) == "rulebook 000, Population Tokens"


# --------------------------------------------------------------------------
# Milestone markers and lot markers (rulebook 000, "Gameplay Overview" 3.A)
# --------------------------------------------------------------------------

CORNERS = city("red blue", "red A1", "red G7", "blue D1")
"""Red has influence on every edge (corners A1 and G7); blue on the north."""


def test_milestones_run_out_as_the_edges_resolve() -> None:
    picks = {
        Edge.NORTH: [pick("red", 0)],
        Edge.EAST: [pick("red", 0)],
        Edge.SOUTH: [pick("red", 0, marker="lot")],
        Edge.WEST: [pick("red", 0, marker="lot")],
    }
    result = resolve(CORNERS, boards(picks))
    red = result.player("red")
    assert (red.milestones_left, red.lot_markers_spent, red.vp) == (0, 2, 12)
    assert texts(red.lines(Gain.NOTE, Edge.SOUTH)) == [
        "South road: placed a lot marker as a milestone (both milestones were "
        "placed): one lot marker fewer next era"
    ]


def test_milestones_left_is_the_count_at_the_start() -> None:
    # With the default 2, a lot marker first is too early...
    picks = {Edge.NORTH: [pick("red", 0, marker="lot")], Edge.EAST: [pick("red", 0)]}
    with pytest.raises(MarkerError):
        resolve(CORNERS, boards(picks))
    # ...and with one milestone left (the other placed in an earlier era), the
    # second board takes the lot marker.
    only_one = {Edge.NORTH: [pick("red", 0)], Edge.EAST: [pick("red", 0, marker="lot")]}
    result = resolve(CORNERS, boards(only_one, {"red": 1}))
    assert result.player("red").milestones_left == 0
    assert result.player("red").lot_markers_spent == 1


FULL_OF_MARKERS = city(
    "red blue",
    "red A1",
    "blue D1",
    markers={"red": "B3 C3 D3 E3 F3 B5 C5 D5"},
)
"""Red has all 8 lot markers on the board."""


@pytest.mark.parametrize(
    ("case", "picks", "left", "error", "path", "message"),
    (
        (CORNERS, {Edge.SOUTH: [pick("blue", 0)]}, {},
         UnrankedPlayerError, "road_boards.choices.south[0].player",
         "Bo has no influence on the south edge"),
        (CORNERS, {Edge.EAST: [pick("blue", 0)]}, {},
         UnrankedPlayerError, "road_boards.choices.east[0].player",
         "Bo has no influence on the east edge"),
        # blue (D1) ranks after red (A1) on the north edge
        (CORNERS, {Edge.NORTH: [pick("blue", 0), pick("red", 1)]}, {},
         RankOrderError, "road_boards.choices.north[1].player",
         "Ana (rank 1 on the north edge) is listed after Bo (rank 2)"),
        (CORNERS, {Edge.NORTH: [pick("red", 0), pick("red", 1)]}, {},
         RankOrderError, "road_boards.choices.north[1].player",
         "Ana already picked on the north road board"),
        (CORNERS, {Edge.NORTH: [pick("red", 0), pick("blue", 0)]}, {},
         SlotError, "road_boards.choices.north[1].slot",
         "slot 0 (space 1) is already taken by Ana (road_boards.choices.north[0])"),
        (CORNERS, {Edge.NORTH: [pick("red", 2)]}, {},
         SlotError, "road_boards.choices.north[0].slot",
         "2 is not a slot of this board (0 to 1)"),
        (CORNERS, {Edge.NORTH: [pick("red", 0, "or")]}, {},
         SlotError, "road_boards.choices.north[0].take",
         "has no alternate reward"),
        (CORNERS, {Edge.NORTH: [Choice("red", Take.REWARD, None, Marker.LOT)]}, {},
         SlotError, "road_boards.choices.north[0].slot", "is required but missing"),
        (CORNERS, {Edge.NORTH: [Choice("red", Take.REWARD, 0)]}, {},
         MarkerError, "road_boards.choices.north[0].marker", "is required"),
        (CORNERS, {Edge.NORTH: [pick("red", 0, "pass")]}, {},
         SlotError, "road_boards.choices.north[0].slot", "a pass places no marker"),
        (CORNERS, {Edge.NORTH: [pick("red", None, "pass", "milestone")]}, {},
         SlotError, "road_boards.choices.north[0].marker", "a pass places no marker"),
        # Both milestones went north and east: a third is one too many.
        (CORNERS,
         {Edge.NORTH: [pick("red", 0)], Edge.EAST: [pick("red", 0)],
          Edge.SOUTH: [pick("red", 0)]}, {},
         MarkerError, "road_boards.choices.south[0].marker",
         "Ana has no milestone marker left here"),
        (CORNERS, {Edge.NORTH: [pick("red", 0)]}, {"red": 0},
         MarkerError, "road_boards.choices.north[0].marker",
         "Ana has no milestone marker left here"),
        # A lot marker stands in only once both milestones are placed.
        (CORNERS, {Edge.NORTH: [pick("red", 0, marker="lot")]}, {"red": 1},
         MarkerError, "road_boards.choices.north[0].marker",
         "Ana still has 1 milestone marker; a lot marker stands in only"),
        (FULL_OF_MARKERS, {Edge.NORTH: [pick("red", 0, marker="lot")]}, {"red": 0},
         MarkerError, "road_boards.choices.north[0].marker",
         "Ana has no lot marker left in supply"),
        (CORNERS, {Edge.NORTH: [Choice("orange", Take.PASS)]}, {},
         UnrankedPlayerError, "road_boards.choices.north[0].player",
         "'orange' is not a player at this table"),
    ),
)  # fmt: skip
def test_picks_that_break_a_rule(
    case: City,
    picks: dict[Edge, list[Choice]],
    left: dict[str, int],
    error: type[RoadChoiceError],
    path: str,
    message: str,
) -> None:
    with pytest.raises(error) as caught:
        resolve(case, boards(picks, left))
    (problem,) = caught.value.problems
    assert problem.path == path
    assert message in str(problem.message)
    assert isinstance(caught.value, TableFileError)


def test_picks_on_a_majority_board_are_refused() -> None:
    with pytest.raises(MajorityChoiceError) as caught:
        resolve(CORNERS, boards({Edge.EAST: [pick("red", 0)]}, east=MAJORITY))
    assert str(caught.value).startswith(
        "road_boards.choices.east: the east road board has no milestone spaces"
    )


# --------------------------------------------------------------------------
# The rulebook's worked example, edge by edge (golden/roads.toml)
# --------------------------------------------------------------------------


def test_golden_source() -> None:
    assert GOLDEN["source"] == "rulebook 000, Gameplay Example"


@pytest.mark.parametrize(
    "case", GOLDEN["edge"], ids=[e["edge"] for e in GOLDEN["edge"]]
)
def test_worked_example_edge_by_edge(case: dict[str, Any]) -> None:
    assert case["source"].startswith("rulebook 000, Gameplay Example - ")
    edge = Edge(case["edge"])
    result = resolve(example_city(), example_boards())
    found = result.edge(edge)
    assert found.influence == case["influence"]
    assert list(found.order) == case["order"]
    assert texts(found.tie_breaks) == case["tie_breaks"]
    for gain in (Gain.VP, Gain.COINS, Gain.POPULATION):
        got = {
            p.player: p.total(gain, edge) for p in result.players if p.lines(gain, edge)
        }
        want = case[gain.value]
        assert {k: v for k, v in got.items() if k in want or v} == want, gain
    for pid, fragments in case["notes"].items():
        notes = " / ".join(texts(result.player(pid).lines(Gain.NOTE, edge)))
        for fragment in fragments:
            assert fragment in notes, (pid, notes)


def test_worked_example_totals() -> None:
    total = GOLDEN["total"]
    result = resolve(example_city(), example_boards())
    ids = [p.player for p in result.players]
    assert {pid: result.player(pid).vp for pid in ids} == total["vp"]
    assert {pid: result.player(pid).coins for pid in ids} == total["coins"]
    assert {pid: result.player(pid).population for pid in ids} == total["population"]
    assert {pid: result.player(pid).milestones_left for pid in ids} == total[
        "milestones_left"
    ]
    assert {pid: result.player(pid).lot_markers_spent for pid in ids} == total[
        "lot_markers_spent"
    ]
    assert {pid: n for pid in ids if (n := result.player(pid).swap_lots)} == total[
        "swap_lots"
    ]
    assert result.first_player == total["first_player"]


def test_presets_are_the_worked_example_faces() -> None:
    assert set(PRESETS) == {
        "worked-example-north",
        "worked-example-east",
        "worked-example-south",
        "worked-example-west",
    }
    assert dict(worked_example_boards().boards) == dict(WORKED_EXAMPLE)
    assert worked_example_boards().choices == {}


def test_presets_match_the_shared_scenario() -> None:
    require_shared()
    path = SHARED / "scenarios" / "rof-rulebook-worked-example.json"
    doc = json.loads(path.read_text("utf-8"))
    players = tuple(Player(p["id"], p["name"]) for p in doc["players"])
    from_file = read(Node(doc["road_boards"], "road_boards"), players)
    assert dict(from_file.boards) == dict(WORKED_EXAMPLE)
    assert from_file == example_boards()


def test_result_json_has_the_spec_shape() -> None:
    out = result_json(resolve(example_city(), example_boards()))
    assert list(out) == ["north", "east", "south", "west"]
    assert out["south"] == {
        "influence": {"blue": 4, "purple": 2, "green": 2, "red": 1, "yellow": 1},
        "order": ["blue", "purple", "green", "red", "yellow"],
        "tie_breaks": [
            "Purple before Green: earliest letter on the south edge, B10 against D10",
            "Red before Yellow: earliest letter on the south edge, A10 against I10",
        ],
    }


# --------------------------------------------------------------------------
# Walking a table through its picks (next_turn, choose)
# --------------------------------------------------------------------------


def test_draft_walks_the_worked_example() -> None:
    case = example_city()
    state = example_boards(north=[])
    turn = next_turn(case, state, Edge.NORTH)
    assert turn is not None
    assert (turn.player, turn.rank, turn.influence) == ("green", 0, 5)
    assert turn.marker is Marker.MILESTONE
    assert turn.options == (
        Option(0, Take.REWARD, PopulationToken(1)),
        Option(1, Take.REWARD, VictoryPoints(3)),
    )
    assert str(turn.text) == (
        "Green picks on the north road board: rank 1 with influence 5"
    )
    state = choose(case, state, Edge.NORTH, turn.choice(turn.options[0]))
    turn = next_turn(case, state, Edge.NORTH)
    assert turn is not None and turn.player == "blue"
    assert [o.slot for o in turn.options] == [1]
    state = choose(case, state, Edge.NORTH, turn.choice(turn.options[0]))
    assert next_turn(case, state, Edge.NORTH) is None  # nobody else is ranked
    assert next_turn(case, state, Edge.EAST) is None  # a majority board
    # Replaying the example's picks through the draft gives its boards.
    for edge in (Edge.SOUTH, Edge.WEST):
        for item in GOLDEN["choices"][edge.value]:
            turn = next_turn(case, state, edge)
            assert turn is not None and turn.player == item["player"]
            option = next(
                o
                for o in turn.options
                if (o.slot, o.take.value) == (item["slot"], item["take"])
            )
            assert turn.marker is Marker(item["marker"])
            state = choose(case, state, edge, turn.choice(option))
    assert state == example_boards()


def test_draft_offers_the_alternate_and_a_lot_marker() -> None:
    case = example_city()
    state = example_boards(
        north=GOLDEN["choices"]["north"], south=GOLDEN["choices"]["south"]
    )
    turn = next_turn(case, state, Edge.WEST)
    assert turn is not None and turn.player == "blue"
    assert turn.marker is Marker.LOT  # both milestones placed north and south
    assert [(o.slot, o.take) for o in turn.options] == [
        (0, Take.REWARD),
        (0, Take.OR),
        (1, Take.REWARD),
        (1, Take.OR),
        (2, Take.REWARD),
    ]


def test_draft_stops_when_the_spaces_run_out() -> None:
    case = example_city()
    state = example_boards(south=GOLDEN["choices"]["south"])
    assert next_turn(case, state, Edge.SOUTH) is None  # red and yellow remain


def test_draft_with_no_marker_offers_only_a_pass() -> None:
    state = boards(milestones_left={"red": 0})
    turn = next_turn(FULL_OF_MARKERS, state, Edge.NORTH)
    assert turn is not None and turn.player == "red"
    assert (turn.marker, turn.options) == (None, ())
    assert turn.choice(None) == Choice("red", Take.PASS)
    state = choose(FULL_OF_MARKERS, state, Edge.NORTH, turn.choice(None))
    turn = next_turn(FULL_OF_MARKERS, state, Edge.NORTH)
    assert turn is not None and turn.player == "blue"


def test_choose_refuses_a_bad_pick() -> None:
    case = example_city()
    state = example_boards(north=[])
    # A file may leave a pass out; the draft asks the player whose pick it is.
    with pytest.raises(RankOrderError, match="it is Green's pick"):
        choose(case, state, Edge.NORTH, pick("blue", 1))
    with pytest.raises(MajorityChoiceError):
        choose(case, state, Edge.EAST, pick("green", 0))
    state = choose(case, state, Edge.NORTH, pick("green", 0))
    with pytest.raises(SlotError, match="already taken"):
        choose(case, state, Edge.NORTH, pick("blue", 0))
    state = choose(case, state, Edge.NORTH, pick("blue", 1))
    with pytest.raises(RankOrderError, match="nobody picks on the north"):
        choose(case, state, Edge.NORTH, Choice("red", Take.PASS))


# --------------------------------------------------------------------------
# Reading and writing "road_boards" (spec: "Road boards")
# --------------------------------------------------------------------------

GOOD: dict[str, Any] = to_json(example_boards())


def with_(path: str, value: Any, doc: dict[str, Any] = GOOD) -> dict[str, Any]:
    """``doc`` (the good road boards by default) edited at a dotted path."""
    return edited(doc, path, value)


@pytest.mark.parametrize(
    ("doc", "path", "message"),
    (
        (with_("west", ...), "road_boards.west", "is required but missing"),
        (with_("up", {}), "road_boards.up", "unknown key 'up'"),
        (with_("north.kind", "track"), "road_boards.north.kind", "'track' is not one"),
        (with_("north.kind", ...), "road_boards.north.kind", "is required"),
        (with_("north", []), "road_boards.north", "expected an object"),
        (with_("north.most", [1, 2, 3]), "road_boards.north.most", "unknown key"),
        (with_("north.slots", []), "road_boards.north.slots", "expected 1 to 5 items"),
        (
            with_("north.slots.0.reward", {"vp": 1, "swap_lots": 1}),
            "road_boards.north.slots[0].reward",
            "a reward has exactly one of",
        ),
        (
            with_("north.slots.0.reward", {}),
            "road_boards.north.slots[0].reward",
            "a reward has exactly one of",
        ),
        (
            with_("north.slots.0.reward", {"population_token": 3}),
            "road_boards.north.slots[0].reward.population_token",
            "above the maximum 2",
        ),
        (
            with_("north.slots.0.reward", {"vp": 0}),
            "road_boards.north.slots[0].reward.vp",
            "below the minimum 1",
        ),
        (
            with_("north.slots.0.reward", {"first_player": False}),
            "road_boards.north.slots[0].reward.first_player",
            "is true when",
        ),
        (
            with_("north.slots.0.reward", {"other": " "}),
            "road_boards.north.slots[0].reward.other",
            "must not be blank",
        ),
        (
            with_("north.slots.0.reward", {"coins": 2}),
            "road_boards.north.slots[0].reward.coins",
            "unknown key 'coins'",
        ),
        (
            with_("north.slots.0.else", {"vp": 1}),
            "road_boards.north.slots[0].else",
            "unknown key",
        ),
        (with_("east.most", [1, 2]), "road_boards.east.most", "expected exactly 3"),
        (with_("east.none.2", "-3"), "road_boards.east.none[2]", "a whole number"),
        (with_("east.slots", []), "road_boards.east.slots", "unknown key"),
        (with_("choices.up", []), "road_boards.choices.up", "unknown key"),
        (
            with_("choices.north.0.player", "orange"),
            "road_boards.choices.north[0].player",
            "'orange' is not a player at this table",
        ),
        (
            with_("choices.north.0.take", "both"),
            "road_boards.choices.north[0].take",
            "'both' is not one of: reward, or, pass",
        ),
        (
            with_("choices.north.0.marker", "cube"),
            "road_boards.choices.north[0].marker",
            "'cube' is not one of: milestone, lot",
        ),
        (
            with_("choices.north.0.slot", -1),
            "road_boards.choices.north[0].slot",
            "below the minimum 0",
        ),
        (
            with_("choices.north.0.space", 1),
            "road_boards.choices.north[0].space",
            "unknown key",
        ),
        (
            with_("milestones_left", {"blue": 3}),
            "road_boards.milestones_left.blue",
            "above the maximum 2",
        ),
        (
            with_("milestones_left", {"orange": 1}),
            "road_boards.milestones_left.orange",
            "not a player",
        ),
    ),
)
def test_read_refuses_with_path(doc: dict[str, Any], path: str, message: str) -> None:
    with pytest.raises(TableFileError) as caught:
        read(Node(doc, "road_boards"), example_city().players)
    (problem,) = caught.value.problems
    assert problem.path == path
    assert message in str(problem.message)


def test_to_json_is_the_spec_shape() -> None:
    assert GOOD["north"] == {
        "kind": "milestones",
        "slots": [{"reward": {"population_token": 1}}, {"reward": {"vp": 3}}],
    }
    assert GOOD["east"] == {"kind": "majority", "most": [1, 2, 3], "none": [-1, -2, -3]}
    assert GOOD["choices"]["north"][0] == {
        "player": "green",
        "slot": 0,
        "take": "reward",
        "marker": "milestone",
    }
    assert "milestones_left" not in GOOD  # every count is the default 2
    left = to_json(replace(example_boards(), milestones_left={"blue": 1}))
    assert left["milestones_left"] == {"blue": 1}


def test_road_boards_are_values() -> None:
    made = example_boards()
    assert pickle.loads(pickle.dumps(made)) == made  # noqa: S301 - our own bytes
    assert hash(made) == hash(copy.deepcopy(made))
    # The default count says nothing: equal tables are equal values.
    assert replace(made, milestones_left={"blue": MILESTONES_PER_PLAYER}) == made
    with pytest.raises(ValueError, match="none on west"):
        RoadBoards({e: PLAIN for e in Edge if e is not Edge.WEST})


def test_reading_does_not_change_the_document() -> None:
    doc = copy.deepcopy(GOOD)
    read(Node(doc, "road_boards"), example_city().players)
    assert doc == GOOD


# --------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------


@PROPERTY
@given(for_cities())
def test_influence_never_counts_lot_markers(case: City) -> None:
    bare = replace(case, lot_markers={})
    for edge in Edge:
        assert influence(case, edge) == influence(bare, edge)


@PROPERTY
@given(for_cities())
def test_ranking_is_a_total_order_of_the_players_with_influence(case: City) -> None:
    size = case.board.size
    for edge in Edge:
        found = influence(case, edge)
        # Influence by hand: each building with a lot on the edge, whole.
        by_hand: dict[str, int] = {}
        for b in case.buildings:
            if any(edge.has(lot, size) for lot in b.lots):
                by_hand[b.owner] = by_hand.get(b.owner, 0) + len(b.lots)
        assert found.influence == by_hand
        assert sorted(found.order) == sorted(by_hand)  # each once, nobody at 0


def edge_lots(case: City, pid: str, edge: Edge) -> list[Lot]:
    """``pid``'s building lots on ``edge`` (lot markers are no building)."""
    size = case.board.size
    return [
        lot
        for b in case.buildings
        if b.owner == pid
        for lot in b.lots
        if edge.has(lot, size)
    ]


def earliest_letter(lots: list[Lot]) -> Lot:
    return min(lots, key=lambda lot: (lot.column, lot.row))


def lowest_number(lots: list[Lot]) -> Lot:
    return min(lots, key=lambda lot: (lot.row, lot.column))


@PROPERTY
@given(st.one_of(for_cities(), crowded_edges()))
def test_every_tie_is_explained_by_the_lots_that_decided_it(case: City) -> None:
    """Rulebook 000, "Determining Influence": more influence first; a tie goes
    to the earliest letter on the edge, then the lowest number. Each pair of
    neighbours tied on influence has one line naming the two lots that decided,
    and those lots order the pair as the ranking does; other pairs have none."""
    assert problems(case) == ()
    names = {p.id: p.name for p in case.players}
    for edge in Edge:
        found = influence(case, edge)
        ranked = found.standings
        assert [s.influence for s in ranked] == sorted(
            (s.influence for s in ranked), reverse=True
        )
        tied = [(a, b) for a, b in pairwise(ranked) if a.influence == b.influence]
        assert len(found.tie_breaks) == len(tied)
        for (ahead, behind), line in zip(tied, found.tie_breaks, strict=True):
            fields = line.text.fields
            assert (fields["first"], fields["second"]) == (
                names[ahead.player],
                names[behind.player],
            )
            assert fields["edge"] == edge.label
            a, b = Lot.parse(str(fields["a"])), Lot.parse(str(fields["b"]))
            mine = edge_lots(case, ahead.player, edge)
            theirs = edge_lots(case, behind.player, edge)
            if line.text.template == BY_LETTER:
                # 2.A: each one's earliest letter; the earlier ranks first.
                assert (a, b) == (earliest_letter(mine), earliest_letter(theirs))
                assert a.column < b.column
            else:
                # 2.B: the same earliest letter; the lower number ranks first.
                assert line.text.template == BY_NUMBER
                assert earliest_letter(mine).column == earliest_letter(theirs).column
                assert (a, b) == (lowest_number(mine), lowest_number(theirs))
                assert a.row < b.row


@PROPERTY
@given(st.one_of(for_cities(), crowded_edges()), st.data())
def test_the_rank_order_does_not_depend_on_the_seats(
    case: City, data: st.DataObject
) -> None:
    for edge in Edge:
        found = influence(case, edge)
        shuffled = data.draw(st.permutations(found.standings))
        assert rank_order(shuffled) == rank_order(found.standings)
        assert rank_order(shuffled)[0] == found.standings


@PROPERTY
@given(walked_tables(), st.data())
def test_relabelling_players_changes_only_labels(
    table: tuple[City, RoadBoards], data: st.DataObject
) -> None:
    case, state = table
    ids = [p.id for p in case.players]
    new_ids = data.draw(st.permutations(FOR_COLOURS))[: len(ids)]
    rename = dict(zip(ids, new_ids, strict=True))
    seats = data.draw(st.permutations(case.players))
    order = data.draw(st.permutations(range(len(case.buildings))))
    relabelled = City(
        players=tuple(Player(rename[p.id], p.name) for p in seats),
        era=case.era,
        buildings=tuple(
            replace(case.buildings[i], owner=rename[case.buildings[i].owner])
            for i in order
        ),
        lot_markers={rename[k]: v for k, v in case.lot_markers.items()},
    )
    renamed = RoadBoards(
        state.boards,
        {
            edge: tuple(replace(c, player=rename[c.player]) for c in picks)
            for edge, picks in state.choices.items()
        },
        {rename[k]: v for k, v in state.milestones_left.items()},
        {rename[k]: v for k, v in state.lot_markers_away.items()},
    )
    before, after = resolve(case, state), resolve(relabelled, renamed)
    for edge in Edge:
        a, b = before.edge(edge), after.edge(edge)
        assert [rename[p] for p in a.order] == list(b.order)
        assert {rename[p]: n for p, n in a.influence.items()} == b.influence
    for mine in before.players:
        theirs = after.player(rename[mine.player])
        assert (mine.vp, mine.coins, mine.population) == (
            theirs.vp,
            theirs.coins,
            theirs.population,
        )
        assert (mine.milestones_left, mine.lot_markers_spent) == (
            theirs.milestones_left,
            theirs.lot_markers_spent,
        )
    assert (rename.get(before.first_player or "") or None) == after.first_player


@PROPERTY
@given(walked_tables())
def test_picks_made_through_the_draft_always_resolve(
    table: tuple[City, RoadBoards],
) -> None:
    case, state = table
    result = resolve(case, state)
    assert sum(p.coins for p in result.players) == 0  # coins only change hands
    for p in result.players:
        start = state.milestones(p.player)
        placed = sum(
            c.player == p.player and c.marker is Marker.MILESTONE
            for picks in state.choices.values()
            for c in picks
        )
        assert p.milestones_left == start - placed >= 0
        # Of the 8, those on the city board and those away since last era
        # are not to hand (rulebook 000, "Gameplay Example - West Road Board" D).
        assert p.lot_markers_spent <= LOT_MARKERS_PER_PLAYER - len(
            case.markers(p.player)
        ) - state.away(p.player)
        assert 0 <= p.population <= 2 * len(Edge)
        for entry in p.entries:
            assert isinstance(entry.line.text, Message)
            assert entry.line.source.rulebook == "000"
            assert str(entry.line.text)  # every template fills
            assert (entry.line.points is None) is (entry.gain is Gain.NOTE)


def next_turn_as_before(city: City, boards: RoadBoards, edge: Edge) -> Turn | None:
    """:func:`next_turn` as it was written before issue 33 made it walk the
    edges once: every recorded pick checked (:func:`resolve`), then the
    edges walked again with only the picks up to this edge's so far, for
    what each player holds as the pick comes."""
    resolve(city, boards)
    board = boards.board(edge)
    if isinstance(board, MajorityBoard):
        return None
    up_to: dict[Edge, tuple[Choice, ...]] = {}
    for e in Edge:
        up_to[e] = boards.picks(e)
        if e is edge:
            break
    walked = fortune._walk(city, replace(boards, choices=up_to))
    return fortune._turn_at(
        city, board, influence(city, edge), boards.picks(edge), walked.in_hand[edge]
    )


@PROPERTY
@given(walked_tables())
def test_the_next_pick_is_the_one_walking_up_to_it_gives(
    table: tuple[City, RoadBoards],
) -> None:
    """One walk of every edge names the pick, and what its player holds, as
    walking only up to the pick did; and ``first_turn`` (the era page) names
    the same pick as asking edge by edge."""
    case, state = table
    by_edge = [next_turn(case, state, edge) for edge in Edge]
    assert by_edge == [next_turn_as_before(case, state, edge) for edge in Edge]
    assert first_turn(case, state) == next((t for t in by_edge if t), None)


@PROPERTY
@given(walked_tables())
def test_table_file_round_trip(table: tuple[City, RoadBoards]) -> None:
    case, state = table
    doc = json.loads(json.dumps(to_json(state)))
    assert read(Node(doc, "road_boards"), case.players) == state


def influence_as_before(city: City, edge: Edge) -> list[tuple[object, ...]]:
    """:func:`influence` as it was written before issue 33 made it faster
    (each lot asked ``edge.has`` twice, names looked up per building): the
    standings in seating order, then each counted building's line."""
    size = city.board.size
    names = display_names(city.players)
    found: list[tuple[object, ...]] = []
    for player in city.players:
        buildings = [
            b
            for b in city.buildings
            if b.owner == player.id and any(edge.has(lot, size) for lot in b.lots)
        ]
        if not buildings:
            continue
        edge_lots = [lot for b in buildings for lot in b.lots if edge.has(lot, size)]
        found.append(
            (
                player.id,
                sum(b.size for b in buildings),
                min(edge_lots, key=lambda lot: (lot.column, lot.row)),
                min(edge_lots, key=lambda lot: (lot.row, lot.column)),
            )
        )
        found += [(b.size, str(names[player.id]), str(b.label())) for b in buildings]
    return found


@PROPERTY
@given(st.one_of(for_cities(), crowded_edges()))
def test_influence_is_what_it_was_before(case: City) -> None:
    """The faster :func:`influence` (issue 33) counts, ranks and explains as
    the plain one did."""
    for edge in Edge:
        found = influence(case, edge)
        by_seat = {s.player: s for s in found.standings}
        seats = [p.id for p in case.players if p.id in by_seat]
        lines = iter(found.counted)
        got: list[tuple[object, ...]] = []
        for pid in seats:
            s = by_seat[pid]
            got.append((pid, s.influence, s.letter_lot, s.number_lot))
            for b in (b for b in case.buildings if b.owner == pid):
                if any(edge.has(lot, case.board.size) for lot in b.lots):
                    line = next(lines)
                    assert line.points == b.size
                    got.append((b.size, str(case.names[pid]), str(b.label())))
                    assert str(case.names[pid]) in str(line.text)
        assert next(lines, None) is None
        assert got == influence_as_before(case, edge)
        assert found.standings == rank_order(found.standings)[0]


def test_a_citys_names_are_the_display_names() -> None:
    """``City.names`` (kept once per city) tells apart two players of one
    name as :func:`display_names` does, and a city with it still pickles."""
    players = (Player("red", "Ana"), Player("blue", "Ana"), Player("green", "Bo"))
    case = City(players, 1)
    assert dict(case.names) == display_names(players)
    assert str(case.names["red"]) == "Ana (red)"
    assert pickle.loads(pickle.dumps(case)) == case  # noqa: S301 - our own bytes


@PROPERTY
@given(walked_tables())
def test_first_turn_works_out_each_edge_once(table: tuple[City, RoadBoards]) -> None:
    """The next pick comes from one walk of the edges: each edge's influence
    worked out once (a walk per edge asked, as before issue 33, worked the
    first edges out again for each edge after them)."""
    from companion.engines.foundations import fortune

    case, state = table
    asked: list[Edge] = []

    def counted(city: City, edge: Edge) -> object:
        asked.append(edge)
        return influence(city, edge)

    with mock.patch.object(fortune, "influence", counted):
        fortune.first_turn(case, state)
    assert asked == list(Edge)
