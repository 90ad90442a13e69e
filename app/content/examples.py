"""The worked examples on the rules pages, checked against the rules module, not typed in."""

from __future__ import annotations

from dataclasses import dataclass

from app.i18n import N_
from app.rules.golf.scoring import column_points, layout_score
from app.rules.golf.shape import SIX_CARD
from app.rules.solitaire import fits


@dataclass(frozen=True)
class SolitaireExample:
    """A few columns (top to bottom, last card playable) and the discard pile's top card."""

    title: str
    top: str
    columns: tuple[tuple[str, ...], ...]
    lesson: str

    @property
    def fitting(self) -> list[str]:
        """Last cards of the columns that fit on the top card, left to right."""
        return [col[-1] for col in self.columns if col and fits(col[-1], self.top)]


@dataclass(frozen=True)
class Golf6Example:
    """A face-up six-card layout: top row left to right, then the bottom row."""

    layout: tuple[str, str, str, str, str, str]

    @property
    def columns(self) -> list[tuple[str, str, int]]:
        """(top card, bottom card, points) for each of the three columns."""
        return [
            (self.layout[t], self.layout[b], column_points(self.layout[t], self.layout[b]))
            for t, b in SIX_CARD.column_lines
        ]

    @property
    def total(self) -> int:
        return layout_score(self.layout)


SOLITAIRE_EXAMPLES = (
    SolitaireExample(
        title=N_("Two cards fit: look one card further"),
        top="7H",
        columns=(("9C", "8S"), ("QC",), ("QH", "6D"), ("KS",), ("3C",), ("JH",), ("2S",)),
        lesson=N_(
            "Both the 8♠ and the 6♦ fit on the 7♥. Play the 8♠ first: it uncovers the 9♣, "
            "which fits on the 8, so the run carries on. Above the 6♦ lies the Q♥, and no card "
            "in view could follow the 6."
        ),
    ),
    SolitaireExample(
        title=N_("A king fits, but stops the run"),
        top="QD",
        columns=(("KS",), ("4C",), ("7H",), ("2D",), ("9S",), ("5C",), ("3H",)),
        lesson=N_(
            "Only the K♠ fits on the Q♦. Playing it takes a card off the table, but then "
            "nothing can follow and you must turn over a card. Had a jack fitted as well, the "
            "jack would have kept the run alive and the king could have waited."
        ),
    ),
)

GOLF6_EXAMPLES = (
    Golf6Example(("QS", "2H", "KD", "QC", "6S", "AH")),
    Golf6Example(("KS", "7H", "AD", "KC", "2S", "TH")),
    Golf6Example(("2S", "QH", "9D", "2C", "5S", "KH")),
)
