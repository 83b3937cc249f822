"""saved civic tiles and road faces belong to a table; wrong join codes

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-02 00:10:00.000000

Upgrade:

- ``civic_tiles`` and ``road_faces`` get ``table_id`` (the table a tile or
  face was saved at; deleting the table deletes it) and ``key`` (a random
  key for addresses and forms, instead of the row number); tiles get
  ``version`` (a change or delete is checked against it). A name is unique
  per table instead of per server. Who sees a tile is the app's rule (the
  table and the tables a device knows: ``companion.web.saved``).

  Until now a tile or face was the server's, and no one recorded which
  table it was saved at. Each existing one goes to the Foundations of Rome
  table made last before it was saved: the table whose group was most
  likely describing it then (a tile is saved from a table's screen, and a
  group makes its table before it describes its tiles). With no such table
  (a tile older than every table left), the newest Foundations of Rome
  table gets it; with no Foundations of Rome table left, it is dropped: no
  table could show it. Copying each one to every table (as 0005 did for
  house rules) would keep the sharing this revision ends, with every group
  seeing every old tile for good. A device that knows the owning table
  still sees the tile at its other tables.
- ``join_misses``: the wrong join codes of the last minute, per client, so
  that every worker and machine counts the same guesses
  (``companion.web.join_limit``).

Both tables are rebuilt (SQLite cannot drop a unique constraint in place);
rows get new ids.

Downgrade: tiles and faces are the server's again, one per name (the first
saved is kept); keys, versions and owners go; so do the wrong codes.

"""
import secrets
from datetime import timezone

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None

GAME = 'foundations-of-rome'

TILE_COLUMNS = ('name', 'shape', 'per', 'vp', 'created_at')
FACE_COLUMNS = ('name', 'board', 'created_at')


def _tile_values():
    return [
        sa.Column('name', sa.String(length=40), nullable=False),
        sa.Column('shape', sa.String(length=10), nullable=True),
        sa.Column('per', sa.String(length=20), nullable=False),
        sa.Column('vp', sa.Integer(), nullable=False),
    ]


def _face_values():
    return [
        sa.Column('name', sa.String(length=60), nullable=False),
        sa.Column('board', sa.JSON(), nullable=False),
    ]


def _created():
    return sa.Column('created_at', sa.DateTime(timezone=True), nullable=False)


def _holding(name, values):
    """Where the rows wait while their table is rebuilt (no constraint, so
    no name clashes with the table's own)."""
    return op.create_table(
        f'{name}_moving',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('table_id', sa.String(length=32), nullable=True),
        *values(),
        _created(),
    )


def _belonging_to_a_table(name, *values):
    """``name`` as this revision makes it: a key, the table it was saved at,
    its ``values``, and a name unique per table."""
    op.create_table(
        name,
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('key', sa.String(length=16), nullable=False),
        sa.Column('table_id', sa.String(length=32), nullable=False),
        *values,
        _created(),
        sa.ForeignKeyConstraint(['table_id'], ['game_tables.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('key'),
        sa.UniqueConstraint('table_id', 'name'),
    )
    op.create_index(op.f(f'ix_{name}_table_id'), name, ['table_id'], unique=False)


def _new_tiles():
    _belonging_to_a_table(
        'civic_tiles', *_tile_values(), sa.Column('version', sa.Integer(), nullable=False)
    )


def _new_faces():
    _belonging_to_a_table('road_faces', *_face_values())


def _utc(moment):
    """A time in UTC without its zone: SQLite gives back some with it and
    some without (as they were written)."""
    if moment.tzinfo is None:
        return moment
    return moment.astimezone(timezone.utc).replace(tzinfo=None)


def _owner(tables, saved_at):
    """The Foundations of Rome table made last before ``saved_at``, else the
    newest one (``tables``: (created_at, id), oldest first)."""
    before = [t for t in tables if _utc(t[0]) <= _utc(saved_at)]
    return (before or tables)[-1][1]


def _move_up(name, values, columns, make, versioned):
    holding = _holding(name, values)
    bind = op.get_bind()
    listed = ', '.join(('id',) + columns)
    op.execute(f'INSERT INTO {name}_moving ({listed}) SELECT {listed} FROM {name}')
    op.drop_table(name)
    make()
    games = sa.table(
        'game_tables',
        sa.column('id', sa.String()),
        sa.column('game', sa.String()),
        sa.column('created_at', sa.DateTime(timezone=True)),
    )
    tables = [
        (_utc(row.created_at), row.id)
        for row in bind.execute(
            sa.select(games.c.created_at, games.c.id)
            .where(games.c.game == GAME)
        )
    ]
    tables.sort()  # in Python: SQLite compares its times as text
    target = sa.table(
        name,
        sa.column('key'),
        sa.column('table_id'),
        *(sa.column(c, holding.c[c].type) for c in columns),
        *((sa.column('version'),) if versioned else ()),
    )
    rows = bind.execute(
        sa.select(*(holding.c[c] for c in columns)).order_by(holding.c.id)
    ).fetchall()
    for row in rows if tables else ():
        values_of = dict(zip(columns, row))
        bind.execute(
            target.insert().values(
                key=secrets.token_urlsafe(12),
                table_id=_owner(tables, values_of['created_at']),
                **values_of,
                **({'version': 1} if versioned else {}),
            )
        )
    op.drop_table(f'{name}_moving')


def upgrade():
    _move_up('civic_tiles', _tile_values, TILE_COLUMNS, _new_tiles, True)
    _move_up('road_faces', _face_values, FACE_COLUMNS, _new_faces, False)
    op.create_table(
        'join_misses',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('client', sa.String(length=64), nullable=False),
        sa.Column('at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index(op.f('ix_join_misses_at'), 'join_misses', ['at'], unique=False)
    op.create_index(op.f('ix_join_misses_client'), 'join_misses', ['client'], unique=False)


def _move_down(name, values, columns):
    _holding(name, values)
    listed = ', '.join(('id',) + columns)
    op.execute(f'INSERT INTO {name}_moving ({listed}) SELECT {listed} FROM {name}')
    op.drop_index(op.f(f'ix_{name}_table_id'), table_name=name)
    op.drop_table(name)
    op.create_table(
        name,
        sa.Column('id', sa.Integer(), nullable=False),
        *values(),
        _created(),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('name'),
    )
    # One per name again: the first saved.
    op.execute(
        f'INSERT INTO {name} ({listed}) SELECT {listed} FROM {name}_moving m '
        f'WHERE m.id = (SELECT MIN(o.id) FROM {name}_moving o WHERE o.name = m.name)'
    )
    op.drop_table(f'{name}_moving')
    if op.get_bind().dialect.name == 'postgresql':
        # The rows kept their ids: the new table's sequence starts after them.
        op.execute(
            f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
            f"COALESCE((SELECT MAX(id) FROM {name}), 0) + 1, false)"
        )


def downgrade():
    op.drop_index(op.f('ix_join_misses_client'), table_name='join_misses')
    op.drop_index(op.f('ix_join_misses_at'), table_name='join_misses')
    op.drop_table('join_misses')
    _move_down('road_faces', _face_values, FACE_COLUMNS)
    _move_down('civic_tiles', _tile_values, TILE_COLUMNS)
