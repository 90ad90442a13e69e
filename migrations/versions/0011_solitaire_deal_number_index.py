"""solitaire deals are found by deal number: a number still in play for score in a round or
a challenge is refused as a practice deal, and that question must not read the whole table

Revision ID: 0011
Revises: 0010
"""

from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("solitaire_deals", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_solitaire_deals_deal_number"), ["deal_number"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("solitaire_deals", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_solitaire_deals_deal_number"))
