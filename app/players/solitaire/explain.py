"""Reasons in a player's terms: why a move is good, drawn from what the board shows."""

from __future__ import annotations

from app.i18n import card_in_text, format_items, ngettext
from app.i18n import gettext as _
from app.players.solitaire.thumb import follow_ups
from app.rules.cards import rank
from app.rules.solitaire import KING, Move, Play, Position, apply, fits, playable_columns


def _only_a_joker_goes_on(card: str, position: Position) -> bool:
    """A king, in the rules where no rank goes on a king."""
    variant = position.variant
    return rank(card) == KING and not (variant.queen_on_king or variant.round_the_corner)


def _stops_run(card: str, position: Position) -> bool:
    """Whether nothing at all could ever go on `card` (a king in the standard rules, unless a
    joker is still to come: anyone can count the jokers on the discard pile)."""
    return _only_a_joker_goes_on(card, position) and not position.jokers_to_come


def _run_ends_at(card: str, position: Position) -> bool:
    """Whether a run that reaches `card` (a last card of `position`) must stop there: only a
    joker goes on it, and no joker would lie ready to play on it."""
    return (_only_a_joker_goes_on(card, position)
            and not playable_columns(apply(position, Play(_column_of(position, card)))))


def card_at(position: Position, column: int) -> str:
    """The last card of `column` in words, with its column when another column ends in the
    same card (two jokers): else the words would not say which to play."""
    card = position.columns[column][-1]
    name = card_in_text(card)
    if sum(1 for cards in position.columns if cards and cards[-1] == card) > 1:
        return _("%(card)s in column %(column)d", card=name, column=column + 1)
    return name


def _play_reason(position: Position, column: int) -> str:
    cards = position.columns[column]
    card = cards[-1]
    name = card_at(position, column)
    others = [c for c in playable_columns(position) if c != column]
    if not _stops_run(card, position):
        kings = [c for c in others if _stops_run(position.columns[c][-1], position)]
        if kings:
            return _("Play the %(card)s before the king. The king would stop the run.", card=name)
    followers = follow_ups(position, column)
    if followers:
        # Any follower takes one more card off, but only one that is no king keeps the run
        # going: name such a one if there is one, the card under first. A joker played now
        # is no longer to come once it is down.
        after = apply(position, Play(column))
        pool = [f for f in followers if not _stops_run(f, after)] or followers
        under = cards[-2] if len(cards) > 1 else None
        follower = under if under in pool else pool[0]
        goes_on = not _run_ends_at(follower, after)
        # "Nothing goes on a king", unless a joker is still to come (just not ready now).
        only_joker = bool(after.jokers_to_come)
        if follower == under and goes_on:
            return _(
                "Play the %(card)s. The %(under)s under it fits next, "
                "and that keeps the run going.",
                card=name, under=card_in_text(under),
            )
        if follower == under and only_joker:
            return _(
                "Play the %(card)s. The %(under)s under it fits next: one more card off the "
                "table, though only a joker goes on a king.",
                card=name, under=card_in_text(under),
            )
        if follower == under:
            return _(
                "Play the %(card)s. The %(under)s under it fits next: one more card off the "
                "table, though nothing goes on a king.",
                card=name, under=card_in_text(under),
            )
        where = _column_of(position, follower) + 1
        if goes_on:
            return _(
                "Play the %(card)s. Then the %(next)s at the bottom of column "
                "%(column)d fits on it, and that keeps the run going.",
                card=name, next=card_in_text(follower), column=where,
            )
        if only_joker:
            return _(
                "Play the %(card)s. Then the %(next)s at the bottom of column %(column)d fits "
                "on it: one more card off the table, though only a joker goes on a king.",
                card=name, next=card_in_text(follower), column=where,
            )
        return _(
            "Play the %(card)s. Then the %(next)s at the bottom of column %(column)d fits on "
            "it: one more card off the table, though nothing goes on a king.",
            card=name, next=card_in_text(follower), column=where,
        )
    if not position.stock:
        return _(
            "Play the %(card)s. Nothing is left to draw, and no other play takes more cards "
            "off the table from here.",
            card=name,
        )
    if (others and len(cards) > max(len(position.columns[c]) for c in others)
            and not any(follow_ups(position, c) for c in others)):
        # Tallest among the choices only: a column whose card does not fit may be taller.
        # Only other things equal: when another card would start a run, height is not why.
        return _(
            "Play the %(card)s. Of the columns whose card fits, column %(column)d has the most "
            "cards, and freeing tall columns helps most.",
            card=name, column=column + 1,
        )
    if others:  # "it fits now" is as true of the others: the figures that follow decide
        return _(
            "Play the %(card)s. Of the cards that fit now, it leaves the best chances with the "
            "cards still to come.",
            card=name,
        )
    return _(
        "Play the %(card)s. It fits now, and it may not fit after you turn over a card.",
        card=name,
    )


def _column_of(position: Position, card: str) -> int:
    for c, cards in enumerate(position.columns):
        if cards and cards[-1] == card:
            return c
    return 0


def _draw_reason(position: Position) -> str:
    top = position.top
    if top is None:
        return _("Turn over a card. The discard pile needs a first card.")
    playable = playable_columns(position)
    if not playable:
        if _stops_run(top, position):
            return _("Turn over a card. Nothing goes on a king.")
        return _("Turn over a card. Nothing fits on the %(top)s.", top=card_in_text(top))
    names = fitting_names([position.columns[c][-1] for c in playable])
    return ngettext(
        "Turn over a card. The %(cards)s fits, but keeping it for later "
        "leaves fewer cards in the end.",
        "Turn over a card. The %(cards)s fits, but keeping them for later "
        "leaves fewer cards in the end.",
        len(playable),
        cards=names,
    )


def fitting_names(cards: list[str]) -> str:
    """ "6 of diamonds, the 8 of spades or the 8 of clubs" / "ruter 6, spader 8 eller klöver 8"
    (the sentence gives the first its article)."""
    # English repeats the article before each further card, so that is a message too.
    rest = [_("the %(card)s", card=card_in_text(card)) for card in cards[1:]]
    return format_items([card_in_text(cards[0]), *rest], style="or") if cards else ""


def reason(position: Position, move: Move) -> str:
    """Two or three sentences saying what to do and why: the first names the move."""
    if isinstance(move, Play):
        return _play_reason(position, move.column)
    return _draw_reason(position)


def move_phrase(position: Position, move: Move) -> str:
    """A short name of a move: "playing the 6 of diamonds", "turning over a card"."""
    if isinstance(move, Play):
        return _("playing the %(card)s", card=card_at(position, move.column))
    return _("turning over a card")


def fits_now(position: Position) -> list[str]:
    """Last cards that fit on the discard pile now."""
    return [
        cards[-1]
        for cards in position.columns
        if cards and fits(cards[-1], position.top, position.variant)
    ]
