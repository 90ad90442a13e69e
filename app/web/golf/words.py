"""The English wording of the Golf rules' codes: refusals, events and layout positions.

The rules (app.rules.golf) say what happened or why a move is refused as a code with its
facts; this module is the one place that turns them into sentences a player reads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from app.i18n import card_name
from app.rules.errors import RuleError
from app.rules.golf import Event, Shape

ROW_NAMES = {2: ("top", "bottom")}
COLUMN_NAMES = {2: ("left", "right"), 3: ("left", "middle", "right")}
GAME_NAMES = {"golf6": "six-card Golf", "golf4": "four-card Golf"}


def position_name(index: int, shape: Shape) -> str:
    """ "top row, left": how the card buttons and refusals name a place in a layout."""
    row = ROW_NAMES[shape.rows][shape.row_of(index)]
    return f"{row} row, {COLUMN_NAMES[shape.columns][shape.column_of(index)]}"


def short_position_name(index: int, shape: Shape) -> str:
    """ "top-left": the live region's shorter form."""
    row = ROW_NAMES[shape.rows][shape.row_of(index)]
    return f"{row}-{COLUMN_NAMES[shape.columns][shape.column_of(index)]}"


def _card(p: Mapping[str, Any], key: str = "card") -> str:
    return card_name(p[key])


def _holding(p: Mapping[str, Any]) -> str:
    throw = " or throw it away" if p["may_throw"] else ""
    return f"You are holding the {_card(p)}: swap it for one of your cards{throw}."


REFUSALS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    # Not allowed now (IllegalMoveError)
    "game_over": lambda p: "The game is over.",
    "wait_for_flips": lambda p: (
        "You have turned up your two cards; wait for the others to turn up theirs."),
    "not_your_turn": lambda p: "It is not your turn yet.",
    "already_face_up": lambda p: (
        f"Your card in the {position_name(p['index'], p['shape'])} is already face up: "
        f"the {_card(p)}."),
    "hole_over": lambda p: "This hole is over: deal the next hole to play on.",
    "hole_in_play": lambda p: "The hole is still being played.",
    "first_two_same_column": lambda p: "In this game your two cards must be in the same column.",
    "first_two_different_columns": lambda p: (
        "In this game your two cards must be in different columns."),
    "first_two_middle_and_end": lambda p: (
        "In this game one card must be in the middle column and one in an end column."),
    "flip_first": lambda p: "First everyone turns up two of their own cards.",
    "reveal_only_at_start": lambda p: "Cards are turned up like that only at the start of a hole.",
    "discard_must_be_placed": lambda p: (
        f"The {_card(p)} came from the discard pile, so it must go into your layout; "
        "you cannot put it back."),
    "holding": _holding,
    "turn_up_after_throw": lambda p: (
        "You threw your card away, so now turn one of your face-down cards up."),
    "take_first": lambda p: "Take a card first: draw from the stock or take the discard.",
    "no_turn_instead": lambda p: (
        "In this game you cannot spend a turn turning a card up: take a card instead."),
    "no_turn_all": lambda p: "In this game you cannot go out by turning all your cards up at once.",
    "no_knock_in_game": lambda p: "Only four-card Golf has a knock.",
    "already_knocked": lambda p: (
        "Someone has already knocked this hole: take a card for your last turn."),
    "discard_empty": lambda p: "The discard pile is empty: draw from the stock.",
    "cannot_draw": lambda p: "You cannot draw now.",
    "move_not_allowed": lambda p: "That move is not allowed now.",
    # Malformed (InvalidMoveError)
    "move_not_object": lambda p: "A move must be an object with a kind and a seat",
    "unknown_kind": lambda p: f"{p['value']!r} is not a kind of move",
    "bad_seat": lambda p: f"{p['value']!r} is not a seat",
    "bad_position": lambda p: f"{p['value']!r} is not a card position",
    "not_a_move": lambda p: f"{p['text']!r} is not a move",
    "no_such_seat": lambda p: f"There is no seat {p['seat']!r} in this game",
    "no_such_position": lambda p: f"There is no card position {p['index']!r} in a layout",
    "no_options": lambda p: "A game needs its options",
    "bad_game_seed": lambda p: f"A game seed is a whole number from 0 to {p['high']}",
    "no_such_dealer": lambda p: f"There is no seat {p['seat']!r} to deal",
    # Settings (OptionsError)
    "setting_not_on_off": lambda p: f"The setting {p['name']} must be on or off",
    "seat_count": lambda p: f"A game has {p['low']} to {p['high']} seats, not {p['seats']!r}",
    "hole_count": lambda p: "A game lasts 9 holes, 18 holes, or until someone reaches 100",
    "unknown_game": lambda p: f"{p['name']!r} is not a Golf game we play",
    "unknown_first_two": lambda p: f"{p['name']!r} is not a rule for the first two cards",
    "joker_points": lambda p: "Jokers score -2, -5, -3 or 0",
    "setting_not_in_game": lambda p: (
        f"The setting {p['name']} is not part of {GAME_NAMES.get(p['game'], p['game'])}"),
    "settings_not_object": lambda p: "Settings must be a JSON object",
    "unknown_setting": lambda p: f"Unknown setting {p['name']!r}",
}


def refusal_text(error: RuleError) -> str:
    """A rule error in words; an error without a code (another game's) keeps its message."""
    code = getattr(error, "code", None)
    wording = REFUSALS.get(code) if code is not None else None
    return wording(error.params) if wording is not None else error.message


def _swapped(who: str, p: Mapping[str, Any]) -> str:
    where = short_position_name(p["index"], p["shape"])
    hidden = ", which was face down" if p["was_face_down"] else ""
    return (f"{who} swapped the {_card(p)} into the {where} place; "
            f"out went the {_card(p, 'old')}{hidden}.")


def _drew(who: str, p: Mapping[str, Any]) -> str:
    if p["card"] is None:
        return f"{who} drew a card from the stock."
    return f"{who} drew the {_card(p)} from the stock."


EVENTS: dict[str, Callable[[str, Mapping[str, Any]], str]] = {
    "revealed": lambda who, p: (
        f"{who} turned up the {_card(p)} ({short_position_name(p['index'], p['shape'])})."),
    "drew": _drew,
    "took_discard": lambda who, p: f"{who} took the {_card(p)} from the discard pile.",
    "swapped": _swapped,
    "threw_away": lambda who, p: f"{who} threw away the {_card(p)}.",
    "turned_up": lambda who, p: (
        f"{who} turned up {', '.join(f'the {card_name(c)}' for c in p['cards'])}."),
    "knocked": lambda who, p: f"{who} knocked: everyone else has one more turn.",
    "dealt": lambda who, p: f"{who} dealt hole {p['hole']}.",
}
ENDINGS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "hole_over": lambda p: f" Hole {p['hole']} is over.",
    "last_turns": lambda p: " Everyone else has one last turn.",
}


def event_text(event: Event, names: Sequence[str]) -> str:
    """One plain sentence for the live region, naming the seat that moved."""
    text = EVENTS[event.code](names[event.seat], event.params)
    return text + (ENDINGS[event.ending](event.params) if event.ending else "")
