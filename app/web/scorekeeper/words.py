"""The words of the score sheet: its refusals and the live region's standing.

The rules (app.rules.scoresheet) answer with codes and facts; this is the one place that turns
them into sentences, in the reader's language (each sentence whole, with placeholders).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from app.i18n import gettext, join_names
from app.rules.golf import TARGET_TOTAL
from app.rules.scoresheet import SheetError, Standing


def _cards(p: Mapping[str, Any]) -> str:
    if p["count"] == 4:
        return gettext("Pick all four cards of the layout to work out the score.")
    return gettext("Pick all six cards of the layout to work out the score.")


ERRORS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "name_too_long": lambda p: gettext(
        "“%(name)s…” is too long: keep names to %(limit)s letters.", **p),
    "name_unprintable": lambda p: gettext(
        "Names can only use letters, numbers and everyday punctuation."),
    "scores_missing": lambda p: gettext("Every player needs a score for the hole."),
    "score_out_of_range": lambda p: gettext("The score for %(name)s is out of range.", **p),
    "no_such_hole": lambda p: gettext("There is no hole %(number)s on this sheet yet.", **p),
    "all_holes_entered": lambda p: gettext(
        "This game has %(planned)s holes, and they are all entered.", **p),
    "ended_earlier": lambda p: gettext(
        "With these scores someone reaches %(target)s at hole %(end)s, which ends the game, "
        "but %(entered)s holes are entered. Remove the later holes first, or check the scores.",
        **p),
    "too_many_holes": lambda p: gettext("A sheet holds at most %(limit)s holes.", **p),
    "bad_length": lambda p: gettext("Please choose 9 holes, 18 holes or Until 100."),
    "player_count": lambda p: gettext(
        "A score sheet needs %(low)s to %(high)s players: fill in their names.", **p),
    "same_name": lambda p: gettext(
        "Two players are called %(name)s. Add an initial so everyone can tell them apart.",
        name=p["name"]),
    "game_over": lambda p: gettext("The game is over, so no more holes can be added."),
    "pick_all_cards": _cards,
    "no_such_player": lambda p: gettext("Please choose who knocked from the list."),
}


def error_text(error: SheetError) -> str:
    """A score-sheet refusal in the reader's language."""
    wording = ERRORS.get(error.code)
    return wording(error.params) if wording else error.code


def standing_text(standing: Standing) -> str:
    """One sentence for the live region: who leads, or who won."""
    names = join_names(standing.names)
    facts = {"names": names, "hole": standing.hole, "low": standing.low}
    if standing.code == "ready":
        return gettext("Ready for hole 1. %(names)s are playing.", names=names)
    one = len(standing.names) == 1
    if standing.code == "leading":
        if one:
            return gettext("After hole %(hole)s, %(names)s leads with %(low)s.", **facts)
        return gettext("After hole %(hole)s, %(names)s share the lead with %(low)s.", **facts)
    if standing.reached:
        facts |= {"reached": join_names(standing.reached), "target": TARGET_TOTAL}
        if one:
            return gettext("Game over after hole %(hole)s: %(reached)s reached %(target)s. "
                           "%(names)s wins with %(low)s.", **facts)
        return gettext("Game over after hole %(hole)s: %(reached)s reached %(target)s. "
                       "%(names)s share the win with %(low)s.", **facts)
    if one:
        return gettext("Game over after hole %(hole)s. %(names)s wins with %(low)s.", **facts)
    return gettext("Game over after hole %(hole)s. %(names)s share the win with %(low)s.",
                   **facts)
