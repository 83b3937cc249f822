"""Migration 0005 with rules already there: each game-wide house rule becomes
a rule of every existing table of its game (what each table showed before),
and going back makes the copies one rule of the game again."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from flask import Flask
from flask_migrate import downgrade, upgrade
from sqlalchemy import text

from companion.storage.models import db

WHEN = datetime(2026, 11, 30, 20, 0, tzinfo=UTC)
TABLES = [("ar-1", "all-roads"), ("ar-2", "all-roads"), ("gtr-1", "glory-to-rome")]
RULES = [
    # (id, game, title, the table it was added at)
    (1, "all-roads", "Zebra crossing", "ar-1"),
    (2, "all-roads", "Lake", None),  # its table was deleted: SET NULL
    (3, "glory-to-rome", "Quokka", "gtr-1"),
    (4, "foundations-of-rome", "Orphan", None),  # a game with no table left
]


def rows(sql: str) -> list[tuple[Any, ...]]:
    with db.engine.connect() as connection:
        return [tuple(r) for r in connection.execute(text(sql))]


def fill_0004() -> None:
    """Tables and game-wide house rules as revision 0004 keeps them."""
    with db.engine.begin() as connection:
        for table_id, game in TABLES:
            connection.execute(
                text(
                    "INSERT INTO game_tables (id, game, options, created_at, "
                    "updated_at, position, version) VALUES "
                    "(:id, :game, '{}', :when, :when, 1, 1)"
                ),
                {"id": table_id, "game": game, "when": WHEN},
            )
        for rule_id, game, title, table_id in RULES:
            connection.execute(
                text(
                    "INSERT INTO house_rules (id, game, title, text, lang, "
                    "table_id, created_at) VALUES "
                    "(:id, :game, :title, :title, 'en', :table, :when)"
                ),
                {
                    "id": rule_id,
                    "game": game,
                    "title": title,
                    "table": table_id,
                    "when": WHEN,
                },
            )


def test_game_wide_rules_go_to_every_table_of_their_game_and_back(
    any_db_app: Flask,
) -> None:
    with any_db_app.app_context():
        downgrade(revision="0004")
        fill_0004()

        upgrade(revision="0005")
        by_table = rows(
            "SELECT table_id, title, game FROM house_rules ORDER BY table_id, id"
        )
        assert by_table == [
            ("ar-1", "Zebra crossing", "all-roads"),
            ("ar-1", "Lake", "all-roads"),
            ("ar-2", "Zebra crossing", "all-roads"),
            ("ar-2", "Lake", "all-roads"),
            ("gtr-1", "Quokka", "glory-to-rome"),
        ]
        assert rows("SELECT COUNT(*) FROM game_tables WHERE form_token IS NULL") == [
            (3,)
        ]
        # Ids go on after the copies; a new rule needs its table.
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO house_rules (table_id, game, title, text, lang, "
                    "created_at) VALUES ('ar-2', 'all-roads', 'New', 'N', 'en', :when)"
                ),
                {"when": WHEN},
            )
        assert rows("SELECT MAX(id) FROM house_rules WHERE title = 'New'") == [(6,)]

        downgrade(revision="0004")
        back = rows("SELECT id, game, title, table_id FROM house_rules ORDER BY id")
        # One rule per game again, each first copy kept with its table; the
        # orphan of a game without tables did not survive the upgrade.
        assert back == [
            (1, "all-roads", "Zebra crossing", "ar-1"),
            (2, "all-roads", "Lake", "ar-1"),
            (5, "glory-to-rome", "Quokka", "gtr-1"),
            (6, "all-roads", "New", "ar-2"),
        ]
        # Rules added after the way back get fresh ids.
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO house_rules (game, title, text, lang, created_at) "
                    "VALUES ('all-roads', 'Later', 'L', 'en', :when)"
                ),
                {"when": WHEN},
            )
        assert rows("SELECT id FROM house_rules WHERE title = 'Later'") == [(7,)]

        upgrade()
        assert rows("SELECT COUNT(*) FROM house_rules") == [(9,)]
        assert rows("SELECT COUNT(*) FROM history_steps") == [(0,)]
        assert rows("SELECT COUNT(*) FROM game_tables") == [(3,)]


def test_deleting_a_table_keeps_the_other_tables(any_db_app: Flask) -> None:
    """The upgrade rebuilt house_rules, not game_tables: a table's history
    and the other tables are as they were."""
    with any_db_app.app_context():
        downgrade(revision="0004")
        fill_0004()
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO history_steps (table_id, seq, action, details, "
                    "document, created_at) VALUES "
                    "('ar-2', 1, 'create', '{}', '{}', :when)"
                ),
                {"when": WHEN},
            )
        upgrade()
        assert rows("SELECT table_id FROM history_steps") == [("ar-2",)]
        with db.engine.begin() as connection:
            connection.execute(text("DELETE FROM game_tables WHERE id = 'ar-1'"))
        assert rows("SELECT DISTINCT table_id FROM house_rules ORDER BY table_id") == [
            ("ar-2",),
            ("gtr-1",),
        ]
