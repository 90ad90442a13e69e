"""Computer players at the table: they move lazily, when someone looks, after a short pause.

No worker keeps a timer or a background task. Whenever anyone's browser asks for the table
and a computer seat may act and the last move is older than the pause, the server asks that
computer player for its move (from its seat's honest view), and saves it with the same
version check as a person's move, so workers racing to do it are harmless.
"""

from __future__ import annotations

import os
import random

from fastapi import Request

from app.players.golf import bots
from app.rules.golf import Phase, SeatView, is_over, seat_view, seats_to_act
from app.rules.golf.moves import Move
from app.storage import golf as store
from app.storage.models import utcnow
from app.web.golf.seats import Table, load_table
from app.web.golf.state import MAX_MOVES, Replayed, extend, replayed, save_moves

DEFAULT_BOT_DELAY_MS = 800
# After a long quiet spell the computers catch up at most this many moves per request.
MAX_CATCH_UP = 24


def bot_delay_seconds() -> float:
    """Pause before a computer player moves (GOLF_BOT_DELAY_MS; tests set it low)."""
    raw = os.environ.get("GOLF_BOT_DELAY_MS", "")
    return (int(raw) if raw.isdigit() else DEFAULT_BOT_DELAY_MS) / 1000


def is_bot(kind: str) -> bool:
    return kind not in (store.HUMAN, store.OPEN)


def bot_moves_due(table: Table, now: Replayed) -> list[Move]:
    """The computer players' moves that are due by now (none while the pause runs)."""
    elapsed = (utcnow() - store.aware(table.game.updated_at)).total_seconds()
    delay = bot_delay_seconds()
    due = MAX_CATCH_UP if delay <= 0 else min(MAX_CATCH_UP, int(elapsed / delay))
    kinds = {seat.seat: seat.kind for seat in table.seats}
    humans = any(kind == store.HUMAN for kind in kinds.values())
    moves: list[Move] = []
    state, paced = now, 0
    flip = Phase.FLIP
    while (paced < due or (due and state.state.phase == flip)) and not is_over(state.state):
        bots = [s for s in seats_to_act(state.state) if is_bot(kinds[s])]
        if not bots or (humans and state.state.phase == Phase.HOLE_OVER):
            break  # people deal the next hole when they have read the scores
        # Turning up the first two cards happens all round the table at once: no pause.
        paced += state.state.phase != flip
        view = seat_view(state.state, bots[0])
        move = choose(kinds[bots[0]], view, table.game.id, state.count)
        moves.append(move)
        state = extend(state, [move])
    return moves


def advance(request: Request, table: Table) -> Table:
    """Let computer players make the moves that are due; returns the table as it is now."""
    if table.game.status != "playing" or len(table.game.moves) >= MAX_MOVES:
        return table
    moves = bot_moves_due(table, replayed(table.game))
    if moves and save_moves(request, table, replayed(table.game), moves):
        return load_table(request, table.game.id)
    return table


def choose(kind: str, view: SeatView, game_id: str, count: int) -> Move:
    """Ask the computer player `kind` for its move, from its seat's view alone.

    Its dice are seeded by the public game id and the move number (never the deal's seed),
    so two workers racing to make the same move would make the same one.
    """
    return bots.choose(kind, view, random.Random(f"{game_id}:{count}"))
