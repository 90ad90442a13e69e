"""Scoring a six-card Golf layout: card points, column pairs, and the optional bonuses.

A layout is six cards: top row left to right, then bottom row left to right, so the
columns are (0, 3), (1, 4) and (2, 5).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.rules.cards import JOKER

COLUMN_PAIRS = ((0, 3), (1, 4), (2, 5))
POINTS = {"A": 1, "2": -2, "T": 10, "J": 10, "Q": 10, "K": 0}


@dataclass(frozen=True)
class ScoringRules:
    """Scoring options. With jokers in play, twos score +2 and jokers `joker_points`."""

    jokers: bool = False
    joker_points: int = -2
    bonus_four_in_columns: bool = False  # -10: two columns that are the same pair
    bonus_four_in_block: bool = False  # -20: that pair of columns side by side (a 2x2 block)
    bonus_six: bool = False  # -20: six equal cards (two decks)


STANDARD_SCORING = ScoringRules()


def card_points(card: str, rules: ScoringRules = STANDARD_SCORING) -> int:
    if card == JOKER:
        return rules.joker_points
    rank = card[0]
    if rank == "2" and rules.jokers:
        return 2
    return POINTS.get(rank, int(rank) if rank.isdigit() else 0)


def _rank(card: str) -> str:
    return card if card == JOKER else card[0]


def column_points(top: str, bottom: str, rules: ScoringRules = STANDARD_SCORING) -> int:
    """Two equal ranks in a column cancel to 0 (even two 2s); otherwise add the two cards."""
    if _rank(top) == _rank(bottom):
        return 0
    return card_points(top, rules) + card_points(bottom, rules)


def bonus(layout: Sequence[str], rules: ScoringRules = STANDARD_SCORING) -> int:
    ranks = [_rank(card) for card in layout]
    if rules.bonus_six and len(set(ranks)) == 1:
        return -20
    paired = [ranks[t] if ranks[t] == ranks[b] else None for t, b in COLUMN_PAIRS]
    for rank in {r for r in paired if r is not None}:
        columns = [i for i, r in enumerate(paired) if r == rank]
        if len(columns) >= 2:
            adjacent = any(b - a == 1 for a, b in zip(columns, columns[1:], strict=False))
            if rules.bonus_four_in_block and adjacent:
                return -20
            if rules.bonus_four_in_columns:
                return -10
    return 0


def layout_score(layout: Sequence[str], rules: ScoringRules = STANDARD_SCORING) -> int:
    """Score of a whole face-up layout: the three columns plus any bonus."""
    if len(layout) != 6:
        raise ValueError("A six-card Golf layout has six cards")
    columns = sum(column_points(layout[t], layout[b], rules) for t, b in COLUMN_PAIRS)
    return columns + bonus(layout, rules)
