"""Civic tiles a group describes once (name, shape, printed rule and VP) and
builds from the tray: which lots a tile fits, and the building it makes.

Pure tests: no app. Rulebook 001, "Building Types - Civic Buildings" and
"Action 3: Construct a Building" (a building matches the shape of the lots).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engines.base import Player
from companion.engines.foundations import (
    TRAY_SIZE_PER_TYPE,
    Building,
    City,
    Civic,
    CivicKind,
    IllegalBuildError,
    Lot,
    NotInTrayError,
    build,
    claim_lots,
)
from companion.engines.foundations.city import CivicTile
from companion.engines.foundations.lots import Shape

from ..helpers import L

LIBRARY = CivicTile("Library", Shape.MONO, Civic(CivicKind.TWO_CITIZENS, 1))
MARKET = CivicTile("Marketplace", Shape.DOMINO, Civic(CivicKind.SILVER, 2))
FORUM = CivicTile("Forum", Shape.L4, Civic(CivicKind.BUILDING, 1))
PLAIN = CivicTile("Fountain", None, Civic(CivicKind.BUILDING, 1))


@pytest.mark.parametrize(
    ("tile", "lots", "fits"),
    [
        (LIBRARY, "D10", True),
        (LIBRARY, "D9 D10", False),
        (MARKET, "B10 C10", True),
        (MARKET, "C9 C10", True),  # turned a quarter
        (MARKET, "A1 C1", False),  # two lots that share no edge
        # an L of 4 in each of its turns and flips
        (FORUM, "A1 A2 A3 B3", True),
        (FORUM, "B1 B2 B3 A3", True),  # flipped
        (FORUM, "A1 B1 C1 A2", True),  # turned
        (FORUM, "A2 B2 C2 C1", True),  # turned and flipped
        (FORUM, "A1 A2 A3 A4", False),  # a straight 4
        (FORUM, "A1 B1 C1 B2", False),  # a T of 4
        # no shape given: any 1 to 4 distinct, connected lots
        (PLAIN, "E5", True),
        (PLAIN, "A1 B1 C1 B2", True),
        (PLAIN, "A1 A2 A3 A4 A5", False),  # 5 lots: no tray building is that big
        (PLAIN, "A1 C3", False),  # not connected
        (PLAIN, "", False),  # no lots at all
    ],
)
def test_a_tile_fits_the_lots_of_its_shape(
    tile: CivicTile, lots: str, fits: bool
) -> None:
    assert tile.fits(L(lots) if lots else ()) is fits


# A shape as cells of a 4x4 corner, turned and flipped by the eight symmetries.
SYMMETRIES = (
    lambda c, r: (c, r),
    lambda c, r: (r, -c),
    lambda c, r: (-c, -r),
    lambda c, r: (-r, c),
    lambda c, r: (-c, r),
    lambda c, r: (c, -r),
    lambda c, r: (r, c),
    lambda c, r: (-r, -c),
)


@st.composite
def connected_cells(draw: st.DrawFn) -> list[tuple[int, int]]:
    """1 to 4 connected cells, grown one neighbour at a time from (0, 0)."""
    cells = [(0, 0)]
    for _ in range(draw(st.integers(0, 3))):
        options = sorted(
            {
                (c + dc, r + dr)
                for c, r in cells
                for dc, dr in ((0, 1), (1, 0), (0, -1), (-1, 0))
            }
            - set(cells)
        )
        cells.append(draw(st.sampled_from(options)))
    return cells


def placed(cells: list[tuple[int, int]], column: int, row: int) -> tuple[Lot, ...]:
    """``cells`` moved so their top-left corner is at ``column``, ``row``."""
    left = min(c for c, _ in cells)
    top = min(r for _, r in cells)
    return tuple(Lot(c - left + column, r - top + row) for c, r in cells)


@given(
    cells=connected_cells(),
    turn=st.sampled_from(SYMMETRIES),
    column=st.integers(0, 6),
    row=st.integers(1, 7),
)
def test_a_tile_fits_its_shape_turned_or_flipped_anywhere(
    cells: list[tuple[int, int]], turn: object, column: int, row: int
) -> None:
    described = placed(cells, 0, 1)
    tile = CivicTile("Any", Shape.of(described), Civic(CivicKind.CIVIC, 2))
    moved = placed([turn(c, r) for c, r in cells], column, row)  # type: ignore[operator]
    assert tile.fits(moved)
    # ... and no tile of another shape does.
    for other in Shape:
        if other is not tile.shape:
            assert not CivicTile("Other", other, tile.values).fits(moved)


def test_the_building_is_the_tiles_name_rule_and_vp() -> None:
    assert MARKET.building("purple", L("C10 B10")) == Building(
        "purple", L("C10 B10"), Civic(CivicKind.SILVER, 2), "Marketplace"
    )


@pytest.mark.parametrize(
    ("tile", "lots", "words"),
    [
        (
            MARKET,
            "B10",
            "the lots B10 do not make the shape of the Marketplace tile (1x2,",
        ),
        (
            FORUM,
            "A1 A2 A3 A4",
            "the lots A1, A2, A3, A4 do not make the shape of the Forum tile (L of 4,",
        ),
        (PLAIN, "A1 C3", "the Fountain tile covers 1 to 4 connected lots, not A1, C3"),
    ],
)
def test_a_tile_on_lots_of_another_shape_is_refused(
    tile: CivicTile, lots: str, words: str
) -> None:
    with pytest.raises(IllegalBuildError) as refused:
        tile.building("red", L(lots))
    assert str(refused.value).startswith(words)


ANA, BO = Player("red", "Ana"), Player("blue", "Bo")


def test_a_tile_built_counts_against_the_owners_civic_pieces() -> None:
    """Each tile built is one of the owner's 8 civic pieces (rulebook 001,
    "Special Rules & Edge Cases - Limited Building Supply")."""
    city = City(players=(ANA, BO), era=1)
    for n in range(TRAY_SIZE_PER_TYPE):
        lot = (Lot(n % 4, 1 + n // 4),)
        city = build(claim_lots(city, "red", lot), LIBRARY.building("red", lot))
    last = L("A5")
    with pytest.raises(NotInTrayError, match="no Civic building left"):
        build(claim_lots(city, "red", last), LIBRARY.building("red", last))
    # Bo's tray is his own.
    build(claim_lots(city, "blue", last), LIBRARY.building("blue", last))
