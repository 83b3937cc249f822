"""steps by device: the name of the phone that made each history step

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01 07:10:00.000000

Upgrade: ``history_steps.by`` (up to 40 characters, empty for the steps
made before it). Downgrade: the column goes.

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('history_steps', schema=None) as batch_op:
        batch_op.add_column(sa.Column('by', sa.String(length=40), nullable=True))


def downgrade():
    with op.batch_alter_table('history_steps', schema=None) as batch_op:
        batch_op.drop_column('by')
