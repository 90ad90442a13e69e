"""Reading the Golf forms: names, seat counts, length and variations (app.web.forms idiom)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from starlette.datastructures import FormData

from app.i18n import N_
from app.i18n import gettext as _
from app.rules.cards import SUITS
from app.rules.golf import MAX_SEATS, Game, Length, Options, OptionsError
from app.rules.golf.options import KNOCK_PENALTY, ONLY_IN
from app.web.forms import (
    FormError,
    bool_field,
    choice_field,
    int_field,
    name_field,
    not_the_readers_name,
)
from app.web.golf.deps import passes_for_a_seat_mark
from app.web.golf.words import length_label, refusal_text

GAMES = {"golf6": N_("Six-card Golf"), "golf4": N_("Four-card Golf")}
assert set(GAMES) == {game.value for game in Game}
# Each level's strength as measured in both games (app.players.golf.level_strength), beside
# its name: one choice serves both games, and the levels lie much closer in four-card Golf.
BOT_LEVELS = {
    "coach": N_("Strong (the coach behind Hint)"),
    "club": N_("Club player (against Strong: wins about 1 game in 4 of six-card Golf, "
               "1 in 2 of four-card)"),
    "greedy": N_("Steady (against Strong: wins about 1 game in 9 of six-card Golf, "
                 "1 in 3 of four-card)"),
    "beginner": N_("Beginner (against Strong: wins about 1 game in 100 of six-card Golf, "
                   "1 in 6 of four-card)"),
    "random": N_("Random (any legal move; never beats Strong)"),
}
LENGTHS = {length.value: length for length in Length}
# The variations offered on the form, keyed by the rules' Options fields; each belongs to one
# game, and the form reads only those of the game chosen.
VARIATIONS: list[dict[str, Any]] = [
    {"key": "last_turn", "default": True,
     "label": N_("Last turn: after someone goes out, everyone else plays once more"),
     "off_label": N_("No last turn: the hole ends as soon as someone goes out")},
    {"key": "first_two", "label": N_("First two cards turned up"), "default": "any",
     "choices": [
         ("any", N_("Any two")),
         ("same_column", N_("Both in the same column")),
         ("different_columns", N_("In two different columns")),
         ("middle_and_end", N_("One in the middle column, one at an end")),
         ("peek_near_row", N_("None: look once at your bottom row instead")),
     ]},
    {"key": "turn_instead", "label": N_("A turn may be spent turning one card face up"),
     "default": False},
    {"key": "forced_turn_after_throw",
     "label": N_("Throwing away a stock card means turning one of your cards face up"),
     "default": False},
    {"key": "turn_all_to_go_out", "label": N_("Go out in one go by turning all your cards up"),
     "default": False},
    {"key": "jokers", "label": N_("Jokers (two per deck; twos then score plus 2)"),
     "default": False},
    {"key": "joker_points", "label": N_("A joker scores"), "default": -2,
     "choices": [(-2, N_("minus 2")), (-5, N_("minus 5")), (-3, N_("minus 3")), (0, N_("0"))]},
    {"key": "two_decks", "label": N_("Two decks even for 2 to 4 players"), "default": False},
    {"key": "bonus_four_in_columns",
     "label": N_("Bonus minus 10 for two columns holding the same pair"), "default": False},
    {"key": "bonus_four_in_block",
     "label": N_("Bonus minus 20 for that pair of columns side by side"), "default": False},
    {"key": "bonus_six", "label": N_("Bonus minus 20 for six equal cards (two decks)"),
     "default": False},
    {"key": "pairs_cancel", "label": N_("Equal cards in a row or a column score 0"),
     "default": False},
    {"key": "knock_penalty",
     # The catalog needs a fixed sentence; the assert below keeps it true.
     "label": N_("A knocker who does not have the lowest score adds 10 points"),
     "default": False},
]
assert KNOCK_PENALTY == 10, "reword the knock_penalty label"
for _variation in VARIATIONS:
    _variation["game"] = ONLY_IN[_variation["key"]].value

FORM_DEFAULTS: dict[str, Any] = {
    "name": "", "game": "golf6", "bots": 1, "friends": 0, "bot": "coach",
    "length": Length.NINE.value, "hints": True,
    **{v["key"]: v["default"] for v in VARIATIONS},
}

@dataclass
class NewGame:
    """A checked new-game form."""

    name: str
    bots: int
    friends: int
    bot: str
    length: Length
    options: dict[str, Any] = field(default_factory=dict)
    hints: bool = True  # "Hints allowed" (app.web.golf.coach)

    def seat_kinds(self) -> list[str]:
        """Kinds of the seats after the creator's: friends first, then computer players."""
        return ["open"] * self.friends + [self.bot] * self.bots


def sent_back(form: FormData) -> dict[str, Any]:
    """The form as it was sent, to show again with the problem (all of it, variations too)."""
    sent = {**FORM_DEFAULTS, **{key: str(value)[:40] for key, value in form.items()}}
    for variation in VARIATIONS:
        if "choices" not in variation:
            sent[variation["key"]] = bool_field(form, variation["key"])
    sent["hints"] = hints_field(form)
    return sent


def hints_field(form: FormData) -> bool:
    """"Hints allowed": the box as ticked on our form (its hidden marker says the form had it);
    a post without the form's box at all (a script) gets the default, allowed."""
    return bool_field(form, "hints") if "hints_shown" in form else True


def player_name_field(form: FormData) -> str:
    """The name a person takes at a table: one the table does not use for its own seats."""
    name = not_the_readers_name(name_field(form))
    if passes_for_a_seat_mark(name):
        raise FormError("name", _("Names like %(name)s are how the table marks computer "
                                  "players and free seats: please choose another.", name=name))
    return name


def parse_new_game(form: FormData) -> NewGame:
    """Check the new-game form; FormError names the first problem and its field."""
    name = player_name_field(form)
    bots = int_field(form, "bots", 0, MAX_SEATS - 1, default=0)
    friends = int_field(form, "friends", 0, MAX_SEATS - 1, default=0)
    if 1 + bots + friends < 2:
        raise FormError("bots", _("A game needs 2 to %(max)s seats: add computer players "
                                  "or friend seats.", max=MAX_SEATS))
    if 1 + bots + friends > MAX_SEATS:
        raise FormError("bots", _("A game has at most %(max)s seats, yours included: fewer "
                                  "computer players or friend seats, please.", max=MAX_SEATS))
    length = choice_field(form, "length", LENGTHS, default=Length.NINE.value)
    game = choice_field(form, "game", {key: key for key in GAMES}, default="golf6")
    chosen = {v["key"]: _variation_value(form, v) for v in VARIATIONS if v["game"] == game}
    try:
        options = Options(seats=1 + bots + friends, holes=length.planned_holes, game=game, **chosen)
    except OptionsError as error:
        raise FormError("options", refusal_text(error)) from error
    _check_bonus_six(options)
    return NewGame(
        name=name,
        bots=bots,
        friends=friends,
        bot=choice_field(form, "bot", {key: key for key in BOT_LEVELS}, default="coach"),
        length=length,
        options=options.to_dict(),
        hints=hints_field(form),
    )


def _check_bonus_six(options: Options) -> None:
    """Six equal cards need more of a rank than one deck has (four): refuse the bonus there.
    A check of a new game's form, not a rule of Options: a game stored before it must load."""
    if options.bonus_six and len(SUITS) * options.decks < options.shape.size:
        two_decks = next(v["label"] for v in VARIATIONS if v["key"] == "two_decks")
        raise FormError("bonus_six", _(
            "The bonus for six equal cards needs two decks: one deck has only four cards of "
            "each rank. Tick “%(two_decks)s” as well, or leave the bonus out.",
            two_decks=_(two_decks)))


def rules_in_play(options: Options) -> list[str]:
    """The game's length and every variation it plays that the basic game does not, in the
    new-game form's words: what a friend who joins needs to know before the first deal."""
    rules = [length_label(Length.of(options.holes))]
    for variation in VARIATIONS:
        key, value = variation["key"], getattr(options, variation["key"])
        if variation["game"] != options.game or value == variation["default"]:
            continue
        if key == "joker_points" and not options.jokers:
            continue  # no jokers, so what a joker scores does not matter
        if "choices" in variation:
            choice = dict(variation["choices"])[value]
            rules.append(_("%(rule)s: %(choice)s", rule=_(variation["label"]), choice=_(choice)))
        else:
            rules.append(_(variation["label"] if value else variation["off_label"]))
    return rules


def _variation_value(form: FormData, variation: dict[str, Any]) -> Any:
    key = variation["key"]
    if "choices" not in variation:
        return bool_field(form, key)
    choices = {str(value): value for value, _label in variation["choices"]}
    try:
        return choice_field(form, key, choices, default=str(variation["default"]))
    except FormError:
        raise FormError(
            key, _("Please pick one of the choices for “%(label)s”.",
                   label=_(variation["label"]))
        ) from None
