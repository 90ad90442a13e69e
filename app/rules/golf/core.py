"""Dealing a Golf hole and applying moves to the table (the facade app.rules.golf documents it)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from app.rules.dealnum import MAX_DEAL_NUMBER, shuffled, splitmix64
from app.rules.golf.errors import InvalidMoveError
from app.rules.golf.moves import (
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
    check_move_shape,
)
from app.rules.golf.options import KNOCK_PENALTY, MAX_HOLES_TO_TARGET, TARGET_TOTAL, Options
from app.rules.golf.refusals import refusal
from app.rules.golf.scoring import hole_scores
from app.rules.golf.seat_view import legal_moves_for, seat_view
from app.rules.golf.state import (
    FLIPS_PER_SEAT,
    Phase,
    Pile,
    Played,
    State,
    seats_to_act,
    totals,
)


def _derived_seed(seed: int, hole: int, reshuffle: int) -> int:
    """A shuffle seed for one hole's deal (reshuffle 0) or its n-th reshuffle."""
    mixed = next(splitmix64(seed))
    mixed = next(splitmix64(mixed ^ hole))
    return next(splitmix64(mixed ^ (reshuffle << 32)))


def _deal(options: Options, seed: int, hole: int, dealer: int) -> dict[str, Any]:
    """Fields of a freshly dealt hole: the cards go one at a time from the dealer's left."""
    n, size = options.seats, options.shape.size
    cards = shuffled(options.deck(), _derived_seed(seed, hole, 0))
    layouts = [[""] * size for _ in range(n)]
    for k in range(size * n):
        layouts[(dealer + 1 + k) % n][k // n] = cards[k]
    rest = cards[size * n:]
    peek = options.peek
    near = options.shape.near_row
    return {
        "hole": hole,
        "dealer": dealer,
        "layouts": tuple(tuple(layout) for layout in layouts),
        "face_up": tuple((False,) * size for _ in range(n)),
        "known": tuple(tuple(peek and i in near for i in range(size)) for _ in range(n)),
        "discard": (rest[0],),
        "stock": tuple(rest[1:]),
        "phase": Phase.DRAW if peek else Phase.FLIP,
        "turn": (dealer + 1) % n if peek else None,
        "held": None,
        "held_from": None,
        "went_out": None,
        "knocker": None,
        "reshuffles": 0,
        "turns": 0,
        "played": (),
    }


def new_game(options: Options, seed: int, first_dealer: int = 0) -> State:
    """Deal the first hole. Same options, seed and dealer: the same game, card for card."""
    if not isinstance(options, Options):
        raise InvalidMoveError("no_options")
    if not (isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= MAX_DEAL_NUMBER):
        raise InvalidMoveError("bad_game_seed", high=MAX_DEAL_NUMBER)
    if not (isinstance(first_dealer, int) and 0 <= first_dealer < options.seats):
        raise InvalidMoveError("no_such_dealer", seat=first_dealer)
    return State(options=options, seed=seed, **_deal(options, seed, 1, first_dealer))


def replay(options: Options, seed: int, moves: Iterable[Move], first_dealer: int = 0) -> State:
    """The state reached by playing `moves` from the deal: a game is options + seed + moves."""
    state = new_game(options, seed, first_dealer)
    for move in moves:
        state = apply(state, move)
    return state


def legal_moves(state: State) -> list[Move]:
    """Every move allowed now, for every seat that may act (each seat's view decides)."""
    return [m for seat in seats_to_act(state) for m in legal_moves_for(seat_view(state, seat))]


def apply(state: State, move: Move) -> State:
    """The state after `move`; raises InvalidMoveError or IllegalMoveError and changes nothing."""
    check_move_shape(move, state.seats, state.options.shape)
    if move not in legal_moves_for(seat_view(state, move.seat)):
        raise refusal(state, move)
    after = _moved(state, move)
    if isinstance(move, NextHole):
        return after
    return replace(after, played=after.played + (_public(state, move),))


def _public(before: State, move: Move) -> Played:
    """What everyone at the table saw of `move`."""
    if isinstance(move, TakeDiscard):
        return Played(move, card=before.discard[-1])
    if isinstance(move, ThrowAway):
        return Played(move, card=before.held)
    if isinstance(move, Swap):
        return Played(move, card=before.held, old=before.layouts[move.seat][move.index],
                      was_face_down=not before.face_up[move.seat][move.index])
    return Played(move)


def _moved(state: State, move: Move) -> State:
    if isinstance(move, Reveal):
        return _reveal(state, move)
    if isinstance(move, DrawStock):
        return replace(state, stock=state.stock[1:], held=state.stock[0], held_from=Pile.STOCK,
                       phase=Phase.PLACE)
    if isinstance(move, TakeDiscard):
        return replace(state, discard=state.discard[:-1], held=state.discard[-1],
                       held_from=Pile.DISCARD, phase=Phase.PLACE)
    if isinstance(move, Swap):
        return _end_turn(_swap(state, move))
    if isinstance(move, ThrowAway):
        return _throw_away(state)
    if isinstance(move, TurnUp):
        return _end_turn(_turn_up(state, move.seat, [move.index]))
    if isinstance(move, TurnAll):
        return _end_turn(_turn_up(state, move.seat, state.face_down(move.seat)))
    if isinstance(move, Knock):
        return _end_turn(replace(state, knocker=move.seat))
    return _next_hole(state)


def _with_seat(rows: tuple[tuple, ...], seat: int, row: tuple) -> tuple[tuple, ...]:
    return rows[:seat] + (row,) + rows[seat + 1:]


def _turn_up(state: State, seat: int, indexes: list[int]) -> State:
    row = tuple(up or i in indexes for i, up in enumerate(state.face_up[seat]))
    return replace(state, face_up=_with_seat(state.face_up, seat, row))


def _reveal(state: State, move: Reveal) -> State:
    state = _turn_up(state, move.seat, [move.index])
    if any(sum(row) < FLIPS_PER_SEAT for row in state.face_up):
        return state
    return replace(state, phase=Phase.DRAW, turn=(state.dealer + 1) % state.seats)


def _swap(state: State, move: Swap) -> State:
    seat, index = move.seat, move.index
    old = state.layouts[seat][index]
    layout = state.layouts[seat][:index] + (state.held,) + state.layouts[seat][index + 1:]
    state = _turn_up(state, seat, [index])
    return replace(state, layouts=_with_seat(state.layouts, seat, layout),
                   discard=state.discard + (old,), held=None, held_from=None)


def _throw_away(state: State) -> State:
    seat = state.turn
    state = replace(state, discard=state.discard + (state.held,), held=None, held_from=None)
    if state.options.forced_turn_after_throw and len(state.face_down(seat)) > 1:
        return replace(state, phase=Phase.TURN_UP)
    return _end_turn(state)


def _end_turn(state: State) -> State:
    """Refill the stock if needed, note who went out, pass the turn or end the hole."""
    if not state.stock:
        state = _reshuffle(state)
    state = replace(state, turns=state.turns + 1)
    seat = state.turn
    # Four-card Golf ends only by a knock: a square all face up does not go out.
    goes_out = not state.options.four_card and all(state.face_up[seat])
    if state.went_out is None and goes_out:
        state = replace(state, went_out=seat)
        if not state.options.last_turn:
            return _end_hole(state)
    following = (seat + 1) % state.seats
    ender = state.went_out if state.went_out is not None else state.knocker
    if following == ender:
        return _end_hole(state)
    return replace(state, turn=following, phase=Phase.DRAW)


def _reshuffle(state: State) -> State:
    """The discard pile except its top card, shuffled, becomes the new stock."""
    count = state.reshuffles + 1
    seed = _derived_seed(state.seed, state.hole, count)
    stock = tuple(shuffled(state.discard[:-1], seed))
    return replace(state, stock=stock, discard=state.discard[-1:], reshuffles=count)


def _end_hole(state: State) -> State:
    """Turn every card up, score the layouts, and decide whether the game is over."""
    options = state.options
    scores = hole_scores(state.layouts, options.scoring, state.knocker,
                         KNOCK_PENALTY if options.knock_penalty else 0)
    size = options.shape.size
    state = replace(state, face_up=tuple((True,) * size for _ in range(state.seats)),
                    scores=state.scores + (scores,), turn=None, phase=Phase.HOLE_OVER)
    if options.holes is None:
        done = max(totals(state)) >= TARGET_TOTAL or state.hole >= MAX_HOLES_TO_TARGET
    else:
        done = state.hole >= options.holes
    return replace(state, phase=Phase.GAME_OVER) if done else state


def _next_hole(state: State) -> State:
    dealer = (state.dealer + 1) % state.seats
    return replace(state, **_deal(state.options, state.seed, state.hole + 1, dealer))
