"""How the review's honest expectation compares with what players actually score on those deals.

    nice -n 15 .venv/bin/python -m tests.bench.solitaire_expectation --set report \\
        --variation standard --count 300 --label coach --label thumb

Works out the expectation the review shows (app.players.solitaire.review.honest_expectation,
with the review's CPU bound) at the start of each of the first `--count` deals of the set, and
prints its mean next to the mean score of each labelled run stored by
tests.bench.solitaire_vs_optimum on the same deals, and the clairvoyant optimum's mean. For
each run it also fits the least-squares line of the run's scores on the estimates (on the tune
set, where app.players.solitaire.review.EXPECTATION_LINES comes from) and, by fifths of the
estimate, compares the figure the review shows with the run's mean score (on the report set,
the check).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from app.players.solitaire.review import expected_score, honest_expectation
from app.rules.solitaire import deal_for_number, start
from tests.bench.solitaire_optimum import VARIATION_NAMES, load_results, variation
from tests.bench.solitaire_sets import SET_NAMES, load_set
from tests.bench.solitaire_vs_optimum import results_path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", required=True, choices=SET_NAMES)
    parser.add_argument("--variation", default="standard", choices=VARIATION_NAMES)
    parser.add_argument("--count", type=int, default=None)
    parser.add_argument("--label", action="append", default=[], help="a stored run to compare")
    args = parser.parse_args()
    variant = variation(args.variation)
    runs = {}
    for label in args.label:
        path = results_path(label, args.set, args.variation)
        lines = (json.loads(line) for line in path.read_text().splitlines())
        runs[label] = {line["deal"]: line["score"] for line in lines}
    numbers = [n for n in load_set(args.set)[: args.count] if all(n in r for r in runs.values())]
    optimum = load_results(args.set)
    expected, seconds = [], []
    for number in numbers:
        began = time.thread_time()
        position = start(deal_for_number(number, variant), variant)
        value = honest_expectation(position)
        seconds.append(time.thread_time() - began)
        expected.append(value)
    known = [value for value in expected if value is not None]
    print(f"{len(numbers)} deals of the {args.set} set, {args.variation}")
    print(f"honest expectation: mean {statistics.fmean(known):.2f} ({len(known)} deals)")
    cpu = sorted(seconds)
    print(f"its CPU: p50 {1000 * cpu[len(cpu) // 2]:.0f} ms, max {1000 * cpu[-1]:.0f} ms")
    for label, scores in runs.items():
        mean = statistics.fmean(scores[n] for n in numbers)
        print(f"{label}: mean score {mean:.2f} on the same deals")
        pairs = [(e, scores[n]) for n, e in zip(numbers, expected, strict=True) if e is not None]
        fit = statistics.linear_regression(*zip(*pairs, strict=True))
        print(f"  least-squares line: score = {fit.intercept:.2f} + {fit.slope:.3f} x estimate")
        print("  by fifths of the estimate: mean estimate, mean shown (the review's line), "
              f"mean {label} score")
        pairs.sort()
        for k in range(5):
            part = pairs[k * len(pairs) // 5 : (k + 1) * len(pairs) // 5]
            raw = statistics.fmean(e for e, _ in part)
            shown = statistics.fmean(expected_score(e, variant) for e, _ in part)
            print(f"    {raw:6.2f} {shown:6.2f} {statistics.fmean(s for _, s in part):6.2f}")
    best = [optimum[(args.variation, n)]["best"] for n in numbers if (args.variation, n) in optimum]
    if best:
        print(f"clairvoyant optimum: mean {statistics.fmean(best):.2f} ({len(best)} deals)")


if __name__ == "__main__":
    main()
