"""The exact solver agrees with a plain exhaustive search, in C and in pure Python."""

from __future__ import annotations

import random

import pytest

from app.players.solitaire.accel import library
from app.players.solitaire.review import best_possible
from app.players.solitaire.solver import SearchTooBig, Solver, top_code
from app.rules.cards import rank, standard_deck
from app.rules.solitaire import STANDARD, Play, Position, Variant, apply, legal_moves, score
from tests.coach.positions import position

VARIANTS = [
    STANDARD,
    Variant(queen_on_king=True),
    Variant(round_the_corner=True),
    Variant(clear_scores_zero=True),
    Variant(jokers=2),
]


def exhaustive(pos: Position) -> int:
    """Best score by trying every line of play, straight through the rules module."""
    moves = legal_moves(pos)
    if not moves:
        return score(pos)
    return min(exhaustive(apply(pos, move)) for move in moves)


def small_deal(rng: random.Random, variant: Variant) -> Position:
    """Seven short columns (0-3 cards), a top card and a draw pile of up to five."""
    deck = standard_deck() + ["JK"] * variant.jokers
    rng.shuffle(deck)
    columns = [" ".join(deck.pop() for _ in range(rng.randint(0, 3))) for _ in range(7)]
    stock = " ".join(deck.pop() for _ in range(rng.randint(0, 5)))
    return position(columns, deck.pop(), stock, variant)


def pure_python(pos: Position) -> int:
    solver = Solver(pos.columns, pos.variant)
    solver.fast = None
    stock = [rank(card) for card in pos.stock]
    return solver.solve([len(c) for c in pos.columns], top_code(pos.top), stock)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: ",".join(v.labels()) or "standard")
def test_best_score_equals_exhaustive_search_on_small_deals(variant: Variant) -> None:
    rng = random.Random(7)
    for _ in range(25):
        pos = small_deal(rng, variant)
        expected = exhaustive(pos)
        assert best_possible(pos) == expected
        assert pure_python(pos) == expected


def test_clear_counts_the_cards_left_to_draw() -> None:
    # 7 on top: 8 then 9 clear the only column, two cards stay in the draw pile.
    pos = position(["9S 8S", "", "", "", "", "", ""], "7H", "2C 3C")
    assert best_possible(pos) == -2
    assert pure_python(pos) == -2


def test_a_king_on_top_must_wait_for_the_draw() -> None:
    # Only a queen could carry the king; after it, the 10 can go nowhere.
    pos = position(["TS KS", "", "", "", "", "", ""], "QH", "")
    assert best_possible(pos) == 1


def test_horizon_counts_cards_left_after_that_many_draws() -> None:
    solver = Solver((("9S", "8S"), (), (), (), (), (), ()), STANDARD)
    # Draw a 2, then the 7: two draws needed before the run, so horizon 1 sees 2 cards left.
    stock = [rank("2C"), rank("7D")]
    assert solver.action_values([2, 0, 0, 0, 0, 0, 0], rank("KH"), stock, [], 1) == [2]
    assert solver.action_values([2, 0, 0, 0, 0, 0, 0], rank("KH"), stock, [], None) == [0]


def test_node_limit_stops_a_big_search() -> None:
    deck = standard_deck()
    random.Random(3).shuffle(deck)
    pos = position(
        [" ".join(deck[5 * c : 5 * c + 5]) for c in range(7)], deck[35], " ".join(deck[36:])
    )
    solver = Solver(pos.columns, pos.variant)
    stock = [rank(card) for card in pos.stock]
    with pytest.raises(SearchTooBig):
        solver.action_values([5] * 7, top_code(pos.top), stock, [], None, node_limit=50)


@pytest.mark.skipif(library() is None, reason="no C compiler: only the Python solver runs")
def test_c_and_python_solvers_agree_on_deeper_positions() -> None:
    rng = random.Random(11)
    for _ in range(6):
        deck = standard_deck()
        rng.shuffle(deck)
        columns = [" ".join(deck.pop() for _ in range(rng.randint(2, 5))) for _ in range(7)]
        pos = position(columns, deck.pop(), " ".join(deck.pop() for _ in range(6)))
        assert best_possible(pos) == pure_python(pos)


@pytest.mark.skipif(library() is None, reason="no C compiler: only the Python solver runs")
@pytest.mark.parametrize("rollouts", [0, 1, 2])
def test_c_and_python_agree_with_a_horizon(rollouts: int) -> None:
    rng = random.Random(5)
    for _ in range(6):
        deck = standard_deck()
        rng.shuffle(deck)
        pos = position([" ".join(deck[5 * c : 5 * c + 5]) for c in range(7)], deck[35])
        stock = [rank(card) for card in deck[36:]]
        fast, slow = Solver(pos.columns, STANDARD), Solver(pos.columns, STANDARD)
        slow.fast = None
        fast.rollouts = slow.rollouts = rollouts
        plays = [c for c in range(7) if fits_top(pos, c)]
        args = ([5] * 7, top_code(pos.top), stock, plays, 3)
        assert fast.action_values(*args) == slow.action_values(*args)


def fits_top(pos: Position, column: int) -> bool:
    return Play(column) in legal_moves(pos)
