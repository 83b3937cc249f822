"""Hypothesis builders of valid-by-construction game sheets, one section per game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from hypothesis import strategies as st

from companion.engines.base import Player
from companion.engines.foundations import (
    BUILDING_NAME_MAX,
    LOT_MARKERS_PER_PLAYER,
    MONUMENT_MAX_LOTS,
    TRAY_SIZE_PER_TYPE,
    Board,
    Building,
    BuildingType,
    City,
    Civic,
    CivicKind,
    Commercial,
    Lot,
    Monument,
    Residential,
    Values,
)
from companion.engines.foundations.monument_cards import SLUGS
from companion.engines.foundations.monuments import MONUMENT_MARKERS_PER_PLAYER

# --------------------------------------------------------------------------
# Any game
# --------------------------------------------------------------------------


@st.composite
def seats(
    draw: st.DrawFn,
    ids: Sequence[str],
    names: st.SearchStrategy[str],
    min_size: int = 2,
    max_size: int = 5,
) -> tuple[Player, ...]:
    """``min_size`` to ``max_size`` seats with distinct ``ids``, in any order,
    each named by ``names``."""
    order = draw(st.permutations(ids))
    count = draw(st.integers(min_size, max_size))
    return tuple(Player(i, draw(names)) for i in order[:count])


# --------------------------------------------------------------------------
# Foundations of Rome
# --------------------------------------------------------------------------

FOR_COLOURS = ("red", "blue", "green", "purple", "yellow")


@st.composite
def for_players(
    draw: st.DrawFn, min_size: int = 2, max_size: int = 5
) -> tuple[Player, ...]:
    """2 to 5 seats with distinct colours in any order."""
    colours = draw(st.permutations(FOR_COLOURS))
    count = draw(st.integers(min_size, max_size))
    return tuple(Player(c, c.title()) for c in colours[:count])


def for_values() -> st.SearchStrategy[Values]:
    """The values of a building of any type (non-negative, small)."""
    return st.one_of(
        st.builds(Residential, st.integers(0, 6)),
        st.builds(Commercial, st.integers(0, 3), st.integers(0, 5)),
        st.builds(Civic, st.sampled_from(CivicKind), st.integers(0, 3)),
    )


@st.composite
def for_connected_lots(
    draw: st.DrawFn, free: Sequence[Lot], max_size: int = 4
) -> tuple[Lot, ...]:
    """1 to ``max_size`` orthogonally connected lots among ``free`` (grown from
    one lot, so possibly fewer when the free lots run out)."""
    pool = set(free)
    lots = [draw(st.sampled_from(sorted(pool)))]
    for _ in range(draw(st.integers(1, max_size)) - 1):
        frontier = sorted(
            {n for lot in lots for n in lot.neighbours() if n in pool} - set(lots)
        )
        if not frontier:
            break
        lots.append(draw(st.sampled_from(frontier)))
    return tuple(lots)


BUILDING_NAMES = st.one_of(
    st.sampled_from(("Domus Maximus", "Fountain", "Villa dei Misteri", "市场")),
    st.text(min_size=1, max_size=BUILDING_NAME_MAX).filter(str.strip),
)
"""A building's own name: 1 to 40 characters, not blank."""


@st.composite
def for_cities(
    draw: st.DrawFn,
    max_buildings: int = 14,
    era: int | None = None,
    *,
    named: bool = False,
    max_monuments: int = 0,
) -> City:
    """A valid city: buildings and lot markers on distinct lots of the board in
    play, within every player's supply; with ``named`` some buildings have a
    name, and up to ``max_monuments`` distinct monuments stand among them."""
    players = draw(for_players())
    ids = [p.id for p in players]
    board = Board(len(players))
    free = list(board.lots())
    buildings: list[Building] = []
    per_type: Counter[tuple[str, BuildingType]] = Counter()
    for _ in range(draw(st.integers(0, max_buildings))):
        if not free:
            break
        owner = draw(st.sampled_from(ids))
        values = draw(for_values())
        name = draw(st.none() | BUILDING_NAMES) if named else None
        building = Building(owner, draw(for_connected_lots(free)), values, name)
        if per_type[(owner, building.type)] >= TRAY_SIZE_PER_TYPE:
            continue
        per_type[(owner, building.type)] += 1
        buildings.append(building)
        free = [lot for lot in free if lot not in building.lots]
    slugs = (
        draw(st.lists(st.sampled_from(SLUGS), max_size=max_monuments, unique=True))
        if max_monuments
        else []
    )
    for slug in slugs:
        if not free:
            break
        owner = draw(st.sampled_from(ids))
        if per_type[(owner, BuildingType.MONUMENT)] >= MONUMENT_MARKERS_PER_PLAYER:
            continue
        per_type[(owner, BuildingType.MONUMENT)] += 1
        lots = draw(for_connected_lots(free, max_size=MONUMENT_MAX_LOTS))
        at = draw(st.integers(0, len(buildings)))
        buildings.insert(at, Building(owner, lots, Monument(slug)))
        free = [lot for lot in free if lot not in lots]
    markers: dict[str, tuple[Lot, ...]] = {}
    for pid in ids:
        if not free:
            break
        lots = draw(
            st.lists(
                st.sampled_from(free), max_size=LOT_MARKERS_PER_PLAYER, unique=True
            )
        )
        markers[pid] = tuple(lots)
        free = [lot for lot in free if lot not in lots]
    counts = st.dictionaries(st.sampled_from(ids), st.integers(0, 3))
    return City(
        players=players,
        era=era if era is not None else draw(st.integers(1, 3)),
        buildings=tuple(buildings),
        score_before=draw(st.dictionaries(st.sampled_from(ids), st.integers(0, 120))),
        lot_markers=markers,
        population_tokens=draw(counts),
        coins=draw(st.dictionaries(st.sampled_from(ids), st.integers(0, 40))),
    )


def for_free_lots(city: City) -> list[Lot]:
    """The lots of the board with neither a building nor a lot marker."""
    taken = set(city.built()) | {
        lot for lots in city.lot_markers.values() for lot in lots
    }
    return [lot for lot in city.board.lots() if lot not in taken]


@st.composite
def for_city_and_new_building(draw: st.DrawFn) -> tuple[City, Building]:
    """A valid city and one more building on lots nobody holds yet, within its
    owner's supply (so that adding it keeps the city valid)."""
    city = draw(for_cities(max_buildings=10))
    free = for_free_lots(city)
    if not free:
        city = City(city.players, city.era)
        free = for_free_lots(city)
    owner = draw(st.sampled_from([p.id for p in city.players]))
    values = draw(for_values())
    building = Building(owner, draw(for_connected_lots(free)), values)
    same = [b for b in city.buildings if (b.owner, b.type) == (owner, building.type)]
    if len(same) >= TRAY_SIZE_PER_TYPE:
        # Rare: that tray is empty; clear the buildings (the lots stay free).
        city = City(city.players, city.era, lot_markers=city.lot_markers)
    return city, building


@st.composite
def for_owned_group(draw: st.DrawFn) -> tuple[City, str, tuple[Lot, ...]]:
    """A valid city, a player, and connected lots that player owns (lot markers
    or their own buildings): where they may try to build."""
    city = draw(for_cities())
    owner = draw(st.sampled_from([p.id for p in city.players]))
    owned = [*city.markers(owner)]
    owned += [lot for b in city.buildings if b.owner == owner for lot in b.lots]
    if not owned:
        # Give them one lot marker on a free lot (on an empty city if none is).
        free = for_free_lots(city)
        if not free:
            city = City(city.players, city.era)
            free = list(city.board.lots())
        first = draw(st.sampled_from(free))
        markers = {**city.lot_markers, owner: (first,)}
        city = City(
            city.players, city.era, buildings=city.buildings, lot_markers=markers
        )
        owned = [first]
    return city, owner, draw(for_connected_lots(owned))
