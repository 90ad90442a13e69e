"""`golf simulate golf6`: computer players play many games of six-card Golf.

Prints one JSON line per game, {"game": i, "totals": [...], "winners": [...]} (seats in
--players order), then {"summary": {"mean_hole_score", "win_share", "decision_ms_p95", ...}}
with one entry per seat. Game i deals first from seat i % seats, so seats rotate who deals;
every shuffle comes from --seed, so a run can be repeated exactly.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from app.players.golf.bots import BOTS
from app.rules import golf
from app.rules.dealnum import MAX_DEAL_NUMBER, splitmix64
from app.rules.golf import NextHole, Options, Phase

# Far beyond any sensible hole; stops a pair of stubborn bots from looping for ever.
MAX_MOVES_PER_HOLE = 5000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", required=True,
                        help=f"comma-separated bots, one per seat: {', '.join(BOTS)}")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--holes", type=int, choices=(9, 18), default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes to play games in")


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


def play_game(players: list[str], holes: int, seed: int, game: int) -> GameResult:
    """One whole game; each decision is timed from the view to the chosen move."""
    n = len(players)
    state = golf.new_game(Options(seats=n, holes=holes), game_seed(seed, game), game % n)
    rngs = [random.Random(f"{seed}:{game}:{s}") for s in range(n)]
    timings: list[list[float]] = [[] for _ in range(n)]
    moves = 0
    while not golf.is_over(state):
        if state.phase == Phase.HOLE_OVER:
            state, moves = golf.apply(state, NextHole(0)), 0
            continue
        seat = golf.seats_to_act(state)[0]
        view = golf.seat_view(state, seat)
        start = time.perf_counter()
        move = BOTS[players[seat]](view, rngs[seat])
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


def _players(text: str) -> list[str]:
    players = [name.strip() for name in text.split(",")]
    unknown = [name for name in players if name not in BOTS]
    if unknown:
        raise SystemExit(f"Unknown player {unknown[0]!r}; choose from {', '.join(BOTS)}")
    if not 2 <= len(players) <= 8:
        raise SystemExit("Six-card Golf needs 2 to 8 players")
    return players


def run(args: argparse.Namespace) -> int:
    players = _players(args.players)
    start = time.perf_counter()
    jobs = [(players, args.holes, args.seed, game) for game in range(args.games)]
    results: list[GameResult] = []
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            stream = pool.map(play_game, *zip(*jobs, strict=True), chunksize=8)
            for result in stream:
                results.append(_print(result))
    else:
        for job in jobs:
            results.append(_print(play_game(*job)))
    summary = summarise(results, len(players), time.perf_counter() - start)
    print(json.dumps({"summary": summary}))
    return 0


def _print(result: GameResult) -> GameResult:
    line = {"game": result.game, "totals": result.totals, "winners": result.winners}
    print(json.dumps(line), file=sys.stdout, flush=False)
    return result
