"""What a tap on the board screen asks for, as the engine checks it: whose
lots, which building to move or remove, which tray piece and whether it covers
the tapped lots. Pure: no app needed."""

from __future__ import annotations

import pytest

from companion.engines.base import Player
from companion.engines.foundations import (
    TRAY,
    Building,
    City,
    Civic,
    CivicKind,
    Commercial,
    IllegalBuildError,
    NoSuchBuildingError,
    NotInTrayError,
    Residential,
    building_from,
    building_to_move,
    building_to_remove,
    buildings_on,
    check_owner,
    remaining_tray,
    tray_building,
    tray_piece,
    tray_stock_piece,
)
from companion.engines.foundations.lots import Shape

from ..helpers import L

ANA, BO = Player("red", "Ana"), Player("blue", "Bo")

HOUSE = Building("red", L("B2"), Residential(1), "Domus")
"""Ana's Domus on B2 (buildings[0])."""
FORUM = Building("blue", L("C2 C3 D3"), Commercial(2, 3), "Artisan Forum")
"""Bo's Artisan Forum on C2, C3, D3 (buildings[1])."""

CITY = City(players=(ANA, BO), era=1, buildings=(HOUSE, FORUM))


# --------------------------------------------------------------------------
# Whose lots
# --------------------------------------------------------------------------


@pytest.mark.parametrize("owner", ["red", "blue"])
def test_a_player_at_the_table_may_tap(owner: str) -> None:
    check_owner(CITY, owner)


@pytest.mark.parametrize("owner", ["", "green", "Red", "red "])
def test_no_one_else_may(owner: str) -> None:
    with pytest.raises(IllegalBuildError) as caught:
        check_owner(CITY, owner)
    assert str(caught.value) == "Choose a player."


# --------------------------------------------------------------------------
# The building on the tapped lots
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tapped", "indexes"),
    [
        ("A1", ()),
        ("B2", (0,)),
        ("C3", (1,)),
        ("C2 C3 D3", (1,)),  # one building, however many of its lots
        ("D3 B2", (0, 1)),  # in the city's order, not the tap's
        ("A1 B2 E5", (0,)),
    ],
)
def test_buildings_on_the_tapped_lots(tapped: str, indexes: tuple[int, ...]) -> None:
    assert buildings_on(CITY, L(tapped)) == indexes


@pytest.mark.parametrize(
    ("tapped", "index", "refused"),
    [
        ("B2", 0, None),
        ("C3 D3", 1, None),
        ("A1 B2", 0, None),  # a free lot beside it changes nothing
        ("A1", None, "Tap a lot of the one building you want to move."),
        ("B2 C2", None, "Tap a lot of the one building you want to move."),
    ],
)
def test_the_one_building_to_move(tapped: str, index: int, refused: str) -> None:
    if refused is None:
        assert building_to_move(CITY, L(tapped)) == index
        return
    with pytest.raises(IllegalBuildError) as caught:
        building_to_move(CITY, L(tapped))
    assert str(caught.value) == refused


@pytest.mark.parametrize(
    ("tapped", "index", "refused"),
    [
        ("B2", 0, None),
        ("D3", 1, None),
        ("A1 C2", 1, None),
        ("A1", None, "There is no building on those lots."),
        ("A1 A2", None, "There is no building on those lots."),
        ("B2 C2", None, "Tap a lot of the one building to remove."),
    ],
)
def test_the_one_building_to_remove(tapped: str, index: int, refused: str) -> None:
    if refused is None:
        assert building_to_remove(CITY, L(tapped)) == index
        return
    with pytest.raises(NoSuchBuildingError) as caught:
        building_to_remove(CITY, L(tapped))
    assert str(caught.value) == refused


@pytest.mark.parametrize(
    ("start", "index", "refused"),
    [
        ("B2", 0, None),
        ("C2", 1, None),
        ("D3", 1, None),  # any lot of it
        ("A1", None, "That building is not on the board any more."),
        ("", None, "Choose the building to move again."),
        ("b2", None, "Choose the building to move again."),
        ("B2,C2", None, "Choose the building to move again."),
    ],
)
def test_the_building_a_move_takes(start: str, index: int, refused: str) -> None:
    if refused is None:
        assert building_from(CITY, start) == index
        return
    with pytest.raises(NoSuchBuildingError) as caught:
        building_from(CITY, start)
    assert str(caught.value) == refused


# --------------------------------------------------------------------------
# A tray piece tapped under the board
# --------------------------------------------------------------------------


@pytest.mark.parametrize("place", range(len(TRAY)))
def test_every_place_of_the_tray_is_a_piece(place: int) -> None:
    assert tray_stock_piece(CITY, "red", place) is TRAY[place]
    assert tray_stock_piece(CITY, "red", place) is (
        remaining_tray(CITY, "red")[place].piece
    )


@pytest.mark.parametrize("place", [-1, len(TRAY), 99])
def test_no_other_place_is(place: int) -> None:
    with pytest.raises(NotInTrayError) as caught:
        tray_stock_piece(CITY, "red", place)
    assert str(caught.value) == "That piece is not in the tray."


@pytest.mark.parametrize(
    ("name", "shape", "tapped", "refused"),
    [
        ("Domus", None, "A1", None),
        ("Domus Maximus", None, "A1 A2", None),
        ("Domus Maximus", None, "A2 A1", None),
        ("Insula", Shape.L3, "A1 A2 B2", None),
        ("Insula", Shape.I3, "A1 B1 C1", None),
        ("Foundry", Shape.O4, "E5 F5 E6 F6", None),
        ("Domus", None, "C3 C4", "A Domus does not cover C3, C4."),
        ("Domus Maximus", None, "A1", "A Domus Maximus does not cover A1."),
        ("Domus Maximus", None, "A1 C1", "A Domus Maximus does not cover A1, C1."),
        ("Insula", Shape.L3, "A1 B1 C1", "A Insula does not cover A1, B1, C1."),
        # the square is the tray's other Grand Insula, not this one
        (
            "Grand Insula",
            Shape.I4,
            "A1 B1 A2 B2",
            "A Grand Insula does not cover A1, B1, A2, B2.",
        ),
    ],
)
def test_a_piece_covers_the_lots_of_its_shape(
    name: str, shape: Shape | None, tapped: str, refused: str | None
) -> None:
    piece = tray_piece(name, shape)
    if refused is None:
        building = tray_building(piece, "red", L(tapped))
        assert building == Building("red", L(tapped), piece.values, name)  # type: ignore[arg-type]
        return
    with pytest.raises(IllegalBuildError) as caught:
        tray_building(piece, "red", L(tapped))
    assert str(caught.value) == refused


def test_a_civic_piece_has_no_values_to_build_with() -> None:
    civic = tray_piece("Civic building")
    with pytest.raises(ValueError, match="civic values"):
        tray_building(civic, "red", L("A1"))
    # the group gives them on the build screen: Building is then made there
    assert civic.fits(Building("red", L("A1"), Civic(CivicKind.BUILDING, 1)))
