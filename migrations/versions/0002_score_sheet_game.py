"""score sheets remember which Golf they keep (six- or four-card) and its pairs option

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Existing sheets were all six-card Golf: the server defaults fill them in.
    with op.batch_alter_table("score_sheets", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("game", sa.String(length=16), server_default="golf6", nullable=False)
        )
        batch_op.add_column(
            sa.Column("pairs_cancel", sa.Boolean(), server_default=sa.false(), nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("score_sheets", schema=None) as batch_op:
        batch_op.drop_column("pairs_cancel")
        batch_op.drop_column("game")
