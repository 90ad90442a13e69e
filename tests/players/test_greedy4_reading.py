"""Reading a greedy opponent's peeked cards from its moves (greedy4_reading)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from app.players.golf import greedy4
from app.players.golf.golf4_rollout import POINTS, RANK_OF
from app.players.golf.greedy4_reading import near_card_guesses
from app.players.golf.knowledge import knowledge_of
from app.rules import golf
from app.rules.golf import DrawStock, Options, Swap
from tests.players.golf4_helpers import positions

OPTIONS = [
    Options(game="golf4"),
    Options(game="golf4", pairs_cancel=True),
    Options(game="golf4", knock_penalty=True),
]


def _readings(options: Options, seed: int, opponent: str = "greedy"):
    """(state, reading) at each decision of the coach in seat 0 against `opponent` in seat 1."""
    for state, seat in positions(options, seed, opponent=opponent):
        if seat == 0:
            yield state, near_card_guesses(golf.seat_view(state, 0))


def _truth(state: golf.State, hidden: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(RANK_OF[state.layouts[1][i][0]] for i in hidden)


@pytest.mark.parametrize("options", OPTIONS, ids=range(len(OPTIONS)))
def test_greedys_real_cards_are_always_among_the_guesses_and_its_moves_narrow_them(options):
    read = narrowed = 0
    for seed in (1, 2):
        for state, reading in _readings(options, seed):
            if reading is None:
                continue
            hidden, guesses = reading
            assert _truth(state, hidden) in {guess for guess, _ in guesses}
            assert all(weight > 0 for _, weight in guesses)
            read += 1
            everything = Counter(knowledge_of(golf.seat_view(state, 0)).pool)
            narrowed += len(guesses) < len(everything) ** len(hidden) / 2
    assert read > 100
    assert narrowed > read / 3  # at least half the pairs ruled out


def test_before_greedy_moves_every_pair_of_unseen_cards_is_a_guess_weighed_by_count():
    state = golf.new_game(Options(game="golf4"), 4)
    me = state.turn
    view = golf.seat_view(state, me)
    hidden, guesses = near_card_guesses(view)
    assert hidden == (2, 3)
    pool = knowledge_of(view).pool
    assert len(guesses) == len(pool) ** 2
    # Two aces: the pool's aces, times the aces left after one is taken.
    aces = pool["A"]
    assert dict(guesses)[(0, 0)] == aces * (aces - 1)
    assert sum(weight for _, weight in guesses) == sum(pool.values()) * (sum(pool.values()) - 1)


def test_greedy_putting_a_card_on_its_top_row_says_both_near_cards_are_no_higher_than_the_mean():
    for seed in range(1, 40):
        state = golf.new_game(Options(game="golf4"), seed)
        me, greedy = state.turn, 1 - state.turn
        state = golf.apply(golf.apply(state, DrawStock(me)), Swap(me, 2))
        mean = knowledge_of(golf.seat_view(state, greedy)).mean
        before = near_card_guesses(golf.seat_view(state, me))[1]
        move = greedy4.choose(golf.seat_view(state, greedy), random.Random(0))
        state = golf.apply(state, move)
        if move != DrawStock(greedy):
            continue
        after = golf.apply(state, greedy4.choose(golf.seat_view(state, greedy), random.Random(0)))
        placed = after.played[-1].move
        if not (isinstance(placed, Swap) and placed.index in (0, 1)):
            continue
        hidden, guesses = near_card_guesses(golf.seat_view(after, me))
        assert hidden == (2, 3)
        assert all(POINTS[a] <= mean and POINTS[b] <= mean for (a, b), _ in guesses)
        assert any(POINTS[a] > mean for (a, _), _ in before)
        return
    pytest.fail("no deal where greedy put its first card on its top row")


def test_no_reading_of_an_opponent_who_does_not_play_by_greedys_rules():
    readings = [reading for _, reading in _readings(OPTIONS[0], 3, opponent="random")]
    assert readings.count(None) > len(readings) / 2


def test_no_reading_of_a_table_its_record_does_not_explain():
    state = golf.new_game(Options(game="golf4"), 2)
    me = state.turn
    assert near_card_guesses(golf.seat_view(state, me)) is not None
    shown = replace(state, face_up=((True, False, False, False),) * 2)  # no move turned it up
    assert near_card_guesses(golf.seat_view(shown, me)) is None


def test_no_reading_after_a_reshuffle_or_with_more_than_two_seats():
    state = golf.new_game(Options(game="golf4", seats=3), 2)
    assert near_card_guesses(golf.seat_view(state, state.turn)) is None
    state = golf.new_game(Options(game="golf4"), 2)
    state = replace(state, reshuffles=1)
    assert near_card_guesses(golf.seat_view(state, state.turn)) is None
