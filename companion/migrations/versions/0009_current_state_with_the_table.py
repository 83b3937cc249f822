"""current state with the table: a page reads one row, not the history

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01 10:40:00.000000

Upgrade: each history step keeps what the steps up to it recorded
(``history_steps.recorded``: era scorings, monument values, how the game
ended ..., see ``companion/storage/progress.py``), and each table keeps copies of its
current step's table file and ``recorded``, its players' names and the
``seq`` of its last step (``game_tables.document``, ``recorded``, ``names``,
``last_seq``). Existing tables are filled in by folding their history, step
by step, one table at a time. Downgrade: the columns go (the history holds
everything they copy).

The fold is ``companion.storage.progress.remember`` as it is when this runs: it
reads only the actions and details the history already holds.
"""
from alembic import op
import sqlalchemy as sa

from companion.storage import progress as recorded


# revision identifiers, used by Alembic.
revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game_tables', schema=None) as batch_op:
        batch_op.add_column(sa.Column('last_seq', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('document', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('recorded', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('names', sa.JSON(), nullable=True))
    with op.batch_alter_table('history_steps', schema=None) as batch_op:
        batch_op.add_column(sa.Column('recorded', sa.JSON(), nullable=True))

    bind = op.get_bind()
    tables = sa.table(
        'game_tables',
        sa.column('id', sa.String()),
        sa.column('position', sa.Integer()),
        sa.column('last_seq', sa.Integer()),
        sa.column('document', sa.JSON()),
        sa.column('recorded', sa.JSON()),
        sa.column('names', sa.JSON()),
    )
    steps = sa.table(
        'history_steps',
        sa.column('id', sa.Integer()),
        sa.column('table_id', sa.String()),
        sa.column('seq', sa.Integer()),
        sa.column('action', sa.String()),
        sa.column('details', sa.JSON()),
        sa.column('document', sa.JSON()),
        sa.column('recorded', sa.JSON()),
    )
    rows = bind.execute(sa.select(tables.c.id, tables.c.position)).fetchall()
    for table_id, position in rows:
        history = bind.execute(
            sa.select(steps.c.id, steps.c.seq, steps.c.action, steps.c.details)
            .where(steps.c.table_id == table_id)
            .order_by(steps.c.seq)
        ).fetchall()
        after = recorded.fold(
            [(seq, action, details or {}) for _id, seq, action, details in history]
        )
        for (step_id, seq, _action, _details), kept in zip(history, after):
            bind.execute(
                steps.update().where(steps.c.id == step_id).values(recorded=kept)
            )
        current = {seq: kept for (_i, seq, _a, _d), kept in zip(history, after)}
        # The app never makes a table without its step at ``position``; a
        # row without one (made by hand) is kept, with an empty state,
        # rather than failing the whole upgrade.
        document = bind.execute(
            sa.select(steps.c.document).where(
                steps.c.table_id == table_id, steps.c.seq == position
            )
        ).scalar_one_or_none() or {}
        players = document.get('players', [])
        bind.execute(
            tables.update()
            .where(tables.c.id == table_id)
            .values(
                last_seq=max(current, default=position),
                document=document,
                recorded=current.get(position, {}),
                names=[
                    str(p.get('name', '')) for p in players if isinstance(p, dict)
                ],
            )
        )

    with op.batch_alter_table('game_tables', schema=None) as batch_op:
        batch_op.alter_column('last_seq', existing_type=sa.Integer(), nullable=False)
        for name in ('document', 'recorded', 'names'):
            batch_op.alter_column(name, existing_type=sa.JSON(), nullable=False)
    with op.batch_alter_table('history_steps', schema=None) as batch_op:
        batch_op.alter_column('recorded', existing_type=sa.JSON(), nullable=False)


def downgrade():
    with op.batch_alter_table('history_steps', schema=None) as batch_op:
        batch_op.drop_column('recorded')
    with op.batch_alter_table('game_tables', schema=None) as batch_op:
        batch_op.drop_column('names')
        batch_op.drop_column('recorded')
        batch_op.drop_column('document')
        batch_op.drop_column('last_seq')
