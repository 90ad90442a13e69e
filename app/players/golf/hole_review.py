"""The review of one six-card Golf hole for one seat: its costliest choices and the hole's facts.

Each choice the seat made during the hole is priced by the coach's own estimate *at that
moment*, from the seat's view then (never by hindsight, never with a card it could not see):
the cost is the coach's value of the action taken less its value of the action it would
have taken (hint.option_values, the same figures as Hint). The review keeps the few costliest
(at least `MIN_COST` points each) and the facts anyone at the table saw: who went out, each
seat's score, which columns paired (and so scored 0) and whether a four-card knocker paid
the penalty for not being lowest.

Codes and numbers only; app.web.golf.coach words them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from app.players.golf import bots
from app.players.golf import coach as six
from app.players.golf.hint import Hint, hint, hint_dice, option_values, placement_savings
from app.players.golf.knowledge import rank_of
from app.rules.cards import rank
from app.rules.golf import (
    Move,
    Options,
    Phase,
    SeatView,
    State,
    Swap,
    apply,
    new_game,
    seat_view,
)
from app.rules.golf.scoring import layout_score

MIN_COST = 0.3  # smaller differences are within the coach's own rounding of the future
SHOWN = 3  # the costliest choices a review names


@dataclass(frozen=True)
class Moment:
    """One costly choice: the hole's turn number, what was done, what the coach advised."""

    turn: int  # the seat's own turns this hole, this one included (what the player counts)
    move: Move
    coach: Move
    cost: float
    card: str | None  # the card in question then (discard top, or the card in hand)
    view: SeatView  # the seat's view then, which the words of the moment are about
    # The shown moments only (`with_reasons`): the coach's advice then, as Hint gave it,
    # and what the seat's own swap did: how much it raised its expected score, and the
    # face-up pair it broke (a card of that rank), if any.
    advice: Hint | None = None
    raised: float | None = None
    broke_pair: str | None = None


@dataclass(frozen=True)
class Pair:
    seat: int
    column: int  # 0-based, left to right
    card: str  # one of the two cards (same rank)


@dataclass(frozen=True)
class HoleReview:
    hole: int
    seat: int
    went_out: int | None  # six-card: who went out; four-card: who knocked
    scores: tuple[int, ...]
    pairs: tuple[Pair, ...]
    moments: tuple[Moment, ...]  # costliest first
    choices: int  # how many choices of the seat were priced (0 in four-card Golf: its
    # coach weighs positions another way, so the review there keeps to the hole's facts)
    total_cost: float  # of every priced choice, not only those shown
    penalised: int | None = None  # four-card: the knocker, when it paid the knock penalty


def review(options: Options, seed: int, moves: Sequence[Move], hole: int,
           seat: int) -> HoleReview | None:
    """The review of `hole` for `seat`, from the deal's moves (None if the hole is not over
    or the game is not six-card Golf). Moves after the hole are left out, so a review asked
    for again once the next hole is under way is the one worked out (and cached) before."""
    return _review(options, seed, _up_to_the_end_of(options, seed, tuple(moves), hole), hole,
                   seat)


def _up_to_the_end_of(options: Options, seed: int, moves: tuple[Move, ...],
                      hole: int) -> tuple[Move, ...]:
    state = new_game(options, seed)
    for count, move in enumerate(moves, start=1):
        state = apply(state, move)
        if state.hole == hole and state.phase in (Phase.HOLE_OVER, Phase.GAME_OVER):
            return moves[:count]
    return moves


@lru_cache(maxsize=128)
def _review(options: Options, seed: int, moves: tuple[Move, ...], hole: int,
            seat: int) -> HoleReview | None:
    state = new_game(options, seed)
    moments: list[Moment] = []
    priced, total, own_turns = 0, 0.0, 0
    for move in moves:
        mine = state.hole == hole and getattr(move, "seat", None) == seat
        if mine and state.phase == Phase.DRAW:  # each of the seat's turns begins here
            own_turns += 1
        if not options.four_card and mine and state.phase in (
            Phase.DRAW, Phase.PLACE, Phase.TURN_UP
        ):
            moment = _price(seat_view(state, seat), move, own_turns)
            if moment is not None:
                priced += 1
                total += moment.cost
                if moment.cost >= MIN_COST:
                    moments.append(moment)
        after = apply(state, move)
        if state.hole == hole and after.phase in (Phase.HOLE_OVER, Phase.GAME_OVER):
            went_out = next((s for s in (after.went_out, state.went_out, after.knocker,
                                         state.knocker) if s is not None), None)
            return HoleReview(
                hole=hole, seat=seat, went_out=went_out,
                scores=after.scores[hole - 1],
                pairs=() if options.four_card else _pairs(after),
                moments=tuple(_with_reasons(m)
                              for m in sorted(moments, key=lambda m: -m.cost)[:SHOWN]),
                choices=priced, total_cost=total,
                penalised=_penalised(after, hole, went_out),
            )
        state = after
    return None


def _price(view: SeatView, move: Move, turn: int) -> Moment | None:
    values = option_values(view)
    if not values:
        return None
    chosen = [v for v, m in values if m == move]
    if not chosen:
        return None
    coach = bots.choose("coach", view, hint_dice(view))  # the very move Hint would advise
    best = [v for v, m in values if m == coach]
    cost = max(0.0, chosen[0] - (best[0] if best else min(v for v, _m in values)))
    return Moment(turn=turn, move=move, coach=coach, cost=cost,
                  card=view.drawn or view.discard_top, view=view)


def _with_reasons(moment: Moment) -> Moment:
    """A shown moment with the why: the Hint the coach gave then, and what the seat's swap
    did to its own layout (worked out only for the few moments a review shows)."""
    view, move = moment.view, moment.move
    facts: dict = {"advice": hint(view)}
    if isinstance(move, Swap) and view.drawn:
        savings = placement_savings(six._plan(view), rank_of(view.drawn))
        facts["raised"] = -savings[move.index]
        layout = view.layouts[view.seat]
        old, other = layout[move.index], layout[view.shape.column_mate(move.index)]
        if (old is not None and other is not None and rank(old) == rank(other)
                and rank_of(view.drawn) != rank_of(old)):  # a card of that rank keeps the pair
            facts["broke_pair"] = old
    return replace(moment, **facts)


def _penalised(state: State, hole: int, knocker: int | None) -> int | None:
    """The knocker, if its hole score is more than its square scores: it was not lowest."""
    if not state.options.four_card or knocker is None:
        return None
    square = layout_score(state.layouts[knocker], state.options.scoring)
    return knocker if state.scores[hole - 1][knocker] > square else None


def _pairs(state: State) -> tuple[Pair, ...]:
    """Columns whose two cards (all face up now) share a rank, so scored 0."""
    shape = state.options.shape
    found = []
    for s, layout in enumerate(state.layouts):
        for column, (top, bottom) in enumerate(shape.column_lines):
            a, b = layout[top], layout[bottom]
            if rank(a) == rank(b):
                found.append(Pair(seat=s, column=column, card=a))
    return tuple(found)
