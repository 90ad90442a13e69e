"""The Golf table as a frozen value, and the questions anyone may ask about it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from app.rules.golf.moves import Move
from app.rules.golf.options import Options


class Phase(StrEnum):
    FLIP = "flip"  # start of a six-card hole: every seat turns two cards up, in any order
    DRAW = "draw"  # the seat to act takes a card (or, in variations, turns cards up; knocks)
    PLACE = "place"  # the seat holds a card: swap it in, or throw a stock card away
    TURN_UP = "turn_up"  # variation: after throwing away, turn one face-down card up
    HOLE_OVER = "hole_over"  # every card is face up and scored; waiting for the next deal
    GAME_OVER = "game_over"


class Pile(StrEnum):
    """Where the card in hand came from."""

    STOCK = "stock"
    DISCARD = "discard"


FLIPS_PER_SEAT = 2


@dataclass(frozen=True)
class Played:
    """A move of this hole as everyone at the table saw it. A card drawn from the stock is not
    in it: everyone sees that card only when it is swapped in or thrown away."""

    move: Move
    card: str | None = None  # the card taken from the pile, swapped in or thrown away
    old: str | None = None  # the card a swap replaced
    was_face_down: bool = False  # the replaced card had been face down


@dataclass(frozen=True)
class State:
    """Everything on the table. `stock[0]` is drawn next; `discard[-1]` is the top."""

    options: Options
    seed: int
    hole: int
    dealer: int
    phase: Phase
    layouts: tuple[tuple[str, ...], ...]
    face_up: tuple[tuple[bool, ...], ...]
    known: tuple[tuple[bool, ...], ...]  # face-down cards their owner has looked at
    stock: tuple[str, ...]
    discard: tuple[str, ...]
    turn: int | None = None
    held: str | None = None
    held_from: Pile | None = None
    went_out: int | None = None  # six-card: the seat whose cards all turned up first
    knocker: int | None = None  # four-card: the seat that knocked
    reshuffles: int = 0
    turns: int = 0  # turns finished this hole (public: anyone at the table can count them)
    played: tuple[Played, ...] = ()  # this hole's moves, as public as `turns`
    scores: tuple[tuple[int, ...], ...] = ()

    @property
    def seats(self) -> int:
        return self.options.seats

    @property
    def discard_top(self) -> str | None:
        return self.discard[-1] if self.discard else None

    def face_down(self, seat: int) -> list[int]:
        return [i for i, up in enumerate(self.face_up[seat]) if not up]

    def all_cards(self) -> list[str]:
        """Every card in play, wherever it is (for conservation checks)."""
        held = [self.held] if self.held else []
        return [c for layout in self.layouts for c in layout] + list(self.stock) + list(
            self.discard
        ) + held


def seats_to_act(state: State) -> tuple[int, ...]:
    """Seats that may move now: several during the flips and between holes, else one."""
    if state.phase == Phase.FLIP:
        return tuple(s for s in range(state.seats) if sum(state.face_up[s]) < FLIPS_PER_SEAT)
    if state.phase == Phase.HOLE_OVER:
        return tuple(range(state.seats))
    return () if state.turn is None else (state.turn,)


def sum_scores(scores: tuple[tuple[int, ...], ...], seats: int) -> tuple[int, ...]:
    return tuple(sum(hole[s] for hole in scores) for s in range(seats))


def lowest(totals: tuple[int, ...]) -> tuple[int, ...]:
    """Seats with the lowest total: ties share."""
    return tuple(s for s, total in enumerate(totals) if total == min(totals))


def totals(state: State) -> tuple[int, ...]:
    """Each seat's total over the finished holes."""
    return sum_scores(state.scores, state.seats)


def is_over(state: State) -> bool:
    return state.phase == Phase.GAME_OVER


def winners(state: State) -> tuple[int, ...]:
    """Seats with the lowest total (ties share the win); empty until the game is over."""
    return lowest(totals(state)) if is_over(state) else ()
