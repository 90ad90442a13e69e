"""The `greedy` six-card Golf player: the baseline of CONTRACT.md, nothing more.

Take the discard when it pairs a face-up card or is an ace, 2, 3, 4 or king and placing it
lowers the expected score, else draw; put a card where it lowers the expected score most
(a face-down card counts at the mean of the unseen cards, a column pair as 0); throw a drawn
card away when it helps nowhere; go out only when the known score is below every opponent's
estimate.
"""

from __future__ import annotations

import random

from app.players.golf.knowledge import (
    Knowledge,
    estimate,
    knowledge_of,
    known_score,
    placed,
    rank_of,
)
from app.rules.golf import (
    DrawStock,
    Move,
    Phase,
    Pile,
    SeatView,
    Swap,
    TakeDiscard,
    ThrowAway,
    legal_moves_for,
)

GOOD_RANKS = frozenset("A234K")


def _estimate(known: Knowledge, layout: tuple[str | None, ...]) -> float:
    return estimate(layout, known.points, known.mean, known.shape)


def _may_go_out(known: Knowledge, layout: tuple[str | None, ...]) -> bool:
    """Going out is fine only below every opponent's estimate (a would-be layout)."""
    if known.dragging or known.last_turns:
        return True  # a hole that drags on, or already ending: going out changes nothing
    mine = known_score(layout, known.points, known.shape)
    return all(mine < _estimate(known, known.layouts[s]) for s in known.others())


def best_place(known: Knowledge, rank: str) -> tuple[int | None, float]:
    """The position where `rank` lowers the estimate most, and that lowering (<0 is better)."""
    now = _estimate(known, known.mine)
    face_down = known.face_down[known.seat]
    best: tuple[int | None, float] = (None, float("inf"))
    for index in known.shape.positions:
        layout = placed(known.mine, index, rank)
        goes_out = all(not down or i == index for i, down in enumerate(face_down))
        if goes_out and not _may_go_out(known, layout):
            continue
        change = _estimate(known, layout) - now
        if change < best[1]:
            best = (index, change)
    return best


def choose(view: SeatView, rng: random.Random) -> Move:
    """Greedy's move for the view's seat."""
    legal = legal_moves_for(view)
    seat = view.seat
    if view.phase == Phase.DRAW:
        return _take_or_draw(view, knowledge_of(view), seat)
    if view.phase == Phase.PLACE:
        known = knowledge_of(view)
        if known.dragging and any(known.face_down[seat]):
            return Swap(seat, _best_hidden(known, rank_of(view.drawn)))
        index, change = best_place(known, rank_of(view.drawn))
        if index is not None and change < 0:
            return Swap(seat, index)
        if view.held_from == Pile.STOCK:
            return ThrowAway(seat)
        return Swap(seat, index if index is not None else _least_bad(view))
    return legal[0]  # flips, forced turn-ups, next hole: any legal move will do


def _best_hidden(known: Knowledge, rank: str) -> int:
    """A hole that drags on: put the card on a face-down place, to move towards the end."""
    hidden = [i for i, down in enumerate(known.face_down[known.seat]) if down]
    return min(hidden, key=lambda i: _estimate(known, placed(known.mine, i, rank)))


def _take_or_draw(view: SeatView, known: Knowledge, seat: int) -> Move:
    top = view.discard_top
    if top is None:
        return DrawStock(seat)
    rank = rank_of(top)
    pairs = any(
        card == rank and not down
        for card, down in zip(known.mine, known.face_down[seat], strict=True)
    )
    if (pairs or rank in GOOD_RANKS) and best_place(known, rank)[1] < 0:
        return TakeDiscard(seat)
    return DrawStock(seat)


def _least_bad(view: SeatView) -> int:
    """Only reachable if every placement would go out too early: take the first face-up one."""
    layout = view.layouts[view.seat]
    return next((i for i, card in enumerate(layout) if card is not None), 0)
