"""Choosing the road boards' faces (rulebook 000, "Setup" 2-4): a changed face
drops the picks made on it; the rest of what the table recorded stays."""

from __future__ import annotations

import pytest

from companion.engines.base import Node, TableFileError
from companion.engines.foundations.road_boards import (
    PRESETS,
    WORKED_EXAMPLE,
    Choice,
    Edge,
    MajorityBoard,
    RoadBoards,
    Take,
    board_to_json,
    read_board,
    with_faces,
)

PASS_NORTH = (Choice("red", Take.PASS),)
PASS_SOUTH = (Choice("blue", Take.PASS),)


def recorded() -> RoadBoards:
    return RoadBoards(
        WORKED_EXAMPLE,
        {Edge.NORTH: PASS_NORTH, Edge.SOUTH: PASS_SOUTH},
        {"red": 1},
    )


def test_a_first_setup_has_no_picks() -> None:
    boards = with_faces(None, WORKED_EXAMPLE)
    assert boards == RoadBoards(WORKED_EXAMPLE)


def test_the_same_faces_keep_every_pick_and_milestone() -> None:
    assert with_faces(recorded(), dict(WORKED_EXAMPLE)) == recorded()


def test_a_changed_face_drops_only_its_own_picks() -> None:
    other = MajorityBoard(most=(2, 3, 4), none=(0, 0, 0))
    assert other != WORKED_EXAMPLE[Edge.NORTH]
    boards = with_faces(recorded(), {**WORKED_EXAMPLE, Edge.NORTH: other})
    assert boards.board(Edge.NORTH) == other
    assert boards.picks(Edge.NORTH) == ()
    assert boards.picks(Edge.SOUTH) == PASS_SOUTH
    assert boards.milestones("red") == 1


def test_a_missing_edge_is_refused() -> None:
    faces = {e: b for e, b in WORKED_EXAMPLE.items() if e is not Edge.WEST}
    with pytest.raises(ValueError, match="west"):
        with_faces(None, faces)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_face_reads_back_from_its_json(name: str) -> None:
    face = PRESETS[name]
    assert read_board(Node(board_to_json(face), "road_boards.north")) == face


def test_a_broken_face_names_its_path() -> None:
    with pytest.raises(TableFileError) as refused:
        read_board(
            Node(
                {"kind": "majority", "most": [1, 2], "none": [0, 0, 0]},
                "road_boards.east",
            )
        )
    assert refused.value.problems[0].path == "road_boards.east.most"
