"""What the Golf coach needs from the database: a deal's moves, and counting hints asked for.

Keyword-only functions over the golf6 tables (storage.golf.games owns them); nothing here imports
the web layer. Counting a hint is one atomic UPDATE (hints_used + 1), so two requests at
once both count, and it does not bump the game's version: a hint changes no card, and a
version bump would make the other seats' pages stale for nothing.
"""

from __future__ import annotations

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from app.rules.golf import Move, move_from_json
from app.storage.models import Golf6Move, Golf6Seat


def deal_moves(session: Session, *, game_id: str, deal: int, count: int) -> tuple[Move, ...]:
    """The first `count` moves of deal number `deal` of the game, in order."""
    query = (
        select(Golf6Move.move)
        .where(Golf6Move.game_id == game_id, Golf6Move.deal == deal, Golf6Move.number < count)
        .order_by(Golf6Move.number)
    )
    return tuple(move_from_json(data) for data in session.scalars(query))


def note_hint(session: Session, *, game_id: str, seat: int) -> None:
    """One more hint asked for by this seat."""
    session.execute(
        update(Golf6Seat)
        .where(Golf6Seat.game_id == game_id, Golf6Seat.seat == seat)
        .values(hints_used=Golf6Seat.hints_used + 1)
        .execution_options(synchronize_session=False)
    )
