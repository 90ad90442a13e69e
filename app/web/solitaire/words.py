"""The words of the Golf solitaire rules: refusals, what fits, the variations' names.

The rules (app.rules.solitaire) answer with codes and facts; this is the one place that turns
them into sentences, in the reader's language (each sentence whole, with placeholders).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from app.i18n import N_, card_in_text, format_items, gettext, quoted, rank_word
from app.rules.errors import RuleError
from app.rules.solitaire import COLUMNS, FitNote, SolitaireRuleError, Variant


def ranks_text(ranks: Iterable[int], article: bool = False, joker: bool = False) -> str:
    """ "6 or 8" (with `article` "a 6 or an 8", with `joker` "a 6, an 8 or a joker") /
    "en sexa eller en åtta"."""
    words = [rank_word(r, article=article) for r in ranks]
    return format_items(words + [gettext("a joker")] if joker else words, style="or")


def fit_text(note: FitNote) -> str:
    """The coach's one-liner: "On the 7 of hearts: any 6 or 8." """
    if note.code == "empty":
        return gettext("The discard pile is empty: turn over a card from the draw pile to start.")
    if note.code == "joker":
        return gettext("On the joker: any card at all.")
    top = card_in_text(note.top or "")
    if note.code == "nothing":
        if note.jokers:
            return gettext(
                "On the %(top)s: only a joker fits a king, so play one or turn over a card.",
                top=top,
            )
        return gettext("On the %(top)s: nothing fits a king, so turn over a card.", top=top)
    ranks = ranks_text(note.ranks)
    if note.jokers:
        return gettext("On the %(top)s: any %(ranks)s (or a joker).", top=top, ranks=ranks)
    return gettext("On the %(top)s: any %(ranks)s.", top=top, ranks=ranks)


def _cards(p: Mapping[str, Any]) -> dict[str, str]:
    return {"card": card_in_text(p["card"]), "top": card_in_text(p["top"])}


REFUSALS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    # Not allowed now (IllegalMoveError)
    "no_top_card": lambda p: gettext(
        "There is no card to play on yet: turn one over from the draw pile first."),
    "nothing_on_king": lambda p: gettext(
        "The %(card)s does not fit on the %(top)s: only a joker goes on a king.", **_cards(p))
    if p.get("jokers") else gettext(
        "The %(card)s does not fit on the %(top)s: nothing goes on a king.", **_cards(p)),
    "ace_king_not_neighbours": lambda p: gettext(
        "The %(card)s does not fit on the %(top)s: ace and king are not neighbours (only a 2 "
        "or a joker goes on an ace).", **_cards(p))
    if p.get("jokers") else gettext(
        "The %(card)s does not fit on the %(top)s: ace and king are not neighbours.",
        **_cards(p)),
    "only_two_on_ace": lambda p: gettext(
        "The %(card)s does not fit on the %(top)s: only a 2 or a joker goes on an ace.",
        **_cards(p))
    if p.get("jokers") else gettext(
        "The %(card)s does not fit on the %(top)s: only a 2 goes on an ace.", **_cards(p)),
    "no_fit": lambda p: gettext(
        "The %(card)s does not fit on the %(top)s: only %(ranks)s does.",
        ranks=ranks_text(p["ranks"], article=True, joker=bool(p.get("jokers"))), **_cards(p)),
    "empty_column": lambda p: gettext(
        "Column %(column)d is empty: there is no card to play from it.", column=p["column"]),
    "draw_pile_empty": lambda p: gettext(
        "The draw pile is empty: it is used only once, never turned over."),
    # True of every finished deal: one whose score counts has Undo switched off.
    "deal_over": lambda p: gettext("This deal is over: start a new one."),
    "nothing_to_undo": lambda p: gettext("Nothing to undo: this is the start of the deal."),
    # Malformed (InvalidMoveError)
    "not_a_move": lambda p: gettext(
        "%(value)s is not a move: choose a column 1 to %(max)d, or draw.",
        value=quoted(p["value"]), max=COLUMNS),
    "no_such_column": lambda p: gettext(
        "There is no column %(column)d: columns go from 1 to %(max)d.", column=p["column"],
        max=COLUMNS),
    "bad_jokers": lambda p: gettext("Jokers must be 0, 1 or 2, not %(value)s", value=p["value"]),
    "not_a_card": lambda p: gettext("%(value)s is not a card code", value=p["value"]),
    "not_a_deck": lambda p: gettext("A deal must hold every card of the deck exactly once"),
}


def refusal_text(error: RuleError) -> str:
    """Why a move was refused, in the reader's language."""
    if isinstance(error, SolitaireRuleError) and error.code in REFUSALS:
        return REFUSALS[error.code](error.params)
    return error.message


VARIATION_NAMES = {
    "queen_on_king": N_("Queen on king"),
    "round_the_corner": N_("Round the corner"),
    "clear_scores_zero": N_("Clear scores zero"),
    "empty_start": N_("Empty start"),
}


def variant_labels(variant: Variant) -> list[str]:
    """Names of the active variations, as the board shows them ("Jokers: 2" last)."""
    return [
        gettext("Jokers: %(num)d", num=variant.jokers) if code == "jokers"
        else gettext(VARIATION_NAMES[code])
        for code in variant.labels()
    ]
