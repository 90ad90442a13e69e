"""A review's CPU and completeness, with and without the honest expectation (issue 18).

    nice -n 15 .venv/bin/python -m tests.bench.solitaire_review_cpu 10

The first N report-set deals of every variation, finished by `thumb`, each reviewed twice:
once as the review runs, once with the expectation left out (the moments then have all their
time). Prints CPU p50 / p95 / max and how many reviews judged every move and were exact.
"""

from __future__ import annotations

import sys
import time

import app.players.solitaire.review as review_module
from app.players.solitaire.thumb import thumb_move
from app.rules.solitaire import deal_for_number
from app.simulate.solitaire import play_deal
from tests.bench.solitaire_optimum import VARIATION_NAMES, variation
from tests.bench.solitaire_sets import load_set


def main(count: int) -> None:
    games = []
    for name in VARIATION_NAMES:
        variant = variation(name)
        for number in load_set("report")[:count]:
            cards = deal_for_number(number, variant)
            games.append((cards, variant, play_deal(cards, variant, thumb_move)[0]))
    real = review_module.honest_expectation
    for label, expectation in (("with", real), ("without", lambda *args, **kwargs: None)):
        review_module.honest_expectation = expectation
        cpu, complete, exact = [], 0, 0
        for cards, variant, moves in games:
            began = time.thread_time()
            result = review_module.review(cards, variant, moves)
            cpu.append(1000 * (time.thread_time() - began))
            complete += result.complete
            exact += result.best_exact
        cpu.sort()
        print(
            f"{label} the expectation, {len(cpu)} reviews: CPU p50 {cpu[len(cpu) // 2]:.0f} ms, "
            f"p95 {cpu[int(0.95 * len(cpu))]:.0f} ms, max {cpu[-1]:.0f} ms; "
            f"every move judged {complete}, best exact {exact}"
        )
    review_module.honest_expectation = real


if __name__ == "__main__":
    main(int(sys.argv[1]))
