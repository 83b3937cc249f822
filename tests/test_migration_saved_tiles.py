"""Migration 0011 with saved tiles and faces already there (issue 31): each
goes to the Foundations of Rome table made last before it was saved (else
the newest one), gets a random key and version 1; going back makes them the
server's again, one per name. On SQLite and on PostgreSQL."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from flask import Flask
from flask_migrate import downgrade, upgrade
from sqlalchemy import text

from companion.storage.models import db

T0 = datetime(2026, 11, 30, 20, 0, tzinfo=UTC)
FR = "foundations-of-rome"


def at(hours: int) -> datetime:
    return T0 + timedelta(hours=hours)


def add_table(connection: object, table_id: str, game: str, hours: int) -> None:
    connection.execute(  # type: ignore[attr-defined]
        text(
            "INSERT INTO game_tables (id, game, options, created_at, updated_at, "
            "position, version, last_seq, document, recorded, names) VALUES "
            "(:id, :game, '{}', :when, :when, 1, 1, 1, '{}', '{}', '[]')"
        ),
        {"id": table_id, "game": game, "when": at(hours)},
    )


def add_tile(connection: object, name: str, hours: int) -> None:
    connection.execute(  # type: ignore[attr-defined]
        text(
            "INSERT INTO civic_tiles (name, shape, per, vp, created_at) "
            "VALUES (:name, 'MONO', 'building', 1, :when)"
        ),
        {"name": name, "when": at(hours)},
    )


def add_face(connection: object, name: str, hours: int) -> None:
    connection.execute(  # type: ignore[attr-defined]
        text(
            "INSERT INTO road_faces (name, board, created_at) VALUES "
            '(:name, \'{"kind": "majority"}\', :when)'
        ),
        {"name": name, "when": at(hours)},
    )


def rows(sql: str) -> list[tuple[object, ...]]:
    with db.engine.connect() as connection:
        return [tuple(r) for r in connection.execute(text(sql))]


def test_each_tile_and_face_goes_to_the_table_it_was_likely_saved_at(
    any_db_app: Flask,
) -> None:
    with any_db_app.app_context():
        downgrade(revision="0010")
        with db.engine.begin() as connection:
            add_table(connection, "old", FR, 0)
            add_table(connection, "gtr", "glory-to-rome", 1)  # not a city
            add_table(connection, "mid", FR, 2)
            add_table(connection, "new", FR, 4)
            add_tile(connection, "Before every table", -1)
            add_tile(connection, "Library", 1)  # the GtR table is newer: old's
            add_tile(connection, "Fountain", 3)
            add_tile(connection, "Forum", 5)
            add_face(connection, "3B", 3)
        upgrade(revision="0011")
        tiles = rows(
            "SELECT name, table_id, version, key FROM civic_tiles ORDER BY name"
        )
        assert [t[:3] for t in tiles] == [
            ("Before every table", "new", 1),
            ("Forum", "new", 1),
            ("Fountain", "mid", 1),
            ("Library", "old", 1),
        ]
        keys = [str(t[3]) for t in tiles]
        faces = rows("SELECT name, table_id, key FROM road_faces")
        assert [f[:2] for f in faces] == [("3B", "mid")]
        keys.append(str(faces[0][2]))
        assert len(set(keys)) == 5
        assert all(re.fullmatch(r"[A-Za-z0-9_-]{16}", k) for k in keys)
        # A name is unique per table now: another table may have one too.
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO civic_tiles (key, table_id, name, per, vp, "
                    "version, created_at) VALUES ('k', 'old', 'Forum', "
                    "'building', 2, 1, :when)"
                ),
                {"when": at(6)},
            )
        # Back: the server's again, one per name (the first saved).
        downgrade(revision="0010")
        assert rows("SELECT name, vp FROM civic_tiles ORDER BY name") == [
            ("Before every table", 1),
            ("Forum", 1),
            ("Fountain", 1),
            ("Library", 1),
        ]
        assert rows("SELECT name FROM road_faces") == [("3B",)]
        upgrade()


@pytest.mark.parametrize("games", [[], ["glory-to-rome", "all-roads"]])
def test_with_no_city_left_they_are_dropped(
    any_db_app: Flask, games: list[str]
) -> None:
    """No Foundations of Rome table could show them."""
    with any_db_app.app_context():
        downgrade(revision="0010")
        with db.engine.begin() as connection:
            for n, game in enumerate(games):
                add_table(connection, f"t{n}", game, n)
            add_tile(connection, "Library", 1)
            add_face(connection, "3B", 1)
        upgrade()
        assert rows("SELECT name FROM civic_tiles") == []
        assert rows("SELECT name FROM road_faces") == []
