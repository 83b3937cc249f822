"""join codes: a short code another phone types to open a table

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 06:05:00.000000

Upgrade: ``game_tables.join_code`` (7 letters and digits, unique), and a code
for every table that exists. Downgrade: the column goes.

"""
import secrets

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def upgrade():
    with op.batch_alter_table('game_tables', schema=None) as batch_op:
        batch_op.add_column(sa.Column('join_code', sa.String(length=8), nullable=True))
    bind = op.get_bind()
    tables = sa.table('game_tables', sa.column('id'), sa.column('join_code'))
    used = set()
    for (table_id,) in bind.execute(sa.select(tables.c.id)).fetchall():
        code = None
        while code is None or code in used:
            code = "".join(secrets.choice(ALPHABET) for _ in range(7))
        used.add(code)
        bind.execute(
            tables.update().where(tables.c.id == table_id).values(join_code=code)
        )
    with op.batch_alter_table('game_tables', schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f('ix_game_tables_join_code'), ['join_code'], unique=True
        )


def downgrade():
    with op.batch_alter_table('game_tables', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_tables_join_code'))
        batch_op.drop_column('join_code')
