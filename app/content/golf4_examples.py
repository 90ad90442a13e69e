"""The four-card Golf worked examples of the rules page, scored by the rules module."""

from __future__ import annotations

from dataclasses import dataclass

from app.i18n import N_
from app.rules.golf import FOUR_CARD, KNOCK_PENALTY, Options
from app.rules.golf.scoring import card_scores, layout_score


@dataclass(frozen=True)
class Golf4Example:
    """A face-up square (top row left to right, then the bottom row) under one scoring rule."""

    title: str  # an English msgid, shown through gettext
    square: tuple[str, str, str, str]
    pairs_cancel: bool = False

    @property
    def rows(self) -> list[list[tuple[str, int]]]:
        """Each row's (card, points it adds) pairs, top row first."""
        scores = card_scores(self.square, Options(game="golf4",
                                                  pairs_cancel=self.pairs_cancel).scoring)
        return [[(self.square[i], scores[i]) for i in row] for row in FOUR_CARD.row_lines]

    @property
    def points(self) -> list[int]:
        """What each card adds, in layout order."""
        return [points for row in self.rows for _card, points in row]

    @property
    def total(self) -> int:
        rules = Options(game="golf4", pairs_cancel=self.pairs_cancel).scoring
        return layout_score(self.square, rules)


GOLF4_EXAMPLES = (
    Golf4Example(N_("Basic game"), ("7H", "KS", "AD", "QC")),
    Golf4Example(N_("Basic game: pairs do not cancel"), ("5S", "5H", "2D", "KC")),
    Golf4Example(N_("Pairs cancelling: a pair in a row"), ("5S", "5H", "2D", "KC"), True),
    Golf4Example(N_("Pairs cancelling: one card in two pairs"), ("7C", "7D", "7S", "3H"), True),
)
# The knock penalty example: the knocker's square and the other player's.
KNOCKER = Golf4Example(N_("Knocker"), ("4S", "3H", "AD", "KC"))
OTHER = Golf4Example(N_("The other player"), ("2S", "KH", "AC", "3D"))
# What the rules page's four-card section needs.
GOLF4_CONTEXT = {
    "golf4_layouts": GOLF4_EXAMPLES,
    "knocker": KNOCKER,
    "other": OTHER,
    "knock_penalty": KNOCK_PENALTY,
}
