"""Edits of a city the board screen makes: lot markers on and off, lots claimed
for a board entered as it lies, a building moved, and the board carried into
the next era. Pure: no app needed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from companion.engines.base import Player
from companion.engines.foundations import (
    LOT_MARKERS_PER_PLAYER,
    Building,
    City,
    Civic,
    CivicKind,
    Commercial,
    GameOverError,
    IllegalBuildError,
    LotMarkerError,
    NoSuchBuildingError,
    Residential,
    add_coins,
    change_values,
    claim_lots,
    fitting_stock,
    move,
    next_era,
    problems,
    remaining_tray,
    score,
    starting_coins,
    toggle_lot_markers,
)
from companion.engines.foundations.lots import Lot
from companion.engines.foundations.monuments import take_income
from companion.engines.foundations.road_boards import worked_example_boards

from ..helpers import L
from .strategies import for_cities

ANA, BO = Player("red", "Ana"), Player("blue", "Bo")


def city(**keys: object) -> City:
    return City(players=(ANA, BO), era=keys.pop("era", 1), **keys)  # type: ignore[arg-type]


HOUSE = Building("red", L("B2"), Residential(1))


# --------------------------------------------------------------------------
# Lot markers (rulebook 001, "Special Rules & Edge Cases - Lot Markers")
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "owner", "tapped", "spent", "after"),
    [
        # on where there was none, off where there was one, both in one tap
        ({}, "red", "A1", 0, {"red": "A1"}),
        ({"red": L("A1")}, "red", "A1", 0, {}),
        ({"red": L("A1")}, "red", "A1 C3", 0, {"red": "C3"}),
        # another player's markers are not touched
        ({"blue": L("D4")}, "red", "A1", 0, {"red": "A1", "blue": "D4"}),
        # all 8, or all but those spent on a road board
        ({}, "red", "A1 A2 A3 A4 A5 A6 A7 B1", 0, {"red": "A1 A2 A3 A4 A5 A6 A7 B1"}),
        ({}, "red", "A1 A2 A3 A4 A5 A6", 2, {"red": "A1 A2 A3 A4 A5 A6"}),
    ],
)
def test_lot_markers_go_on_and_come_off(
    before: dict[str, tuple[Lot, ...]],
    owner: str,
    tapped: str,
    spent: int,
    after: dict[str, str],
) -> None:
    new = toggle_lot_markers(city(lot_markers=before), owner, L(tapped), spent=spent)
    assert {pid: " ".join(map(str, lots)) for pid, lots in new.lot_markers.items()} == (
        after
    )
    assert problems(new) == ()


@pytest.mark.parametrize(
    ("before", "tapped", "spent", "words"),
    [
        ({}, "B2", 0, "B2 is built on: lot markers go on unbuilt lots only."),
        ({"blue": L("A1")}, "A1", 0, "A1 has Bo's lot marker already."),
        ({}, "A1 A2 A3 A4 A5 A6 A7 B1 C1", 0, "Ana has only 8 lot markers."),
        (
            {},
            "A1 A2 A3 A4 A5 A6 A7",
            2,
            "Ana has only 6 lot markers this era: 2 went on a road board.",
        ),
    ],
)
def test_a_lot_marker_that_breaks_a_rule_is_refused_with_the_reason(
    before: dict[str, tuple[Lot, ...]], tapped: str, spent: int, words: str
) -> None:
    start = city(buildings=(HOUSE,), lot_markers=before)
    with pytest.raises(LotMarkerError) as refused:
        toggle_lot_markers(start, "red", L(tapped), spent=spent)
    assert str(refused.value.message) == words


@settings(max_examples=60, deadline=None)
@given(for_cities())
def test_tapping_the_same_free_lots_twice_gives_the_city_back(start: City) -> None:
    owner = start.players[0].id
    held = {lot for lots in start.lot_markers.values() for lot in lots}
    free = [
        lot
        for lot in start.board.lots()
        if lot not in start.built() and lot not in held
    ][:2]
    room = LOT_MARKERS_PER_PLAYER - len(start.markers(owner))
    if len(free) > room:
        return
    once = toggle_lot_markers(start, owner, free)
    assert set(once.markers(owner)) == {*start.markers(owner), *free}
    assert toggle_lot_markers(once, owner, free) == start


# --------------------------------------------------------------------------
# A board entered as it lies, and a building moved
# --------------------------------------------------------------------------


def test_claiming_takes_only_the_free_lots() -> None:
    start = city(buildings=(HOUSE,), lot_markers={"blue": L("C1")})
    claimed = claim_lots(start, "red", L("B2 C1 D4 D5"))
    assert claimed.markers("red") == L("D4 D5")
    assert claimed.markers("blue") == L("C1")
    assert claim_lots(start, "red", L("B2 C1")) is start


def test_a_moved_building_keeps_its_values_and_leaves_its_lots_unowned() -> None:
    fountain = Building("blue", L("E5"), Civic(CivicKind.CITIZEN, 2))
    moved = move(city(buildings=(HOUSE, fountain)), 0, L("C4"))
    assert moved.buildings == (fountain, Building("red", L("C4"), Residential(1)))
    assert moved.markers("red") == ()  # claimed for the build, then built on
    assert problems(moved) == ()


def test_moving_a_building_that_is_not_there_says_so() -> None:
    with pytest.raises(NoSuchBuildingError):
        move(city(), 0, L("C4"))


# --------------------------------------------------------------------------
# The next era (rulebook 001, "End of Era Scoring"; rulebook 000)
# --------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(for_cities(era=1))
def test_the_next_era_carries_the_totals_and_keeps_the_board(start: City) -> None:
    result = score(start)
    after = next_era(start, result)
    assert after.era == 2
    assert after.buildings == start.buildings
    assert after.lot_markers == start.lot_markers
    assert dict(after.score_before) == {
        s.player.id: s.total for s in result.players if s.total
    }
    assert problems(after) == ()


def test_the_next_era_clears_the_road_picks_and_keeps_milestones() -> None:
    start = city(buildings=(HOUSE,), road_boards=worked_example_boards())
    result = score(start)
    after = next_era(start, result)
    assert after.road_boards is not None
    assert dict(after.road_boards.choices) == {}
    left = {s.player.id: s.road.milestones_left for s in result.players if s.road}
    assert {pid: after.road_boards.milestones(pid) for pid in left} == left


def test_no_era_follows_the_third() -> None:
    last = city(era=3, buildings=(HOUSE,))
    with pytest.raises(GameOverError) as refused:
        next_era(last, score(last))
    assert "Era 3" in str(refused.value.message)


# --------------------------------------------------------------------------
# The tray pieces that fit the tapped lots (rulebook 001, "Action 3")
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lots", "pieces"),
    [
        ("C3", ["Domus", "Bakery", "Civic building"]),
        ("C3 C4", ["Domus Maximus", "Pottery Studio", "Civic building"]),
        # an L of 3 turned and flipped every way is still an Insula's L
        ("C3 C4 D4", ["Insula", "Artisan Forum", "Civic building"]),
        ("D3 C4 D4", ["Insula", "Artisan Forum", "Civic building"]),
        ("C3 D3 C4", ["Insula", "Artisan Forum", "Civic building"]),
        # a T of 4 is no tray piece's shape: only a civic building fits
        ("B2 C2 D2 C3", ["Civic building"]),
        # not connected: nothing fits
        ("A1 C3", []),
    ],
)
def test_the_pieces_that_fit_the_tapped_lots(lots: str, pieces: list[str]) -> None:
    fitting = fitting_stock(city(), "red", L(lots))
    assert [stock.piece.name for _, stock in fitting] == pieces
    tray = remaining_tray(city(), "red")
    assert all(tray[k] == stock for k, stock in fitting)


def test_a_piece_with_none_left_is_listed_with_none_left() -> None:
    both = (
        Building("red", L("A1"), Residential(1)),
        Building("red", L("G7"), Residential(1)),
    )
    fitting = dict(fitting_stock(city(buildings=both), "red", L("C3")))
    assert [s.left for s in fitting.values() if s.piece.name == "Domus"] == [0]


# --------------------------------------------------------------------------
# Printed values changed after the fact
# --------------------------------------------------------------------------


def test_changed_values_keep_owner_lots_and_type() -> None:
    start = city(buildings=(HOUSE, Building("blue", L("E5"), Residential(2))))
    changed = change_values(start, 1, Residential(3), "Domus Maximus")
    assert changed.buildings[0] == HOUSE
    assert changed.buildings[1] == Building(
        "blue", L("E5"), Residential(3), "Domus Maximus"
    )
    assert problems(changed) == ()


@pytest.mark.parametrize(
    ("index", "values", "error"),
    [
        (0, Civic(CivicKind.CIVIC, 2), IllegalBuildError),  # another type
        (1, Residential(1), NoSuchBuildingError),  # no such building
    ],
)
def test_changed_values_that_break_a_rule_are_refused(
    index: int, values: Residential | Civic, error: type[Exception]
) -> None:
    with pytest.raises(error):
        change_values(city(buildings=(HOUSE,)), index, values)


# --------------------------------------------------------------------------
# Silver in hand (rulebook 001, "Setup" 4 and "Action 1: Take Income")
# --------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_starting_silver_is_5_and_one_more_each_seat(n: int) -> None:
    seats = tuple(
        Player(c, c.title()) for c in ("red", "blue", "green", "purple", "yellow")[:n]
    )
    assert list(starting_coins(seats).values()) == list(range(5, 5 + n))


def test_coins_add_up_and_never_go_below_zero() -> None:
    start = city(coins={"red": 5, "blue": 6})
    assert dict(add_coins(start, {"red": 3, "blue": -6}).coins) == {"red": 8, "blue": 0}
    with pytest.raises(IllegalBuildError, match="below 0"):
        add_coins(start, {"blue": -7})
    # Coins never recorded stay unrecorded.
    assert add_coins(city(), {"red": 3}).coins == {}


def test_income_is_5_and_the_commercial_silver() -> None:
    shop = Building("red", L("C3 C4"), Commercial(2, 1))
    start = city(buildings=(shop,), coins={"red": 1, "blue": 0})
    after, gained = take_income(start, "red")
    assert (gained, after.coins["red"]) == (7, 8)
    with pytest.raises(IllegalBuildError, match="not recorded"):
        take_income(city(buildings=(shop,)), "red")


def test_the_next_era_puts_the_eras_silver_in_hand() -> None:
    shop = Building("red", L("C3 C4"), Commercial(2, 1))
    start = city(buildings=(shop,), coins={"red": 1, "blue": 0})
    after = next_era(start, score(start))
    assert dict(after.coins) == {"red": 3, "blue": 0}
