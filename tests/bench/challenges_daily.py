"""Server time of the challenge pages with 50 players and of the deal of the day's results
with 10,000 finished deals (issue 14: p95 under 50 ms each).

    nice -n 10 .venv/bin/python tests/bench/challenges_daily.py [--requests 300]

Builds a fresh migrated SQLite database: one challenge with 50 players (the measuring player
has played all nine holes, the others have finished every hole with stored scores) and
10,000 finished deals of today's deal of the day plus the measuring browser's own. Each page is
then requested in-process (no network) and timed from request to complete response, which
includes the test client's own overhead: the server's share is a little less.
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import insert, update

from app.main import create_app
from app.migrate import upgrade
from app.rules.daily import daily_deal_number
from app.rules.solitaire import STANDARD, deal_for_number, legal_moves
from app.settings import Settings
from app.storage import solitaire
from app.storage.models import DailyEntry, SolitaireDeal
from app.storage.solitaire import challenges, daily
from app.tokens import new_token
from app.web import player
from tests.conftest import Client

PLAYERS = 50
DAILY_DEALS = 10_000


def play_out(db, deal_id: str) -> None:
    with db.write() as session:
        deal = solitaire.load_deal(session, deal_id=deal_id)
        while moves := legal_moves(deal.game.position):
            deal, _ = solitaire.apply_move(
                session, deal_id=deal_id, version=deal.version, move=moves[0]
            )


def build_challenge(db, token: str) -> tuple[str, str]:
    """A challenge of PLAYERS; returns (the viewer's round id, the challenge id)."""
    rng = random.Random(14)
    with db.write() as session:
        round_id = solitaire.create_round(session, variant=STANDARD).round_id
        seat = challenges.create_challenge(
            session, round_id=round_id, name="Viewer", player_key=player.key_of(token),
        )
        others = [
            challenges.accept_challenge(
                session, challenge_id=seat.challenge_id, name=f"Player {i}", player_key=None,
            )
            for i in range(PLAYERS - 1)
        ]
        for other in others:  # finished, with scores as stored at the end of a deal
            session.execute(
                update(SolitaireDeal)
                .where(SolitaireDeal.round_id == other.round_id)
                .values(score=rng.randint(-5, 20))
            )
    with db.read() as session:
        deals = solitaire.load_round(session, round_id=round_id).deals
    for deal in deals:
        play_out(db, deal.id)
    return round_id, seat.challenge_id


def build_daily(db, token: str) -> None:
    """DAILY_DEALS finished deals of today's deal, and the viewer's own, played out."""
    rng = random.Random(15)
    today = datetime.now(UTC).date()
    number = daily_deal_number(today)
    cards = list(deal_for_number(number, STANDARD))
    deals, entries = [], []
    for i in range(DAILY_DEALS):
        deal_id = new_token()
        deals.append({
            "id": deal_id, "deal_number": number, "cards": cards, "variant": STANDARD.to_dict(),
            "moves": [], "log_schema": 1, "version": 1, "score": rng.randint(-8, 25),
            "created_at": datetime.now(UTC), "updated_at": datetime.now(UTC),
        })
        entries.append({"deal_id": deal_id, "day": today, "player_key": f"bench-{i}"})
    with db.write() as session:
        session.execute(insert(SolitaireDeal), deals)
        session.execute(insert(DailyEntry), entries)
        mine = daily.start_daily_deal(session, day=today, player_key=player.key_of(token))
    play_out(db, mine.id)


class ServerTimes(logging.Handler):
    """The server's own time per request, as its request log reports it."""

    def __init__(self) -> None:
        super().__init__()
        self.ms: list[float] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.ms.append(json.loads(record.getMessage())["ms"])


def _percentiles(values: list[float]) -> dict[str, float]:
    values = sorted(values)
    return {
        "p50": round(statistics.median(values), 1),
        "p95": round(values[int(0.95 * len(values)) - 1], 1),
        "max": round(values[-1], 1),
    }


def measure(client: Client, url: str, requests: int, expect: str) -> dict[str, object]:
    """Server wall time (request log) and process CPU per request (server and test client)."""
    first = client.get(url)
    assert first.status_code == 200 and expect in first.text, (url, first.status_code)
    log = logging.getLogger("golf.request")
    times = ServerTimes()
    log.addHandler(times)
    cpu = []
    try:
        for _ in range(requests):
            start = time.process_time()
            response = client.get(url)
            cpu.append((time.process_time() - start) * 1000)
            assert response.status_code == 200
    finally:
        log.removeHandler(times)
    return {"server_ms": _percentiles(times.ms), "cpu_ms": _percentiles(cpu)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'bench.db'}"
        upgrade(url)
        app = create_app(Settings(database_url=url, secret_key="bench-secret-key-0123456789"))
        token = new_token()
        round_id, challenge_id = build_challenge(app.state.db, token)
        build_daily(app.state.db, token)
        with Client(app, base_url="http://testserver") as client:
            client.cookies.set(player.COOKIE, token)
            pages = {
                "baseline: /healthz": ("/healthz", ""),
                "challenge results, 50 players (the player's view)": (
                    f"/solitaire/rounds/{round_id}/challenge", "Player 48"),
                "challenge link, 50 players (the public page)": (
                    f"/challenges/{challenge_id}", "Player 48"),
                "deal of the day results, 10,000 finished deals": (
                    "/solitaire/daily", f"{DAILY_DEALS + 1:,}".replace(",", "")),
            }
            for name, (path, expect) in pages.items():
                print(name, measure(client, path, args.requests, expect))
        app.state.db.dispose()


if __name__ == "__main__":
    main()
