"""Computer players at the table: they move lazily, when someone looks, after a short pause.

No worker keeps a timer or a background task. Whenever anyone's browser asks for the table
and a computer seat may act and the last move is older than the pause, the server asks that
computer player for its move (from its seat's honest view), and saves it with the same
version check as a person's move, so workers racing to do it are harmless.
"""

from __future__ import annotations

import random

from fastapi import Request

from app.players.golf import bots
from app.rules.golf import Move, Phase, SeatView, is_over, seat_view, seats_to_act
from app.storage import golf as store
from app.storage.models import utcnow
from app.web.golf.deps import Visit, load_visit

# After a long quiet spell the computers catch up at most this many moves per request.
MAX_CATCH_UP = 24


def bot_moves_due(game: store.Game, delay: float) -> list[Move]:
    """The computer players' moves that are due by now, `delay` seconds apart."""
    assert game.replay is not None
    elapsed = (utcnow() - game.updated_at).total_seconds()
    due = MAX_CATCH_UP if delay <= 0 else min(MAX_CATCH_UP, int(elapsed / delay))
    due = min(due, store.MAX_MOVES - game.replay.count)
    seats = {seat.seat: seat for seat in game.seats}
    humans = any(seat.kind == store.HUMAN for seat in game.seats)
    moves: list[Move] = []
    replay, paced = game.replay, 0
    while (paced < due or (due and replay.state.phase == Phase.FLIP)) and not is_over(
        replay.state
    ):
        acting = [s for s in seats_to_act(replay.state) if seats[s].is_bot]
        if not acting or (humans and replay.state.phase == Phase.HOLE_OVER):
            break  # people deal the next hole when they have read the scores
        # Turning up the first two cards happens all round the table at once: no pause.
        paced += replay.state.phase != Phase.FLIP
        view = seat_view(replay.state, acting[0])
        move = choose(seats[acting[0]].kind, view, game.id, replay.count)
        moves.append(move)
        replay = replay.extended([move])
    return moves


def advance(request: Request, visit: Visit) -> Visit:
    """Let computer players make the moves that are due; returns the table as it is now."""
    game = visit.game
    if game.status != store.GameStatus.PLAYING or game.replay is None:
        return visit
    moves = bot_moves_due(game, request.app.state.settings.bot_delay_ms / 1000)
    if not moves:
        return visit
    try:
        with request.app.state.db.write() as session:
            store.play(session, game=game, moves=moves)
    except store.Refused:
        pass  # another request moved first (perhaps these very moves): show what is stored
    return load_visit(request, game.id)


def choose(kind: str, view: SeatView, game_id: str, count: int) -> Move:
    """Ask the computer player `kind` for its move, from its seat's view alone.

    Its dice are seeded by the public game id and the move number (never the deal's seed),
    so two workers racing to make the same move would make the same one.
    """
    return bots.choose(kind, view, random.Random(f"{game_id}:{count}"))
