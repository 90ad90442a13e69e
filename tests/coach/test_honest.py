"""Exact honest play: worked by hand, bounded by the clairvoyant and the rules of thumb, honest,
and the same in C and in pure Python."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from app.players.solitaire.accel import library
from app.players.solitaire.hint import advise
from app.players.solitaire.honest import C_BITS, C_MAX_BITS, Honest, table_bits
from app.players.solitaire.review import best_possible
from app.players.solitaire.sampling import Coach, candidates, plain_sampler
from app.players.solitaire.solver import SearchTooBig
from app.players.solitaire.thumb import thumb_choices, thumb_move
from app.rules.solitaire import STANDARD, Play, Position, Variant, apply, is_over, score
from tests.coach.positions import position
from tests.coach.test_solver import VARIANTS, small_deal


def pure(pos: Position) -> Honest:
    honest = Honest(pos.columns, pos.variant)
    honest._c = None
    return honest


def engines(pos: Position) -> list[Honest]:
    """The pure-Python search, and the C one when it is built here."""
    found = [pure(pos)]
    if library() is not None:
        found.append(Honest(pos.columns, pos.variant))
    return found


def best_value(honest: Honest, pos: Position) -> float:
    return min(honest.values(pos, thumb_choices(pos)))


def small_deals_in_play(seed: int, variant: Variant, count: int) -> Iterator[Position]:
    """The deals among `count` small ones (tests.coach.test_solver) that are not over yet."""
    rng = random.Random(seed)
    for _ in range(count):
        pos = small_deal(rng, variant)
        if not is_over(pos):
            yield pos


def every_order(pos: Position) -> list[Position]:
    return [replace(pos, stock=order) for order in set(itertools.permutations(pos.stock))]


def thumb_score(pos: Position) -> int:
    while not is_over(pos):
        pos = apply(pos, thumb_move(pos))
    return score(pos)


def test_a_draw_is_the_mean_over_the_cards_left_to_draw() -> None:
    # A lone 5 under a king. A 4 first clears it with the 9 still to draw (-1); a 9 first
    # means drawing again for the 4, which clears it with nothing left (0). Mean: -0.5.
    pos = position(["5S", "", "", "", "", "", ""], "KH", "4C 9D")
    for honest in engines(pos):
        assert honest.values(pos, []) == [-0.5]
    zero = position(["5S", "", "", "", "", "", ""], "KH", "4C 9D", Variant(clear_scores_zero=True))
    for honest in engines(zero):
        assert honest.values(zero, []) == [0.0]


def test_playing_and_drawing_are_both_valued() -> None:
    # The 8 fits the 7 now: play it and the 9 follows (cleared, two left to draw: -2).
    # Drawing first wastes a card whatever comes, so it is worth more than -2.
    pos = position(["9S 8S", "", "", "", "", "", ""], "7H", "2C 3C")
    for honest in engines(pos):
        play, draw = honest.values(pos, [0])
        assert play == -2.0
        assert draw > play


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: ",".join(v.labels()) or "standard")
def test_honest_best_lies_between_the_clairvoyant_and_the_rules_of_thumb(variant: Variant) -> None:
    """No honest player beats knowing the order; thumb is one honest way to play."""
    for pos in small_deals_in_play(18, variant, 20):
        orders = every_order(pos)
        clairvoyant = sum(best_possible(o) for o in orders) / len(orders)
        thumb = sum(thumb_score(o) for o in orders) / len(orders)
        for honest in engines(pos):
            value = best_value(honest, pos)
            assert clairvoyant - 1e-9 <= value <= thumb + 1e-9


def test_the_order_of_the_draw_pile_changes_nothing() -> None:
    for pos in small_deals_in_play(3, STANDARD, 20):
        values = {tuple(pure(o).values(o, thumb_choices(o))) for o in every_order(pos)}
        assert len(values) == 1


@pytest.mark.skipif(library() is None, reason="no C compiler: only the Python search runs")
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: ",".join(v.labels()) or "standard")
def test_c_and_python_give_the_same_values(variant: Variant) -> None:
    for pos in small_deals_in_play(11, variant, 25):
        python, c = engines(pos)
        plays = thumb_choices(pos)
        assert python.values(pos, plays) == c.values(pos, plays)


def test_a_search_too_big_stops_and_leaves_nothing_wrong_behind() -> None:
    pos = position(["9S 8S 7D", "4C 3S", "JH", "", "", "", ""], "2D", "TC 5H 6S QD KC AC")
    for honest in engines(pos):
        with pytest.raises(SearchTooBig):
            honest.values(pos, thumb_choices(pos), node_limit=3)
        again = honest.values(pos, thumb_choices(pos))
        assert again == pure(pos).values(pos, thumb_choices(pos))


def test_a_search_allowed_more_states_gets_a_larger_table_up_to_a_cap() -> None:
    assert table_bits(300_000) == C_BITS == 20
    assert table_bits(4_000_000) == 23
    assert table_bits(10**9) == C_MAX_BITS == 24
    pos = position(["9S 8S 7D", "4C 3S", "JH", "", "", "", ""], "2D", "TC 5H 6S QD KC AC")
    plays = thumb_choices(pos)
    small, large = Honest(pos.columns, pos.variant), Honest(pos.columns, pos.variant, 23)
    assert small.values(pos, plays) == large.values(pos, plays) == pure(pos).values(pos, plays)


def test_the_coach_plays_the_exact_honest_values_near_the_end() -> None:
    pos = position(["9S 8S 7D", "4C 3S", "JH", "", "", "", ""], "2D", "TC 5H 6S")
    coach = Coach(samples=4, endgame=3, endgame_nodes=100_000)
    estimate = coach.estimate(pos)
    assert estimate.exact
    assert estimate.means() == pure(pos).values(pos, thumb_choices(pos))
    sampled = Coach(samples=4, endgame=2, endgame_nodes=100_000).estimate(pos)
    assert not sampled.exact
    assert sampled.samples == 4


def test_near_the_end_hint_and_coach_play_the_exact_honest_best() -> None:
    # Averaging solves that each know their sampled order prefers the 5♥ on the 6♥; counting
    # only which five cards are left to draw, the 5♦ is worth about 0.4 of a card more.
    pos = position(["9S JS 5D", "4H AH QD", "3C 8H 5H", "8S 4D 7H", "", "", ""], "6H",
                   "TS 2H 4S 8C 8D")
    plays, moves = candidates(pos)
    values = pure(pos).values(pos, plays)
    best = moves[values.index(min(values))]
    assert best == Play(0)
    assert plain_sampler().choose(pos) == Play(2)
    assert Coach().choose(pos) == best
    # Here playing this turn and the next honestly (turns.py) is enough to see it too.
    assert Coach(endgame=0).choose(pos) == best
    assert advise(pos).move == best
