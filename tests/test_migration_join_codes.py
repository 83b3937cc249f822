"""Migrations 0006 and 0007 with tables already there: each gets its own join
code and watch key, and going back removes the column."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from flask import Flask
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text

from companion.models import JOIN_ALPHABET, db

WHEN = datetime(2026, 11, 30, 20, 0, tzinfo=UTC)


def test_every_existing_table_gets_a_code_and_back(any_db_app: Flask) -> None:
    with any_db_app.app_context():
        downgrade(revision="0005")
        with db.engine.begin() as connection:
            for n in range(20):
                connection.execute(
                    text(
                        "INSERT INTO game_tables (id, game, options, created_at, "
                        "updated_at, position, version) VALUES "
                        "(:id, 'all-roads', '{}', :when, :when, 1, 1)"
                    ),
                    {"id": f"t{n}", "when": WHEN},
                )
        upgrade(revision="0006")
        with db.engine.connect() as connection:
            codes = [
                r[0]
                for r in connection.execute(text("SELECT join_code FROM game_tables"))
            ]
        assert len(codes) == 20 == len(set(codes))
        assert all(re.fullmatch(f"[{JOIN_ALPHABET}]{{7}}", c) for c in codes)
        downgrade(revision="0005")
        columns = {c["name"] for c in inspect(db.engine).get_columns("game_tables")}
        assert "join_code" not in columns
        upgrade()


def test_every_existing_table_gets_a_watch_key_and_back(any_db_app: Flask) -> None:
    with any_db_app.app_context():
        downgrade(revision="0006")
        with db.engine.begin() as connection:
            for n in range(20):
                connection.execute(
                    text(
                        "INSERT INTO game_tables (id, game, options, created_at, "
                        "updated_at, position, version) VALUES "
                        "(:id, 'all-roads', '{}', :when, :when, 1, 1)"
                    ),
                    {"id": f"t{n}", "when": WHEN},
                )
        upgrade(revision="0007")
        with db.engine.connect() as connection:
            keys = [
                r[0]
                for r in connection.execute(text("SELECT watch_key FROM game_tables"))
            ]
        assert len(keys) == 20 == len(set(keys))
        assert all(re.fullmatch(r"[A-Za-z0-9_-]{16}", k) for k in keys)
        downgrade(revision="0006")
        columns = {c["name"] for c in inspect(db.engine).get_columns("game_tables")}
        assert "watch_key" not in columns
        upgrade()
