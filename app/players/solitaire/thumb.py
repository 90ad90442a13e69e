"""The three rules of thumb from the spec, and nothing more."""

from __future__ import annotations

from app.rules.solitaire import DRAW, Move, Play, Position, fits, playable_columns


def follow_ups(position: Position, column: int) -> list[str]:
    """Visible cards that could go on the last card of `column` right after it is played."""
    cards = position.columns[column]
    card, variant = cards[-1], position.variant
    candidates = [cards[-2]] if len(cards) > 1 else []
    candidates += [other[-1] for c, other in enumerate(position.columns) if c != column and other]
    return [follower for follower in candidates if fits(follower, card, variant)]


def thumb_choices(position: Position) -> list[int]:
    """Fitting columns, best first: keeps the run going, then tallest, then leftmost."""
    playable = playable_columns(position)
    return sorted(
        playable,
        key=lambda c: (not follow_ups(position, c), -len(position.columns[c]), c),
    )


def thumb_move(position: Position) -> Move:
    """Play before you turn over; among fitting cards keep the run going, then free the tallest."""
    choices = thumb_choices(position)
    return Play(choices[0]) if choices else DRAW
