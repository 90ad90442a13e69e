"""The computer levels between random and the coach: legal, honest, and ordered by strength."""

from __future__ import annotations

import random
import statistics

import pytest

from app.players.golf import bots
from app.players.golf.level_strength import MEASURED
from app.rules.golf import Options, Phase, apply, legal_moves, new_game, seat_view, seats_to_act
from tests.players.test_golf_hint import twin

SETTINGS = [
    {}, {"seats": 3, "turn_instead": True, "forced_turn_after_throw": True},
    {"jokers": True, "turn_all_to_go_out": True}, {"first_two": "peek_near_row"},
    {"game": "golf4"}, {"game": "golf4", "pairs_cancel": True, "knock_penalty": True},
]


def play(options: Options, players: list[str], seed: int) -> tuple[int, ...]:
    state = new_game(options, seed)
    rngs = [random.Random(seed * 10 + s) for s in range(len(players))]
    while state.phase != Phase.GAME_OVER:
        seat = seats_to_act(state)[0]
        move = bots.choose(players[seat], seat_view(state, seat), rngs[seat])
        assert move in legal_moves(state)
        state = apply(state, move)
    return tuple(sum(hole[s] for hole in state.scores) for s in range(options.seats))


@pytest.mark.parametrize("name", ["beginner", "club"])
@pytest.mark.parametrize("settings", SETTINGS)
def test_every_level_plays_every_variation_to_the_end(name, settings):
    options = Options(holes=9, **settings)
    players = [name] + ["greedy"] * (options.seats - 1)
    play(options, players, 1)


@pytest.mark.parametrize("name", ["beginner", "club"])
def test_levels_are_honest(name):
    """Same dice, same seat view: the same move, whatever the hidden cards and stock order."""
    options = Options(seats=3)
    state, rng = new_game(options, 6), random.Random(2)
    for _ in range(150):
        if state.phase == Phase.GAME_OVER:
            break
        seat = seats_to_act(state)[0]
        other = twin(state, seat, rng)
        assert seat_view(other, seat) == seat_view(state, seat)
        assert (bots.choose(name, seat_view(state, seat), random.Random(5))
                == bots.choose(name, seat_view(other, seat), random.Random(5)))
        state = apply(state, bots.choose("greedy", seat_view(state, seat), rng))


def test_beginner_then_club_then_strong():
    """A small run in the order the levels are offered (the full figures: level_strength)."""
    means = {}
    for name in ("beginner", "club", "coach"):
        totals = [play(Options(holes=9), [name, "greedy"], seed)[0] for seed in range(3)]
        means[name] = statistics.mean(totals)
    assert means["beginner"] > means["club"] > means["coach"] - 5
    assert set(MEASURED) == {"beginner", "club", "greedy"}
    assert MEASURED["beginner"][2] < MEASURED["greedy"][2] < MEASURED["club"][2] < 0.5


def test_the_form_states_each_levels_measured_strength_in_both_games():
    """The new-game form's labels quote level_strength's figures: 1 game in round(1 / share)."""
    import re

    from app.players.golf.level_strength import MEASURED_FOUR
    from app.web.golf.forms import BOT_LEVELS

    assert set(MEASURED_FOUR) == set(MEASURED)
    for level in MEASURED:
        six, four = (int(n) for n in re.findall(r"1 (?:game )?in (\d+)", BOT_LEVELS[level]))
        assert six == round(1 / MEASURED[level][2])
        assert four == round(1 / MEASURED_FOUR[level][2])
