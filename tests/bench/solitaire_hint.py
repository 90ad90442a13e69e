"""Hint latency: time advise() on positions from real play, report p50/p95/max in ms.

    nice -n 10 .venv/bin/python tests/bench/solitaire_hint.py --deals 40

Positions come from deals 1..N played by the rules of thumb; every position where a hint
could be asked (the deal is not over) is timed once, with the default 150 ms budget.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from app.coach.accel import library
from app.coach.hint import advise
from app.coach.thumb import thumb_move
from app.rules.solitaire import Position, apply, deal_for_number, is_over, start


def positions(count: int) -> list[Position]:
    found = []
    for number in range(1, count + 1):
        position = start(deal_for_number(number))
        while not is_over(position):
            found.append(position)
            position = apply(position, thumb_move(position))
    return found


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--budget-ms", type=int, default=150)
    args = parser.parse_args()
    sample = positions(args.deals)
    advise(sample[0], budget_ms=args.budget_ms)  # builds/loads the solver once, like a server
    times = []
    for position in sample:
        began = time.perf_counter()
        advise(position, budget_ms=args.budget_ms)
        times.append((time.perf_counter() - began) * 1000)
    times.sort()
    report = {
        "positions": len(times),
        "solver": "C" if library() is not None else "pure Python",
        "p50_ms": round(statistics.median(times), 1),
        "p95_ms": round(times[int(0.95 * (len(times) - 1))], 1),
        "max_ms": round(times[-1], 1),
    }
    print(json.dumps(report))


if __name__ == "__main__":
    main()
