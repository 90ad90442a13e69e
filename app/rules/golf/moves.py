"""Six-card Golf moves: small frozen value types, the rule errors, and the stored JSON form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.rules.errors import IllegalMoveError, InvalidMoveError, RuleError  # noqa: F401 (re-exported)

MAX_SEATS = 8
LAYOUT_SIZE = 6
POSITION_NAMES = (
    "top row, left",
    "top row, middle",
    "top row, right",
    "bottom row, left",
    "bottom row, middle",
    "bottom row, right",
)
SHORT_POSITION_NAMES = (
    "top-left", "top-middle", "top-right", "bottom-left", "bottom-middle", "bottom-right",
)


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
class NextHole:
    """After a hole's scores are in, deal the next hole (any seat may)."""

    seat: int


Move = Reveal | DrawStock | TakeDiscard | Swap | ThrowAway | TurnUp | TurnAll | NextHole
KINDS: dict[str, type] = {
    "reveal": Reveal,
    "draw_stock": DrawStock,
    "take_discard": TakeDiscard,
    "swap": Swap,
    "throw_away": ThrowAway,
    "turn_up": TurnUp,
    "turn_all": TurnAll,
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


def _small_int(value: object, name: str, limit: int) -> int:
    """An int in 0..limit-1; digit strings are accepted because forms send text."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < limit:
        return value
    raise InvalidMoveError(f"{str(value)[:20]!r} is not a {name}")


def move_from_json(data: object) -> Move:
    """A move from its stored or submitted form; anything else raises InvalidMoveError."""
    if not isinstance(data, dict):
        raise InvalidMoveError("A move must be an object with a kind and a seat")
    cls = KINDS.get(data.get("kind")) if isinstance(data.get("kind"), str) else None
    if cls is None:
        raise InvalidMoveError(f"{str(data.get('kind'))[:20]!r} is not a kind of move")
    seat = _small_int(data.get("seat"), "seat", MAX_SEATS)
    if cls in INDEXED:
        return cls(seat, _small_int(data.get("index"), "card position", LAYOUT_SIZE))
    return cls(seat)


def check_move_shape(move: object, seats: int) -> Move:
    """Refuse objects that are not moves, or name a seat or position that does not exist."""
    if type(move) not in KIND_OF:
        raise InvalidMoveError(f"{str(move)[:40]!r} is not a six-card Golf move")
    seat = getattr(move, "seat", None)
    if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < seats):
        raise InvalidMoveError(f"There is no seat {seat!r} in this game")
    if isinstance(move, INDEXED):
        index = move.index
        if not (isinstance(index, int) and not isinstance(index, bool) and 0 <= index < 6):
            raise InvalidMoveError(f"There is no card position {index!r} in a layout")
    return move  # type: ignore[return-value]
