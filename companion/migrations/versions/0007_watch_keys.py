"""watch keys: the key of each table's read-only link

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01 07:00:00.000000

Upgrade: ``game_tables.watch_key`` (16 URL-safe characters, 96 random bits,
unique), and a key for every table that exists. Downgrade: the column goes.

"""
import secrets

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game_tables', schema=None) as batch_op:
        batch_op.add_column(sa.Column('watch_key', sa.String(length=16), nullable=True))
    bind = op.get_bind()
    tables = sa.table('game_tables', sa.column('id'), sa.column('watch_key'))
    for (table_id,) in bind.execute(sa.select(tables.c.id)).fetchall():
        bind.execute(
            tables.update()
            .where(tables.c.id == table_id)
            .values(watch_key=secrets.token_urlsafe(12))
        )
    with op.batch_alter_table('game_tables', schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f('ix_game_tables_watch_key'), ['watch_key'], unique=True
        )


def downgrade():
    with op.batch_alter_table('game_tables', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_tables_watch_key'))
        batch_op.drop_column('watch_key')
