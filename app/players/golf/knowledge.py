"""What a Golf computer player knows, worked out from its SeatView only.

Bots never see a `State`: they get `seat_view(state, seat)` and build a `Knowledge` from it.
Card counting uses only public cards (every face-up layout card and the whole discard pile,
which everyone watched land) plus the seat's own drawn and peeked cards; the rest of the deck
is the "unseen pool" that face-down cards and the stock are drawn from, counted by rank.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from app.rules.cards import JOKER, RANKS
from app.rules.golf import SeatView, Shape
from app.rules.golf.scoring import ScoringRules, card_points

LONG_HOLE_TURNS_PER_SEAT = 25
JOKER_KEY = "*"


def rank_of(card: str) -> str:
    return JOKER_KEY if card == JOKER else card[0]


def rank_points(rules: ScoringRules) -> dict[str, int]:
    """Points of each rank key ("*" = joker) under these scoring rules."""
    points = {rank: card_points(rank + "S", rules) for rank in RANKS}
    points[JOKER_KEY] = rules.joker_points
    return points


@dataclass(frozen=True)
class Knowledge:
    """One seat's knowledge: layouts as rank keys (None = unknown), the unseen pool, points."""

    seat: int
    seats: int
    shape: Shape
    mine: tuple[str | None, ...]
    layouts: tuple[tuple[str | None, ...], ...]
    face_down: tuple[tuple[bool, ...], ...]
    pool: dict[str, int]
    points: dict[str, int]
    pool_size: int
    turns: int = 0  # turns played this hole
    last_turns: bool = False  # the hole is ending: this is my last turn of the hole

    @property
    def dragging(self) -> bool:
        """A hole this long may be stuck (nobody willing to end it): bots then end it."""
        return self.turns >= LONG_HOLE_TURNS_PER_SEAT * self.seats

    @property
    def mean(self) -> float:
        """Average points of an unseen card (what a face-down card is worth on average)."""
        if not self.pool_size:
            return 5.0
        return sum(self.points[r] * n for r, n in self.pool.items()) / self.pool_size

    def others(self) -> list[int]:
        return [s for s in range(self.seats) if s != self.seat]


def knowledge_of(view: SeatView) -> Knowledge:
    """What the view's seat knows (the only input any bot has)."""
    seat = view.seat
    assert seat is not None, "a computer player sits at a seat"
    layouts, face_down, seen = [], [], Counter()
    for s, up in enumerate(view.layouts):
        cards = view.mine if s == seat else up
        layouts.append(tuple(rank_of(c) if c else None for c in cards))
        face_down.append(tuple(c is None for c in up))
        seen.update(rank_of(c) for c in cards if c)
    seen.update(rank_of(c) for c in view.discard)
    if view.drawn:
        seen[rank_of(view.drawn)] += 1
    pool = Counter(rank_of(card) for card in view.options.deck()) - seen
    return Knowledge(
        seat=seat,
        seats=view.seats,
        shape=view.shape,
        mine=layouts[seat],
        layouts=tuple(layouts),
        face_down=tuple(face_down),
        pool=dict(pool),
        points=rank_points(view.options.scoring),
        pool_size=sum(pool.values()),
        turns=view.turns,
        last_turns=view.hole_ender is not None,
    )


def column_points(top: str, bottom: str, points: dict[str, int]) -> int:
    return 0 if top == bottom else points[top] + points[bottom]


def estimate(
    layout: Sequence[str | None], points: dict[str, int], mean: float, shape: Shape
) -> float:
    """Greedy's estimate: face-down cards at the pool mean, a known column pair at 0."""
    total = 0.0
    for t, b in shape.column_lines:
        top, bottom = layout[t], layout[b]
        if top is not None and bottom is not None:
            total += column_points(top, bottom, points)
        else:
            total += (points[top] if top else mean) + (points[bottom] if bottom else mean)
    return total


def known_score(layout: Sequence[str | None], points: dict[str, int], shape: Shape) -> int:
    """Score of a layout whose cards are all known (no bonus: bots ignore rare bonuses)."""
    return sum(column_points(layout[t], layout[b], points) for t, b in shape.column_lines)


def placed(layout: Sequence[str | None], index: int, rank: str) -> tuple[str | None, ...]:
    return (*layout[:index], rank, *layout[index + 1:])
