"""Rule checks the screens used to make themselves, now the engines': whose
turn an All Roads turn may be and whether the game still has one, which
players a Glory to Rome end-of-game checklist may name, and a face on every
road-board edge. Pure: no app needed."""

from __future__ import annotations

import pytest

from companion.engines import all_roads as ar
from companion.engines import glory as gtr
from companion.engines.base import Player, RuleError
from companion.engines.foundations.road_boards import (
    WORKED_EXAMPLE,
    Edge,
    MissingFaceError,
    check_faces,
    with_faces,
)

SEATS = (Player("red", "Ana"), Player("yellow", "Bo"), Player("green", "Chiara"))

GAME_OVER = (
    "Every player has placed all 12 tiles: the game is over. Undo the last turn "
    "to change it."
)


# --------------------------------------------------------------------------
# All Roads: a turn recorded (rulebook 002, "Course of the Game", "End of the
# Game")
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("done", "active", "refused", "words"),
    [
        (0, "red", None, None),
        (0, "yellow", None, None),  # the form says whose turn it was, not the app
        (17, "green", None, None),  # the last turn of the game
        (0, "blue", ar.NotAtTableError, "Choose whose turn it was."),
        (5, "", ar.NotAtTableError, "Choose whose turn it was."),
        (18, "red", ar.TurnError, GAME_OVER),
        (19, "red", ar.TurnError, GAME_OVER),
        # once the game is over, that is what is wrong, whoever is named
        (18, "blue", ar.TurnError, GAME_OVER),
    ],
)
def test_a_turn_can_be_recorded(
    done: int, active: str, refused: type[ar.TurnError] | None, words: str | None
) -> None:
    now = ar.Progress(SEATS, done)
    if refused is None:
        now.check_turn(active)
        return
    with pytest.raises(refused) as caught:
        now.check_turn(active)
    assert type(caught.value) is refused
    assert str(caught.value) == words


def test_the_game_over_words_count_every_tile() -> None:
    assert str(ar.GAME_OVER) == GAME_OVER
    assert f"all {ar.TILES_PER_PLAYER} tiles" in GAME_OVER


# --------------------------------------------------------------------------
# Glory to Rome: the end-of-game checklist (003 p.9; 004, 游戏结束)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("named", "refused"),
    [
        ((None, None), False),
        (("red", None), False),
        ((None, "green"), False),
        (("red", "red"), False),
        (("red", "yellow"), False),  # two winners: GameEnd's to refuse
        (("blue", None), True),
        ((None, "blue"), True),
        (("red", "blue"), True),
        (("", None), True),
    ],
)
def test_the_checklist_names_players_at_the_table(
    named: tuple[str | None, str | None], refused: bool
) -> None:
    if not refused:
        gtr.check_named_players(SEATS, named)
        return
    with pytest.raises(gtr.EndOfGameError) as caught:
        gtr.check_named_players(SEATS, named)
    assert str(caught.value) == "Choose a player at this table."


# --------------------------------------------------------------------------
# Roads of Fortune: a face on every edge (rulebook 000, "Setup" 2-4)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "missing",
    [(), (Edge.NORTH,), (Edge.WEST,), (Edge.EAST, Edge.SOUTH), tuple(Edge)],
)
def test_every_edge_needs_a_face(missing: tuple[Edge, ...]) -> None:
    faces = {e: board for e, board in WORKED_EXAMPLE.items() if e not in missing}
    if not missing:
        check_faces(faces)
        assert with_faces(None, faces).board(Edge.NORTH) == WORKED_EXAMPLE[Edge.NORTH]
        return
    with pytest.raises(MissingFaceError) as caught:
        check_faces(faces)
    assert str(caught.value) == "Choose a face for every edge."
    assert isinstance(caught.value, RuleError)  # shown beside the form
