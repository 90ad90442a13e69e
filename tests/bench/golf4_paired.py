"""Four-card coach variants against greedy, compared game by game (the README's paired figures).

    nice -n 10 .venv/bin/python -m tests.bench.golf4_paired play OUT.jsonl --seed 7 --games 300 \
        [--seats 2] [--set coach4_search.READ_GREEDY=False ...] [--tell-own-cards] [--part K/N]
    .venv/bin/python -m tests.bench.golf4_paired compare A.jsonl B.jsonl

`play` plays the coach in seat 0 against greedy players on the games `golf simulate golf4
--seed S` deals (game i deals first from seat i % seats), with module constants of
app.players.golf changed by `--set`, and appends one JSON line per game. `compare` prints both
runs' win shares on the games they share and the mean difference with one standard error: the
same deals meet both variants, so the difference is measured far more finely than each share.

`--tell-own-cards` is a diagnostic, not a player: the coach is shown its own face-down cards
from the start, which no honest player sees, to measure what that knowledge would be worth.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import math
from dataclasses import replace
from pathlib import Path

from app.rules.golf import Game, Options, SeatView, State, seat_view
from app.simulate.golf import play_game
from tests.bench.solitaire_vs_optimum import part_of, stored_lines


def setting(text: str) -> tuple[object, str, object]:
    """The --set option: "module.NAME=VALUE" -> (the module, NAME, the value)."""
    target, _, value = text.partition("=")
    module_name, _, name = target.rpartition(".")
    try:
        module = importlib.import_module(f"app.players.golf.{module_name}")
        parsed = ast.literal_eval(value)
    except (ImportError, ValueError, SyntaxError) as error:
        raise argparse.ArgumentTypeError(f"expected module.NAME=VALUE, not {text!r}") from error
    if not name.isidentifier() or not hasattr(module, name):
        raise argparse.ArgumentTypeError(f"no constant {name!r} in {module_name}")
    return module, name, parsed


COACH_SEAT = 0  # `play` seats the coach first


def told_own_cards(state: State, seat: int) -> SeatView:
    """The seat's view, the coach's showing every card of its own layout as if looked at."""
    if seat != COACH_SEAT:
        return seat_view(state, seat)
    everything = tuple(True for _ in state.known[seat])
    known = tuple(everything if s == seat else row for s, row in enumerate(state.known))
    return seat_view(replace(state, known=known), seat)


def play(args: argparse.Namespace) -> None:
    for module, name, value in args.set:
        setattr(module, name, value)
    options = Options(game=Game.FOUR_CARD.value, seats=args.seats, holes=9)
    players = ["coach"] + ["greedy"] * (args.seats - 1)
    view_of = told_own_cards if args.tell_own_cards else seat_view
    k, n = args.part
    done = stored_lines(args.out)
    with args.out.open("a") as out:
        for number in range(k, args.games, n):
            if number in done:
                continue
            result = play_game(options, players, args.seed, number, view_of)
            line = {"deal": number, "totals": result.totals, "winners": result.winners}
            out.write(json.dumps(line) + "\n")
            out.flush()


def share(line: dict) -> float:
    """Seat 0's share of the game's win (ties share)."""
    return 1 / len(line["winners"]) if 0 in line["winners"] else 0.0


def compare(first: Path, second: Path) -> str:
    a, b = stored_lines(first), stored_lines(second)
    games = sorted(set(a) & set(b))
    if len(games) < 2:
        return "fewer than two games in common"
    diffs = [share(a[g]) - share(b[g]) for g in games]
    mean = sum(diffs) / len(diffs)
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
    first_share = sum(share(a[g]) for g in games) / len(games)
    return (
        f"{len(games)} games: {100 * first_share:.1f} % against "
        f"{100 * (first_share - mean):.1f} %, difference {100 * mean:+.1f} ± {100 * spread:.1f} "
        "points (one standard error)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("play")
    run.add_argument("out", type=Path)
    run.add_argument("--seed", type=int, required=True)
    run.add_argument("--games", type=int, required=True)
    run.add_argument("--seats", type=int, default=2)
    run.add_argument("--set", type=setting, action="append", default=[])
    run.add_argument("--tell-own-cards", action="store_true",
                     help="diagnostic: show the coach its own face-down cards")
    run.add_argument("--part", type=part_of, default=(0, 1))
    both = commands.add_parser("compare")
    both.add_argument("first", type=Path)
    both.add_argument("second", type=Path)
    args = parser.parse_args()
    if args.command == "play":
        play(args)
    else:
        print(compare(args.first, args.second))


if __name__ == "__main__":
    main()
