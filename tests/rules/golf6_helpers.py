"""Building six-card Golf positions by hand for the rules tests."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from app.rules import golf
from app.rules.golf import Options, Phase, State


def flipped(state: State) -> State:
    """Every seat turns up its first two legal cards, so play can start."""
    while state.phase == Phase.FLIP:
        state = golf.apply(state, golf.legal_moves(state)[0])
    return state


def rig(
    state: State,
    layouts: Sequence[Sequence[str]],
    up: Sequence[Sequence[int]] = (),
    stock: Sequence[str] | None = None,
    discard: Sequence[str] | None = None,
) -> State:
    """The same state with chosen layouts, face-up positions, stock and discard pile."""
    face_up = tuple(
        tuple(i in (up[s] if s < len(up) else ()) for i in state.options.shape.positions)
        for s in range(len(layouts))
    )
    return replace(
        state,
        layouts=tuple(tuple(layout) for layout in layouts),
        face_up=face_up,
        stock=tuple(stock) if stock is not None else state.stock,
        discard=tuple(discard) if discard is not None else state.discard,
    )


def playing(options: Options | None = None, seed: int = 7) -> State:
    """A fresh game past the start-of-hole flips."""
    return flipped(golf.new_game(options or Options(), seed))
