"""What one seat may know of a Golf table, and the one function that lists its legal moves.

`seat_view(state, seat)` is the only way anything outside the rules looks at a hand in play:
face-down cards are None (their owner also sees the ones it peeked at, in `known`), the stock
is a count, and a drawn card shows only to its holder. `legal_moves_for(view)` is the move
generator: the game state, the web's JSON view and every computer player use it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from app.rules.golf.moves import (
    DrawStock,
    Knock,
    Move,
    NextHole,
    Reveal,
    Swap,
    TakeDiscard,
    ThrowAway,
    TurnAll,
    TurnUp,
)
from app.rules.golf.options import FirstTwo, Options
from app.rules.golf.shape import Shape
from app.rules.golf.state import (
    Phase,
    Pile,
    Played,
    State,
    lowest,
    seats_to_act,
    sum_scores,
)

Layout = tuple[str | None, ...]


@dataclass(frozen=True)
class SeatView:
    """The table as `seat` sees it (None: a watcher, who sees only public cards)."""

    options: Options
    seat: int | None
    hole: int
    dealer: int
    phase: Phase
    turn: int | None
    acting: tuple[int, ...]  # seats that may move now
    layouts: tuple[Layout, ...]  # face-up cards; None where a card is face down
    known: Layout  # the seat's own face-down cards it has looked at (peek); else None
    discard: tuple[str, ...]  # the whole pile: everyone saw each card land on it
    stock: int
    drawn: str | None  # the card in hand, shown only to its holder
    held_by: int | None
    held_from: Pile | None
    went_out: int | None
    knocker: int | None
    turns: int
    scores: tuple[tuple[int, ...], ...]
    # This hole's moves as everyone saw them (left out of the repr, which the coach hashes).
    played: tuple[Played, ...] = field(default=(), repr=False)
    reshuffles: int = 0  # times this hole's discard pile became the stock

    @property
    def shape(self) -> Shape:
        return self.options.shape

    @property
    def seats(self) -> int:
        return self.options.seats

    @property
    def discard_top(self) -> str | None:
        return self.discard[-1] if self.discard else None

    @property
    def mine(self) -> Layout:
        """My layout with the cards I peeked at filled in (all None for a watcher)."""
        if self.seat is None:
            return (None,) * self.shape.size
        up = self.layouts[self.seat]
        return tuple(card if card is not None else k for card, k in zip(up, self.known,
                                                                        strict=True))

    def face_down(self, seat: int) -> list[int]:
        return [i for i, card in enumerate(self.layouts[seat]) if card is None]

    @cached_property
    def totals(self) -> tuple[int, ...]:
        return sum_scores(self.scores, self.seats)

    @property
    def winners(self) -> tuple[int, ...]:
        return lowest(self.totals) if self.phase == Phase.GAME_OVER else ()

    @property
    def hole_ender(self) -> int | None:
        """The seat whose going out or knock is ending this hole."""
        return self.went_out if self.went_out is not None else self.knocker


def seat_view(state: State, seat: int | None) -> SeatView:
    """Exactly what `seat` may know of `state`."""
    if seat is not None and not 0 <= seat < state.seats:
        raise ValueError(f"no_such_seat: {seat}")
    holder = state.turn if state.held is not None else None
    if seat is None:
        known: Layout = (None,) * state.options.shape.size
    else:
        known = tuple(
            card if state.known[seat][i] and not state.face_up[seat][i] else None
            for i, card in enumerate(state.layouts[seat])
        )
    return SeatView(
        options=state.options, seat=seat, hole=state.hole, dealer=state.dealer,
        phase=state.phase, turn=state.turn, acting=seats_to_act(state),
        layouts=tuple(
            tuple(card if up else None for card, up in zip(cards, ups, strict=True))
            for cards, ups in zip(state.layouts, state.face_up, strict=True)
        ),
        known=known, discard=state.discard, stock=len(state.stock),
        drawn=state.held if holder is not None and holder == seat else None,
        held_by=holder, held_from=state.held_from, went_out=state.went_out,
        knocker=state.knocker, turns=state.turns, scores=state.scores, played=state.played,
        reshuffles=state.reshuffles,
    )


def first_two_refusal(rule: str, shape: Shape, up: list[int], index: int) -> str | None:
    """The refusal code when turning up `index` breaks the first-two-cards rule, else None."""
    if not up or rule == FirstTwo.ANY:
        return None
    first, column = shape.column_of(up[0]), shape.column_of(index)
    fine = {
        FirstTwo.SAME_COLUMN: column == first,
        FirstTwo.DIFFERENT_COLUMNS: column != first,
        FirstTwo.MIDDLE_AND_END: shape.is_middle_column(index) != shape.is_middle_column(up[0]),
    }.get(FirstTwo(rule), True)
    return None if fine else f"first_two_{rule}"


def legal_moves_for(view: SeatView) -> list[Move]:
    """Every move the viewing seat may make now (none for a watcher or a seat not to act)."""
    seat, phase = view.seat, view.phase
    if seat is None or seat not in view.acting:
        return []
    down = view.face_down(seat)
    opts = view.options
    if phase == Phase.FLIP:
        up = [i for i in view.shape.positions if view.layouts[seat][i] is not None]
        return [Reveal(seat, i) for i in down
                if first_two_refusal(opts.first_two, view.shape, up, i) is None]
    if phase == Phase.DRAW:
        moves: list[Move] = [DrawStock(seat)]
        moves += [TakeDiscard(seat)] if view.discard else []
        moves += [TurnUp(seat, i) for i in down] if opts.turn_instead else []
        moves += [TurnAll(seat)] if opts.turn_all_to_go_out and down else []
        moves += [Knock(seat)] if opts.four_card and view.knocker is None else []
        return moves
    if phase == Phase.PLACE:
        throw = [ThrowAway(seat)] if view.held_from == Pile.STOCK else []
        return [Swap(seat, i) for i in view.shape.positions] + throw
    if phase == Phase.TURN_UP:
        return [TurnUp(seat, i) for i in down]
    if phase == Phase.HOLE_OVER:
        return [NextHole(seat)]
    return []
