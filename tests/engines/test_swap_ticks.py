"""The lots ticked for the lot swap of a road-board space, paired as the engine
pairs them (rulebook 000, "Gameplay Example - South Road Board" F-G): each of
the picker's lot markers with another player's, or why the ticks are not such
pairs. Pure: no app needed."""

from __future__ import annotations

import pytest

from companion.engines.base import Player
from companion.engines.foundations import City, Lot, LotSwapError
from companion.engines.foundations.fortune import (
    SwapTicksError,
    check_no_swap,
    swap_pairs,
)

from ..helpers import L

CITY = City(
    players=(
        Player("blue", "Blue"),
        Player("green", "Green"),
        Player("red", "Red"),
        Player("purple", "Purple"),
        Player("yellow", "Yellow"),
    ),
    era=1,
    lot_markers={
        "blue": L("H1 J6"),
        "red": L("I6"),
        "green": L("C3 C4"),
        "purple": L("D5"),
    },
)
"""Blue picks; Blue has H1 and J6, Red I6, Green C3 and C4, Purple D5."""


def pairs(text: str) -> list[tuple[Lot, Lot]]:
    """``"H1-C3 J6-I6"`` as pairs of lots."""
    found = []
    for pair in text.split():
        mine, theirs = pair.split("-")
        found.append((Lot.parse(mine), Lot.parse(theirs)))
    return found


@pytest.mark.parametrize(
    ("ticked", "exchanges", "expected"),
    [
        # one exchange: the picker's lot with the other's, whatever the order
        ("H1 I6", 1, "H1-I6"),
        ("I6 H1", 1, "H1-I6"),
        ("C3 J6", 1, "J6-C3"),
        # more than one: in the order ticked, the picker's with the others'
        ("H1 J6 C3 I6", 2, "H1-C3 J6-I6"),
        ("C3 H1 I6 J6", 2, "H1-C3 J6-I6"),
        ("H1 I6", 2, "H1-I6"),  # fewer exchanges than the space gives
        ("H1 J6 C3 C4", 3, "H1-C3 J6-C4"),
        # two lots that are not one of each: as they are, for the swap to judge
        ("H1 J6", 1, "H1-J6"),
        ("C3 I6", 1, "C3-I6"),
        ("C3 E5", 1, "C3-E5"),
        # a lot ticked twice: a pair of itself, which the swap refuses
        ("H1 H1", 1, "H1-H1"),
        ("H1 C3 C3 J6", 2, "C3-C3"),
    ],
)
def test_ticked_lots_pair(ticked: str, exchanges: int, expected: str) -> None:
    assert swap_pairs(CITY, "blue", L(ticked), exchanges) == pairs(expected)


ONE_OF_EACH = "one of Blue's lot markers and one of another player's"


@pytest.mark.parametrize(
    ("ticked", "exchanges", "refused"),
    [
        (
            "",
            1,
            f"Tick the lots to swap on the board: {ONE_OF_EACH}. Or take the space "
            "without a swap.",
        ),
        (
            "",
            2,
            f"Tick the lots to swap on the board: {ONE_OF_EACH}. Or take the space "
            "without a swap.",
        ),
        ("H1", 1, f"A swap is of two lots, {ONE_OF_EACH}, but 1 lot is ticked."),
        (
            "H1 I6 C3",
            1,
            f"A swap is of two lots, {ONE_OF_EACH}, but 3 lots are ticked.",
        ),
        (
            "H1 J6 I6 C3",
            1,
            f"A swap is of two lots, {ONE_OF_EACH}, but 4 lots are ticked.",
        ),
        (
            "H1 C3 I6",
            2,
            "This space swaps up to 2 pairs of lots, each one of Blue's lot markers "
            "and one of another player's, but 3 lots are ticked.",
        ),
        (
            "H1 J6 C3 I6 C4 D5",
            2,
            "This space swaps up to 2 pairs of lots, each one of Blue's lot markers "
            "and one of another player's, but 6 lots are ticked.",
        ),
        (
            "H1",
            2,
            "This space swaps up to 2 pairs of lots, each one of Blue's lot markers "
            "and one of another player's, but 1 lot is ticked.",
        ),
        (
            "H1 C3 I6 D5",
            2,
            "Tick as many of Blue's lot markers as of other players': 1 and 3 are "
            "ticked.",
        ),
        (
            "C3 C4 I6 D5",
            2,
            "Tick as many of Blue's lot markers as of other players': 0 and 4 are "
            "ticked.",
        ),
    ],
)
def test_ticks_that_are_not_pairs_are_refused(
    ticked: str, exchanges: int, refused: str
) -> None:
    with pytest.raises(SwapTicksError) as caught:
        swap_pairs(CITY, "blue", L(ticked) if ticked else (), exchanges)
    assert str(caught.value) == refused
    assert isinstance(caught.value, LotSwapError)  # a refused swap, as the others


@pytest.mark.parametrize("ticked", [[], ()])
def test_a_pick_without_a_swap_takes_no_ticks(ticked: list[str]) -> None:
    check_no_swap(ticked)


@pytest.mark.parametrize("ticked", [["H1"], ["H1", "I6"], ["Q"]])
def test_ticks_on_a_pick_without_a_swap_are_refused(ticked: list[str]) -> None:
    with pytest.raises(SwapTicksError) as caught:
        check_no_swap(ticked)
    assert str(caught.value) == (
        "Lots are ticked on the board, but this pick swaps none: untick them, or "
        "swap them with the space that swaps lots."
    )
