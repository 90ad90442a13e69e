"""One move generator: what each seat's view offers is exactly what the rules accept."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from app.rules import golf
from app.rules.golf import KINDS, IllegalMoveError, Phase
from app.rules.golf.moves import INDEXED
from tests.rules.golf6_helpers import golf_options


def _candidates(state: golf.State) -> list[golf.Move]:
    """Every well-formed move of this game: each kind, for each seat and position."""
    moves: list[golf.Move] = []
    for seat in range(state.seats):
        for cls in KINDS.values():
            if cls in INDEXED:
                moves += [cls(seat, i) for i in state.options.shape.positions]
            else:
                moves.append(cls(seat))
    return moves


def _accepted(state: golf.State) -> set[golf.Move]:
    accepted = set()
    for move in _candidates(state):
        try:
            golf.apply(state, move)
        except IllegalMoveError:
            continue
        accepted.add(move)
    return accepted


@settings(max_examples=40, deadline=None)
@given(options=golf_options, seed=st.integers(0, 2**53 - 1), play=st.integers(0, 2**32),
       steps=st.integers(0, 150))
def test_the_moves_each_view_offers_are_the_moves_apply_accepts(options, seed, play, steps):
    rng = random.Random(play)
    state = golf.new_game(options, seed)
    for _ in range(steps):
        if golf.is_over(state):
            break
        state = golf.apply(state, rng.choice(golf.legal_moves(state)))
    views = [golf.seat_view(state, s) for s in range(state.seats)]
    offered = [m for view in views for m in golf.legal_moves_for(view)]
    assert len(offered) == len(set(offered))
    assert set(offered) == _accepted(state)
    assert set(golf.legal_moves_for(golf.seat_view(state, None))) == set()
    assert (state.phase == Phase.GAME_OVER) == (not offered)
