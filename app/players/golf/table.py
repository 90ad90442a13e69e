"""What a six-card Golf computer player knows, worked out from its seat's view only.

Bots never see a `State`: they get `view_for(state, seat)` and build a `Table` from it. Card
counting uses only public cards (every face-up layout card and the whole discard pile, which
everyone watched land) plus the seat's own drawn and peeked cards; the rest of the deck is the
"unseen pool" that face-down cards and the stock are drawn from, counted by rank.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from app.rules.cards import JOKER, standard_deck
from app.rules.golf.scoring import COLUMN_PAIRS, ScoringRules, card_points

LONG_HOLE_TURNS_PER_SEAT = 25


def rank_of(card: str) -> str:
    return "*" if card == JOKER else card[0]


def rank_points(rules: ScoringRules) -> dict[str, int]:
    """Points of each rank key ("*" = joker) under these scoring rules."""
    points = {rank_of(card): card_points(card, rules) for card in standard_deck()[:13]}
    points["*"] = rules.joker_points
    return points


@dataclass(frozen=True)
class Table:
    """One seat's knowledge: layouts as rank keys (None = unknown), the unseen pool, points."""

    seat: int
    seats: int
    mine: tuple[str | None, ...]
    layouts: tuple[tuple[str | None, ...], ...]
    face_down: tuple[tuple[bool, ...], ...]
    pool: dict[str, int]
    points: dict[str, int]
    pool_size: int
    turns: int = 0  # turns played this hole
    last_turns: bool = False  # someone has gone out: this is my last turn of the hole

    @property
    def dragging(self) -> bool:
        """A hole this long may be stuck (nobody willing to go out): bots then end it."""
        return self.turns >= LONG_HOLE_TURNS_PER_SEAT * self.seats

    @property
    def mean(self) -> float:
        """Average points of an unseen card (what a face-down card is worth on average)."""
        if not self.pool_size:
            return 5.0
        return sum(self.points[r] * n for r, n in self.pool.items()) / self.pool_size

    def others(self) -> list[int]:
        return [s for s in range(self.seats) if s != self.seat]


def _deck_ranks(options: dict) -> Counter[str]:
    decks = 2 if options["two_decks"] or options["seats"] >= 5 else 1
    ranks = Counter(rank_of(card) for card in standard_deck())
    if options["jokers"]:
        ranks["*"] = 2
    return Counter({r: n * decks for r, n in ranks.items()})


def scoring_rules(options: dict) -> ScoringRules:
    return ScoringRules(
        jokers=options["jokers"],
        joker_points=options["joker_points"],
        bonus_four_in_columns=options["bonus_four_in_columns"],
        bonus_four_in_block=options["bonus_four_in_block"],
        bonus_six=options["bonus_six"],
    )


def read_table(view: dict) -> Table:
    """A Table from a seat's view (the only input any bot has)."""
    seat = view["you"]
    layouts, face_down, seen = [], [], Counter()
    for s, info in enumerate(view["seats"]):
        cards: list[str | None] = list(info["layout"])
        if s == seat:
            cards = [c if c else k for c, k in zip(cards, info["known"], strict=True)]
        layouts.append(tuple(rank_of(c) if c else None for c in cards))
        face_down.append(tuple(c is None for c in info["layout"]))
        seen.update(rank_of(c) for c in cards if c)
    seen.update(rank_of(c) for c in view["discard"])
    if view["drawn"]:
        seen[rank_of(view["drawn"])] += 1
    pool = _deck_ranks(view["options"]) - seen
    return Table(
        seat=seat,
        seats=len(view["seats"]),
        mine=layouts[seat],
        layouts=tuple(layouts),
        face_down=tuple(face_down),
        pool=dict(pool),
        points=rank_points(scoring_rules(view["options"])),
        pool_size=sum(pool.values()),
        turns=view.get("turns", 0),
        last_turns=view["went_out"] is not None,
    )


def column_points(top: str, bottom: str, points: dict[str, int]) -> int:
    return 0 if top == bottom else points[top] + points[bottom]


def estimate(layout: Sequence[str | None], points: dict[str, int], mean: float) -> float:
    """Greedy's estimate: face-down cards at the pool mean, a known pair at 0."""
    total = 0.0
    for t, b in COLUMN_PAIRS:
        top, bottom = layout[t], layout[b]
        if top is not None and bottom is not None:
            total += column_points(top, bottom, points)
        else:
            total += (points[top] if top else mean) + (points[bottom] if bottom else mean)
    return total


def known_score(layout: Sequence[str | None], points: dict[str, int]) -> int:
    """Score of a layout whose cards are all known (no bonus: bots ignore rare bonuses)."""
    return sum(column_points(layout[t], layout[b], points) for t, b in COLUMN_PAIRS)


def placed(layout: Sequence[str | None], index: int, rank: str) -> tuple[str | None, ...]:
    return (*layout[:index], rank, *layout[index + 1:])
