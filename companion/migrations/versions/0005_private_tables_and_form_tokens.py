"""house rules belong to a table; one-time form tokens

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02 09:00:00.000000

Upgrade:

- ``game_tables.form_token`` and ``house_rules.form_token``: the one-time
  token of the form that made the row, under a unique index (a form sent
  twice makes one table, one house rule).
- ``house_rules.table_id`` is required and deleting the table deletes its
  rules. Until now a house rule was its game's: every table of the game
  showed it. So that no table loses a rule it showed, each existing rule is
  copied to every existing table of its game (ordered by table, then by the
  rule's old id); a rule of a game that has no table left is dropped (no
  table showed it). ``house_rules`` is rebuilt for it (SQLite cannot change
  a foreign key in place), with ids that are never used twice.

Downgrade: house rules are their game's again; the copies of one rule (same
game, title, text and language) become one again, the first kept with the
table it was added at.

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def _holding_table():
    """The rules' columns, without keys: where they wait while the table is
    rebuilt (no constraint, so no name clashes with the table's own)."""
    return op.create_table('house_rules_moving',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.String(length=32), nullable=True),
    sa.Column('game', sa.String(length=40), nullable=False),
    sa.Column('title', sa.String(length=120), nullable=False),
    sa.Column('text', sa.String(length=2000), nullable=False),
    sa.Column('lang', sa.String(length=5), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    )


def upgrade():
    op.add_column('game_tables', sa.Column('form_token', sa.String(length=32), nullable=True))
    op.create_index(op.f('ix_game_tables_form_token'), 'game_tables', ['form_token'], unique=True)

    _holding_table()
    op.execute(
        'INSERT INTO house_rules_moving (id, table_id, game, title, text, lang, created_at) '
        'SELECT id, table_id, game, title, text, lang, created_at FROM house_rules'
    )
    op.drop_index(op.f('ix_house_rules_game'), table_name='house_rules')
    op.drop_table('house_rules')
    op.create_table('house_rules',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('game', sa.String(length=40), nullable=False),
    sa.Column('title', sa.String(length=120), nullable=False),
    sa.Column('text', sa.String(length=2000), nullable=False),
    sa.Column('lang', sa.String(length=5), nullable=False),
    sa.Column('form_token', sa.String(length=32), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['game_tables.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sqlite_autoincrement=True,
    )
    # Every rule to every table of its game: what each table showed before.
    op.execute(
        'INSERT INTO house_rules (table_id, game, title, text, lang, created_at) '
        'SELECT t.id, r.game, r.title, r.text, r.lang, r.created_at '
        'FROM house_rules_moving r JOIN game_tables t ON t.game = r.game '
        'ORDER BY t.created_at, t.id, r.id'
    )
    op.drop_table('house_rules_moving')
    op.create_index(op.f('ix_house_rules_table_id'), 'house_rules', ['table_id'], unique=False)
    op.create_index(op.f('ix_house_rules_form_token'), 'house_rules', ['form_token'], unique=True)


def downgrade():
    _holding_table()
    # One row per rule again: the first copy, with the table it was added at.
    op.execute(
        'INSERT INTO house_rules_moving (id, table_id, game, title, text, lang, created_at) '
        'SELECT id, table_id, game, title, text, lang, created_at FROM house_rules r '
        'WHERE r.id = (SELECT MIN(o.id) FROM house_rules o WHERE o.game = r.game '
        'AND o.title = r.title AND o.text = r.text AND o.lang = r.lang)'
    )
    op.drop_index(op.f('ix_house_rules_form_token'), table_name='house_rules')
    op.drop_index(op.f('ix_house_rules_table_id'), table_name='house_rules')
    op.drop_table('house_rules')
    op.create_table('house_rules',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game', sa.String(length=40), nullable=False),
    sa.Column('title', sa.String(length=120), nullable=False),
    sa.Column('text', sa.String(length=2000), nullable=False),
    sa.Column('lang', sa.String(length=5), nullable=False),
    sa.Column('table_id', sa.String(length=32), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['game_tables.id'], ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id')
    )
    op.execute(
        'INSERT INTO house_rules (id, game, title, text, lang, table_id, created_at) '
        'SELECT id, game, title, text, lang, table_id, created_at '
        'FROM house_rules_moving ORDER BY id'
    )
    op.drop_table('house_rules_moving')
    op.create_index(op.f('ix_house_rules_game'), 'house_rules', ['game'], unique=False)
    if op.get_bind().dialect.name == 'postgresql':
        # The rows kept their ids: the new table's sequence starts after them.
        op.execute(
            "SELECT setval(pg_get_serial_sequence('house_rules', 'id'), "
            "COALESCE((SELECT MAX(id) FROM house_rules), 0) + 1, false)"
        )

    op.drop_index(op.f('ix_game_tables_form_token'), table_name='game_tables')
    op.drop_column('game_tables', 'form_token')
