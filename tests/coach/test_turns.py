"""The coach's honest turns (turns.py): plays chosen on the mean over orders, not per order."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from app.players.solitaire.honest import Honest
from app.players.solitaire.sampling import Coach, candidates
from app.players.solitaire.solver import Solver, top_code
from app.players.solitaire.turns import reachable
from app.rules.solitaire import Position, Variant, is_over
from tests.coach.positions import position
from tests.coach.test_solver import VARIANTS, small_deal


def two_left_to_draw(seed: int, variant: Variant, count: int) -> list[Position]:
    """Small deals (tests.coach.test_solver) cut to two cards to draw, with a choice to make."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        pos = small_deal(rng, variant)
        if len(pos.stock) >= 2:
            pos = replace(pos, stock=pos.stock[:2])
            if not is_over(pos) and len(candidates(pos)[1]) > 1:
                found.append(pos)
    return found


def test_a_turn_reaches_every_state_its_plays_lead_to_before_the_next_draw() -> None:
    # On the 9 only the 8 fits; on the 8, either the 9 under it or the 7; then nothing.
    pos = position(["9S 8S", "7D", "", "", "", "", ""], "9H", "2C")
    solver = Solver(pos.columns, pos.variant)
    turn = reachable(solver, (2, 1, 0, 0, 0, 0, 0), top_code(pos.top))
    assert turn == {
        ((2, 1, 0, 0, 0, 0, 0), 9): [((1, 1, 0, 0, 0, 0, 0), 8)],
        ((1, 1, 0, 0, 0, 0, 0), 8): [((0, 1, 0, 0, 0, 0, 0), 9), ((1, 0, 0, 0, 0, 0, 0), 7)],
        ((0, 1, 0, 0, 0, 0, 0), 9): [],
        ((1, 0, 0, 0, 0, 0, 0), 7): [],
    }


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: ",".join(v.labels()) or "standard")
def test_with_two_cards_to_draw_honest_turns_are_exactly_honest_play(variant: Variant) -> None:
    """This turn and the next are played without the order, and after the next draw only one
    card is left, whose order is no secret: nothing is flattered."""
    positions = two_left_to_draw(24, variant, 60)
    assert len(positions) >= 10
    for pos in positions:
        coach = Coach(samples=4, endgame=0, turn_samples=3, turn_margin=math.inf)
        estimate = coach.estimate(pos)
        assert estimate.samples == 1
        honest = Honest(pos.columns, pos.variant).values(pos, candidates(pos)[0])
        assert estimate.means() == pytest.approx(honest)


def test_only_close_calls_are_judged_again() -> None:
    positions = two_left_to_draw(5, Variant(), 60)
    for pos in positions:
        plain = Coach(samples=4, endgame=0, turn_samples=0).estimate(pos)
        never = Coach(samples=4, endgame=0, turn_samples=3, turn_margin=0.0).estimate(pos)
        assert never.means() == plain.means() and never.samples == 4
        ranked = plain.ranked()
        close = Coach(samples=4, endgame=0, turn_samples=3, turn_margin=0.5).estimate(pos)
        assert (close.samples == 1) == (ranked[1][0] - ranked[0][0] < 0.5)
