"""Hypothesis builders for Roads of Fortune: board faces, and cities whose road
boards carry picks made through the draft helper (valid by construction)."""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from companion.engines.foundations import (
    LOT_MARKERS_PER_PLAYER,
    TRAY_SIZE_PER_TYPE,
    Board,
    Building,
    BuildingType,
    City,
)
from companion.engines.foundations.fortune import (
    choose,
    next_turn,
)
from companion.engines.foundations.road_boards import (
    CoinsFromEach,
    Edge,
    FirstPlayer,
    MajorityBoard,
    MilestoneBoard,
    OtherReward,
    PopulationToken,
    Reward,
    RoadBoard,
    RoadBoards,
    Slot,
    SwapLots,
    VictoryPoints,
)

from .strategies import for_cities, for_connected_lots, for_players, for_values


def rewards() -> st.SearchStrategy[Reward]:
    """Any reward a milestone space may give."""
    return st.one_of(
        st.builds(VictoryPoints, st.integers(1, 5)),
        st.builds(PopulationToken, st.integers(1, 2)),
        st.builds(CoinsFromEach, st.integers(1, 3)),
        st.just(FirstPlayer()),
        st.builds(SwapLots, st.integers(1, 2)),
        st.builds(OtherReward, st.sampled_from(("Take a deed", "Build again"))),
    )


def slots() -> st.SearchStrategy[Slot]:
    return st.builds(Slot, rewards(), st.none() | rewards())


def era_values(low: int, high: int) -> st.SearchStrategy[tuple[int, int, int]]:
    return st.tuples(*(st.integers(low, high) for _ in range(3)))


def faces() -> st.SearchStrategy[RoadBoard]:
    """A milestone board of 1 to 5 spaces or a majority board."""
    return st.one_of(
        st.builds(MilestoneBoard, st.lists(slots(), min_size=1, max_size=5).map(tuple)),
        st.builds(MajorityBoard, era_values(0, 4), era_values(-4, 0)),
    )


@st.composite
def road_boards(draw: st.DrawFn, city: City) -> RoadBoards:
    """Four faces, any starting milestone counts and, after Era 1, any lot
    markers away since last era that the player has off the city board (up
    to 8 with those on it); no picks yet."""
    ids = [p.id for p in city.players]
    away: dict[str, int] = {}
    if city.era > 1:
        for pid in draw(st.lists(st.sampled_from(ids), unique=True)):
            most = LOT_MARKERS_PER_PLAYER - len(city.markers(pid))
            away[pid] = draw(st.integers(0, most))
    return RoadBoards(
        {edge: draw(faces()) for edge in Edge},
        milestones_left=draw(st.dictionaries(st.sampled_from(ids), st.integers(0, 2))),
        lot_markers_away=away,
    )


@st.composite
def walked_tables(
    draw: st.DrawFn, cities: st.SearchStrategy[City] | None = None
) -> tuple[City, RoadBoards]:
    """A valid city (of ``cities``, else :func:`for_cities`) and its road boards
    with picks made turn by turn through :func:`next_turn` and :func:`choose`:
    each player takes one of the open options, passes, or the board is left
    (the rest pass)."""
    city = draw(cities if cities is not None else for_cities())
    boards = draw(road_boards(city))
    for edge in Edge:
        while (turn := next_turn(city, boards, edge)) is not None:
            action = draw(st.sampled_from(("pick", "pick", "pass", "stop")))
            if action == "stop":
                break
            option = None
            if action == "pick" and turn.options:
                option = draw(st.sampled_from(turn.options))
            boards = choose(city, boards, edge, turn.choice(option))
    return city, boards


@st.composite
def crowded_edges(draw: st.DrawFn) -> City:
    """A valid city of small buildings (1 or 2 lots) standing only on the
    outermost lots, so that players often tie on an edge's influence and the
    tie-breaks have work to do (plain :func:`for_cities` seldom ties)."""
    players = draw(for_players())
    ids = [p.id for p in players]
    board = Board(len(players))
    free = [lot for lot in board.lots() if board.is_edge(lot)]
    buildings: list[Building] = []
    per_type: Counter[tuple[str, BuildingType]] = Counter()
    for _ in range(draw(st.integers(2, 16))):
        if not free:
            break
        owner = draw(st.sampled_from(ids))
        lots = draw(for_connected_lots(free, max_size=2))
        building = Building(owner, lots, draw(for_values()))
        if per_type[(owner, building.type)] >= TRAY_SIZE_PER_TYPE:
            continue
        per_type[(owner, building.type)] += 1
        buildings.append(building)
        free = [lot for lot in free if lot not in lots]
    return City(players, draw(st.integers(1, 3)), tuple(buildings))
