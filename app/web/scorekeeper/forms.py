"""Reading the score keeper's forms: text fields in, checked values or a readable error out."""

from __future__ import annotations

from collections.abc import Sequence

from starlette.datastructures import FormData

from app.rules.scoresheet import (
    HELPER_RANKS,
    MAX_PLAYERS,
    InvalidEntryError,
    Sheet,
    parse_score,
)

POSITIONS = ("top row, left", "top row, middle", "top row, right",
             "bottom row, left", "bottom row, middle", "bottom row, right")


def text(form: FormData, name: str, limit: int = 200) -> str:
    """A text field, or "" when missing or a file; overlong input is cut, not trusted."""
    value = form.get(name)
    return value[:limit] if isinstance(value, str) else ""


def player_names(form: FormData) -> list[str]:
    """The "Player 1" … "Player 8" fields in order, as typed."""
    return [text(form, f"player_{i}") for i in range(1, MAX_PLAYERS + 1)]


def version(form: FormData) -> int:
    """The sheet version a form was made from."""
    value = text(form, "version", 12)
    if not value.isdigit():
        raise InvalidEntryError("This form is missing a detail. Please reload the page.")
    return int(value)


def optional_hole(form: FormData, name: str) -> int | None:
    """A hole number chosen in a select, or None for "at the end"."""
    value = text(form, name, 12)
    if not value:
        return None
    if not value.isdigit():
        raise InvalidEntryError("Please choose where the hole goes from the list.")
    return int(value)


def typed_scores(form: FormData, sheet: Sheet) -> list[str]:
    """Each player's score field as typed (kept to re-fill the form after a mistake)."""
    return [text(form, f"score_{i}", 20) for i in range(len(sheet.players))]


def scores(form: FormData, sheet: Sheet) -> list[int]:
    """Each player's score for a hole, checked."""
    return [
        parse_score(value, name)
        for value, name in zip(typed_scores(form, sheet), sheet.players, strict=True)
    ]


def helper_player(form: FormData, sheet: Sheet) -> int:
    """Which player's layout the helper should score."""
    value = text(form, "helper_for", 4)
    if not value.isdigit() or int(value) >= len(sheet.players):
        raise InvalidEntryError("Please use the helper under one of the players.")
    return int(value)


def helper_ranks(form: FormData, player: int) -> list[str]:
    """The six ranks picked for one player (top row, then bottom row); "" when not picked."""
    return [text(form, f"card_{player}_{k}", 4) for k in range(6)]


def only_known_ranks(ranks: Sequence[str]) -> list[str]:
    """Ranks safe to show again in the selects (anything else shows as not picked)."""
    return [rank if rank in HELPER_RANKS else "" for rank in ranks]
