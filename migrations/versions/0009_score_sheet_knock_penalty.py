"""score sheets keep four-card Golf's other option, the knocker's penalty when not lowest

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Sheets made before it never had the option: the server default fills them in.
    with op.batch_alter_table("score_sheets", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("knock_penalty", sa.Boolean(), server_default=sa.false(), nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("score_sheets", schema=None) as batch_op:
        batch_op.drop_column("knock_penalty")
