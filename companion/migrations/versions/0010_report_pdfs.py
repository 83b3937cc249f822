"""report pdfs: a table version's PDF, kept to serve again

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01 11:20:00.000000

Upgrade: ``report_pdfs`` (a table's report as a PDF per version, paper and
language, deleted with the table). Downgrade: the table goes (the PDFs are
made again on demand).

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'report_pdfs',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('table_id', sa.String(length=32), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('paper', sa.String(length=10), nullable=False),
        sa.Column('lang', sa.String(length=5), nullable=False),
        sa.Column('revision', sa.String(length=16), nullable=False),
        sa.Column('pdf', sa.LargeBinary(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['table_id'], ['game_tables.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('table_id', 'version', 'paper', 'lang'),
    )
    with op.batch_alter_table('report_pdfs', schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f('ix_report_pdfs_table_id'), ['table_id'], unique=False
        )


def downgrade():
    with op.batch_alter_table('report_pdfs', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_report_pdfs_table_id'))
    op.drop_table('report_pdfs')
