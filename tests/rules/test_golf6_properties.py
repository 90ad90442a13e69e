"""Random legal play (hypothesis): cards are conserved, every hole ends, scores match the table."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from app.rules import golf
from app.rules.golf import Phase
from app.rules.golf.scoring import layout_score
from tests.rules.golf6_helpers import six_card_options

options_strategy = six_card_options
# Random play rarely finishes a hole quickly; this bound is far above what it needs.
MAX_MOVES_PER_HOLE = 3000


@settings(max_examples=25, deadline=None)
@given(options=options_strategy, seed=st.integers(0, 2**53 - 1), play=st.integers(0, 2**32))
def test_random_legal_play_keeps_every_invariant(options, seed, play):
    # Moves are picked uniformly by a seeded generator: random play, not adversarial play
    # (a player who keeps swapping the same face-up card could make a hole last forever).
    rng = random.Random(play)
    state = golf.new_game(options, seed)
    deck = Counter(options.deck())
    moves_this_hole = 0
    for _ in range(3):  # a few holes per example keeps the suite fast
        while state.phase not in (Phase.HOLE_OVER, Phase.GAME_OVER):
            moves = golf.legal_moves(state)
            assert moves, "a hole in play always has a legal move"
            before = state
            state = golf.apply(state, rng.choice(moves))
            assert Counter(state.all_cards()) == deck
            _check_face_up_never_turns_back(before, state)
            moves_this_hole += 1
            assert moves_this_hole < MAX_MOVES_PER_HOLE
        scores = state.scores[-1]
        assert list(scores) == [layout_score(lay, options.scoring) for lay in state.layouts]
        assert all(all(row) for row in state.face_up)
        if state.phase == Phase.GAME_OVER:
            break
        state, moves_this_hole = golf.apply(state, golf.NextHole(0)), 0
        assert state.dealer == (len(state.scores)) % options.seats


def _check_face_up_never_turns_back(before: golf.State, after: golf.State) -> None:
    if after.hole != before.hole or after.phase in (Phase.HOLE_OVER, Phase.GAME_OVER):
        return
    for row_before, row_after in zip(before.face_up, after.face_up, strict=True):
        assert all(a or not b for b, a in zip(row_before, row_after, strict=True))
    assert not any(
        before.face_up[s][i] and before.layouts[s][i] != after.layouts[s][i]
        and after.phase == Phase.PLACE
        for s in range(before.seats)
        for i in range(6)
    )
