"""Migrations 0006 and 0007 with tables already there: each gets its own join
code and watch key, and going back removes the column."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from flask import Flask
from flask_migrate import downgrade, upgrade
from sqlalchemy import column as column_
from sqlalchemy import inspect, select, table, text

from companion.storage.models import JOIN_ALPHABET, db

WHEN = datetime(2026, 11, 30, 20, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("revision", "before", "column", "shape"),
    [
        ("0006", "0005", "join_code", rf"[{JOIN_ALPHABET}]{{7}}"),
        ("0007", "0006", "watch_key", r"[A-Za-z0-9_-]{16}"),
    ],
)
def test_every_existing_table_gets_its_own_value_and_back(
    any_db_app: Flask, revision: str, before: str, column: str, shape: str
) -> None:
    with any_db_app.app_context():
        downgrade(revision=before)
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
        upgrade(revision=revision)
        with db.engine.connect() as connection:
            values = [
                r[0]
                for r in connection.execute(
                    select(table("game_tables", column_(column)))
                )
            ]
        assert len(values) == 20 == len(set(values))
        assert all(re.fullmatch(shape, v) for v in values)
        downgrade(revision=before)
        columns = {c["name"] for c in inspect(db.engine).get_columns("game_tables")}
        assert column not in columns
        upgrade()
