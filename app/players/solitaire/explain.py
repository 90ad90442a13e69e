"""Reasons in a player's terms: why a move is good, drawn from what the board shows.

A reason is a code (`Why`) and the facts its sentence names (cards, columns); the web layer
(app.web.solitaire.coach_words) words it in the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from app.players.solitaire.thumb import follow_ups
from app.rules.cards import rank
from app.rules.solitaire import KING, Move, Play, Position, apply, fits, playable_columns


class Why(StrEnum):
    """Why a move is good: each code is one sentence."""

    BEFORE_KING = "before_king"  # another card that fits is a king, which would stop the run
    UNDER_GOES_ON = "under_goes_on"  # the card under it fits next and keeps the run going
    UNDER_ONLY_JOKER = "under_only_joker"  # ... fits next, though only a joker goes on a king
    UNDER_NOTHING = "under_nothing"  # ... fits next, though nothing goes on a king
    NEXT_GOES_ON = "next_goes_on"  # the last card of another column fits next, run goes on
    NEXT_ONLY_JOKER = "next_only_joker"
    NEXT_NOTHING = "next_nothing"
    LAST_PLAYS = "last_plays"  # nothing is left to draw: no other play takes more cards off
    TALLEST = "tallest"  # the tallest column among those whose card fits
    BEST_CHANCES = "best_chances"  # of the cards that fit, the best chances with those to come
    FITS_NOW = "fits_now"  # the only card that fits, and it may not after a draw
    FIRST_CARD = "first_card"  # a draw: the discard pile needs a first card
    KING_ON_TOP = "king_on_top"  # a draw: nothing goes on the king on the pile
    NOTHING_FITS = "nothing_fits"  # a draw: nothing fits on the top card
    KEEP_FOR_LATER = "keep_for_later"  # a draw: cards fit, but keeping them leaves fewer


@dataclass(frozen=True)
class CardAt:
    """The last card of a column; `twin` when another column ends in the same card (two
    jokers): then words name the column too, or they would not say which to play."""

    card: str
    column: int  # 0-based
    twin: bool = False


@dataclass(frozen=True)
class Choice:
    """A move and the card it plays (None for a draw): what words need to name it."""

    move: Move
    card: CardAt | None = None


@dataclass(frozen=True)
class Reason:
    """Why a move is good: a code and the facts its sentence names."""

    why: Why
    card: CardAt | None = None  # the card to play; None for a draw
    next: str | None = None  # the card that fits after it: under it, or at the bottom of `column`
    column: int | None = None  # 0-based: the column whose last card is `next`
    top: str | None = None  # a draw's: the discard pile's top, on which nothing fits
    fitting: tuple[str, ...] = ()  # a draw's: the cards that fit but are kept for later


def _only_a_joker_goes_on(card: str, position: Position) -> bool:
    """A king, in the rules where no rank goes on a king."""
    return rank(card) == KING and position.variant.no_rank_on_king


def _stops_run(card: str, position: Position) -> bool:
    """Whether nothing at all could ever go on `card` (a king in the standard rules, unless a
    joker is still to come: anyone can count the jokers on the discard pile)."""
    return _only_a_joker_goes_on(card, position) and not position.jokers_to_come


def _run_ends_at(card: str, position: Position) -> bool:
    """Whether a run that reaches `card` (a last card of `position`) must stop there: only a
    joker goes on it, and no joker would lie ready to play on it."""
    return (_only_a_joker_goes_on(card, position)
            and not playable_columns(apply(position, Play(_column_of(position, card)))))


def card_at(position: Position, column: int) -> CardAt:
    """The last card of `column`, and whether another column ends in the same card."""
    card = position.columns[column][-1]
    twin = sum(1 for cards in position.columns if cards and cards[-1] == card) > 1
    return CardAt(card, column, twin)


def choice(position: Position, move: Move) -> Choice:
    """`move` with the card it plays, as the board shows it."""
    if isinstance(move, Play):
        return Choice(move, card_at(position, move.column))
    return Choice(move)


def _play_reason(position: Position, column: int) -> Reason:
    cards = position.columns[column]
    card = cards[-1]
    named = card_at(position, column)
    others = [c for c in playable_columns(position) if c != column]
    if not _stops_run(card, position):
        kings = [c for c in others if _stops_run(position.columns[c][-1], position)]
        if kings:
            return Reason(Why.BEFORE_KING, named)
    followers = follow_ups(position, column)
    if followers:
        return _follower_reason(position, column, followers)
    if not position.stock:
        return Reason(Why.LAST_PLAYS, named)
    if (others and len(cards) > max(len(position.columns[c]) for c in others)
            and not any(follow_ups(position, c) for c in others)):
        # Tallest among the choices only: a column whose card does not fit may be taller.
        # Only other things equal: when another card would start a run, height is not why.
        return Reason(Why.TALLEST, named)
    if others:  # "it fits now" is as true of the others: the figures that follow decide
        return Reason(Why.BEST_CHANCES, named)
    return Reason(Why.FITS_NOW, named)


def _follower_reason(position: Position, column: int, followers: list[str]) -> Reason:
    """Why to play a card that another card can follow: which one, and whether the run goes on."""
    cards = position.columns[column]
    named = card_at(position, column)
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
    if follower == under:
        why = (Why.UNDER_GOES_ON if goes_on
               else Why.UNDER_ONLY_JOKER if only_joker else Why.UNDER_NOTHING)
        return Reason(why, named, next=under)
    why = Why.NEXT_GOES_ON if goes_on else Why.NEXT_ONLY_JOKER if only_joker else Why.NEXT_NOTHING
    return Reason(why, named, next=follower, column=_column_of(position, follower))


def _column_of(position: Position, card: str) -> int:
    for c, cards in enumerate(position.columns):
        if cards and cards[-1] == card:
            return c
    return 0


def _draw_reason(position: Position) -> Reason:
    top = position.top
    if top is None:
        return Reason(Why.FIRST_CARD)
    playable = playable_columns(position)
    if not playable:
        if _stops_run(top, position):
            return Reason(Why.KING_ON_TOP, top=top)
        return Reason(Why.NOTHING_FITS, top=top)
    return Reason(Why.KEEP_FOR_LATER,
                  fitting=tuple(position.columns[c][-1] for c in playable))


def reason(position: Position, move: Move) -> Reason:
    """Why `move` is good here, as a code and its facts (two or three sentences in words)."""
    if isinstance(move, Play):
        return _play_reason(position, move.column)
    return _draw_reason(position)


def fits_now(position: Position) -> list[str]:
    """Last cards that fit on the discard pile now."""
    return [
        cards[-1]
        for cards in position.columns
        if cards and fits(cards[-1], position.top, position.variant)
    ]
