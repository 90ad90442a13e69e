"""The coach's words at the solitaire table: Hint's and Watch's reasons, the review's moments.

The coach (app.players.solitaire: explain, hint, review) answers with codes and facts; this is
the one place that turns them into sentences, in the reader's language (each sentence whole,
with placeholders).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from app.i18n import card_in_text, format_figure, format_items, gettext, ngettext
from app.players.solitaire.explain import CardAt, Choice, Reason, Why
from app.players.solitaire.hint import Advice
from app.players.solitaire.review import MomentFacts
from app.rules.solitaire import Draw, Play


def _count(value: float) -> int:
    """The plural a decimal count takes ("1.5 cards", Swedish "1,5 kort"): 1.0 reads as one."""
    return 1 if round(value, 1) == 1 else 2


def card_at_text(at: CardAt) -> str:
    """The card in words, with its column when another column ends in the same card."""
    name = card_in_text(at.card)
    if at.twin:
        return gettext("%(card)s in column %(column)d", card=name, column=at.column + 1)
    return name


def fitting_names(cards: Sequence[str]) -> str:
    """ "6 of diamonds, the 8 of spades or the 8 of clubs" / "ruter 6, spader 8 eller klöver 8"
    (the sentence gives the first its article)."""
    # English repeats the article before each further card, so that is a message too.
    rest = [gettext("the %(card)s", card=card_in_text(card)) for card in cards[1:]]
    return format_items([card_in_text(cards[0]), *rest], style="or") if cards else ""


def _card(r: Reason) -> str:
    return card_at_text(r.card) if r.card else ""


def _next(r: Reason) -> str:
    return card_in_text(r.next) if r.next else ""


def _where(r: Reason) -> int:
    return (r.column or 0) + 1


REASONS: dict[Why, Callable[[Reason], str]] = {
    Why.BEFORE_KING: lambda r: gettext(
        "Play the %(card)s before the king. The king would stop the run.", card=_card(r)),
    Why.UNDER_GOES_ON: lambda r: gettext(
        "Play the %(card)s. The %(under)s under it fits next, "
        "and that keeps the run going.",
        card=_card(r), under=_next(r)),
    Why.UNDER_ONLY_JOKER: lambda r: gettext(
        "Play the %(card)s. The %(under)s under it fits next: one more card off the "
        "table, though only a joker goes on a king.",
        card=_card(r), under=_next(r)),
    Why.UNDER_NOTHING: lambda r: gettext(
        "Play the %(card)s. The %(under)s under it fits next: one more card off the "
        "table, though nothing goes on a king.",
        card=_card(r), under=_next(r)),
    Why.NEXT_GOES_ON: lambda r: gettext(
        "Play the %(card)s. Then the %(next)s at the bottom of column "
        "%(column)d fits on it, and that keeps the run going.",
        card=_card(r), next=_next(r), column=_where(r)),
    Why.NEXT_ONLY_JOKER: lambda r: gettext(
        "Play the %(card)s. Then the %(next)s at the bottom of column %(column)d fits "
        "on it: one more card off the table, though only a joker goes on a king.",
        card=_card(r), next=_next(r), column=_where(r)),
    Why.NEXT_NOTHING: lambda r: gettext(
        "Play the %(card)s. Then the %(next)s at the bottom of column %(column)d fits on "
        "it: one more card off the table, though nothing goes on a king.",
        card=_card(r), next=_next(r), column=_where(r)),
    Why.LAST_PLAYS: lambda r: gettext(
        "Play the %(card)s. Nothing is left to draw, and no other play takes more cards "
        "off the table from here.",
        card=_card(r)),
    Why.TALLEST: lambda r: gettext(
        "Play the %(card)s. Of the columns whose card fits, column %(column)d has the most "
        "cards, and freeing tall columns helps most.",
        card=_card(r), column=(r.card.column if r.card else 0) + 1),
    Why.BEST_CHANCES: lambda r: gettext(
        "Play the %(card)s. Of the cards that fit now, it leaves the best chances with the "
        "cards still to come.",
        card=_card(r)),
    Why.FITS_NOW: lambda r: gettext(
        "Play the %(card)s. It fits now, and it may not fit after you turn over a card.",
        card=_card(r)),
    Why.FIRST_CARD: lambda r: gettext("Turn over a card. The discard pile needs a first card."),
    Why.KING_ON_TOP: lambda r: gettext("Turn over a card. Nothing goes on a king."),
    Why.NOTHING_FITS: lambda r: gettext(
        "Turn over a card. Nothing fits on the %(top)s.", top=card_in_text(r.top or "")),
    Why.KEEP_FOR_LATER: lambda r: ngettext(
        "Turn over a card. The %(cards)s fits, but keeping it for later "
        "leaves fewer cards in the end.",
        "Turn over a card. The %(cards)s fits, but keeping them for later "
        "leaves fewer cards in the end.",
        len(r.fitting),
        cards=fitting_names(r.fitting)),
}


def reason_text(reason: Reason) -> str:
    """Two or three sentences saying what to do and why: the first names the move."""
    return REASONS[reason.why](reason)


def move_phrase(choice: Choice) -> str:
    """A short name of a move: "playing the 6 of diamonds", "turning over a card"."""
    if isinstance(choice.move, Play) and choice.card is not None:
        return gettext("playing the %(card)s", card=card_at_text(choice.card))
    return gettext("turning over a card")


def advice_text(advice: Advice) -> str:
    """Hint's words: the reason, what it gains over the usual move, and a close call."""
    text = reason_text(advice.reason)
    if advice.gain is not None and advice.usual is not None:
        gain, count = format_figure(advice.gain), _count(advice.gain)
        if isinstance(advice.move, Draw) and isinstance(advice.usual.move, Play):
            # A draw's reason names the cards that fit: the play compared with goes unnamed.
            text += " " + ngettext(
                "Trying the ways the draw pile could fall, this leaves about %(gain)s card "
                "fewer on average.",
                "Trying the ways the draw pile could fall, this leaves about %(gain)s cards "
                "fewer on average.",
                count, gain=gain,
            )
        else:
            text += " " + ngettext(
                "Trying the ways the draw pile could fall, this leaves about %(gain)s card "
                "fewer on average than %(move)s.",
                "Trying the ways the draw pile could fall, this leaves about %(gain)s cards "
                "fewer on average than %(move)s.",
                count, gain=gain, move=move_phrase(advice.usual),
            )
    if advice.runner_up is not None:
        text += " " + gettext(
            "It is a close call: %(move)s is nearly as good.",
            move=move_phrase(advice.runner_up),
        )
    return text


def moment_text(facts: MomentFacts) -> str:
    """ "Move 12: you turned over a card while the 6 of diamonds fitted — about ..."."""
    moment = facts.moment
    if isinstance(moment.played, Draw):
        return ngettext(
            "Move %(number)d: you turned over a card while the %(cards)s fitted — about "
            "%(loss)s more card left on average.",
            "Move %(number)d: you turned over a card while the %(cards)s fitted — about "
            "%(loss)s more cards left on average.",
            _count(moment.loss),
            number=moment.number,
            cards=fitting_names(facts.fitting),
            loss=format_figure(moment.loss),
        )
    return ngettext(
        "Move %(number)d: you played the %(card)s; %(better)s was better — about "
        "%(loss)s more card left on average.",
        "Move %(number)d: you played the %(card)s; %(better)s was better — about "
        "%(loss)s more cards left on average.",
        _count(moment.loss),
        number=moment.number,
        card=card_in_text(facts.played.card.card if facts.played.card else ""),
        better=move_phrase(facts.better),
        loss=format_figure(moment.loss),
    )
