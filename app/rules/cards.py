"""Cards as their two-letter codes ("8S", "TD", "JK") and their short visual labels.

How a card is said out loud depends on the reader's language: see app.i18n.card_name.
"""

from __future__ import annotations

RANKS = "A23456789TJQK"
SUITS = "SHDC"
JOKER = "JK"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


class InvalidCardError(ValueError):
    """A string that is not a card code."""


def standard_deck() -> list[str]:
    """The 52 cards in a fixed order: spades, hearts, diamonds, clubs; ace to king in each."""
    return [rank + suit for suit in SUITS for rank in RANKS]


def is_card(code: object) -> bool:
    if code == JOKER:
        return True
    return (
        isinstance(code, str) and len(code) == 2 and code[0] in RANKS and code[1] in SUITS
    )


def check_card(code: object) -> str:
    if not is_card(code):
        raise InvalidCardError(repr(code)[:20])
    return code  # type: ignore[return-value]


def is_joker(code: str) -> bool:
    return code == JOKER


def rank(code: str) -> int:
    """Rank from 1 (ace) to 13 (king); 0 for a joker."""
    return 0 if code == JOKER else RANKS.index(code[0]) + 1


def card_label(code: str) -> str:
    """Short visual label: "8♠", "10♦", "A♥", "★" for a joker."""
    if code == JOKER:
        return "★"
    rank_text = "10" if code[0] == "T" else code[0]
    return rank_text + SUIT_SYMBOLS[code[1]]


def is_red(code: str) -> bool:
    return code != JOKER and code[1] in "HD"
