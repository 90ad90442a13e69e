"""The wording of the Golf rules' codes: refusals, events, layout positions and lengths.

The rules (app.rules.golf) say what happened or why a move is refused as a code with its
facts; this module is the one place that turns them into sentences a player reads, in the
reader's language (whole sentences with placeholders, through the catalogs).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from app.i18n import N_, card_in_text, join_names, quoted
from app.i18n import gettext as _
from app.rules.errors import RuleError
from app.rules.golf import HOLE_COUNTS, TARGET_TOTAL, Event, Length, Shape

ROW_NAMES = {2: ("top", "bottom")}
COLUMN_NAMES = {2: ("left", "right"), 3: ("left", "middle", "right")}
# A game's length as the forms, the invite and the score sheet name it (whole phrases).
LENGTH_LABELS = {
    Length.NINE: N_("9 holes"),
    Length.EIGHTEEN: N_("18 holes"),
    Length.UNTIL_TARGET: N_("Until 100"),
}
assert set(LENGTH_LABELS) == set(Length)
# The catalogs need fixed phrases (here and in the "hole_count" refusal); this keeps them true.
assert HOLE_COUNTS == (9, 18) and TARGET_TOTAL == 100, "reword the length labels"
GAME_NAMES = {"golf6": N_("six-card Golf"), "golf4": N_("four-card Golf")}
# Each place named whole, so every language can word it its own way.
PLACES = {
    ("top", "left"): N_("top row, left"), ("top", "middle"): N_("top row, middle"),
    ("top", "right"): N_("top row, right"), ("bottom", "left"): N_("bottom row, left"),
    ("bottom", "middle"): N_("bottom row, middle"), ("bottom", "right"): N_("bottom row, right"),
}
SHORT_PLACES = {
    ("top", "left"): N_("top-left"), ("top", "middle"): N_("top-middle"),
    ("top", "right"): N_("top-right"), ("bottom", "left"): N_("bottom-left"),
    ("bottom", "middle"): N_("bottom-middle"), ("bottom", "right"): N_("bottom-right"),
}


def length_label(length: Length | str) -> str:
    return _(LENGTH_LABELS[Length(length)])


def _place(index: int, shape: Shape) -> tuple[str, str]:
    row = ROW_NAMES[shape.rows][shape.row_of(index)]
    return row, COLUMN_NAMES[shape.columns][shape.column_of(index)]


def position_name(index: int, shape: Shape) -> str:
    """ "top row, left": how the card buttons and refusals name a place in a layout."""
    return _(PLACES[_place(index, shape)])


def short_position_name(index: int, shape: Shape) -> str:
    """ "top-left": the live region's shorter form."""
    return _(SHORT_PLACES[_place(index, shape)])


def _card(p: Mapping[str, Any], key: str = "card") -> str:
    return card_in_text(p[key])


def _holding(p: Mapping[str, Any]) -> str:
    if p["may_throw"]:
        return _(
            "You are holding the %(card)s: swap it for one of your cards or throw it away.",
            card=_card(p),
        )
    return _("You are holding the %(card)s: swap it for one of your cards.", card=_card(p))


REFUSALS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    # Not allowed now (IllegalMoveError)
    "game_over": lambda p: _("The game is over."),
    "wait_for_flips": lambda p: _(
        "You have turned up your two cards; wait for the others to turn up theirs."),
    "not_your_turn": lambda p: _("It is not your turn yet."),
    "already_face_up": lambda p: _(
        "Your card in the %(place)s is already face up: the %(card)s.",
        place=position_name(p["index"], p["shape"]), card=_card(p)),
    "hole_over": lambda p: _("This hole is over: deal the next hole to play on."),
    "hole_in_play": lambda p: _("The hole is still being played."),
    "first_two_same_column": lambda p: _(
        "In this game your two cards must be in the same column."),
    "first_two_different_columns": lambda p: _(
        "In this game your two cards must be in different columns."),
    "first_two_middle_and_end": lambda p: _(
        "In this game one card must be in the middle column and one in an end column."),
    "flip_first": lambda p: _("First everyone turns up two of their own cards."),
    "reveal_only_at_start": lambda p: _(
        "Cards are turned up like that only at the start of a hole."),
    "discard_must_be_placed": lambda p: _(
        "The %(card)s came from the discard pile, so it must go into your layout; "
        "you cannot put it back.", card=_card(p)),
    "holding": _holding,
    "turn_up_after_throw": lambda p: _(
        "You threw your card away, so now turn one of your face-down cards up."),
    "take_first": lambda p: _("Take a card first: draw from the stock or take the discard."),
    "no_turn_instead": lambda p: _(
        "In this game you cannot spend a turn turning a card up: take a card instead."),
    "no_turn_all": lambda p: _(
        "In this game you cannot go out by turning all your cards up at once."),
    "no_knock_in_game": lambda p: _("Only four-card Golf has a knock."),
    "already_knocked": lambda p: _(
        "Someone has already knocked this hole: take a card for your last turn."),
    "discard_empty": lambda p: _("The discard pile is empty: draw from the stock."),
    "cannot_draw": lambda p: _("You cannot draw now."),
    "move_not_allowed": lambda p: _("That move is not allowed now."),
    # Malformed (InvalidMoveError)
    "move_not_object": lambda p: _("A move must be an object with a kind and a seat"),
    "unknown_kind": lambda p: _("%(value)s is not a kind of move", value=quoted(p["value"])),
    "bad_seat": lambda p: _("%(value)s is not a seat", value=quoted(p["value"])),
    "bad_position": lambda p: _("%(value)s is not a card position", value=quoted(p["value"])),
    "not_a_move": lambda p: _("%(value)s is not a move.", value=quoted(p["text"])),
    "no_such_seat": lambda p: _("There is no seat %(seat)s in this game", seat=quoted(p["seat"])),
    "no_such_position": lambda p: _(
        "There is no card position %(index)s in a layout", index=quoted(p["index"])),
    "no_options": lambda p: _("A game needs its options"),
    "bad_game_seed": lambda p: _(
        "A game seed is a whole number from 0 to %(high)s", high=p["high"]),
    "no_such_dealer": lambda p: _("There is no seat %(seat)s to deal", seat=quoted(p["seat"])),
    # Settings (OptionsError)
    "setting_not_on_off": lambda p: _("The setting %(name)s must be on or off", name=p["name"]),
    "seat_count": lambda p: _(
        "A game has %(low)s to %(high)s seats, not %(seats)s",
        low=p["low"], high=p["high"], seats=quoted(p["seats"])),
    "hole_count": lambda p: _("A game lasts 9 holes, 18 holes, or until someone reaches 100"),
    "unknown_game": lambda p: _("%(name)s is not a Golf game we play", name=quoted(p["name"])),
    "unknown_first_two": lambda p: _(
        "%(name)s is not a rule for the first two cards", name=quoted(p["name"])),
    "joker_points": lambda p: _("Jokers score -2, -5, -3 or 0"),
    "setting_not_in_game": lambda p: _(
        "The setting %(name)s is not part of %(game)s", name=p["name"],
        game=_(GAME_NAMES[p["game"]]) if p["game"] in GAME_NAMES else p["game"]),
    "settings_not_object": lambda p: _("Settings must be a JSON object"),
    "unknown_setting": lambda p: _("Unknown setting %(name)s", name=quoted(p["name"])),
}


def refusal_text(error: RuleError) -> str:
    """A rule error in words; an error without a code (another game's) keeps its message."""
    code = getattr(error, "code", None)
    wording = REFUSALS.get(code) if code is not None else None
    return wording(error.params) if wording is not None else error.message


def _swap_facts(p: Mapping[str, Any]) -> dict[str, str]:
    return {"card": _card(p), "old": _card(p, "old"),
            "where": short_position_name(p["index"], p["shape"])}


def _swapped(who: str, p: Mapping[str, Any]) -> str:
    facts = {"who": who, **_swap_facts(p)}
    if p["was_face_down"]:
        return _("%(who)s swapped the %(card)s into the %(where)s place; "
                 "out went the %(old)s, which was face down.", **facts)
    return _("%(who)s swapped the %(card)s into the %(where)s place; out went the %(old)s.",
             **facts)


def _you_swapped(p: Mapping[str, Any]) -> str:
    facts = _swap_facts(p)
    if p["was_face_down"]:
        return _("You swapped the %(card)s into the %(where)s place; "
                 "out went the %(old)s, which was face down.", **facts)
    return _("You swapped the %(card)s into the %(where)s place; out went the %(old)s.",
             **facts)


def _cards(p: Mapping[str, Any]) -> str:
    """ "the 7 of clubs and the king of hearts" (built first: the extractor misses nested calls)."""
    return join_names([_("the %(card)s", card=card_in_text(c)) for c in p["cards"]])


def _drew(who: str, p: Mapping[str, Any]) -> str:
    if p["card"] is None:
        return _("%(who)s drew a card from the stock.", who=who)
    return _("%(who)s drew the %(card)s from the stock.", who=who, card=_card(p))


# What another seat did, named; `who` is that seat's name.
EVENTS: dict[str, Callable[[str, Mapping[str, Any]], str]] = {
    "revealed": lambda who, p: _(
        "%(who)s turned up the %(card)s (%(where)s).", who=who, card=_card(p),
        where=short_position_name(p["index"], p["shape"])),
    "drew": _drew,
    "took_discard": lambda who, p: _(
        "%(who)s took the %(card)s from the discard pile.", who=who, card=_card(p)),
    "swapped": _swapped,
    "threw_away": lambda who, p: _("%(who)s threw away the %(card)s.", who=who, card=_card(p)),
    "turned_up": lambda who, p: _("%(who)s turned up %(cards)s.", who=who, cards=_cards(p)),
    "knocked": lambda who, p: _("%(who)s knocked: everyone else has one more turn.", who=who),
    "dealt": lambda who, p: _("%(who)s dealt hole %(hole)s.", who=who, hole=p["hole"]),
}
# What the reader did, as the reader is spoken to: whole sentences, since in some languages the
# verb changes with the person.
YOUR_EVENTS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "revealed": lambda p: _(
        "You turned up the %(card)s (%(where)s).", card=_card(p),
        where=short_position_name(p["index"], p["shape"])),
    # The reader always sees the card they drew.
    "drew": lambda p: _("You drew the %(card)s from the stock.", card=_card(p)),
    "took_discard": lambda p: _("You took the %(card)s from the discard pile.", card=_card(p)),
    "swapped": _you_swapped,
    "threw_away": lambda p: _("You threw away the %(card)s.", card=_card(p)),
    "turned_up": lambda p: _("You turned up %(cards)s.", cards=_cards(p)),
    "knocked": lambda p: _("You knocked: everyone else has one more turn."),
    "dealt": lambda p: _("You dealt hole %(hole)s.", hole=p["hole"]),
}
ENDINGS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "hole_over": lambda p: " " + _("Hole %(hole)s is over.", hole=p["hole"]),
}
# The move that turned a seat's last card up: it went out, said in words, not left to guess.
WENT_OUT = N_("%(who)s has gone out: everyone else has one last turn.")
YOU_WENT_OUT = N_("You have gone out: everyone else has one last turn.")


def event_text(
    event: Event, names: Sequence[str], reason: str = "", reader: int | None = None
) -> str:
    """One plain sentence for the live region: "You ..." for the reader's own move, else naming
    the seat that moved; `reason` (why a computer moved so) belongs to the move, so it comes
    before what the move ended."""
    if event.seat == reader:
        text = YOUR_EVENTS[event.code](event.params) + reason
    else:
        text = EVENTS[event.code](names[event.seat], event.params) + reason
    if event.ending == "last_turns":
        gone = _(YOU_WENT_OUT) if event.seat == reader else _(WENT_OUT, who=names[event.seat])
        return f"{text} {gone}"
    return text + (ENDINGS[event.ending](event.params) if event.ending else "")
