"""rate limits count each request with its time (a sliding window) instead of per-minute totals

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # The old per-minute counters are worth nothing after a minute: start the new table empty.
    op.drop_table("rate_limit_hits")
    op.create_table(
        "rate_limit_hits",
        sa.Column(
            "id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            autoincrement=True,
            nullable=False,
        ),
        sa.Column("key", sa.String(length=128), nullable=False),
        sa.Column("at_ms", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("rate_limit_hits", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_rate_limit_hits_key"), ["key"], unique=False)
        batch_op.create_index(batch_op.f("ix_rate_limit_hits_at_ms"), ["at_ms"], unique=False)


def downgrade() -> None:
    op.drop_table("rate_limit_hits")
    op.create_table(
        "rate_limit_hits",
        sa.Column("key", sa.String(length=128), nullable=False),
        sa.Column("window", sa.BigInteger(), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("key", "window"),
    )
