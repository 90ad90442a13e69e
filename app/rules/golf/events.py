"""What a move did, as a structured event (a code and its facts) for the live region to word.

A card drawn from the stock is in the event only for the seat that drew it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.rules.golf.moves import (
    DrawStock,
    Knock,
    Move,
    Reveal,
    Swap,
    TakeDiscard,
    ThrowAway,
    TurnAll,
    TurnUp,
)
from app.rules.golf.state import Phase, State


@dataclass(frozen=True)
class Event:
    """`code` says what happened ("swapped"), `seat` who did it, `params` the public facts.

    `ending` tells what the move started: "hole_over" (params["hole"] ended) or
    "last_turns" (the others now have their last turn), else None.
    """

    code: str
    seat: int
    params: dict[str, Any] = field(default_factory=dict)
    ending: str | None = None


def describe(move: Move, before: State, after: State, viewer: int | None = None) -> Event:
    """The event of `move` (from `before` to `after`) as `viewer` may learn it."""
    seat, shape = move.seat, before.options.shape
    if isinstance(move, Reveal):
        card = after.layouts[seat][move.index]
        return Event("revealed", seat, {"card": card, "index": move.index, "shape": shape})
    if isinstance(move, DrawStock):
        return Event("drew", seat, {"card": after.held if viewer == seat else None})
    if isinstance(move, TakeDiscard):
        return Event("took_discard", seat, {"card": after.held})
    return _ending_move(move, before, after)


def _ending_move(move: Move, before: State, after: State) -> Event:
    """Moves that finish a turn, and so may end the hole or start the last turns."""
    seat, shape = move.seat, before.options.shape
    ending = _ending(before, after)
    hole = {"hole": after.hole}
    if isinstance(move, Swap):
        params = {
            "card": before.held, "index": move.index, "shape": shape,
            "old": before.layouts[seat][move.index],
            "was_face_down": not before.face_up[seat][move.index],
        }
        return Event("swapped", seat, params | hole, ending)
    if isinstance(move, ThrowAway):
        return Event("threw_away", seat, {"card": before.held} | hole, ending)
    if isinstance(move, TurnUp | TurnAll):
        indexes = [move.index] if isinstance(move, TurnUp) else before.face_down(seat)
        cards = [after.layouts[seat][i] for i in indexes]
        return Event("turned_up", seat, {"cards": cards} | hole, ending)
    if isinstance(move, Knock):
        return Event("knocked", seat, dict(hole), ending)
    # Whoever dealt it: online anyone at the table may, whose turn to deal it was or not.
    return Event("dealt", seat, dict(hole))


def _ending(before: State, after: State) -> str | None:
    if after.phase in (Phase.HOLE_OVER, Phase.GAME_OVER):
        return "hole_over"
    if before.went_out is None and after.went_out is not None:
        return "last_turns"
    return None
