"""Rebuilding a six-card Golf game's rule state from its row (settings + seed + move log).

A game is its options, its seed and its moves, so the row stores just those and every
request replays them with the rules module. A small per-process cache keeps the last state
of recent games, so a poll or a move only applies the moves made since.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from fastapi import Request

from app.rules.golf import Options, State, apply, is_over, new_game
from app.rules.golf.moves import Move, move_from_json, move_to_json
from app.storage import golf as store
from app.storage.models import Golf6Game
from app.web.golf.seats import Table

# A cap so that no game grows without end (a long "until 100" game needs about 3,000).
MAX_MOVES = 6000
CACHE_SIZE = 256
RECENT = 8


@dataclass(frozen=True)
class Step:
    """One move with the states around it (for describing it)."""

    move: Move
    before: State
    after: State


@dataclass(frozen=True)
class Replayed:
    """The state after `count` moves of the game dealt from `seed`, and its last few steps."""

    seed: int
    count: int
    state: State
    recent: tuple[Step, ...]


_cache: OrderedDict[str, Replayed] = OrderedDict()
_lock = threading.Lock()


def options_of(game: Golf6Game) -> Options:
    return Options.from_dict(game.settings["options"])


def replayed(game: Golf6Game) -> Replayed:
    """The rule state of a started game (the stored log is append-only for a given seed)."""
    with _lock:
        cached = _cache.get(game.id)
    moves = game.moves
    if cached is None or cached.seed != game.seed or cached.count > len(moves):
        cached = Replayed(game.seed, 0, new_game(options_of(game), game.seed), ())
    result = extend(cached, [move_from_json(data) for data in moves[cached.count:]])
    with _lock:
        _cache[game.id] = result
        _cache.move_to_end(game.id)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return result


def extend(start: Replayed, moves: list[Move]) -> Replayed:
    """Apply moves (already checked, or stored) to a replayed state."""
    state, recent = start.state, list(start.recent)
    for move in moves:
        after = apply(state, move)
        recent.append(Step(move, state, after))
        state = after
    return Replayed(start.seed, start.count + len(moves), state, tuple(recent[-RECENT:]))


def save_moves(request: Request, table: Table, start: Replayed, moves: list[Move]) -> bool:
    """Append moves to the log if nobody moved since the table was read."""
    after = extend(start, moves)
    with request.app.state.db.write() as session:
        return store.save_progress(
            session,
            game_id=table.game.id,
            expected_version=table.game.version,
            moves=[*table.game.moves, *(move_to_json(m) for m in moves)],
            status="over" if is_over(after.state) else "playing",
        )
