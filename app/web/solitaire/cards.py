"""The board's columns and top card, drawn by their templates once per look and then reused.

A board shows 35 cards, each drawn by the site's one card macro (templates/_cards.html); doing
that on every move cost more than everything else a move renders. A column looks the same
until one of its cards is played or the discard pile's top changes whether its last card
fits, so each look of a column is drawn once, in each language, and kept.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from jinja2 import Environment
from markupsafe import Markup

from app.i18n import current_locale

# Looks kept per app: the columns of a few hundred boards in play at once.
CACHE_SIZE = 8192


@lru_cache(maxsize=16)
def drawer_for(env: Environment) -> Drawer:
    """The drawer of an app's template environment (one per app)."""
    return Drawer(env)


class Drawer:
    """Calls the board's macros for one template environment and remembers what they drew."""

    def __init__(self, env: Environment) -> None:
        self._columns = env.get_template("solitaire/_column.html").module
        self._cards = env.get_template("_cards.html").module

    def column(self, number: int, cards: tuple[str, ...], fits: bool, hinted: bool, watch: bool,
               focus: bool = False, over: bool = False) -> Markup:  # fmt: skip
        """Column `number` (1-7), top to bottom; its last card is the button that plays it.

        `focus`: that button is where focus goes when the one a player used is gone.
        `over`: the deal is over, so the button is disabled (and out of the tab order).
        """
        return _column(self._columns, current_locale(), number, cards, fits, hinted, watch, focus,
                       over)

    def top(self, code: str) -> Markup:
        """The discard pile's top card, large; the pile's own text names it."""
        return _top(self._cards, current_locale(), code)


# The language is part of each key: the same look is drawn anew for another language.
@lru_cache(maxsize=CACHE_SIZE)
def _column(macros: Any, locale: str, number: int, cards: tuple[str, ...], fits: bool,
            hinted: bool, watch: bool, focus: bool, over: bool) -> Markup:  # fmt: skip
    return Markup(macros.column(number, cards, fits, hinted, watch, focus, over))


@lru_cache(maxsize=CACHE_SIZE)
def _top(macros: Any, locale: str, code: str) -> Markup:
    return Markup(macros.card(code, size="large", named=False))
