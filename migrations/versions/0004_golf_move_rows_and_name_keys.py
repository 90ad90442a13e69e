"""Golf moves become rows of their own (appending a move no longer rewrites the whole log), and
seat names get a comparison key that is unique per game (no two "Bob"s, even when they join at
the same moment).

Revision ID: 0004
Revises: 0003
"""

import json
import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

games = sa.table(
    "golf6_games",
    sa.column("id", sa.String),
    sa.column("moves", sa.JSON),
    sa.column("deal", sa.Integer),
    sa.column("move_count", sa.Integer),
)
moves = sa.table(
    "golf6_moves",
    sa.column("game_id", sa.String),
    sa.column("deal", sa.Integer),
    sa.column("number", sa.Integer),
    sa.column("move", sa.JSON),
)
seats = sa.table(
    "golf6_seats",
    sa.column("id", sa.Integer),
    sa.column("game_id", sa.String),
    sa.column("seat", sa.Integer),
    sa.column("name", sa.String),
    sa.column("name_key", sa.String),
)


def _key(name: str) -> str:
    # The comparison key of the time (app.storage.golf.name_key may change; this stays).
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.split())[:100]


def upgrade() -> None:
    op.create_table(
        "golf6_moves",
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("deal", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("move", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["golf6_games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", "deal", "number"),
    )
    # No batch mode for golf6_games: on SQLite it copies the table and drops the old one, and
    # that drop would cascade to every seat and move (foreign keys are on).
    op.add_column("golf6_games", sa.Column("deal", sa.Integer(), server_default="0",
                                           nullable=False))
    op.add_column("golf6_games", sa.Column("move_count", sa.Integer(), server_default="0",
                                           nullable=False))
    connection = op.get_bind()
    for game_id, log in connection.execute(sa.select(games.c.id, games.c.moves)).all():
        log = json.loads(log) if isinstance(log, str) else (log or [])
        if log:
            connection.execute(moves.insert(), [
                {"game_id": game_id, "deal": 0, "number": number, "move": move}
                for number, move in enumerate(log)
            ])
        connection.execute(
            games.update().where(games.c.id == game_id).values(move_count=len(log))
        )
    _drop_column("golf6_games", "moves")

    op.add_column("golf6_seats", sa.Column("name_key", sa.String(length=120), nullable=True))
    taken: set[tuple[str, str]] = set()
    query = sa.select(seats.c.id, seats.c.game_id, seats.c.seat, seats.c.name).where(
        seats.c.name.is_not(None)
    ).order_by(seats.c.game_id, seats.c.seat)
    for seat_id, game_id, seat, name in connection.execute(query).all():
        key = _key(name)
        if (game_id, key) in taken:  # a duplicate from before: keep it, under its own key
            key = f"{key}#{seat}"
        taken.add((game_id, key))
        connection.execute(seats.update().where(seats.c.id == seat_id).values(name_key=key))
    op.create_index("uq_golf6_seats_name_key", "golf6_seats", ["game_id", "name_key"],
                    unique=True)


def _drop_column(table: str, name: str) -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute(f"ALTER TABLE {table} DROP COLUMN {name}")  # SQLite 3.35+: no table copy
    else:
        op.drop_column(table, name)


def downgrade() -> None:
    op.drop_index("uq_golf6_seats_name_key", table_name="golf6_seats")
    _drop_column("golf6_seats", "name_key")
    op.add_column("golf6_games", sa.Column("moves", sa.JSON(), server_default="[]",
                                           nullable=False))
    connection = op.get_bind()
    # Only the current deal's moves fit the old single log.
    for game_id, deal in connection.execute(sa.select(games.c.id, games.c.deal)).all():
        query = sa.select(moves.c.move).where(
            moves.c.game_id == game_id, moves.c.deal == deal
        ).order_by(moves.c.number)
        log = [json.loads(m) if isinstance(m, str) else m for m in connection.scalars(query)]
        connection.execute(games.update().where(games.c.id == game_id).values(moves=log))
    op.drop_table("golf6_moves")
    _drop_column("golf6_games", "move_count")
    _drop_column("golf6_games", "deal")
