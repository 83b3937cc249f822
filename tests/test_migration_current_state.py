"""Migration 0009 moves existing tables over: the copies a table's row keeps
(its current table file, what its history recorded, its players' names, its
last step) and what each step recorded are what the app itself keeps."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, select

from companion.engines.foundations import ERA_SCORING
from companion.storage import store
from companion.storage.models import GameTable, HistoryStep, db
from companion.storage.progress import REOPEN


def doc(*names: str) -> dict[str, Any]:
    return {
        "game": "foundations-of-rome",
        "players": [{"id": f"c{i}", "name": n} for i, n in enumerate(names)],
    }


def kept(app: Flask) -> dict[str, Any]:
    """What the app keeps beside the history, per table and per step."""
    with app.app_context():
        db.session.expire_all()
        tables = {
            t.id: (t.position, t.last_seq, t.document, t.recorded, t.names)
            for t in db.session.scalars(select(GameTable))
        }
        steps = {
            (s.table_id, s.seq): s.recorded
            for s in db.session.scalars(select(HistoryStep))
        }
        return {"tables": tables, "steps": steps}


def make_tables(app: Flask) -> None:
    with app.app_context():
        plain = store.create_table("foundations-of-rome", doc("Ann", "Bo"))
        store.add_step(
            plain,
            doc("Ann", "Bob"),
            expected_version=plain.version,
            action="rename",
            details={"old": "Bo", "new": "Bob"},
        )
        scored = store.create_table("foundations-of-rome", doc("Cy", "Di"))
        for action, details in [
            (ERA_SCORING, {"era": 1, "players": {"c0": {"total": 4}}}),
            ("mon-values", {"overrides": {"x": {"vp": 2}}}),
            (ERA_SCORING, {"era": 3, "players": {"c0": {"total": 9}}}),
            (REOPEN, {}),
            ("rename", {"old": "Cy", "new": "Cyd"}),
        ]:
            store.add_step(
                scored,
                doc("Cyd" if action == "rename" else "Cy", "Di"),
                expected_version=scored.version,
                action=action,
                details=details,
            )
        # Two steps undone: the table's row copies step 4, its last step is 6.
        store.go_to(scored, 4, expected_version=scored.version)


def test_existing_tables_are_moved_over_and_back(any_db_app: Flask) -> None:
    make_tables(any_db_app)
    before = kept(any_db_app)
    scored = next(v for v in before["tables"].values() if v[0] == 4)
    assert scored[1] == 6
    assert scored[2]["players"][0]["name"] == "Cy"
    assert [e["era"] for e in scored[3]["eras"].values()] == [1, 3]
    with any_db_app.app_context():
        downgrade(revision="0008")
        columns = {c["name"] for c in inspect(db.engine).get_columns("game_tables")}
        assert not {"document", "recorded", "names", "last_seq"} & columns
        upgrade()
    assert kept(any_db_app) == before
