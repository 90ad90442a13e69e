"""Cards as their two-letter codes ("8S", "TD", "JK") and how to say them out loud."""

from __future__ import annotations

RANKS = "A23456789TJQK"
SUITS = "SHDC"
JOKER = "JK"
RANK_NAMES = {
    "A": "ace", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8",
    "9": "9", "T": "10", "J": "jack", "Q": "queen", "K": "king",
}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
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
        raise InvalidCardError(f"{code!r} is not a card code")
    return code  # type: ignore[return-value]


def is_joker(code: str) -> bool:
    return code == JOKER


def rank(code: str) -> int:
    """Rank from 1 (ace) to 13 (king); 0 for a joker."""
    return 0 if code == JOKER else RANKS.index(code[0]) + 1


def rank_name(value: int, plural: bool = False) -> str:
    """Spelled-out rank for 1..13: "ace", "10", "queen" (plural: "aces", "10s", "queens")."""
    name = RANK_NAMES[RANKS[value - 1]]
    return name + "s" if plural else name


def card_name(code: str) -> str:
    """Accessible name: "8 of spades", "10 of diamonds", "ace of hearts", "joker"."""
    if code == JOKER:
        return "joker"
    return f"{RANK_NAMES[code[0]]} of {SUIT_NAMES[code[1]]}"


def card_label(code: str) -> str:
    """Short visual label: "8♠", "10♦", "A♥", "★" for a joker."""
    if code == JOKER:
        return "★"
    rank_text = "10" if code[0] == "T" else code[0]
    return rank_text + SUIT_SYMBOLS[code[1]]


def is_red(code: str) -> bool:
    return code != JOKER and code[1] in "HD"
