"""Storage: going back (or forward) to any step of the history in one change."""

from __future__ import annotations

import pytest
from flask import Flask

from companion.storage import store
from companion.storage.models import GameTable, db

DOC = {"format": "rome-companion/1", "game": "all-roads", "players": [], "n": 0}


def six_steps() -> GameTable:
    """A table with steps 1..6 whose documents count 0..5, at step 6."""
    table = store.create_table("all-roads", {**DOC, "n": 0})
    for n in range(1, 6):
        store.add_step(table, {**DOC, "n": n}, expected_version=n, action="rename")
    assert (table.position, table.version) == (6, 6)
    return table


def numbers(table: GameTable) -> list[int]:
    return [step.document["n"] for step in table.steps]


@pytest.mark.parametrize(
    ("moves", "position", "undo", "redo"),
    [
        ([1], 1, False, True),  # back 5 steps at once: the first step
        ([3], 3, True, True),
        ([1, 6], 6, True, False),  # and forward again to the last
        ([2, 4], 4, True, True),  # forward part of the way
        ([6], 6, True, False),  # already there: nothing changes
    ],
)
def test_go_to_moves_the_current_step_in_one_change(
    any_db_app: Flask, moves: list[int], position: int, undo: bool, redo: bool
) -> None:
    with any_db_app.app_context():
        table = six_steps()
        for seq in moves:
            before = (table.position, table.version)
            left = store.go_to(table, seq, expected_version=table.version)
            assert left.seq == before[0]
            # One change of the version however many steps it spans; none
            # when the step is already the current one.
            assert table.version == before[1] + (seq != before[0])
        assert table.position == position
        assert store.current_document(table)["n"] == position - 1
        assert (store.can_undo(table), store.can_redo(table)) == (undo, redo)
        # Nothing is deleted: the steps after stay to be redone.
        assert numbers(table) == [0, 1, 2, 3, 4, 5]


def test_a_new_change_after_going_back_ends_the_redo_trail(any_db_app: Flask) -> None:
    with any_db_app.app_context():
        table = six_steps()
        store.go_to(table, 2, expected_version=6)
        store.add_step(table, {**DOC, "n": 9}, expected_version=7, action="rename")
        assert numbers(table) == [0, 1, 9]
        assert not store.can_redo(table)


def test_undo_and_redo_are_one_step_moves(any_db_app: Flask) -> None:
    with any_db_app.app_context():
        table = six_steps()
        assert store.undo(table, expected_version=6).seq == 6
        assert store.redo(table, expected_version=7).seq == 6
        assert table.position == 6


@pytest.mark.parametrize("seq", [0, 7, -1])
def test_a_step_that_is_not_there_is_refused(any_db_app: Flask, seq: int) -> None:
    with any_db_app.app_context():
        table = six_steps()
        with pytest.raises(store.NoSuchStepError):
            store.go_to(table, seq, expected_version=6)
        assert (table.position, table.version) == (6, 6)


def test_a_stale_go_to_is_refused_and_nothing_changes(any_db_app: Flask) -> None:
    with any_db_app.app_context():
        table = six_steps()
        with pytest.raises(store.StaleEditError) as info:
            store.go_to(table, 1, expected_version=5)
        assert (info.value.expected, info.value.current) == (5, 6)
        db.session.expire_all()
        fresh = db.session.get(GameTable, table.id)
        assert fresh is not None
        assert (fresh.position, fresh.version) == (6, 6)


@pytest.mark.parametrize("seq", [0, -1, 7, 2**63, 2**64 + 1])
def test_a_step_outside_the_history_is_no_such_step(app: Flask, seq: int) -> None:
    """Checked before the database is asked: 2**63 would overflow SQLite's
    INTEGER (an error, not a miss)."""
    with app.app_context():
        table = six_steps()
        with pytest.raises(store.NoSuchStepError):
            store.go_to(table, seq, expected_version=table.version)
