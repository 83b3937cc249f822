"""Storage: a step per change, undo/redo, stale edits refused; SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from flask import Flask
from sqlalchemy import func, select
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from companion.storage import store
from companion.storage.models import GameTable, HistoryStep, db

DOC = {"format": "rome-companion/1", "game": "all-roads", "players": [], "n": 0}


def doc(n: int) -> dict[str, object]:
    return {**DOC, "n": n}


def test_create_then_record_keeps_every_step(any_db_app: Flask) -> None:
    with any_db_app.app_context():
        table = store.create_table("all-roads", doc(0))
        assert table.version == 1
        assert len(table.id) >= 16
        store.add_step(table, doc(1), expected_version=1, action="rename")
        store.add_step(table, doc(2), expected_version=2, action="rename")
        assert [s.document["n"] for s in table.steps] == [0, 1, 2]
        assert store.current_document(table)["n"] == 2
        assert table.version == 3


def test_undo_redo_and_new_edit_ends_the_redo_trail(any_db_app: Flask) -> None:
    with any_db_app.app_context():
        table = store.create_table("all-roads", doc(0))
        store.add_step(table, doc(1), expected_version=1, action="rename")
        store.add_step(table, doc(2), expected_version=2, action="rename")
        store.undo(table, expected_version=3)
        store.undo(table, expected_version=4)
        assert store.current_document(table)["n"] == 0
        assert not store.can_undo(table)
        with pytest.raises(store.NothingToUndoError):
            store.undo(table, expected_version=5)
        store.redo(table, expected_version=5)
        assert store.current_document(table)["n"] == 1
        assert store.can_redo(table)
        # A new change after an undo drops the undone step (2).
        store.add_step(table, doc(9), expected_version=6, action="rename")
        assert [s.document["n"] for s in table.steps] == [0, 1, 9]
        assert not store.can_redo(table)
        with pytest.raises(store.NothingToUndoError):
            store.redo(table, expected_version=7)


@pytest.mark.parametrize("operation", ["record", "undo", "redo", "delete"])
def test_stale_version_is_refused_and_nothing_changes(
    any_db_app: Flask, operation: str
) -> None:
    with any_db_app.app_context():
        table = store.create_table("all-roads", doc(0))
        store.add_step(table, doc(1), expected_version=1, action="rename")
        store.undo(table, expected_version=2)
        before = (table.version, table.position, len(table.steps))
        with pytest.raises(store.StaleEditError) as info:
            if operation == "record":
                store.add_step(table, doc(5), expected_version=1, action="rename")
            elif operation == "undo":
                store.undo(table, expected_version=1)
            elif operation == "redo":
                store.redo(table, expected_version=1)
            else:
                store.delete_table(table, expected_version=1)
        assert info.value.current == 3
        db.session.expire_all()
        table = db.session.get(GameTable, table.id)
        assert table is not None
        assert (table.version, table.position, len(table.steps)) == before


def test_concurrent_writers_cannot_both_win(any_db_app: Flask) -> None:
    """Two phones read version 1; the second write fails in the database itself."""
    with any_db_app.app_context():
        table = store.create_table("all-roads", doc(0))
        table_id = table.id
        with Session(db.engine) as other:
            other_view = other.get(GameTable, table_id)
            assert other_view is not None and other_view.version == 1
            store.add_step(table, doc(1), expected_version=1, action="rename")
            other_view.position = 7
            with pytest.raises(StaleDataError):
                other.commit()
        db.session.expire_all()
        assert store.current_document(db.session.get(GameTable, table_id))["n"] == 1


def test_recent_tables_most_recent_change_first(any_db_app: Flask) -> None:
    with any_db_app.app_context():
        first = store.create_table("all-roads", doc(0))
        second = store.create_table("all-roads", doc(0))
        assert [t.id for t in store.recent_tables()] == [second.id, first.id]
        store.add_step(first, doc(1), expected_version=1, action="rename")
        assert [t.id for t in store.recent_tables()] == [first.id, second.id]


def test_delete_removes_history(any_db_app: Flask) -> None:
    with any_db_app.app_context():
        table = store.create_table("all-roads", doc(0))
        store.add_step(table, doc(1), expected_version=1, action="rename")
        store.delete_table(table, expected_version=2)
        assert db.session.scalar(select(func.count()).select_from(HistoryStep)) == 0
        assert store.get_table(table.id) is None


def test_documents_keep_unicode_and_key_order(any_db_app: Flask) -> None:
    with any_db_app.app_context():
        document = {"z": 1, "a": "李雷 · Lucía", "m": [3, 1, 2]}
        table = store.create_table("glory-to-rome", document)
        table_id = table.id
        db.session.expire_all()
        db.session.remove()
        stored = store.current_document(db.session.get(GameTable, table_id))
        assert list(stored) == ["z", "a", "m"]
        assert stored == document


def test_the_versions_stamp_changes_with_any_of_its_tables(app: Flask) -> None:
    """``versions_stamp``: the count of the ids that exist and the sum of
    their versions, which any change or deletion of one of them moves."""
    with app.app_context():
        tables = [
            store.create_table(
                "all-roads",
                {"game": "all-roads", "players": [{"id": "red", "name": n}]},
            )
            for n in ("A", "B", "C")
        ]
        ids = [t.id for t in tables]
        assert store.versions_stamp([]) == (0, 0)
        before = store.versions_stamp(ids)
        assert before == (3, sum(t.version for t in tables))
        assert store.versions_stamp([*ids, "no-such-table"]) == before
        seen = {before}
        renamed = {"game": "all-roads", "players": [{"id": "red", "name": "B2"}]}
        store.add_step(
            tables[1], renamed, expected_version=tables[1].version, action="rename"
        )
        seen.add(store.versions_stamp(ids))
        store.delete_table(tables[2], expected_version=tables[2].version)
        seen.add(store.versions_stamp(ids))
        assert store.versions_stamp(ids)[0] == 2
        assert len(seen) == 3
