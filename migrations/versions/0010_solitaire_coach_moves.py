"""solitaire deals count the positions where the coach showed its move (a hint, or the next
move while watching), so a deal whose score counts says whether the coach helped

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("solitaire_deals", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("coach_moves", sa.Integer(), server_default="0", nullable=False)
        )
        batch_op.add_column(sa.Column("coached_version", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("solitaire_deals", schema=None) as batch_op:
        batch_op.drop_column("coached_version")
        batch_op.drop_column("coach_moves")
