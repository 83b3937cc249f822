"""The one write path (companion/edits.py): every change to a table is saved
through it, the finished lock is asked there, and the file is written from
the game's sheet by its engine and read back whole before it is kept."""

from __future__ import annotations

import ast
import json
from dataclasses import replace
from pathlib import Path

import pytest
from flask import Flask

from companion import edits
from companion.engines import TableFileError, find_game, read_table
from companion.engines import foundations as fr
from companion.storage import store
from companion.storage.models import db

from .conftest import TableActions

PACKAGE = Path(__file__).resolve().parents[1] / "companion"

CITY = {
    "format": "rome-companion/1",
    "game": "foundations-of-rome",
    "players": [{"id": "red", "name": "Ana"}, {"id": "blue", "name": "Bo"}],
    "era": 1,
    "buildings": [
        {"owner": "red", "type": "residential", "lots": ["A1"], "citizens": 1},
    ],
    "lot_markers": {"red": ["D4"], "blue": ["G7"]},
}


@pytest.fixture
def table_id(actions: TableActions) -> str:
    return actions.import_id(json.dumps(CITY).encode())


def test_a_sheet_is_written_whole_by_its_engine(app: Flask, table_id: str) -> None:
    """Saving a city writes the game's whole part of the file from it: a key
    the new city leaves empty goes (here every lot marker), as every screen
    that saves a city did through ``save_city``."""
    with app.app_context():
        table = store.get_table(table_id)
        assert table is not None
        city = read_table(table.document).sheet
        assert isinstance(city, fr.City)
        edits.save(
            table,
            seen=table.version,
            action="fr-coins",
            sheet=replace(city, lot_markers={}),
        )
        assert "lot_markers" not in table.document
        assert table.document["buildings"] == CITY["buildings"]
        assert store.current_step(table).action == "fr-coins"


def test_a_change_sets_and_removes_top_level_keys(app: Flask, table_id: str) -> None:
    with app.app_context():
        table = store.get_table(table_id)
        assert table is not None
        edits.save(
            table,
            seen=table.version,
            action="fr-coins",
            change={"coins": {"red": 3, "blue": 4}, "lot_markers": None},
        )
        assert table.document["coins"] == {"red": 3, "blue": 4}
        assert "lot_markers" not in table.document


def test_a_file_the_engines_refuse_is_not_kept(app: Flask, table_id: str) -> None:
    with app.app_context():
        table = store.get_table(table_id)
        assert table is not None
        version, document = table.version, dict(table.document)
        with pytest.raises(TableFileError) as refused:
            edits.save(
                table,
                seen=version,
                action="fr-coins",
                change={"coins": {"red": -1}},
            )
        assert refused.value.problems[0].path == "coins.red"
        db.session.rollback()
        assert (table.version, table.document) == (version, document)


def test_names_change_and_ids_stay(app: Flask, table_id: str) -> None:
    with app.app_context():
        table = store.get_table(table_id)
        assert table is not None
        edits.save(table, seen=table.version, action="rename-many", names=["Al", "B"])
        assert table.document["players"] == [
            {"id": "red", "name": "Al"},
            {"id": "blue", "name": "B"},
        ]


def test_a_stale_version_is_refused(app: Flask, table_id: str) -> None:
    with app.app_context():
        table = store.get_table(table_id)
        assert table is not None
        with pytest.raises(store.StaleEditError):
            edits.save(table, seen=table.version - 1, action="fr-coins")


def test_a_finished_game_refuses_every_change_until_reopened(
    app: Flask, table_id: str
) -> None:
    """The finished lock is asked by the write path itself, whichever screen
    saves; reopening is the one step a finished game takes."""
    with app.app_context():
        table = store.get_table(table_id)
        assert table is not None
        final = dict(table.document, era=3)
        edits.save(table, seen=table.version, action="fr-values", change=final)
        city = read_table(table.document).sheet
        edits.save(
            table,
            seen=table.version,
            action="fr-score",
            details={"era": 3, "players": {}},
            sheet=city,
        )
        assert edits.is_finished(table)
        version = table.version
        with pytest.raises(edits.GameOverError):
            edits.save(table, seen=version, action="fr-coins", names=["X", "Y"])
        assert table.version == version
        edits.reopen(table, seen=version)
        assert not edits.is_finished(table)
        edits.save(table, seen=table.version, action="rename-many", names=["X", "Y"])


def test_create_reads_the_file_first(app: Flask) -> None:
    with app.app_context():
        with pytest.raises(TableFileError):
            edits.create({**CITY, "era": 9})
        table = edits.create(CITY, action="import")
        assert table.game == find_game("foundations-of-rome").slug
        assert store.current_step(table).action == "import"


def _calls(path: Path, module: str, names: set[str]) -> list[str]:
    """Where ``path`` calls ``module.name`` (or ``name`` imported) for ``names``."""
    tree = ast.parse(path.read_text())
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            called = (
                func.attr
                if isinstance(func, ast.Attribute)
                and isinstance(func.value, ast.Name)
                and func.value.id == module
                else func.id
                if isinstance(func, ast.Name)
                else None
            )
            if called in names:
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {called}")
    return found


def test_only_the_write_path_adds_a_history_step() -> None:
    """No module but ``companion/edits.py`` saves a step or makes a table
    (the store's ``add_step`` and ``create_table``)."""
    callers = [
        call
        for path in PACKAGE.rglob("*.py")
        if path.name != "edits.py" and "migrations" not in path.parts
        for call in _calls(path, "store", {"add_step", "create_table"})
    ]
    assert callers == [], "save through companion.edits instead"


def test_the_finished_lock_is_decided_in_one_module() -> None:
    """``check_open`` is defined in ``companion/edits.py`` only; the views that
    refuse a screen leading to an edit ask it there."""
    defined = [
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.FunctionDef) and node.name == "check_open"
    ]
    assert defined == ["edits.py"]
