"""The clairvoyant optimum of every deal of a named set: the best score knowing the draw order.

    nice -n 15 .venv/bin/python -m tests.bench.solitaire_optimum --set report --variation standard

Each deal is solved exactly by the C solver (perfect information) within `--node-limit`
states. A deal that needs more is given the best score that searches with a horizon find
within `--bound-seconds` of CPU (app.players.solitaire.review.horizon_bound): a line these cards
allow, so an upper bound on the optimum, stored with "exact": false. Results are appended to
tests/bench/solitaire_optimum_<set>.jsonl one deal per line, and deals already there are
skipped: the script can be stopped and run again to go on, and nothing is ever solved twice.
`--count N` stops after the first N deals of the set; `--cpu-minutes M` stops after M minutes
of this process's CPU time (a later run finishes the rest).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterator
from pathlib import Path

from app.players.solitaire.accel import library
from app.players.solitaire.review import best_bound, horizon_bound
from app.rules.solitaire import STANDARD, Variant, deal_for_number, start
from app.simulate.solitaire import parse_variant
from tests.bench.solitaire_sets import HERE, SET_NAMES, load_set

# The variations of the review benchmark, by the words of `golf simulate solitaire --variant`.
VARIATION_NAMES = (
    "standard",
    "queen-on-king",
    "round-the-corner",
    "clear-scores-zero",
    "empty-start",
    "jokers=1",
    "jokers=2",
)
NODE_LIMIT = 5_000_000
BOUND_SECONDS = 0.5


def variation(name: str) -> Variant:
    if name not in VARIATION_NAMES:
        raise ValueError(f"unknown variation {name!r}: use one of {', '.join(VARIATION_NAMES)}")
    return STANDARD if name == "standard" else parse_variant([name])


def results_path(set_name: str) -> Path:
    return HERE / f"solitaire_optimum_{set_name}.jsonl"


def load_results(set_name: str) -> dict[tuple[str, int], dict]:
    """(variation, deal number) -> its stored line; empty when nothing was solved yet."""
    path = results_path(set_name)
    if not path.exists():
        return {}
    lines = (json.loads(line) for line in path.read_text().splitlines() if line.strip())
    return {(line["variation"], line["deal"]): line for line in lines}


def solve(number: int, variant: Variant, node_limit: int, bound_seconds: float) -> dict:
    """One deal's optimum (or upper bound), the states the exact solve was allowed, its CPU."""
    began = time.thread_time()
    position = start(deal_for_number(number, variant), variant)
    best, exact = best_bound(position, node_limit, 0.0)
    if not exact:  # the exact solve ran out of states: the bound gets its own CPU time
        bound = horizon_bound(position, node_limit // 2, time.thread_time() + bound_seconds)
        best, exact = min(best, bound[0]), bound[1]
    return {
        "deal": number,
        "best": best,
        "exact": exact,
        "node_limit": node_limit,
        "cpu": round(time.thread_time() - began, 3),
    }


def pending(set_name: str, names: list[str], count: int | None) -> Iterator[tuple[str, int]]:
    done = load_results(set_name)
    numbers = load_set(set_name)[:count]
    for name in names:
        for number in numbers:
            if (name, number) not in done:
                yield name, number


def summary(set_name: str) -> None:
    """Per variation: deals stored, how many exact, mean and clear rate, CPU spent."""
    lines = list(load_results(set_name).values())
    print(f"clairvoyant optimum, {set_name} set")
    print("| variation | deals | exact | mean | cleared | CPU s (max) | node limit |")
    print("|---|---|---|---|---|---|---|")
    for name in VARIATION_NAMES:
        mine = [line for line in lines if line["variation"] == name]
        if not mine:
            continue
        n = len(mine)
        limits = sorted({line["node_limit"] for line in mine})
        print(
            f"| {name} | {n} | {sum(line['exact'] for line in mine)} "
            f"| {sum(line['best'] for line in mine) / n:.2f} "
            f"| {100 * sum(line['best'] <= 0 for line in mine) / n:.1f} % "
            f"| {sum(line['cpu'] for line in mine):.0f} ({max(line['cpu'] for line in mine):.2f}) "
            f"| {', '.join(f'{limit:,}' for limit in limits)} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", required=True, choices=SET_NAMES)
    parser.add_argument(
        "--variation", action="append", choices=VARIATION_NAMES, help="default: all, in order"
    )
    parser.add_argument("--count", type=int, default=None, help="only the first N deals")
    parser.add_argument("--node-limit", type=int, default=NODE_LIMIT)
    parser.add_argument("--bound-seconds", type=float, default=BOUND_SECONDS)
    parser.add_argument("--cpu-minutes", type=float, default=None, help="stop after this much CPU")
    parser.add_argument("--summary", action="store_true", help="only print what is stored")
    args = parser.parse_args()
    if args.summary:
        summary(args.set)
        return
    if library() is None:
        raise SystemExit("the C solver is not built: install the package with a C compiler")
    names = args.variation or list(VARIATION_NAMES)
    began = time.process_time()
    solved = 0
    with results_path(args.set).open("a") as out:
        for name, number in pending(args.set, names, args.count):
            if args.cpu_minutes is not None and time.process_time() - began > 60 * args.cpu_minutes:
                print(f"stopped after {args.cpu_minutes} CPU minutes; run again to go on")
                break
            line = {
                "variation": name,
                **solve(number, variation(name), args.node_limit, args.bound_seconds),
            }
            out.write(json.dumps(line) + "\n")
            out.flush()
            solved += 1
    print(f"solved {solved} deals in {time.process_time() - began:.1f} s of CPU")


if __name__ == "__main__":
    main()
