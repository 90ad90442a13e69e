"""The `greedy` six-card Golf player: the baseline of CONTRACT.md, nothing more.

Take the discard when it pairs a face-up card or is an ace, 2, 3, 4 or king and placing it
lowers the expected score, else draw; put a card where it lowers the expected score most
(a face-down card counts at the mean of the unseen cards, a column pair as 0); throw a drawn
card away when it helps nowhere; go out only when the known score is below every opponent's
estimate.
"""

from __future__ import annotations

import random

from app.players.golf.table import Table, estimate, known_score, placed, rank_of, read_table
from app.rules.golf.moves import DrawStock, Move, Swap, TakeDiscard, ThrowAway
from app.rules.golf.view import legal_moves_in_view

GOOD_RANKS = frozenset("A234K")


def _may_go_out(table: Table, layout: tuple[str | None, ...]) -> bool:
    """Going out is fine only below every opponent's estimate (a would-be layout)."""
    if table.dragging or table.last_turns:
        return True  # a hole that drags on, or already ending: going out changes nothing
    mine = known_score(layout, table.points)  # type: ignore[arg-type]
    return all(
        mine < estimate(table.layouts[s], table.points, table.mean) for s in table.others()
    )


def best_place(table: Table, rank: str) -> tuple[int | None, float]:
    """The position where `rank` lowers the estimate most, and that lowering (<0 is better)."""
    now = estimate(table.mine, table.points, table.mean)
    face_down = table.face_down[table.seat]
    best: tuple[int | None, float] = (None, float("inf"))
    for index in range(6):
        layout = placed(table.mine, index, rank)
        goes_out = all(not down or i == index for i, down in enumerate(face_down))
        if goes_out and not _may_go_out(table, layout):
            continue
        change = estimate(layout, table.points, table.mean) - now
        if change < best[1]:
            best = (index, change)
    return best


def choose(view: dict, rng: random.Random) -> Move:
    """Greedy's move for the seat `view["you"]`."""
    legal = legal_moves_in_view(view)
    seat, phase = view["you"], view["phase"]
    if phase == "draw":
        return _take_or_draw(view, read_table(view), seat)
    if phase == "place":
        table = read_table(view)
        if table.dragging and any(table.face_down[seat]):
            return Swap(seat, _best_hidden(table, rank_of(view["drawn"])))
        index, change = best_place(table, rank_of(view["drawn"]))
        if index is not None and change < 0:
            return Swap(seat, index)
        if view["held_from"] == "stock":
            return ThrowAway(seat)
        return Swap(seat, index if index is not None else _least_bad(view))
    return legal[0]  # flips, forced turn-ups, next hole: any legal move will do


def _best_hidden(table: Table, rank: str) -> int:
    """A hole that drags on: put the card on a face-down place, to move towards the end."""
    hidden = [i for i, down in enumerate(table.face_down[table.seat]) if down]
    return min(hidden, key=lambda i: estimate(placed(table.mine, i, rank), table.points,
                                              table.mean))


def _take_or_draw(view: dict, table: Table, seat: int) -> Move:
    top = view["discard_top"]
    if top is None:
        return DrawStock(seat)
    rank = rank_of(top)
    pairs = any(
        card == rank and not down
        for card, down in zip(table.mine, table.face_down[seat], strict=True)
    )
    if (pairs or rank in GOOD_RANKS) and best_place(table, rank)[1] < 0:
        return TakeDiscard(seat)
    return DrawStock(seat)


def _least_bad(view: dict) -> int:
    """Only reachable if every placement would go out too early: take the first face-up one."""
    layout = view["seats"][view["you"]]["layout"]
    return next((i for i, card in enumerate(layout) if card is not None), 0)
