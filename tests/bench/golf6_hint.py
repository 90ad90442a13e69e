"""Six-card Golf Hint latency: p50/p95/max in ms of `hint(view)` over positions from real play.

    nice -n 10 .venv/bin/python tests/bench/golf6_hint.py --games 6

Each game (2 to 8 seats, the variations in turn) is played by the coach and greedy; every
position where a person could press Hint (a seat's draw, place or turn-up choice) is timed
once, whole: the coach's move, its values of every action, the reason and the figures.
Also the hole review of every seat and hole of those games (the heavier read after a hole).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from app.players.golf import bots
from app.players.golf.hint import hint
from app.players.golf.hole_review import review
from app.rules.golf import Options, Phase, apply, new_game, seat_view, seats_to_act

SETTINGS = [
    {"seats": 2},
    {"seats": 4, "turn_instead": True},
    {"seats": 3, "jokers": True, "forced_turn_after_throw": True},
    {"seats": 8},
    {"seats": 2, "first_two": "peek_near_row", "turn_all_to_go_out": True},
    {"seats": 5, "bonus_four_in_columns": True},
]


def run(games: int) -> dict:
    times, review_times = [], []
    for game in range(games):
        options = Options(holes=9, **SETTINGS[game % len(SETTINGS)])
        state, rng, moves = new_game(options, game), random.Random(game), []
        while state.phase != Phase.GAME_OVER:
            seat = seats_to_act(state)[0]
            view = seat_view(state, seat)
            if state.phase in (Phase.DRAW, Phase.PLACE, Phase.TURN_UP):
                start = time.perf_counter()
                hint(view)
                times.append((time.perf_counter() - start) * 1000)
            move = bots.choose("coach" if seat % 2 else "greedy", view, rng)
            moves.append(move)
            state = apply(state, move)
        for hole in range(1, 10):
            start = time.perf_counter()
            review(options, game, moves, hole, 0)
            review_times.append((time.perf_counter() - start) * 1000)
    return {"positions": len(times), **_spread("hint_ms", times),
            "reviews": len(review_times), **_spread("review_ms", review_times)}


def _spread(name: str, values: list[float]) -> dict:
    values = sorted(values)
    return {f"{name}_p50": round(statistics.median(values), 1),
            f"{name}_p95": round(values[int(len(values) * 0.95)], 1),
            f"{name}_max": round(values[-1], 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=6)
    print(json.dumps(run(parser.parse_args().games)))


if __name__ == "__main__":
    main()
