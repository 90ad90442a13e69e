"""Scoring a Golf layout: card points, pairs, the optional bonuses, and the knock penalty.

Six-card Golf pairs columns (two equal ranks in a column score 0); four-card Golf pairs
nothing in the basic game, or, with its option, every row and column (a card in a pair of
equal ranks scores 0, so a card in a pair both ways counts once).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from app.rules.cards import JOKER
from app.rules.golf.shape import SIX_CARD, Shape

POINTS = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 0}
BONUS_FOUR = -10
BONUS_BLOCK = -20
BONUS_SIX = -20


class Pairing(StrEnum):
    COLUMNS = "columns"  # six-card Golf
    NONE = "none"  # four-card Golf, basic game
    LINES = "lines"  # four-card Golf with pairs cancelling: rows and columns


@dataclass(frozen=True)
class ScoringRules:
    """Scoring options. With jokers in play, twos score +2 and jokers `joker_points`."""

    shape: Shape = SIX_CARD
    pairing: Pairing = Pairing.COLUMNS
    twos: int = -2
    jokers: bool = False
    joker_points: int = -2
    bonus_four_in_columns: bool = False  # two columns that are the same pair
    bonus_four_in_block: bool = False  # that pair of columns side by side (a 2x2 block)
    bonus_six: bool = False  # six equal cards (two decks)


STANDARD_SCORING = ScoringRules()


def card_points(card: str, rules: ScoringRules = STANDARD_SCORING) -> int:
    if card == JOKER:
        return rules.joker_points
    rank = card[0]
    if rank == "2":
        return 2 if rules.jokers else rules.twos
    return POINTS.get(rank, int(rank) if rank.isdigit() else 0)


def _rank(card: str) -> str:
    return card if card == JOKER else card[0]


def column_points(top: str, bottom: str, rules: ScoringRules = STANDARD_SCORING) -> int:
    """Two equal ranks in a column cancel to 0 (even two 2s); otherwise add the two cards."""
    if _rank(top) == _rank(bottom):
        return 0
    return card_points(top, rules) + card_points(bottom, rules)


def _paired_columns(ranks: Sequence[str | None], shape: Shape) -> list[str | None]:
    """For each column: its rank when every card in it has that rank, else None."""
    return [
        ranks[line[0]] if len({ranks[i] for i in line}) == 1 else None
        for line in shape.column_lines
    ]


def bonus(layout: Sequence[str | None], rules: ScoringRules = STANDARD_SCORING) -> int:
    """The bonus of the columns that pair (None: a face-down card, which pairs nothing)."""
    ranks = [None if card is None else _rank(card) for card in layout]
    if rules.bonus_six and None not in ranks and len(set(ranks)) == 1:
        return BONUS_SIX
    paired = _paired_columns(ranks, rules.shape)
    for rank in {r for r in paired if r is not None}:
        columns = [i for i, r in enumerate(paired) if r == rank]
        if len(columns) >= 2:
            adjacent = any(b - a == 1 for a, b in zip(columns, columns[1:], strict=False))
            if rules.bonus_four_in_block and adjacent:
                return BONUS_BLOCK
            if rules.bonus_four_in_columns:
                return BONUS_FOUR
    return 0


def _cancelled(ranks: Sequence[str | None], rules: ScoringRules) -> set[int]:
    """Positions whose card scores 0 because it is in a pair (face-down cards, None, pair
    nothing: a line of them is returned too, and adds nothing anyway)."""
    if rules.pairing == Pairing.NONE:
        return set()
    lines = rules.shape.column_lines
    if rules.pairing == Pairing.LINES:
        lines = lines + rules.shape.row_lines
    return {i for line in lines if len({ranks[j] for j in line}) == 1 for i in line}


def card_scores(
    layout: Sequence[str | None], rules: ScoringRules = STANDARD_SCORING
) -> tuple[int, ...]:
    """What each card of a layout adds: its points, or 0 when it is in a pair (a face-down
    card, None, adds nothing and pairs nothing)."""
    if len(layout) != rules.shape.size:
        raise ValueError(f"layout_size: {len(layout)} cards, not {rules.shape.size}")
    cancelled = _cancelled([None if card is None else _rank(card) for card in layout], rules)
    return tuple(0 if card is None or i in cancelled else card_points(card, rules)
                 for i, card in enumerate(layout))


def layout_score(layout: Sequence[str | None], rules: ScoringRules = STANDARD_SCORING) -> int:
    """Score of a layout: its cards less those in pairs, plus any bonus. With cards face down
    (None), what the face-up ones score as they lie: a pair or a bonus counts once all its
    cards show."""
    return sum(card_scores(layout, rules)) + bonus(layout, rules)


def knocker_pays(scores: Sequence[int], knocker: int | None) -> bool:
    """Whether a knocker pays the knock penalty on these scores: it does not have the lowest
    score (sharing the lowest costs nothing)."""
    return knocker is not None and scores[knocker] > min(scores)


def hole_scores(
    layouts: Sequence[Sequence[str]], rules: ScoringRules, knocker: int | None, penalty: int
) -> tuple[int, ...]:
    """Every seat's score for the hole; a knocker not (jointly) lowest adds `penalty`."""
    scores = [layout_score(layout, rules) for layout in layouts]
    if knocker_pays(scores, knocker):
        scores[knocker] += penalty
    return tuple(scores)
