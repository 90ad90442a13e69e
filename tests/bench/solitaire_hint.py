"""Hint latency: p50/p95/max in ms over positions from real play.

    .venv/bin/python -m tests.bench.solitaire_hint --deals 20          # advise() alone
    .venv/bin/python -m tests.bench.solitaire_hint --deals 20 --http   # the whole Hint request

Positions come from deals 1..N played by the rules of thumb; every position where a hint
could be asked (the deal is not over) is timed once. With --http each one is a real Hint
request (htmx GET /solitaire/deals/{id}?hint=1) through the app on a temporary SQLite file:
load, replay, advise, render.
"""

from __future__ import annotations

import argparse
import json
import logging
import statistics
import tempfile
import time

from app.players.solitaire.accel import library
from app.players.solitaire.hint import advise
from app.players.solitaire.thumb import thumb_move
from app.rules.solitaire import STANDARD, Position, apply, deal_for_number, is_over, start


def positions(count: int) -> list[Position]:
    found = []
    for number in range(1, count + 1):
        position = start(deal_for_number(number))
        while not is_over(position):
            found.append(position)
            position = apply(position, thumb_move(position))
    return found


def time_advise(count: int, budget_ms: int) -> list[float]:
    sample = positions(count)
    advise(sample[0], budget_ms=budget_ms)  # builds/loads the solver once, like a server
    times = []
    for position in sample:
        began = time.perf_counter()
        advise(position, budget_ms=budget_ms)
        times.append((time.perf_counter() - began) * 1000)
    return times


def time_requests(count: int) -> list[float]:
    """Time the Hint button's request at every position of `count` deals."""
    from app.main import create_app
    from app.migrate import upgrade
    from app.settings import Settings
    from app.storage.solitaire import apply_move, create_deal
    from tests.asgi_client import AppClient

    times = []
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/bench.db"
        upgrade(url)
        app = create_app(Settings(database_url=url, secret_key="bench-secret-key-0123456789"))
        logging.getLogger("golf.request").disabled = True  # not a line per request, please
        with AppClient(app) as client:
            for number in range(1, count + 1):
                with app.state.db.write() as session:
                    deal = create_deal(session, variant=STANDARD, deal_number=number)
                while not is_over(deal.game.position):
                    began = time.perf_counter()
                    response = client.get(
                        f"/solitaire/deals/{deal.id}?hint=1", headers={"HX-Request": "true"}
                    )
                    times.append((time.perf_counter() - began) * 1000)
                    assert response.status_code == 200
                    move = thumb_move(deal.game.position)
                    with app.state.db.write() as session:
                        deal, _ = apply_move(
                            session, deal_id=deal.id, version=deal.version, move=move
                        )
        app.state.db.dispose()
    return times


def measure(args: argparse.Namespace) -> list[float]:
    if args.http:
        return time_requests(args.deals)
    return time_advise(args.deals, args.budget_ms)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--budget-ms", type=int, default=150)
    parser.add_argument("--http", action="store_true", help="time whole Hint requests")
    args = parser.parse_args()
    times = sorted(measure(args))
    report = {
        "measured": "Hint request" if args.http else "advise()",
        "positions": len(times),
        "solver": "C" if library() is not None else "pure Python",
        "p50_ms": round(statistics.median(times), 1),
        "p95_ms": round(times[int(0.95 * (len(times) - 1))], 1),
        "max_ms": round(times[-1], 1),
    }
    print(json.dumps(report))


if __name__ == "__main__":
    main()
