"""Pinned games: the six-card bots' decisions, move for move, must not change by accident.

Each case plays three holes of one variation with one bot in every seat and compares a digest
of the whole move log (and the scores) with the one recorded when the bots were tuned. A
deliberate change of a bot updates these digests, and says why in its commit.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from app.players.golf.bots import BOTS
from app.rules import golf
from app.rules.golf import NextHole, Options, Phase

VARIANTS = {
    "standard": Options(),
    "four seats": Options(seats=4),
    "peek, forced turn-up": Options(seats=3, first_two="peek_near_row",
                                    forced_turn_after_throw=True),
    "turn instead, turn all, jokers": Options(seats=2, turn_instead=True,
                                              turn_all_to_go_out=True, jokers=True,
                                              joker_points=-5),
    "five seats, no last turn": Options(seats=5, last_turn=False, first_two="same_column",
                                        bonus_four_in_block=True),
    "two decks, middle and end": Options(seats=3, first_two="middle_and_end",
                                         bonus_four_in_columns=True, two_decks=True),
}
PINNED = [
    ("coach", "standard", 3, "68de9737e0d356db", 78, [[5, -1], [14, 1], [8, -2]]),
    ("coach", "peek, forced turn-up", 11, "94e5c8e97066a7d9", 222,
     [[-2, 0, -1], [-2, -4, -2], [-1, 3, 0]]),
    ("coach", "five seats, no last turn", 3, "b46e0c953bd6d62f", 224,
     [[7, 6, 27, 26, 9], [14, 2, 18, 12, 18], [11, 16, 3, 15, 8]]),
    # Re-pinned when the coach stopped turning all up on any layout at its first turn.
    ("coach", "turn instead, turn all, jokers", 3, "d227c4f14b8eda30", 38,
     [[5, 7], [19, 23], [38, 16]]),
    ("greedy", "four seats", 3, "5c8c24d23c70a760", 194,
     [[22, 6, 4, 2], [5, 8, 5, 10], [9, 7, 3, 21]]),
    ("greedy", "two decks, middle and end", 11, "a17b88f2d998412f", 138,
     [[4, 0, 10], [0, 14, 0], [0, 27, 30]]),
]


def _three_holes(name: str, options: Options, seed: int) -> tuple[str, int, list]:
    state, rng, log = golf.new_game(options, seed), random.Random(seed), []
    while len(state.scores) < 3 and not golf.is_over(state):
        if state.phase == Phase.HOLE_OVER:
            state = golf.apply(state, NextHole(0))
            continue
        seat = golf.seats_to_act(state)[0]
        move = BOTS[name](golf.seat_view(state, seat), rng)
        log.append(json.dumps(golf.move_to_json(move)))
        state = golf.apply(state, move)
    digest = hashlib.sha256("|".join(log).encode()).hexdigest()[:16]
    return digest, len(log), [list(hole) for hole in state.scores]


@pytest.mark.parametrize(("name", "variant", "seed", "digest", "moves", "scores"), PINNED)
def test_bots_play_the_pinned_games_move_for_move(name, variant, seed, digest, moves, scores):
    assert _three_holes(name, VARIANTS[variant], seed) == (digest, moves, scores)
