"""The score keeper's fields, read with the site's one form idiom (`app.web.forms`).

Each reader returns a checked value or raises `FormError` naming the field, with a message
worded for someone at a card table.
"""

from __future__ import annotations

import re

from starlette.datastructures import FormData

from app.i18n import gettext as _
from app.rules.golf import MAX_SEATS, Length
from app.rules.scoresheet import (
    HELPER_RANKS,
    MAX_HOLES,
    MAX_NAME,
    InvalidEntryError,
    Sheet,
    SheetGame,
)
from app.web.forms import (
    FormError,
    bool_field,
    choice_field,
    int_field,
    optional_int_field,
    parse_int,
    text_field,
    typed,
)
from app.web.scorekeeper.words import error_text

GAME_LABELS = {SheetGame.SIX_CARD: "Six-card Golf", SheetGame.FOUR_CARD: "Four-card Golf"}
LENGTHS = {length.value: length for length in Length}
GAMES = {game.value: game for game in SheetGame}
RANKS = {rank: rank for rank in HELPER_RANKS}
# Wider than any score, so that "12345" reads as out of range rather than as not a number.
ANY_WHOLE = 10**18


def typed_names(form: FormData) -> list[str]:
    return [typed(form, f"player_{i}") for i in range(1, MAX_SEATS + 1)]


def player_names(form: FormData) -> list[str]:
    """The "Player 1" … "Player 8" fields in order; empty ones are left for the rules to skip."""
    return [
        text_field(form, f"player_{i}", MAX_NAME, required=False) for i in range(1, MAX_SEATS + 1)
    ]


def length(form: FormData) -> Length:
    try:
        return choice_field(form, "length", LENGTHS, default=Length.NINE.value)
    except FormError:
        raise FormError("length", _("Please choose 9 holes, 18 holes or Until 100.")) from None


def game(form: FormData) -> SheetGame:
    try:
        return choice_field(form, "game", GAMES, default=SheetGame.SIX_CARD.value)
    except FormError:
        raise FormError("game", _("Please choose six-card or four-card Golf.")) from None


def pairs_cancel(form: FormData) -> bool:
    return bool_field(form, "pairs_cancel")


def knock_penalty(form: FormData) -> bool:
    return bool_field(form, "knock_penalty")


def knocker(form: FormData, sheet: Sheet) -> int | None:
    """Who knocked this hole (a player's index), or None: not said, or no penalty to add."""
    try:
        return optional_int_field(form, "knocker", 0, len(sheet.players) - 1)
    except FormError:
        raise FormError("knocker", _("Please choose who knocked from the list.")) from None


def before(form: FormData) -> int | None:
    """Where a forgotten hole goes (the hole it comes before), or None for "at the end"."""
    try:
        return optional_int_field(form, "before", 1, MAX_HOLES)
    except FormError:
        raise FormError(
            "before", _("Please choose where the hole goes from the list.")) from None


# The fields of the new hole's scores, and of a hole being fixed: a fix posts the new hole's
# fields too, so that what was typed there is given back, and the two must not share names.
NEW = "score"
FIX = "fix"


def typed_scores(form: FormData, sheet: Sheet, field: str = NEW) -> list[str]:
    """Each player's score field as typed (kept to re-fill the form after a mistake)."""
    return [typed(form, f"{field}_{i}") for i in range(len(sheet.players))]


def score(form: FormData, index: int, who: str, low: int, high: int, field: str = NEW) -> int:
    """One player's score for a hole: a whole number in a sane range."""
    name = f"{field}_{index}"
    raw = form.get(name)
    # A phone keyboard may type a typographic minus, or a plus before a positive score (only
    # before its digits: "+-5" is no score).
    text = raw.strip().replace("\u2212", "-") if isinstance(raw, str) else ""
    if text[:1] == "+" and text[1:2].isascii() and text[1:2].isdigit():
        text = text[1:]
    if not text:
        raise FormError(name, _("Please enter a score for %(name)s.", name=who))
    value = parse_int(text, -ANY_WHOLE, ANY_WHOLE)
    huge = value is None and re.fullmatch(r"-?[0-9]+", text) is not None  # whole, but far too big
    if value is None and not huge:
        raise FormError(name, _("The score for %(name)s must be a whole number from %(low)s "
                                "to %(high)s.", name=who, low=low, high=high))
    if huge or not low <= value <= high:  # type: ignore[operator]
        shown = str(value) if value is not None else text[:12] + "…"
        raise FormError(
            name,
            _("A score of %(value)s for %(name)s cannot be right: a hole scores between "
              "%(low)s and %(high)s.", value=shown, name=who, low=low, high=high),
        )
    return value  # type: ignore[return-value]


def scores(form: FormData, sheet: Sheet, high: int, field: str = NEW) -> list[int]:
    """Every player's score for a hole, checked: `high` is the cards' most for a new hole, the
    sheet's (a knock penalty included) for a hole being fixed."""
    low = sheet.game.min_score
    return [score(form, i, name, low, high, field) for i, name in enumerate(sheet.players)]


def helper_player(form: FormData, sheet: Sheet) -> int:
    """Which player's layout the helper should score."""
    try:
        return int_field(form, "helper_for", 0, len(sheet.players) - 1)
    except FormError:
        raise FormError(
            "helper_for", _("Please use the helper under one of the players.")) from None


def helper_ranks(form: FormData, sheet: Sheet, player: int) -> list[str]:
    """The ranks picked for one player's layout, top row then bottom row; all are needed."""
    # The same sentence as the rules' refusal (pick_all_cards), worded in one place.
    incomplete = error_text(InvalidEntryError("pick_all_cards", count=sheet.game.cards))
    ranks = []
    for k in range(sheet.game.cards):
        name = f"card_{player}_{k}"
        try:
            ranks.append(choice_field(form, name, RANKS))
        except FormError:
            raise FormError(name, incomplete) from None
    return ranks


def known_ranks(form: FormData, sheet: Sheet, player: int) -> list[str]:
    """The ranks to select again after a mistake; anything unknown shows as not picked."""
    picked = (form.get(f"card_{player}_{k}") for k in range(sheet.game.cards))
    return [rank if isinstance(rank, str) and rank in RANKS else "" for rank in picked]
