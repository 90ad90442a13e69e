"""Golf moves: small frozen value types and their stored JSON form.

A position (`index`) counts the layout row by row, top row first (see shape.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.rules.golf.errors import (  # noqa: F401 (the errors are re-exported with the moves)
    IllegalMoveError,
    InvalidMoveError,
    RuleError,
)
from app.rules.golf.options import MAX_POSITIONS, MAX_SEATS
from app.rules.golf.shape import Shape
from app.rules.numbers import parse_int


@dataclass(frozen=True)
class Reveal:
    """Start of a hole: turn one of your own face-down cards up (twice per seat)."""

    seat: int
    index: int


@dataclass(frozen=True)
class DrawStock:
    """Take the top card of the stock; only you see it."""

    seat: int


@dataclass(frozen=True)
class TakeDiscard:
    """Take the top card of the discard pile; it must go into your layout."""

    seat: int


@dataclass(frozen=True)
class Swap:
    """Put the card you hold at `index`; the card that was there goes on the discard pile."""

    seat: int
    index: int


@dataclass(frozen=True)
class ThrowAway:
    """Put the card you drew from the stock straight on the discard pile."""

    seat: int


@dataclass(frozen=True)
class TurnUp:
    """Turn one face-down card up: a whole turn (variation) or forced after throwing away."""

    seat: int
    index: int


@dataclass(frozen=True)
class TurnAll:
    """Variation: spend a turn turning every face-down card up, going out in one go."""

    seat: int


@dataclass(frozen=True)
class Knock:
    """Four-card Golf: instead of taking a card, knock; everyone else has one more turn."""

    seat: int


@dataclass(frozen=True)
class NextHole:
    """After a hole's scores are in, deal the next hole (any seat may)."""

    seat: int


Move = Reveal | DrawStock | TakeDiscard | Swap | ThrowAway | TurnUp | TurnAll | Knock | NextHole
KINDS: dict[str, type] = {
    "reveal": Reveal,
    "draw_stock": DrawStock,
    "take_discard": TakeDiscard,
    "swap": Swap,
    "throw_away": ThrowAway,
    "turn_up": TurnUp,
    "turn_all": TurnAll,
    "knock": Knock,
    "next_hole": NextHole,
}
KIND_OF = {cls: kind for kind, cls in KINDS.items()}
INDEXED = (Reveal, Swap, TurnUp)


def move_to_json(move: Move) -> dict[str, Any]:
    """The stored form: {"kind": "swap", "seat": 0, "index": 3} (index only where it applies)."""
    data: dict[str, Any] = {"kind": KIND_OF[type(move)], "seat": move.seat}
    if isinstance(move, INDEXED):
        data["index"] = move.index
    return data


def _small_int(value: object, code: str, limit: int) -> int:
    """An int in 0..limit-1; digit strings are accepted because forms send text."""
    number = parse_int(value, 0, limit - 1)
    if number is None:
        raise InvalidMoveError(code, value=str(value)[:20])
    return number


def move_from_json(data: object) -> Move:
    """A move from its stored or submitted form; anything else raises InvalidMoveError."""
    if not isinstance(data, dict):
        raise InvalidMoveError("move_not_object")
    cls = KINDS.get(data.get("kind")) if isinstance(data.get("kind"), str) else None
    if cls is None:
        raise InvalidMoveError("unknown_kind", value=str(data.get("kind"))[:20])
    seat = _small_int(data.get("seat"), "bad_seat", MAX_SEATS)
    if cls in INDEXED:
        return cls(seat, _small_int(data.get("index"), "bad_position", MAX_POSITIONS))
    return cls(seat)


def _is_small_int(value: object, limit: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < limit


def check_move_shape(move: object, seats: int, shape: Shape) -> Move:
    """Refuse objects that are not moves, or name a seat or position that does not exist."""
    if type(move) not in KIND_OF:
        raise InvalidMoveError("not_a_move", text=str(move)[:40])
    seat = getattr(move, "seat", None)
    if not _is_small_int(seat, seats):
        raise InvalidMoveError("no_such_seat", seat=seat)
    if isinstance(move, INDEXED) and not _is_small_int(move.index, shape.size):
        raise InvalidMoveError("no_such_position", index=move.index)
    return move  # type: ignore[return-value]
