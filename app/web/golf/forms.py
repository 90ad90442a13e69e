"""Reading the six-card Golf forms: names, seat counts, length and variations."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any

from starlette.datastructures import FormData

from app.rules.golf.options import Options, OptionsError
from app.web.golf.words import refusal_text

MAX_NAME = 30
MAX_SEATS = 8
BOT_LEVELS = {"coach": "Strong", "greedy": "Steady", "random": "Random"}
LENGTHS = {"9": "9 holes", "18": "18 holes", "100": "Until 100"}
HOLES = {"9": 9, "18": 18, "100": None}
# The variations offered on the form, keyed by the rules' Options fields.
VARIATIONS: list[dict[str, Any]] = [
    {"key": "first_two", "label": "First two cards turned up", "default": "any",
     "choices": [
         ("any", "Any two"),
         ("same_column", "Both in the same column"),
         ("different_columns", "In two different columns"),
         ("middle_and_end", "One in the middle column, one at an end"),
         ("peek_near_row", "None: look once at your bottom row instead"),
     ]},
    {"key": "turn_instead", "label": "A turn may be spent turning one card face up",
     "default": False},
    {"key": "forced_turn_after_throw",
     "label": "Throwing away a stock card means turning one of your cards face up",
     "default": False},
    {"key": "turn_all_to_go_out", "label": "Go out in one go by turning all your cards up",
     "default": False},
    {"key": "jokers", "label": "Jokers (two per deck; twos then score plus 2)", "default": False},
    {"key": "joker_points", "label": "A joker scores", "default": -2,
     "choices": [(-2, "minus 2"), (-5, "minus 5"), (-3, "minus 3"), (0, "0")]},
    {"key": "two_decks", "label": "Two decks even for 2 to 4 players", "default": False},
    {"key": "bonus_four_in_columns",
     "label": "Bonus minus 10 for two columns holding the same pair", "default": False},
    {"key": "bonus_four_in_block",
     "label": "Bonus minus 20 for that pair of columns side by side", "default": False},
    {"key": "bonus_six", "label": "Bonus minus 20 for six equal cards (two decks)",
     "default": False},
]


class FormError(ValueError):
    """A form value a person can correct; the message says how."""


@dataclass
class NewGame:
    """A checked new-game form."""

    name: str
    bots: int
    friends: int
    bot: str
    length: str
    options: dict[str, Any] = field(default_factory=dict)

    def seat_kinds(self) -> list[str]:
        """Kinds of the seats after the creator's: friends first, then computer players."""
        return ["open"] * self.friends + [self.bot] * self.bots


def clean_name(raw: object) -> str:
    """A player's name: trimmed, 1 to 30 printable characters."""
    name = " ".join(str(raw or "").split())
    if not name:
        raise FormError("Please type your name.")
    if len(name) > MAX_NAME:
        raise FormError(f"Please keep your name to {MAX_NAME} characters or fewer.")
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise FormError("Please use only letters, digits and punctuation in your name.")
    return name


def _count(form: FormData, key: str, label: str) -> int:
    raw = str(form.get(key, "0") or "0").strip()
    if not raw.isdigit() or int(raw) > MAX_SEATS - 1:
        raise FormError(f"{label} must be a whole number from 0 to {MAX_SEATS - 1}.")
    return int(raw)


def _choice(form: FormData, key: str, allowed: dict[str, str], default: str) -> str:
    value = str(form.get(key, default))
    if value not in allowed:
        raise FormError("Please pick one of the offered choices.")
    return value


def parse_new_game(form: FormData, variations: list[dict[str, Any]] = VARIATIONS) -> NewGame:
    """Check the new-game form; FormError names the first problem."""
    name = clean_name(form.get("name"))
    bots = _count(form, "bots", "Computer players")
    friends = _count(form, "friends", "Friend seats")
    if not 2 <= 1 + bots + friends <= MAX_SEATS:
        raise FormError("A game needs 2 to 8 seats: add computer players or friend seats.")
    length = _choice(form, "length", LENGTHS, "9")
    chosen = {"last_turn": form.get("last_turn") == "on"}
    for variation in variations:
        chosen[variation["key"]] = _variation_value(form, variation)
    try:
        options = Options(seats=1 + bots + friends, holes=HOLES[length], **chosen)
    except OptionsError as error:
        raise FormError(refusal_text(error)) from error
    return NewGame(
        name=name,
        bots=bots,
        friends=friends,
        bot=_choice(form, "bot", BOT_LEVELS, "coach"),
        length=length,
        options=options.to_dict(),
    )


def _variation_value(form: FormData, variation: dict[str, Any]) -> Any:
    if "choices" not in variation:
        return form.get(variation["key"]) == "on"
    raw = str(form.get(variation["key"], variation["default"]))
    for value, _label in variation["choices"]:
        if str(value) == raw:
            return value
    raise FormError(f"Please pick one of the choices for “{variation['label']}”.")
