"""Benchmark (not a test): CPU per Golf move early in a game and after thousands of moves.

    nice -n 10 .venv/bin/python -m tests.bench.golf6_long_game --moves 5000 --window 100

Two friends at one table turn up two cards each and then draw and throw away for ever (the
longest game there is). Each move is a plain form POST through the whole app in-process
(CSRF, seat cookie, load → rules → save, the 303), on a fresh migrated SQLite database. The
process CPU time of `--window` moves is measured from move 5 and again from move `--moves`;
moves in between are stored through the app too. Issue 12 measured 6.1 ms against 19.6 ms per
move when each move rewrote the whole log.
"""

from __future__ import annotations

import argparse
import logging
import re
import tempfile
import time
from pathlib import Path

from app.main import create_app
from app.migrate import upgrade
from app.settings import Settings
from app.storage import golf as store
from tests.conftest import Client

INVITE = re.compile(r'id="g6-invite" readonly value="http://testserver([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=5000)
    parser.add_argument("--window", type=int, default=100)
    args = parser.parse_args()
    logging.disable(logging.INFO)  # no request log lines: only the figures
    folder = Path(tempfile.mkdtemp())
    url = f"sqlite:///{folder / 'golf.db'}"
    upgrade(url)
    store.MAX_MOVES = args.moves + 4 * args.window
    app = create_app(Settings(database_url=url, secret_key="bench-secret-key-0123456789"))
    ann = Client(app, base_url="http://testserver")
    made = ann.submit("/golf6", {"name": "Ann", "bots": "0", "friends": "1"})
    game = made.headers["location"]
    bo = Client(app, base_url="http://testserver")
    bo.submit(INVITE.search(ann.get(game).text).group(1), {"name": "Bo"})
    ann.submit(f"{game}/start")
    players = (ann, bo)
    stamp = _version(ann, game)

    def play(count: int, done: int) -> int:
        nonlocal stamp
        for number in range(done, done + count):
            seat, kind = _move(number)
            answer = players[seat].submit(f"{game}/move", {"version": str(stamp), "move": kind})
            assert answer.status_code == 303, (number, answer.status_code, answer.text[-300:])
            stamp += 1
        return done + count

    done = play(5, 0)
    early = _cpu(lambda: play(args.window, done))
    done += args.window
    done = play(args.moves - done, done)
    late = _cpu(lambda: play(args.window, done))
    print(f"CPU per move at move 5: {early / args.window * 1000:.2f} ms; "
          f"at move {args.moves}: {late / args.window * 1000:.2f} ms "
          f"(ratio {late / early:.2f}, window {args.window} moves)")


def _move(number: int) -> tuple[int, str]:
    """Seat and form code of move `number`: four flips, then draw and throw away in turn."""
    flips = [(0, "reveal:0"), (0, "reveal:1"), (1, "reveal:0"), (1, "reveal:1")]
    if number < 4:
        return flips[number]
    turn = (number - 4) // 2
    seat = (1 + turn) % 2  # the seat after the dealer (seat 0) plays first
    return seat, "draw_stock" if (number - 4) % 2 == 0 else "throw_away"


def _version(client: Client, game: str) -> int:
    return int(VERSION.search(client.get(game).text).group(1))


def _cpu(work) -> float:  # type: ignore[no-untyped-def]
    start = time.process_time()
    work()
    return time.process_time() - start


if __name__ == "__main__":
    main()
