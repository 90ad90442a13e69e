"""golf seats count the hints they asked for (every seat sees whether hints were used)

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("golf6_seats") as batch:
        batch.add_column(
            sa.Column("hints_used", sa.Integer(), nullable=False, server_default="0")
        )


def downgrade() -> None:
    with op.batch_alter_table("golf6_seats") as batch:
        batch.drop_column("hints_used")
