"""Whose turn it is in an All Roads game recorded turn by turn, and when it ends
(rulebook 002, "Course of the Game" and "End of the Game"). Pure."""

from __future__ import annotations

import pytest

from companion.engines import all_roads as ar
from companion.engines.base import Player

SEATS = (Player("red", "Ana"), Player("yellow", "Bo"), Player("green", "Chiara"))


@pytest.mark.parametrize(
    ("done", "round_", "next_", "over"),
    [
        (0, 1, "red", False),  # the first player starts
        (1, 1, "yellow", False),  # then clockwise: the file's seating order
        (3, 2, "red", False),  # a new round
        (17, 6, "green", False),  # the last turn of the game
        (18, 6, None, True),  # every player has placed all 12 tiles
        (19, 6, None, True),
    ],
)
def test_progress_through_the_turns(
    done: int, round_: int, next_: str | None, over: bool
) -> None:
    now = ar.Progress(SEATS, done)
    assert now.total == 18 == 3 * ar.TURNS_PER_PLAYER
    assert (now.round, now.over) == (round_, over)
    assert (now.next.id if now.next else None) == next_


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_takes_six_turns_of_two_tiles(players: int) -> None:
    seats = SEATS[:players] if players <= 3 else (*SEATS, Player("blue", "Dario"))
    turns = [ar.Progress(seats, done).next for done in range(len(seats) * 6)]
    assert all(turns.count(seat) == 6 for seat in seats)
    assert ar.TURNS_PER_PLAYER * ar.TILES_PER_TURN == ar.TILES_PER_PLAYER == 12
