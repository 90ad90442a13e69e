"""The rules-of-thumb player and the honest sampling coach."""

from __future__ import annotations

import random

import pytest

from app.players.solitaire.sampling import Coach
from app.players.solitaire.thumb import thumb_move
from app.rules.solitaire import (
    DRAW,
    TABLEAU_CARDS,
    Draw,
    Play,
    Variant,
    apply,
    deal_for_number,
    is_over,
    legal_moves,
    start,
)
from tests.coach.positions import position, spec_run_example


def test_thumb_keeps_the_run_going() -> None:
    assert thumb_move(spec_run_example()) == Play(0)


def test_thumb_frees_the_tallest_column_when_nothing_follows() -> None:
    # 6 and 8 fit on the 7; nothing visible follows either; column 3 is taller.
    pos = position(["KS 6D", "", "AC KD QC 8S", "", "", "", "KH"], "7H", "2C")
    assert thumb_move(pos) == Play(2)


def test_thumb_plays_before_it_turns_over() -> None:
    pos = position(["KS 6D", "", "", "", "", "", ""], "7H", "2C")
    assert thumb_move(pos) == Play(0)


def test_thumb_draws_when_nothing_fits() -> None:
    assert thumb_move(position(["KS 6D", "", "", "", "", "", ""], "KH", "2C")) == DRAW


def reorder_stock(cards: tuple[str, ...], drawn: int, seed: int) -> tuple[str, ...]:
    """The same deal with the undrawn cards (after the first `drawn`) in another order."""
    cut = TABLEAU_CARDS + 1 + drawn
    rest = list(cards[cut:])
    random.Random(seed).shuffle(rest)
    return cards[:cut] + tuple(rest)


def moves_until_next_draw(cards: tuple[str, ...], coach: Coach, skip_draws: int) -> list:
    """The coach's moves from the start, up to and including draw number skip_draws + 1."""
    pos, moves, draws = start(cards), [], 0
    while not is_over(pos):
        move = coach.choose(pos)
        moves.append(move)
        pos = apply(pos, move)
        if isinstance(move, Draw):
            draws += 1
            if draws > skip_draws:
                break
    return moves


@pytest.mark.parametrize("number", [1, 2, 3])
def test_coach_decides_the_same_when_only_the_undrawn_order_differs(number: int) -> None:
    cards = deal_for_number(number)
    # Cards drawn so far are the same in both deals; the rest are in another order.
    for drawn in (0, 3):
        other = reorder_stock(cards, drawn, seed=number)
        assert other != cards
        first = moves_until_next_draw(cards, Coach(samples=3, horizon=2, seed=5), drawn)
        second = moves_until_next_draw(other, Coach(samples=3, horizon=2, seed=5), drawn)
        assert first == second


def test_coach_only_makes_legal_moves_under_every_variation() -> None:
    variants = [
        Variant(queen_on_king=True),
        Variant(round_the_corner=True),
        Variant(empty_start=True),
        Variant(jokers=1),
        Variant(clear_scores_zero=True),
    ]
    for variant in variants:
        pos = start(deal_for_number(4, variant), variant)
        coach = Coach(samples=2, horizon=1)
        while not is_over(pos):
            move = coach.choose(pos)
            assert move in legal_moves(pos)
            pos = apply(pos, move)


def test_coach_solves_exactly_once_the_draw_pile_is_empty() -> None:
    # Nothing to draw: play the 6 first would strand the 8 and 9; the 8, 9 run is best.
    pos = position(["9C 8S", "6D", "", "", "", "", ""], "7H", "")
    estimate = Coach(samples=1).estimate(pos)
    assert estimate.exact
    assert estimate.ranked()[0] == (1.0, Play(0))
