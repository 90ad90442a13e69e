"""A solitaire player next to the clairvoyant optimum, on the same deals of a named set.

    nice -n 15 .venv/bin/python -m tests.bench.solitaire_vs_optimum --player thumb --set report
    nice -n 15 .venv/bin/python -m tests.bench.solitaire_vs_optimum --player coach --set report \\
        --variation standard --count 300
    nice -n 15 .venv/bin/python -m tests.bench.solitaire_vs_optimum --player hint --set report \\
        --variation standard --count 200

`--player hint` plays what the Hint button advises, searching within the request's budget of
wall-clock time (`--hint-budget` ms, default 150), so its strength depends on how busy the
machine is: give it a core of its own, and say how busy the machine was.

Plays the player (`golf simulate solitaire`'s players, with that command's defaults; any
further option such as `--samples 32` goes to them, and then `--label` names the run) on the
first `--count` deals of the set, for each variation asked (default: all), and prints per
variation: the player's mean score and clear rate, the optimum's on the same deals, and the
gap (player mean - optimum mean). The optimum comes from tests/bench/solitaire_optimum_<set>.jsonl
(tests.bench.solitaire_optimum); a deal missing there is left out and counted. Where the
optimum is only a bound (the exact solve ran out of states), the player's own score is used
when it is lower (the player found a line these cards allow): the table says how many such
bounds remain. Scores are appended per deal to tests/bench/solitaire_results/<label>_<set>_
<variation>.jsonl, so a long run can be stopped and started again and only plays what is left.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass
from pathlib import Path

from app.players.solitaire.hint import advise
from app.rules.solitaire import deal_for_number
from app.simulate.solitaire import Player, add_arguments, make_player, play_deal
from tests.bench.solitaire_optimum import VARIATION_NAMES, load_results, variation
from tests.bench.solitaire_sets import HERE, SET_NAMES, load_set

RESULTS = HERE / "solitaire_results"
# The Hint request's default budget (app.players.solitaire.hint.advise), wall-clock.
HINT_BUDGET_MS = 150


@dataclass(frozen=True)
class Row:
    """One variation's figures on the deals both the player and the optimum have."""

    variation: str
    deals: int
    mean: float
    cleared: float
    best_mean: float
    best_cleared: float
    bounds: int
    beaten: int
    missing: int

    @property
    def gap(self) -> float:
        return self.mean - self.best_mean


def results_path(label: str, set_name: str, name: str) -> Path:
    return RESULTS / f"{label}_{set_name}_{name.replace('=', '')}.jsonl"


def stored_lines(path: Path) -> dict[int, dict]:
    """Deal number -> its line in a results file of one JSON object per deal (empty if none)."""
    if not path.exists():
        return {}
    lines = (json.loads(line) for line in path.read_text().splitlines())
    return {line["deal"]: line for line in lines}


def play(
    label: str,
    player_args: argparse.Namespace,
    set_name: str,
    name: str,
    count: int | None,
    part: tuple[int, int] = (0, 1),
):
    """Play the deals not played yet; return deal number -> score for the first `count`.

    With `part` (k, n), play only every n-th of those deals from the k-th, so that n
    processes can share one results file (each line is appended whole).
    """
    path = results_path(label, set_name, name)
    numbers = load_set(set_name)[:count]
    done = {number: line["score"] for number, line in stored_lines(path).items()}
    variant = variation(name)
    player = None
    path.parent.mkdir(exist_ok=True)
    with path.open("a") as out:
        for number in numbers[part[0] :: part[1]]:
            if number in done:
                continue
            if player is None:
                player = make_bench_player(player_args)
            began = time.thread_time()
            _, result = play_deal(deal_for_number(number, variant), variant, player)
            line = {"deal": number, "score": result, "cpu": round(time.thread_time() - began, 3)}
            out.write(json.dumps(line) + "\n")
            out.flush()
            done[number] = result
    return {number: done[number] for number in numbers if number in done}


def part_of(text: str) -> tuple[int, int]:
    """The --part option: "K/N" -> (K, N), with 0 <= K < N."""
    k, _, n = text.partition("/")
    if not (k.isascii() and k.isdigit() and n.isascii() and n.isdigit() and int(k) < int(n)):
        raise argparse.ArgumentTypeError(f"expected K/N with 0 <= K < N, not {text!r}")
    return int(k), int(n)


def make_bench_player(player_args: argparse.Namespace) -> Player:
    """`golf simulate`'s player, or `hint`: what the Hint button advises, at its time budget."""
    if player_args.hint_budget is None:
        return make_player(player_args.player, player_args)
    budget, seed = player_args.hint_budget, player_args.seed
    return lambda position: advise(position, budget_ms=budget, seed=seed).move


def compare(set_name: str, name: str, scores: dict[int, int]) -> Row:
    optimum = load_results(set_name)
    pairs, bounds, beaten = [], 0, 0
    for number, result in scores.items():
        line = optimum.get((name, number))
        if line is None:
            continue
        if not line["exact"]:
            bounds += 1
            beaten += result < line["best"]
        pairs.append((result, line["best"]))
    n = len(pairs)
    return Row(
        variation=name,
        deals=n,
        mean=sum(p for p, _ in pairs) / max(n, 1),
        cleared=sum(p <= 0 for p, _ in pairs) / max(n, 1),
        best_mean=sum(b for _, b in pairs) / max(n, 1),
        best_cleared=sum(b <= 0 for _, b in pairs) / max(n, 1),
        bounds=bounds,
        beaten=beaten,
        missing=len(scores) - n,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--player", required=True, choices=("thumb", "coach", "hint"))
    parser.add_argument("--set", required=True, choices=SET_NAMES)
    parser.add_argument("--variation", action="append", choices=VARIATION_NAMES)
    parser.add_argument("--count", type=int, default=None, help="only the first N deals")
    parser.add_argument("--label", default=None, help="name of this run's results (player)")
    parser.add_argument(
        "--part",
        type=part_of,
        default=(0, 1),
        metavar="K/N",
        help="play only every N-th deal from the K-th (0-based), to share a run between processes",
    )
    args, rest = parser.parse_known_args()
    player_parser = argparse.ArgumentParser(prog="player options")
    add_arguments(player_parser)
    player_parser.add_argument("--hint-budget", type=int, default=None)
    simulated = "coach" if args.player == "hint" else args.player
    player_args = player_parser.parse_args(["--deals", "-", "--player", simulated, *rest])
    if args.player == "hint" and player_args.hint_budget is None:
        player_args.hint_budget = HINT_BUDGET_MS
    label = args.label or args.player
    if rest and args.label is None:
        parser.error("options for the player need a --label naming the run")
    print(f"{label} on the {args.set} set" + (f", first {args.count} deals" if args.count else ""))
    print(
        "| variation | deals | mean | cleared | optimum mean | optimum cleared | gap "
        "| bounds (beaten) |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for name in args.variation or VARIATION_NAMES:
        scores = play(label, player_args, args.set, name, args.count, args.part)
        row = compare(args.set, name, scores)
        note = f" ({row.missing} deals without an optimum yet)" if row.missing else ""
        print(
            f"| {name} | {row.deals} | {row.mean:.2f} | {100 * row.cleared:.1f} % "
            f"| {row.best_mean:.2f} | {100 * row.best_cleared:.1f} % | {row.gap:+.2f} "
            f"| {row.bounds} ({row.beaten}) |{note}",
            flush=True,
        )


if __name__ == "__main__":
    main()
