"""solitaire reviews keep what an honest player could expect from the start of the deal

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("solitaire_reviews") as batch:
        batch.add_column(sa.Column("expected", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("solitaire_reviews") as batch:
        batch.drop_column("expected")
