"""The board's cards, drawn by the site's one card macro (templates/_cards.html) and remembered.

A board shows 35 cards. Calling the macro for each costs about 50 µs (three nested macro calls
and their escaping), which was more than everything else a move renders; the same card in the
same place always comes out the same, so each is drawn once and then reused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from jinja2 import Environment
from markupsafe import Markup

# Every card of a deck in every place of the board, in each language: a few thousand at most.
CACHE_SIZE = 8192


@dataclass(frozen=True)
class CardView:
    """One card of a column as the board shows it."""

    code: str
    name: str  # spelled out, in the page's language
    html: Markup  # the card itself (a button when it is the column's last)
    last: bool
    fits: bool
    hinted: bool


@lru_cache(maxsize=16)
def faces_for(env: Environment) -> CardFaces:
    """The card drawer of an app's template environment (one per app)."""
    return CardFaces(env)


class CardFaces:
    """Draws cards with the macros of one template environment (one app)."""

    def __init__(self, env: Environment) -> None:
        self._macros = env.get_template("_cards.html").module
        self.name: Callable[[str], str] = env.filters["card_name"]

    def covered(self, code: str) -> Markup:
        """A card under others: its list item carries the name."""
        return _covered(self._macros, code, self.name(code))

    def top(self, code: str) -> Markup:
        """The discard pile's top card, large; the pile's note names it."""
        return _top(self._macros, code, self.name(code))

    def playable(self, code: str, column: int, note: str | None) -> Markup:
        """A column's last card: the button that plays it (column 1-7, key 1-7)."""
        return _playable(self._macros, code, self.name(code), column, note)


# `name` is part of each cache key: the same card is drawn anew for another language.
@lru_cache(maxsize=CACHE_SIZE)
def _covered(macros: Any, code: str, name: str) -> Markup:
    return Markup(macros.card(code, named=False))


@lru_cache(maxsize=CACHE_SIZE)
def _top(macros: Any, code: str, name: str) -> Markup:
    return Markup(macros.card(code, size="large", named=False))


@lru_cache(maxsize=CACHE_SIZE)
def _playable(macros: Any, code: str, name: str, column: int, note: str | None) -> Markup:
    attrs = {
        "name": "column",
        "value": column,
        "id": f"play-{column}",
        "data-shortcut": str(column),
        "data-shortcut-label": f"Column {column}",
        "aria-describedby": note,
    }
    return Markup(macros.card_button(code, size="large", attrs=attrs))
