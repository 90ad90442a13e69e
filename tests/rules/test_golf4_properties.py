"""Four-card Golf in random play (hypothesis): cards are conserved, and a knock ends the hole
after exactly one more turn for every other seat, the knocker never moving again."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from app.rules import golf
from app.rules.golf import KNOCK_PENALTY, DrawStock, Knock, Phase, TakeDiscard
from app.rules.golf.scoring import hole_scores
from tests.rules.golf6_helpers import four_card_options

# Random play knocks about once in three turns; this bound is far above what a hole needs.
MAX_MOVES_PER_HOLE = 3000


def _one_hole(state: golf.State, rng: random.Random, deck: Counter) -> golf.State:
    """Play a hole at random, checking the knock's rule at every turn."""
    turns_after_knock: list[int] = []
    for _ in range(MAX_MOVES_PER_HOLE):
        if state.phase in (Phase.HOLE_OVER, Phase.GAME_OVER):
            break
        move = rng.choice(golf.legal_moves(state))
        if state.knocker is not None and isinstance(move, DrawStock | TakeDiscard | Knock):
            assert move.seat != state.knocker
            turns_after_knock.append(move.seat)
        before, state = state, golf.apply(state, move)
        assert Counter(state.all_cards()) == deck
        if isinstance(move, Knock):
            assert before.knocker is None and state.knocker == move.seat
    else:
        raise AssertionError("the hole did not end")
    knocker = state.knocker
    assert knocker is not None, "a four-card hole ends only by a knock"
    others = [(knocker + k) % state.seats for k in range(1, state.seats)]
    assert turns_after_knock == others
    return state


@settings(max_examples=30, deadline=None)
@given(options=four_card_options, seed=st.integers(0, 2**53 - 1), play=st.integers(0, 2**32))
def test_random_play_conserves_cards_and_a_knock_ends_the_hole(options, seed, play):
    rng = random.Random(play)
    state = golf.new_game(options, seed)
    deck = Counter(options.deck())
    for _ in range(3):
        state = _one_hole(state, rng, deck)
        penalty = KNOCK_PENALTY if options.knock_penalty else 0
        expected = hole_scores(state.layouts, options.scoring, state.knocker, penalty)
        assert state.scores[-1] == expected
        assert state.went_out is None
        if state.phase == Phase.GAME_OVER:
            break
        state = golf.apply(state, golf.NextHole(0))
        assert state.knocker is None and state.phase == Phase.DRAW
