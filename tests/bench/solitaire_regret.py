"""How far the coach is from perfect honest play: its regret against the exact honest search.

    nice -n 5 .venv/bin/python -m tests.bench.solitaire_regret --set report --count 100
    .venv/bin/python -m tests.bench.solitaire_regret --set report --count 100 --table

Plays the coach (`golf simulate solitaire`'s, with its defaults but `--endgame-nodes` and
`--turn-samples`) on the first `--count` deals of a set with standard rules. At each of its
decisions with at most `--cards` cards left to draw, the exact honest search
(app/players/solitaire/honest.py, with its own table of 2^24 states and at most `--nodes` new
states a decision) gives the expected final score of every legal move, for a player who knows
which cards are left to draw but not their order. The coach's regret there is the value of its
move less the best value: what that decision costs it on average, with no luck of the draw in
it (each value is an expectation over every order). A policy's expected loss against perfect
play from a position is the sum of its regrets along its own games from there, so the regrets
summed here are a lower bound on what perfect honest play would gain over the coach from the
first decision checked (all of it where every later decision was checked, as near the end).

Where the search does not fit, that decision is not checked, nor are the next ones with as
many cards left (each attempt costs the whole node limit); the table says how many were
checked. Lines are appended per deal to tests/bench/solitaire_results/
regret_<set>_endgame<nodes>_turns<samples>.jsonl; a rerun plays only the deals missing, and
`--part K/N` shares a run between processes.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict
from pathlib import Path

from app.players.solitaire.honest import C_MAX_BITS, Honest
from app.players.solitaire.sampling import (
    DEFAULT_ENDGAME_NODES,
    DEFAULT_TURN_SAMPLES,
    Coach,
    candidates,
)
from app.players.solitaire.solver import SearchTooBig
from app.rules.solitaire import STANDARD, apply, deal_for_number, is_over, start
from tests.bench.solitaire_sets import SET_NAMES, load_set
from tests.bench.solitaire_vs_optimum import RESULTS, part_of, stored_lines

DEFAULT_CARDS = 12
DEFAULT_NODES = 10_000_000


def deal_regret(number: int, coach: Coach, cards: int, nodes: int) -> dict:
    """Play the coach on one deal; per cards left to draw, decisions seen, checked, regret."""
    position = start(deal_for_number(number, STANDARD), STANDARD)
    judge = Honest(position.columns, position.variant, C_MAX_BITS)
    seen: dict[int, int] = defaultdict(int)
    checked: dict[int, int] = defaultdict(int)
    regret: dict[int, float] = defaultdict(float)
    too_big_at = None
    began = time.thread_time()
    while not is_over(position):
        move = coach.choose(position)
        plays, moves = candidates(position)
        left = len(position.stock)
        if left <= cards and len(moves) > 1:
            seen[left] += 1
            if too_big_at != left:
                try:
                    values = judge.values(position, plays, nodes)
                except SearchTooBig:
                    too_big_at = left
                else:
                    checked[left] += 1
                    regret[left] += values[moves.index(move)] - min(values)
        position = apply(position, move)
    return {
        "deal": number,
        "seen": seen,
        "checked": checked,
        "regret": regret,
        "cpu": round(time.thread_time() - began, 1),
    }


def results_path(set_name: str, endgame_nodes: int, turn_samples: int) -> Path:
    return RESULTS / f"regret_{set_name}_endgame{endgame_nodes}_turns{turn_samples}.jsonl"


def run(path: Path, numbers: list[int], coach: dict, cards: int, nodes: int, part) -> None:
    """Check the deals of `numbers` (every part[1]-th from part[0]) not checked yet; `coach`
    holds the coach's options."""
    done = stored_lines(path)
    RESULTS.mkdir(exist_ok=True)
    with path.open("a") as out:
        for number in numbers[part[0] :: part[1]]:
            if number not in done:
                line = deal_regret(number, Coach(**coach), cards, nodes)
                out.write(json.dumps(line) + "\n")
                out.flush()


def table(lines: list[dict]) -> None:
    deals = len(lines)
    print(f"coach's regret against exact honest play, {deals} deals")
    print("| cards left to draw | decisions | checked | regret per checked | regret per deal |")
    print("|---|---|---|---|---|")
    buckets = sorted({int(k) for line in lines for k in line["seen"]}, reverse=True)
    total = 0.0
    for left in buckets:
        key = str(left)
        seen = sum(line["seen"].get(key, 0) for line in lines)
        checked = sum(line["checked"].get(key, 0) for line in lines)
        regret = sum(line["regret"].get(key, 0.0) for line in lines)
        total += regret
        per_decision = f"{regret / checked:.4f}" if checked else "-"
        print(f"| {left} | {seen} | {checked} | {per_decision} | {regret / deals:.4f} |")
    print(f"| all | | | | {total / deals:.4f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", required=True, choices=SET_NAMES)
    parser.add_argument("--count", type=int, default=100, help="the first N deals of the set")
    parser.add_argument("--cards", type=int, default=DEFAULT_CARDS, help="check from this many")
    parser.add_argument("--nodes", type=int, default=DEFAULT_NODES, help="states per check")
    parser.add_argument(
        "--endgame-nodes",
        type=int,
        default=DEFAULT_ENDGAME_NODES,
        help="the coach's own budget for its exact honest endgame (golf simulate's default)",
    )
    parser.add_argument(
        "--turn-samples",
        type=int,
        default=DEFAULT_TURN_SAMPLES,
        help="the coach's orders per rank for its honest turns (golf simulate's default)",
    )
    parser.add_argument("--part", type=part_of, default=(0, 1), metavar="K/N")
    parser.add_argument("--table", action="store_true", help="only print what is stored")
    args = parser.parse_args()
    numbers = load_set(args.set)[: args.count]
    path = results_path(args.set, args.endgame_nodes, args.turn_samples)
    if not args.table:
        coach = {"endgame_nodes": args.endgame_nodes, "turn_samples": args.turn_samples}
        run(path, numbers, coach, args.cards, args.nodes, args.part)
    done = stored_lines(path)
    table([done[number] for number in numbers if number in done])


if __name__ == "__main__":
    main()
