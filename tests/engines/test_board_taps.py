"""What a tap on the board screen asks for, as the engine checks it: whose
lots, which building to move or remove, which tray piece and whether it covers
the tapped lots. Pure: no app needed."""

from __future__ import annotations

import pytest

from companion.engines.base import Player
from companion.engines.foundations import (
    TRAY,
    Building,
    BuildingOverError,
    City,
    Civic,
    CivicKind,
    Commercial,
    IllegalBuildError,
    LotNotOwnedError,
    NoSuchBuildingError,
    NotInTrayError,
    Residential,
    build,
    building_from,
    building_to_move,
    building_to_remove,
    buildings_on,
    check_owner,
    claim_lots,
    over_stock,
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


# --------------------------------------------------------------------------
# Building over one's own smaller building, from the tray
# --------------------------------------------------------------------------


def over_names(city: City, owner: str, tapped: str) -> list[tuple[str, int]]:
    return [(s.piece.name, s.left) for _k, s in over_stock(city, owner, L(tapped))]


@pytest.mark.parametrize(
    ("tapped", "pieces"),
    [
        # Ana's Domus on B2 and the free lot beside it: the pieces of 2 lots
        ("B2 B1", [("Domus Maximus", 2), ("Pottery Studio", 2), ("Civic building", 8)]),
        # and two more, in an L: the pieces of 3 lots in that shape
        ("B1 B2 A2", [("Insula", 1), ("Artisan Forum", 1), ("Civic building", 8)]),
    ],
)
def test_the_pieces_that_go_over_your_own_smaller_building(
    tapped: str, pieces: list[tuple[str, int]]
) -> None:
    assert over_names(CITY, "red", tapped) == pieces
    # each of them is built there by the engine, the Domus back in the tray
    for k, stock in over_stock(CITY, "red", L(tapped)):
        if stock.piece.values is None:
            continue
        building = tray_building(TRAY[k], "red", L(tapped))
        after = build(claim_lots(CITY, "red", L(tapped)), building)
        assert HOUSE not in after.buildings and building in after.buildings


def test_a_building_over_returns_the_replaced_piece_to_the_tray() -> None:
    # Ana's eight civic buildings are all built, one of them on B2: a civic
    # building over it (2 lots) takes the piece it gives back.
    civics = tuple(
        Building("red", (lot,), Civic(CivicKind.BUILDING, 1))
        for lot in L("B2 A4 A6 A8 C8 E8 G8 G6")
    )
    city = City(players=(ANA, BO), era=1, buildings=civics)
    assert over_names(city, "red", "B2 B3")[-1] == ("Civic building", 1)
    # on free lots alone, no civic piece is left
    assert remaining_tray(city, "red")[-1].left == 0


@pytest.mark.parametrize(
    ("owner", "tapped", "error", "words"),
    [
        # not bigger than the Domus it would replace
        ("red", "B2", BuildingOverError, "cannot build over the Domus at B2"),
        # Bo's Artisan Forum is not Ana's to build over
        ("red", "B2 C2", LotNotOwnedError, "a player builds over their own"),
        # the Forum covers 3 lots: 3 are not bigger
        ("blue", "C2 C3 D3", BuildingOverError, "it covers 3 lots"),
        ("red", "B2 D2", IllegalBuildError, "must be orthogonally connected"),
    ],
)
def test_what_cannot_go_over_is_said(
    owner: str, tapped: str, error: type[Exception], words: str
) -> None:
    with pytest.raises(error) as caught:
        over_stock(CITY, owner, L(tapped))
    assert words in str(caught.value)
