"""The Golf family's pure rules: six-card Golf (2x3) and four-card Golf (2x2), 2 to 8 seats.

Public API (everything the web part and the computer players use; all importable from here):

- `Options` (options.py): every setting. `game` is `Game.SIX_CARD` ("golf6", the default) or
  `Game.FOUR_CARD` ("golf4"); `options.shape` is the layout's `Shape(rows, columns)` (2x3 or
  2x2; shape.py derives positions, rows and columns from it). Four-card options:
  `pairs_cancel` (equal ranks in a row or column score 0) and `knock_penalty` (a knocker
  without the lowest score, alone or shared, adds 10). Six-card-only settings must keep their
  defaults in a four-card game and the other way round. `to_dict`/`from_dict` are JSON-safe;
  stored settings without "game" are six-card. Garbage raises `OptionsError`.
- Moves (frozen dataclasses, moves.py): `Reveal(seat, index)` (six-card: the two cards
  turned up at the start of a hole), `DrawStock(seat)`, `TakeDiscard(seat)`,
  `Swap(seat, index)`, `ThrowAway(seat)`, `TurnUp(seat, index)`, `TurnAll(seat)`,
  `Knock(seat)` (four-card, instead of taking a card; JSON kind "knock"), `NextHole(seat)`
  (any seat deals the next hole once the scores are in). `index` counts the layout row by
  row, top row first. `move_to_json`/`move_from_json` for the stored log.
- Errors (errors.py): `InvalidMoveError` (malformed), `IllegalMoveError` (not allowed now) and
  `OptionsError`, each with a `code` and `params` and no sentence: app.web.golf.words words
  them. Both move errors are also app.rules.errors classes (`RuleError`).
- `new_game(options, seed, first_dealer=0) -> State`: the seed decides every shuffle.
  `apply(state, move) -> State`, `legal_moves(state)`, `replay(options, seed, moves)`.
- `State` (state.py): `phase` (a `Phase`), `turn` (None while several seats may act),
  `hole`, `dealer`, `went_out` (six-card), `knocker` (four-card), `scores` (a tuple per
  finished hole), `played` (this hole's moves as everyone saw them, a `Played` each: a card
  drawn from the stock shows only once it is swapped in or thrown away); `seats_to_act`,
  `totals`, `winners` (ties shared), `is_over`.
- `seat_view(state, seat | None) -> SeatView` (seat_view.py): what one seat may know; its
  `known` holds the face-down cards it looked at (four-card: its bottom row, for the whole
  hole; only its own). `legal_moves_for(view)` is the one move generator: the state,
  the JSON view and every computer player use it.
- `view_for(state, seat, names)` (view.py): the SeatView as the JSON-safe dict of CONTRACT.md,
  each seat called by `names` (the web layer's words: the rules name no one);
  `describe(move, before, after, viewer)` (events.py): what a move did, as an `Event`.

Four-card Golf: each seat peeks at its bottom row at the deal (no flips); a turn is as in
six-card Golf, or a knock; after a knock every other seat has exactly one more turn. The hole
ends only by a knock, even when a square is all face up. One deck for any number of seats.

Play: each hole is dealt by `dealer`; the seat after it (to its left) acts first and play goes
clockwise (seat + 1). The deal passes left (dealer + 1) each hole.
"""

from __future__ import annotations

from app.rules.golf.core import apply, legal_moves, new_game, replay
from app.rules.golf.errors import IllegalMoveError, InvalidMoveError, OptionsError, RuleError
from app.rules.golf.events import Event, describe
from app.rules.golf.moves import (
    KINDS,
    DrawStock,
    Knock,
    Move,
    NextHole,
    Reveal,
    Swap,
    TakeDiscard,
    ThrowAway,
    TurnAll,
    TurnUp,
    move_from_json,
    move_to_json,
)
from app.rules.golf.options import (
    FIRST_TWO,
    HOLE_COUNTS,
    KNOCK_PENALTY,
    MAX_SEATS,
    MIN_SEATS,
    TARGET_TOTAL,
    FirstTwo,
    Game,
    Length,
    Options,
)
from app.rules.golf.seat_view import SeatView, legal_moves_for, seat_view
from app.rules.golf.shape import FOUR_CARD, SIX_CARD, Shape
from app.rules.golf.state import (
    Phase,
    Pile,
    Played,
    State,
    is_over,
    seats_to_act,
    totals,
    winners,
)
from app.rules.golf.view import view_for

__all__ = [
    "FIRST_TWO", "FOUR_CARD", "HOLE_COUNTS", "KINDS", "KNOCK_PENALTY", "MAX_SEATS", "MIN_SEATS",
    "SIX_CARD", "TARGET_TOTAL",
    "DrawStock", "Event", "FirstTwo", "Game", "IllegalMoveError", "InvalidMoveError", "Knock",
    "Length", "Move", "NextHole", "Options", "OptionsError", "Phase", "Pile", "Played", "Reveal",
    "RuleError", "SeatView", "Shape", "State", "Swap", "TakeDiscard", "ThrowAway", "TurnAll",
    "TurnUp",
    "apply", "describe", "is_over", "legal_moves", "legal_moves_for", "move_from_json",
    "move_to_json", "new_game", "replay", "seat_view", "seats_to_act", "totals", "view_for",
    "winners",
]
