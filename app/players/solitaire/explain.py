"""Reasons in a player's terms: why a move is good, drawn from what the board shows."""

from __future__ import annotations

from app.players.solitaire.thumb import follow_ups
from app.rules.cards import card_name, rank
from app.rules.solitaire import KING, Move, Play, Position, fits, playable_columns


def _stops_run(card: str, position: Position) -> bool:
    """Whether nothing at all could ever go on `card` (a king in the standard rules)."""
    variant = position.variant
    return rank(card) == KING and not (variant.queen_on_king or variant.round_the_corner)


def _play_reason(position: Position, column: int) -> str:
    cards = position.columns[column]
    card = cards[-1]
    name = card_name(card)
    others = [c for c in playable_columns(position) if c != column]
    if not _stops_run(card, position):
        kings = [c for c in others if _stops_run(position.columns[c][-1], position)]
        if kings:
            return f"Play the {name} before the king: the king would stop the run."
    followers = follow_ups(position, column)
    if followers:
        under = cards[-2] if len(cards) > 1 else None
        if under is not None and under in followers:
            return (
                f"Play the {name}: the {card_name(under)} under it fits next, "
                "and that keeps the run going."
            )
        where = _column_of(position, followers[0])
        return (
            f"Play the {name}: then the {card_name(followers[0])} at the bottom of column "
            f"{where + 1} fits on it, and that keeps the run going."
        )
    if others and len(cards) > max(len(position.columns[c]) for c in others):
        return (
            f"Play the {name}: column {column + 1} has the most cards, "
            "and freeing the tallest column helps most."
        )
    return f"Play the {name}: it fits now, and it may not fit after you turn over a card."


def _column_of(position: Position, card: str) -> int:
    for c, cards in enumerate(position.columns):
        if cards and cards[-1] == card:
            return c
    return 0


def _draw_reason(position: Position) -> str:
    top = position.top
    if top is None:
        return "Turn over a card: the discard pile needs a first card."
    playable = playable_columns(position)
    if not playable:
        if _stops_run(top, position):
            return "Turn over a card: nothing fits the king."
        return f"Turn over a card: nothing fits on the {card_name(top)}."
    names = " or the ".join(card_name(position.columns[c][-1]) for c in playable)
    return (
        f"Turn over a card: the {names} fits, but keeping it for later "
        "leaves fewer cards in the end."
    )


def reason(position: Position, move: Move) -> str:
    """One or two sentences saying why `move` is good here."""
    if isinstance(move, Play):
        return _play_reason(position, move.column)
    return _draw_reason(position)


def move_phrase(position: Position, move: Move) -> str:
    """A short name of a move: "playing the 6 of diamonds", "turning over a card"."""
    if isinstance(move, Play):
        return f"playing the {card_name(position.columns[move.column][-1])}"
    return "turning over a card"


def fits_now(position: Position) -> list[str]:
    """Last cards that fit on the discard pile now."""
    return [
        cards[-1]
        for cards in position.columns
        if cards and fits(cards[-1], position.top, position.variant)
    ]
