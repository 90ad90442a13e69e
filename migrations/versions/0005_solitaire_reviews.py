"""solitaire reviews are stored with their deal, so a second view is a read, not a search

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "solitaire_reviews",
        sa.Column("deal_id", sa.String(length=32), nullable=False),
        sa.Column("deal_version", sa.Integer(), nullable=False),
        sa.Column("review", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["deal_id"], ["solitaire_deals.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("deal_id"),
    )


def downgrade() -> None:
    op.drop_table("solitaire_reviews")
