"""The migrations make exactly the schema the models describe."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask import Flask
from flask_migrate import downgrade, upgrade

from companion.storage.models import db


def test_migrations_match_models(any_db_app: Flask) -> None:
    with any_db_app.app_context(), db.engine.connect() as connection:
        diff = compare_metadata(MigrationContext.configure(connection), db.metadata)
        assert diff == []


def test_downgrade_and_upgrade_again(any_db_app: Flask) -> None:
    with any_db_app.app_context():
        downgrade(revision="base")
        upgrade()
        with db.engine.connect() as connection:
            assert (
                compare_metadata(MigrationContext.configure(connection), db.metadata)
                == []
            )
