"""Six-card Golf: the pure rules (2 to 8 seats, draw and swap, lowest total wins).

Public API (everything the web part and the computer players use):

- `Options` (app.rules.golf.options): every setting and variation; `to_dict`/`from_dict`
  (JSON-safe; garbage raises `OptionsError`).
- Moves (frozen dataclasses, app.rules.golf.moves): `Reveal(seat, index)` for the two cards
  turned up at the start of a hole, `DrawStock(seat)`, `TakeDiscard(seat)`, `Swap(seat, index)`,
  `ThrowAway(seat)`, `TurnUp(seat, index)` (a turn spent turning a card up, or the forced
  turn-up after throwing away), `TurnAll(seat)` (go out in one go), `NextHole(seat)` (deal the
  next hole once the scores are in; any seat may). Layout index 0-5: top row left to right,
  then bottom row. `move_to_json`/`move_from_json` for the stored log.
- Errors: `InvalidMoveError` (malformed: no such seat, position or kind), `IllegalMoveError`
  (not allowed now), both `RuleError` with a `.message` a player can read.
- `new_game(options, seed, first_dealer=0) -> State`: the seed decides every shuffle,
  including each hole's deal and every reshuffle of the discard pile into a new stock.
- `legal_moves(state)`, `apply(state, move) -> State`, `replay(options, seed, moves)`.
- `State` fields: `phase` (a `Phase`), `turn` (the seat to act, or None while several seats
  may act: the start-of-hole flips and between holes), `hole`, `dealer`, `scores` (one tuple
  per finished hole); helpers `seats_to_act(state)`, `totals(state)`, `winners(state)`
  (ties shared), `is_over(state)`.
- `view_for(state, seat | None, names)`, `legal_moves_in_view(view)` and `describe(move,
  before, after, names, viewer=None)` (app.rules.golf.view).

Everything is importable from this module; the code lives in core, moves,
options, turns, view and scoring.

Play: each hole is dealt by `dealer`; the seat after it (to its left) acts first and play goes
clockwise (seat + 1). The deal passes left (dealer + 1) each hole.
"""

from __future__ import annotations

from app.rules.golf.core import (
    DISCARD,
    STOCK,
    Phase,
    State,
    apply,
    is_over,
    legal_moves,
    new_game,
    replay,
    seats_to_act,
    totals,
    winners,
)
from app.rules.golf.moves import (
    KINDS,
    POSITION_NAMES,
    DrawStock,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    NextHole,
    Reveal,
    RuleError,
    Swap,
    TakeDiscard,
    ThrowAway,
    TurnAll,
    TurnUp,
    move_from_json,
    move_to_json,
)
from app.rules.golf.options import FIRST_TWO, Options, OptionsError
from app.rules.golf.view import describe, legal_moves_in_view, view_for

__all__ = [
    "DISCARD", "FIRST_TWO", "KINDS", "POSITION_NAMES", "STOCK", "DrawStock", "IllegalMoveError",
    "InvalidMoveError", "Move", "NextHole", "Options", "OptionsError", "Phase", "Reveal",
    "RuleError", "State", "Swap", "TakeDiscard", "ThrowAway", "TurnAll", "TurnUp", "apply",
    "describe", "is_over", "legal_moves", "legal_moves_in_view", "move_from_json",
    "move_to_json", "new_game", "replay", "seats_to_act", "totals", "view_for", "winners",
]
