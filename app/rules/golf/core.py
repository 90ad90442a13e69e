"""Six-card Golf state and moves applied to it (the facade app.rules.golf documents the API)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum

from app.rules.dealnum import MAX_DEAL_NUMBER, shuffled, splitmix64
from app.rules.golf.moves import (
    DrawStock,
    IllegalMoveError,
    InvalidMoveError,
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
from app.rules.golf.options import MAX_HOLES_TO_TARGET, TARGET_TOTAL, Options
from app.rules.golf.scoring import layout_score
from app.rules.golf.turns import check_reveal, describe_refusal

STOCK, DISCARD = "stock", "discard"


class Phase(StrEnum):
    FLIP = "flip"  # start of a hole: every seat turns two cards up, in any order
    DRAW = "draw"  # the seat to act takes a card (or, in variations, turns cards up)
    PLACE = "place"  # the seat holds a card: swap it in, or throw a stock card away
    TURN_UP = "turn_up"  # variation: after throwing away, turn one face-down card up
    HOLE_OVER = "hole_over"  # every card is face up and scored; waiting for the next deal
    GAME_OVER = "game_over"


@dataclass(frozen=True)
class State:
    """Everything on the table. `stock[0]` is drawn next; `discard[-1]` is the top."""

    options: Options
    seed: int
    hole: int
    dealer: int
    phase: Phase
    layouts: tuple[tuple[str, ...], ...]
    face_up: tuple[tuple[bool, ...], ...]
    known: tuple[tuple[bool, ...], ...]  # face-down cards their owner has looked at
    stock: tuple[str, ...]
    discard: tuple[str, ...]
    turn: int | None = None
    held: str | None = None
    held_from: str | None = None
    went_out: int | None = None
    reshuffles: int = 0
    turns: int = 0  # turns finished this hole (public: anyone at the table can count them)
    scores: tuple[tuple[int, ...], ...] = ()

    @property
    def seats(self) -> int:
        return self.options.seats

    @property
    def discard_top(self) -> str | None:
        return self.discard[-1] if self.discard else None

    def face_down(self, seat: int) -> list[int]:
        return [i for i, up in enumerate(self.face_up[seat]) if not up]

    def all_cards(self) -> list[str]:
        """Every card in play, wherever it is (for conservation checks)."""
        held = [self.held] if self.held else []
        return [c for layout in self.layouts for c in layout] + list(self.stock) + list(
            self.discard
        ) + held


def _derived_seed(seed: int, hole: int, reshuffle: int) -> int:
    """A shuffle seed for one hole's deal (reshuffle 0) or its n-th reshuffle."""
    mixed = next(splitmix64(seed))
    mixed = next(splitmix64(mixed ^ hole))
    return next(splitmix64(mixed ^ (reshuffle << 32)))


def _deal(state_options: Options, seed: int, hole: int, dealer: int) -> dict:
    """Fields of a freshly dealt hole: six cards each, one at a time from the dealer's left."""
    n = state_options.seats
    cards = shuffled(state_options.deck(), _derived_seed(seed, hole, 0))
    layouts = [[""] * 6 for _ in range(n)]
    for k in range(6 * n):
        layouts[(dealer + 1 + k) % n][k // n] = cards[k]
    rest = cards[6 * n:]
    peek = state_options.peek
    return {
        "hole": hole,
        "dealer": dealer,
        "layouts": tuple(tuple(layout) for layout in layouts),
        "face_up": tuple((False,) * 6 for _ in range(n)),
        "known": tuple((False,) * 3 + (peek,) * 3 for _ in range(n)),
        "discard": (rest[0],),
        "stock": tuple(rest[1:]),
        "phase": Phase.DRAW if peek else Phase.FLIP,
        "turn": (dealer + 1) % n if peek else None,
        "held": None,
        "held_from": None,
        "went_out": None,
        "reshuffles": 0,
        "turns": 0,
    }


def new_game(options: Options, seed: int, first_dealer: int = 0) -> State:
    """Deal the first hole. Same options, seed and dealer: the same game, card for card."""
    if not isinstance(options, Options):
        raise InvalidMoveError("A game needs its options")
    if not (isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= MAX_DEAL_NUMBER):
        raise InvalidMoveError(f"A game seed is a whole number from 0 to {MAX_DEAL_NUMBER}")
    if not (isinstance(first_dealer, int) and 0 <= first_dealer < options.seats):
        raise InvalidMoveError(f"There is no seat {first_dealer!r} to deal")
    return State(options=options, seed=seed, **_deal(options, seed, 1, first_dealer))


def replay(options: Options, seed: int, moves: Iterable[Move], first_dealer: int = 0) -> State:
    """The state reached by playing `moves` from the deal: a game is options + seed + moves."""
    state = new_game(options, seed, first_dealer)
    for move in moves:
        state = apply(state, move)
    return state


# --- Questions about a state -----------------------------------------------------------


def seats_to_act(state: State) -> tuple[int, ...]:
    """Seats that may move now: several during the flips and between holes, else one."""
    if state.phase == Phase.FLIP:
        return tuple(s for s in range(state.seats) if sum(state.face_up[s]) < 2)
    if state.phase == Phase.HOLE_OVER:
        return tuple(range(state.seats))
    return () if state.turn is None else (state.turn,)


def totals(state: State) -> tuple[int, ...]:
    """Each seat's total over the finished holes."""
    return tuple(sum(hole[s] for hole in state.scores) for s in range(state.seats))


def is_over(state: State) -> bool:
    return state.phase == Phase.GAME_OVER


def winners(state: State) -> tuple[int, ...]:
    """Seats with the lowest total (ties share the win); empty until the game is over."""
    if not is_over(state):
        return ()
    sums = totals(state)
    return tuple(s for s, total in enumerate(sums) if total == min(sums))


def legal_moves(state: State) -> list[Move]:
    """Every move allowed now, for every seat that may act."""
    moves: list[Move] = []
    for seat in seats_to_act(state):
        moves.extend(_moves_for(state, seat))
    return moves


def _moves_for(state: State, seat: int) -> list[Move]:
    phase, down = state.phase, state.face_down(seat)
    opts = state.options
    if phase == Phase.FLIP:
        up = [i for i in range(6) if state.face_up[seat][i]]
        return [Reveal(seat, i) for i in down if check_reveal(opts.first_two, up, i) is None]
    if phase == Phase.DRAW:
        moves: list[Move] = [DrawStock(seat)]
        moves += [TakeDiscard(seat)] if state.discard else []
        moves += [TurnUp(seat, i) for i in down] if opts.turn_instead else []
        moves += [TurnAll(seat)] if opts.turn_all_to_go_out and down else []
        return moves
    if phase == Phase.PLACE:
        throw = [ThrowAway(seat)] if state.held_from == STOCK else []
        return [Swap(seat, i) for i in range(6)] + throw
    if phase == Phase.TURN_UP:
        return [TurnUp(seat, i) for i in down]
    if phase == Phase.HOLE_OVER:
        return [NextHole(seat)]
    return []


# --- Applying a move -------------------------------------------------------------------


def apply(state: State, move: Move) -> State:
    """The state after `move`; raises InvalidMoveError or IllegalMoveError and changes nothing."""
    check_move_shape(move, state.seats)
    if move not in _moves_for(state, move.seat) or move.seat not in seats_to_act(state):
        raise IllegalMoveError(describe_refusal(state, move))
    if isinstance(move, Reveal):
        return _reveal(state, move)
    if isinstance(move, DrawStock):
        return replace(state, stock=state.stock[1:], held=state.stock[0], held_from=STOCK,
                       phase=Phase.PLACE)
    if isinstance(move, TakeDiscard):
        return replace(state, discard=state.discard[:-1], held=state.discard[-1],
                       held_from=DISCARD, phase=Phase.PLACE)
    if isinstance(move, Swap):
        return _end_turn(_swap(state, move))
    if isinstance(move, ThrowAway):
        return _throw_away(state)
    if isinstance(move, TurnUp):
        return _end_turn(_turn_up(state, move.seat, [move.index]))
    if isinstance(move, TurnAll):
        return _end_turn(_turn_up(state, move.seat, state.face_down(move.seat)))
    return _next_hole(state)


def _with_seat(rows: tuple[tuple, ...], seat: int, row: tuple) -> tuple[tuple, ...]:
    return rows[:seat] + (row,) + rows[seat + 1:]


def _turn_up(state: State, seat: int, indexes: list[int]) -> State:
    row = tuple(up or i in indexes for i, up in enumerate(state.face_up[seat]))
    return replace(state, face_up=_with_seat(state.face_up, seat, row))


def _reveal(state: State, move: Reveal) -> State:
    state = _turn_up(state, move.seat, [move.index])
    if any(sum(row) < 2 for row in state.face_up):
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
    if state.went_out is None and all(state.face_up[seat]):
        state = replace(state, went_out=seat)
        if not state.options.last_turn:
            return _end_hole(state)
    following = (seat + 1) % state.seats
    if following == state.went_out:
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
    rules = state.options.scoring
    hole_scores = tuple(layout_score(layout, rules) for layout in state.layouts)
    state = replace(state, face_up=tuple((True,) * 6 for _ in range(state.seats)),
                    scores=state.scores + (hole_scores,), turn=None, phase=Phase.HOLE_OVER)
    holes = state.options.holes
    if holes is None:
        done = max(totals(state)) >= TARGET_TOTAL or state.hole >= MAX_HOLES_TO_TARGET
    else:
        done = state.hole >= holes
    return replace(state, phase=Phase.GAME_OVER) if done else state


def _next_hole(state: State) -> State:
    dealer = (state.dealer + 1) % state.seats
    return replace(state, **_deal(state.options, state.seed, state.hole + 1, dealer))

