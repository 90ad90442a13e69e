"""`golf simulate golf6|golf4`: computer players play many games of a Golf family member.

Prints one JSON line per game, {"game": i, "totals": [...], "winners": [...]} (seats in
--players order), then {"summary": {"mean_hole_score", "win_share", "decision_ms_p95", ...}}
with one entry per seat. Game i deals first from seat i % seats, so seats rotate who deals;
every shuffle comes from --seed, so a run can be repeated exactly. Each line is flushed as its
game ends, and progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from app.arguments import whole
from app.players.golf.bots import BOTS_BY_GAME, NAMES
from app.rules import golf
from app.rules.dealnum import MAX_DEAL_NUMBER, splitmix64
from app.rules.golf import (
    HOLE_COUNTS,
    MAX_SEATS,
    MIN_SEATS,
    Game,
    NextHole,
    Options,
    Phase,
    SeatView,
    State,
)
from app.settings import MAX_WORKERS

# Far beyond any sensible hole; stops a pair of stubborn bots from looping for ever.
MAX_MOVES_PER_HOLE = 5000
MAX_GAMES = 1_000_000  # the games' list is made up front: a typo must not fill the memory
# --variant names of the four-card options.
VARIANTS = {"pairs-cancel": "pairs_cancel", "knock-penalty": "knock_penalty"}
GAME_NAMES = {Game.SIX_CARD: "Six-card Golf", Game.FOUR_CARD: "Four-card Golf"}
PROGRESS_STEPS = 20


def add_arguments(parser: argparse.ArgumentParser, game: Game) -> None:
    parser.add_argument("--players", required=True,
                        help=f"comma-separated bots, one per seat: {', '.join(NAMES)}")
    parser.add_argument("--games", type=whole(1, MAX_GAMES), default=100)
    parser.add_argument("--holes", type=int, choices=HOLE_COUNTS, default=HOLE_COUNTS[0])
    parser.add_argument("--seed", type=whole(-(2**62), 2**62), default=1)
    parser.add_argument("--workers", type=whole(1, MAX_WORKERS), default=1,
                        help="processes to play games in")
    if game == Game.FOUR_CARD:
        parser.add_argument("--variant", action="append", choices=sorted(VARIANTS), default=[],
                            help="a four-card option (may be repeated)")


@dataclass
class GameResult:
    game: int
    totals: list[int]
    winners: list[int]
    hole_scores: list[list[int]]
    decision_ms: list[list[float]] = field(default_factory=list)


def game_seed(seed: int, game: int) -> int:
    """A deal seed for game `game` of a run started with `seed`."""
    mixed = next(splitmix64(next(splitmix64(seed)) ^ game))
    return mixed % (MAX_DEAL_NUMBER + 1)


def play_game(
    options: Options,
    players: list[str],
    seed: int,
    game: int,
    view_of: Callable[[State, int], SeatView] = golf.seat_view,
) -> GameResult:
    """One whole game; each decision is timed from the seat's view to the chosen move.
    `view_of` makes each seat's view: the rules' own unless a benchmark's diagnostic tells a
    seat more than it may know (tests/bench/golf4_paired.py --tell-own-cards)."""
    n = len(players)
    bots = BOTS_BY_GAME[Game(options.game)]
    state = golf.new_game(options, game_seed(seed, game), game % n)
    rngs = [random.Random(f"{seed}:{game}:{s}") for s in range(n)]
    timings: list[list[float]] = [[] for _ in range(n)]
    moves = 0
    while not golf.is_over(state):
        if state.phase == Phase.HOLE_OVER:
            state, moves = golf.apply(state, NextHole(0)), 0
            continue
        seat = golf.seats_to_act(state)[0]
        start = time.perf_counter()
        move = bots[players[seat]](view_of(state, seat), rngs[seat])
        timings[seat].append((time.perf_counter() - start) * 1000)
        state = golf.apply(state, move)
        moves += 1
        if moves > MAX_MOVES_PER_HOLE:
            raise RuntimeError(f"game {game} hole {state.hole} did not end")
    return GameResult(game, list(golf.totals(state)), list(golf.winners(state)),
                      [list(h) for h in state.scores], timings)


def _p95(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def summarise(results: list[GameResult], seats: int, seconds: float) -> dict:
    wins = [0.0] * seats
    for result in results:
        for seat in result.winners:
            wins[seat] += 1 / len(result.winners)
    holes = [score for r in results for score in r.hole_scores]
    return {
        "mean_hole_score": [round(sum(h[s] for h in holes) / max(1, len(holes)), 3)
                            for s in range(seats)],
        "win_share": [round(w / max(1, len(results)), 4) for w in wins],
        "decision_ms_p95": [round(_p95([t for r in results for t in r.decision_ms[s]]), 3)
                            for s in range(seats)],
        "games": len(results),
        "seconds": round(seconds, 1),
    }


def _players(text: str, game: Game) -> list[str]:
    players = [name.strip() for name in text.split(",")]
    unknown = [name for name in players if name not in NAMES]
    if unknown:
        raise SystemExit(f"Unknown player {unknown[0]!r}; choose from {', '.join(NAMES)}")
    if not MIN_SEATS <= len(players) <= MAX_SEATS:
        raise SystemExit(f"{GAME_NAMES[game]} needs {MIN_SEATS} to {MAX_SEATS} players")
    return players


def options_of(args: argparse.Namespace, game: Game, seats: int) -> Options:
    chosen = {VARIANTS[name]: True for name in getattr(args, "variant", [])}
    return Options(seats=seats, holes=args.holes, game=game.value, **chosen)


def run(args: argparse.Namespace, game: Game) -> int:
    players = _players(args.players, game)
    options = options_of(args, game, len(players))
    start = time.perf_counter()
    jobs = [(options, players, args.seed, number) for number in range(args.games)]
    results: list[GameResult] = []
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            for result in pool.map(play_game, *zip(*jobs, strict=True), chunksize=8):
                results.append(_report(result, len(jobs), start))
    else:
        for job in jobs:
            results.append(_report(play_game(*job), len(jobs), start))
    summary = summarise(results, len(players), time.perf_counter() - start)
    print(json.dumps({"summary": summary}), flush=True)
    return 0


def _report(result: GameResult, total: int, start: float) -> GameResult:
    """The game's JSON line on stdout at once; every so often, progress on stderr."""
    line = {"game": result.game, "totals": result.totals, "winners": result.winners}
    print(json.dumps(line), flush=True)
    done = result.game + 1
    if done == total or done % max(1, total // PROGRESS_STEPS) == 0:
        seconds = time.perf_counter() - start
        print(f"{done}/{total} games, {seconds:.0f} s", file=sys.stderr, flush=True)
    return result
