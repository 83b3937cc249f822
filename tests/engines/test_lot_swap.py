"""The lot swap of a road-board space (rulebook 000, "Gameplay Example - South
Road Board" F-G): the picker's lot marker and another player's change places.
Pure: no app needed."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engines.base import Player
from companion.engines.foundations import (
    Building,
    City,
    Civic,
    CivicKind,
    Commercial,
    Lot,
    LotSwapError,
    SwapBuiltLotError,
    SwapNoMarkerError,
    SwapNotYoursError,
    SwapOffBoardError,
    SwapSameLotError,
    SwapSamePlayerError,
    problems,
    swap_exchanges,
    swap_lot_markers,
)

from ..helpers import L
from .strategies import for_cities, for_free_lots

PLAYERS = (
    Player("blue", "Blue"),
    Player("green", "Green"),
    Player("red", "Red"),
    Player("purple", "Purple"),
    Player("yellow", "Yellow"),
)

# The part of rulebook 000's example board that a swap can touch: Blue's two
# lot markers (H1, J6) and Blue's and Red's buildings; Red owns I6 and Green
# C3 and C4 (lot markers the example's text does not place, added to swap).
EXAMPLE = City(
    players=PLAYERS,
    era=1,
    buildings=(
        Building("blue", L("G9 H9 G10 H10"), Commercial(3, 5), "Foundry"),
        Building("red", L("I4 J4 I5 J5"), Commercial(3, 5), "Foundry"),
        Building("red", L("A10"), Civic(CivicKind.CIVIC, 2), "Garden"),
    ),
    lot_markers={"blue": L("H1 J6"), "red": L("I6"), "green": L("C3 C4")},
)


def lot(name: str) -> Lot:
    return Lot.parse(name)


def test_the_examples_swap_blue_gives_a_lot_for_reds() -> None:
    """G: "They swap one of their lots with a lot owned by the Red player"."""
    after = swap_lot_markers(EXAMPLE, "blue", lot("H1"), lot("I6"))
    assert after.markers("blue") == L("I6 J6")  # in the place H1 had
    assert after.markers("red") == L("H1")
    assert after.markers("green") == L("C3 C4")
    assert after.buildings == EXAMPLE.buildings
    assert problems(after) == ()
    assert EXAMPLE.markers("blue") == L("H1 J6")  # the input is unchanged


@pytest.mark.parametrize(
    ("player", "mine", "theirs", "error", "words"),
    [
        (
            "blue",
            "H1",
            "H1",
            SwapSameLotError,
            "H1 is given twice: a swap exchanges two different lots "
            "(rulebook 000, Gameplay Example - South Road Board)",
        ),
        (
            "blue",
            "H1",
            "K3",  # column K is off the 10x10 board of 5 players
            SwapOffBoardError,
            '"K3" is off the 10x10 board used by 5 players',
        ),
        (
            "blue",
            "A11",  # the lot the picker gives is checked first
            "I6",
            SwapOffBoardError,
            '"A11" is off the 10x10 board used by 5 players',
        ),
        (
            "blue",
            "H1",
            "I5",
            SwapBuiltLotError,
            "I5 is built on (Red's Foundry): a swap moves lot markers, which "
            "stand on unbuilt lots only "
            "(rulebook 000, Gameplay Example - South Road Board)",
        ),
        (
            "blue",
            "G10",  # the picker's own building: its lots hold no marker either
            "I6",
            SwapBuiltLotError,
            "G10 is built on (Blue's Foundry): a swap moves lot markers, which "
            "stand on unbuilt lots only "
            "(rulebook 000, Gameplay Example - South Road Board)",
        ),
        (
            "blue",
            "H1",
            "E5",
            SwapNoMarkerError,
            "E5 holds no lot marker: a swap exchanges two players' lot markers "
            "(rulebook 000, Gameplay Example - South Road Board)",
        ),
        (
            "blue",
            "E5",
            "I6",
            SwapNoMarkerError,
            "E5 holds no lot marker: a swap exchanges two players' lot markers "
            "(rulebook 000, Gameplay Example - South Road Board)",
        ),
        (
            "blue",
            "H1",
            "J6",
            SwapSamePlayerError,
            "H1 and J6 are both Blue's lots: a swap exchanges one of Blue's lots "
            "with another player's "
            "(rulebook 000, Gameplay Example - South Road Board)",
        ),
        (
            "blue",
            "C3",  # two lots of another player: nothing of Blue's moves
            "C4",
            SwapSamePlayerError,
            "C3 and C4 are both Green's lots: a swap exchanges one of Blue's lots "
            "with another player's "
            "(rulebook 000, Gameplay Example - South Road Board)",
        ),
        (
            "blue",
            "C3",  # Green's lot for Red's: a swap between two other players
            "I6",
            SwapNotYoursError,
            "C3 is Green's lot, not Blue's: Blue swaps one of their own lots "
            "(rulebook 000, Gameplay Example - South Road Board)",
        ),
        (
            "blue",
            "I6",  # the two lots the wrong way round
            "H1",
            SwapNotYoursError,
            "I6 is Red's lot, not Blue's: Blue swaps one of their own lots "
            "(rulebook 000, Gameplay Example - South Road Board)",
        ),
        (
            "black",
            "H1",
            "I6",
            LotSwapError,
            "'black' is not a player at this table",
        ),
    ],
)
def test_a_swap_the_space_does_not_allow_is_refused_in_words(
    player: str, mine: str, theirs: str, error: type[LotSwapError], words: str
) -> None:
    with pytest.raises(error) as caught:
        swap_lot_markers(EXAMPLE, player, lot(mine), lot(theirs))
    assert type(caught.value) is error
    assert str(caught.value) == words


@pytest.mark.parametrize(
    ("printed", "exchanges"),
    [
        (2, 1),  # the example: "swap 2 Lot Markers" is one exchange (F-G)
        (1, 0),  # one marker cannot change places alone
        (3, 1),
        (4, 2),
    ],
)
def test_a_space_gives_one_exchange_for_every_two_lot_markers(
    printed: int, exchanges: int
) -> None:
    assert swap_exchanges(printed) == exchanges


# --------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------


@st.composite
def cities_with_a_swap(draw: st.DrawFn) -> tuple[City, str, Lot, Lot]:
    """A valid city, a player, one of their lot markers and another player's
    (each of the two players given a marker on a free lot when they have none)."""
    city = draw(for_cities(max_buildings=8))
    ids = [p.id for p in city.players]
    picker, other = draw(st.permutations(ids))[:2]
    markers = dict(city.lot_markers)
    for pid in (picker, other):
        if not city.markers(pid):
            free = for_free_lots(replace(city, lot_markers=markers))
            if not free:  # a full board: start again from no buildings
                city = City(city.players, city.era)
                markers = dict(city.lot_markers)
                free = for_free_lots(city)
            markers[pid] = (draw(st.sampled_from(free)),)
    city = replace(city, lot_markers=markers)
    mine = draw(st.sampled_from(city.markers(picker)))
    others = [lot for pid in ids if pid != picker for lot in city.markers(pid)]
    theirs = draw(st.sampled_from(others))
    return city, picker, mine, theirs


def owners(city: City) -> dict[Lot, str]:
    return {lot: pid for pid, lots in city.lot_markers.items() for lot in lots}


@given(cities_with_a_swap())
def test_a_swap_changes_only_the_two_lots_owners_and_back_again(
    case: tuple[City, str, Lot, Lot],
) -> None:
    city, picker, mine, theirs = case
    after = swap_lot_markers(city, picker, mine, theirs)
    before_owners, after_owners = owners(city), owners(after)
    # Every player keeps their number of lot markers.
    assert {p.id: len(after.markers(p.id)) for p in city.players} == {
        p.id: len(city.markers(p.id)) for p in city.players
    }
    # Only the two lots change owners, each to the other's.
    assert after_owners[mine] == before_owners[theirs]
    assert after_owners[theirs] == picker
    assert {k: v for k, v in after_owners.items() if k not in (mine, theirs)} == {
        k: v for k, v in before_owners.items() if k not in (mine, theirs)
    }
    assert replace(after, lot_markers=city.lot_markers) == city
    if problems(city) == ():
        assert problems(after) == ()
    # Swapping back (the picker gives the lot they took) gives the city back.
    assert swap_lot_markers(after, picker, theirs, mine) == city
