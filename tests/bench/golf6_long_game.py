"""Benchmark (not a test): CPU per Golf move early in a game and after thousands of moves.

    nice -n 10 .venv/bin/python -m tests.bench.golf6_long_game --moves 5000 --window 100 --rounds 5

Two friends at one table turn up two cards each and then draw and throw away for ever (the
longest game there is). Each move is a plain form POST through the whole app in-process
(CSRF, seat cookie, load → rules → save, the 303), on a fresh migrated SQLite database. One
game is played to move `--moves`; then, in turns so that both meet the same machine load, the
process CPU time of `--window` moves is measured on a fresh game from its move 5 and on the long
game from where it is; the medians of `--rounds` such pairs are printed. Issue 12 measured 6.1
against 19.6 ms per move when each move rewrote the whole log.
"""

from __future__ import annotations

import argparse
import logging
import re
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from fastapi import FastAPI

from app.main import create_app
from app.migrate import upgrade
from app.settings import Settings
from app.storage import golf as store
from tests.conftest import Client

INVITE = re.compile(r'id="g6-invite" readonly value="http://testserver([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')


class Table:
    """One game of two friends, played move by move through the app."""

    def __init__(self, app: FastAPI) -> None:
        ann = Client(app, base_url="http://testserver")
        self.url = ann.submit("/golf6", {"name": "Ann", "bots": "0", "friends": "1"}).headers[
            "location"
        ]
        bo = Client(app, base_url="http://testserver")
        bo.submit(INVITE.search(ann.get(self.url).text).group(1), {"name": "Bo"})
        ann.submit(f"{self.url}/start")
        self.players = (ann, bo)
        self.version = int(VERSION.search(ann.get(self.url).text).group(1))
        self.done = 0

    def play(self, count: int) -> None:
        for number in range(self.done, self.done + count):
            seat, code = _move(number)
            answer = self.players[seat].submit(
                f"{self.url}/move", {"version": str(self.version), "move": code}
            )
            assert answer.status_code == 303, (number, answer.status_code)
            self.version += 1
        self.done += count


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=5000)
    parser.add_argument("--window", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    logging.disable(logging.INFO)  # no request log lines: only the figures
    url = f"sqlite:///{Path(tempfile.mkdtemp()) / 'golf.db'}"
    upgrade(url)
    store.MAX_MOVES = args.moves + args.window * (args.rounds + 1)
    app = create_app(Settings(database_url=url, secret_key="bench-secret-key-0123456789"))
    long_game = Table(app)
    long_game.play(args.moves)
    early, late = [], []
    for _ in range(args.rounds):
        fresh = Table(app)
        fresh.play(5)
        early.append(_cpu(lambda table=fresh: table.play(args.window)) / args.window)
        start = long_game.done
        late.append(_cpu(lambda: long_game.play(args.window)) / args.window)
        assert long_game.done == start + args.window
    e, lt = statistics.median(early) * 1000, statistics.median(late) * 1000
    print(f"CPU per move, median of {args.rounds} windows of {args.window} moves: "
          f"from move 5 {e:.2f} ms, from move {args.moves} {lt:.2f} ms (ratio {lt / e:.2f})")


def _move(number: int) -> tuple[int, str]:
    """Seat and form code of move `number`: four flips, then draw and throw away in turn."""
    flips = [(0, "reveal:0"), (0, "reveal:1"), (1, "reveal:0"), (1, "reveal:1")]
    if number < 4:
        return flips[number]
    turn = (number - 4) // 2
    seat = (1 + turn) % 2  # the seat after the dealer (seat 0) plays first
    return seat, "draw_stock" if (number - 4) % 2 == 0 else "throw_away"


def _cpu(work: Callable[[], None]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


if __name__ == "__main__":
    main()
