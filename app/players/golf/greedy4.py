"""The `greedy` four-card Golf player: the baseline, the six-card greedy's rules for a square.

Take the discard when it is an ace, 2, 3, 4 or king (or, with pairs cancelling, pairs a card it
knows) and placing it lowers the estimated score, else draw; put a card where it lowers the
estimate most (an unknown card counts at the mean of the unseen cards); throw a drawn card away
when it helps nowhere; knock only when it knows all four of its cards and their score is below
every opponent's estimate.
"""

from __future__ import annotations

import random

from app.players.golf.greedy import GOOD_RANKS
from app.players.golf.knowledge import Knowledge, knowledge_of, placed, rank_of
from app.players.golf.square import estimate, pair_lines
from app.rules.golf import (
    DrawStock,
    Knock,
    Move,
    Phase,
    Pile,
    SeatView,
    Swap,
    TakeDiscard,
    ThrowAway,
    legal_moves_for,
)


def _lines(view: SeatView) -> tuple[tuple[int, ...], ...]:
    return pair_lines(view.shape, view.options.pairs_cancel)


def best_place(known: Knowledge, rank: str, lines: tuple) -> tuple[int, float]:
    """The position where `rank` lowers the estimate most, and that change (<0 is better)."""
    now = estimate(known.mine, known, lines)
    changes = [estimate(placed(known.mine, i, rank), known, lines) - now
               for i in known.shape.positions]
    index = min(known.shape.positions, key=changes.__getitem__)
    return index, changes[index]


def should_knock(known: Knowledge, lines: tuple) -> bool:
    if known.dragging:
        return True
    if any(r is None for r in known.mine):
        return False
    mine = estimate(known.mine, known, lines)
    return all(mine < estimate(known.layouts[s], known, lines) for s in known.others())


def choose(view: SeatView, rng: random.Random) -> Move:
    """Greedy's move for the view's seat."""
    legal = legal_moves_for(view)
    seat, lines = view.seat, _lines(view)
    if view.phase == Phase.DRAW:
        known = knowledge_of(view)
        if Knock(seat) in legal and should_knock(known, lines):
            return Knock(seat)
        return _take_or_draw(view, known, lines)
    if view.phase == Phase.PLACE:
        known = knowledge_of(view)
        index, change = best_place(known, rank_of(view.drawn), lines)
        if change < 0 or view.held_from != Pile.STOCK:
            return Swap(seat, index)
        return ThrowAway(seat)
    return legal[0]  # the next hole: nothing to choose


def _take_or_draw(view: SeatView, known: Knowledge, lines: tuple) -> Move:
    top = view.discard_top
    if top is None:
        return DrawStock(view.seat)
    rank = rank_of(top)
    pairs = bool(lines) and rank in known.mine
    if (pairs or rank in GOOD_RANKS) and best_place(known, rank, lines)[1] < 0:
        return TakeDiscard(view.seat)
    return DrawStock(view.seat)
