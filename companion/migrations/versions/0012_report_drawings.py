"""report drawings: the one report of a table being drawn right now

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-02 00:20:00.000000

Upgrade: ``report_drawings`` (at most one row per table: the version whose
report a server process is drawing, which process, since when; deleted with
the table). Downgrade: the table goes (a drawing under way is then simply
not known to the other processes).

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'report_drawings',
        sa.Column('table_id', sa.String(length=32), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('by', sa.String(length=80), nullable=False),
        sa.Column('started_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['table_id'], ['game_tables.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('table_id'),
    )


def downgrade():
    op.drop_table('report_drawings')
