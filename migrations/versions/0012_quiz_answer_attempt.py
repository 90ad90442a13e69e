"""a quiz answer remembers the page it was given on, so a double submit counts once

Revision ID: 0012
Revises: 0011
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("quiz_answers", schema=None) as batch_op:
        batch_op.add_column(sa.Column("attempt", sa.String(length=32), nullable=True))
        batch_op.create_index(
            batch_op.f("ix_quiz_answers_question_attempt"), ["question", "attempt"], unique=True
        )


def downgrade() -> None:
    with op.batch_alter_table("quiz_answers", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_quiz_answers_question_attempt"))
        batch_op.drop_column("attempt")
