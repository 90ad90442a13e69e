"""challenges (nine shared solitaire deals, their players) and deal-of-the-day entries

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "challenges",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("variant", sa.JSON(), nullable=False),
        sa.Column("deal_numbers", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "challenge_players",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("challenge_id", sa.String(length=32), nullable=False),
        sa.Column("round_id", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("name_key", sa.String(length=120), nullable=False),
        sa.Column("player_key", sa.String(length=64), nullable=True),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["challenge_id"], ["challenges.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["round_id"], ["solitaire_rounds.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("challenge_id", "name_key"),
        sa.UniqueConstraint("round_id"),
    )
    with op.batch_alter_table("challenge_players", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_challenge_players_challenge_id"), ["challenge_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_challenge_players_player_key"), ["player_key"], unique=False
        )
    op.create_table(
        "daily_entries",
        sa.Column("deal_id", sa.String(length=32), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("player_key", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(["deal_id"], ["solitaire_deals.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("deal_id"),
        sa.UniqueConstraint("day", "player_key"),
    )
    with op.batch_alter_table("daily_entries", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_daily_entries_day"), ["day"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("daily_entries", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_daily_entries_day"))
    op.drop_table("daily_entries")
    with op.batch_alter_table("challenge_players", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_challenge_players_player_key"))
        batch_op.drop_index(batch_op.f("ix_challenge_players_challenge_id"))
    op.drop_table("challenge_players")
    op.drop_table("challenges")
