"""Review benchmark: the post-deal review's latency and server CPU, and Hint while reviews run.

    nice -n 10 .venv/bin/python -m tests.bench.solitaire_review --deals 1000 --busy-seconds 60

Starts `golf serve` (one worker) on a fresh SQLite file and finishes `--deals` deals in it,
played by the rules of thumb (the `thumb` player), cycling through the variations: standard,
queen on king, round the corner, clear scores zero, empty start, one joker, two jokers.

1. Each finished deal's review is asked for once as the review page's htmx request does (the
   request that works it out; the review fragment comes back), one at a time, each from its
   own client address (X-Forwarded-For, which uvicorn trusts from loopback), then asked for
   again (a stored read). Server CPU per request is the server process's CPU time (all
   threads, /proc/<pid>/task/*/schedstat) across that request. The review's facts (exact or
   not, every move judged) are read afterwards as JSON, untimed.
2. Hint latency on its own, then while 10 clients fetch reviews of other finished deals at
   once: one client asks for Hint (an htmx GET ?hint=1, as the button does) at positions part
   way through other deals, again and again, for `--busy-seconds`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import tempfile
import threading
import time
from pathlib import Path

import httpx

from app.db import Database
from app.players.solitaire.thumb import thumb_move
from app.rules.solitaire import STANDARD, Variant, is_over
from app.storage.solitaire import apply_move, create_deal
from tests.live import fresh_database, running

VARIATIONS = {
    "standard": STANDARD,
    "queen on king": Variant(queen_on_king=True),
    "round the corner": Variant(round_the_corner=True),
    "clear scores zero": Variant(clear_scores_zero=True),
    "empty start": Variant(empty_start=True),
    "jokers 1": Variant(jokers=1),
    "jokers 2": Variant(jokers=2),
}
REVIEWERS = 10
JSON = {"accept": "application/json"}
HTMX = {"hx-request": "true"}


def make_deals(db: Database, count: int, first_number: int, moves: int | None = None) -> list:
    """(deal id, variation name): deals played by the rules of thumb, to the end or `moves` in."""
    made = []
    names = list(VARIATIONS)
    for i in range(count):
        name = names[i % len(names)]
        variant = VARIATIONS[name]
        with db.write() as session:
            deal = create_deal(session, variant=variant, deal_number=first_number + i // len(names))
            played = 0
            while not is_over(deal.game.position) and (moves is None or played < moves):
                move = thumb_move(deal.game.position)
                deal, _ = apply_move(session, deal_id=deal.id, version=deal.version, move=move)
                played += 1
        made.append((deal.id, name))
    return made


def server_cpu(pid: int) -> float:
    """CPU seconds of every thread of the server process so far."""
    total = 0
    for stat in Path(f"/proc/{pid}/task").glob("*/schedstat"):
        with contextlib.suppress(OSError, IndexError, ValueError):  # a thread that just ended
            total += int(stat.read_text().split()[0])
    return total / 1e9


def percentiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    cut = statistics.quantiles(ordered, n=100) if len(ordered) > 1 else ordered * 99
    return {
        "p50": round(statistics.median(ordered), 1),
        "p95": round(cut[94], 1),
        "max": round(ordered[-1], 1),
    }


def review_each(base: str, pid: int, deals: list) -> dict:
    """Phase 1: every deal's review once (worked out), then again (stored)."""
    first, again, cpu = [], [], []
    by_variation: dict[str, list[float]] = {}
    exact = complete = 0
    with httpx.Client(base_url=base, timeout=60) as client:
        for n, (deal_id, name) in enumerate(deals):
            client_address = {"x-forwarded-for": f"10.1.{n // 250}.{n % 250}"}
            url = f"/solitaire/deals/{deal_id}/review"
            # What the review page's htmx request asks for: the review fragment.
            fragment = HTMX | client_address
            cpu_before, began = server_cpu(pid), time.perf_counter()
            response = client.get(url, headers=fragment)
            first.append((time.perf_counter() - began) * 1000)
            cpu.append((server_cpu(pid) - cpu_before) * 1000)
            by_variation.setdefault(name, []).append(first[-1])
            worked_out = 'class="review-scores"' in response.text  # not the "working" placeholder
            assert response.status_code == 200 and worked_out, response.text
            began = time.perf_counter()
            assert client.get(url, headers=fragment).text == response.text
            again.append((time.perf_counter() - began) * 1000)
            data = client.get(url, headers=JSON | client_address).json()  # untimed: the facts
            assert data["over"], data
            exact += data["best_exact"]
            complete += data["complete"]
    return {
        "reviews": len(first),
        "first_view_ms": percentiles(first),
        "server_cpu_ms": percentiles(cpu),
        "stored_view_ms": percentiles(again),
        "best_exact_share": round(exact / len(first), 3),
        "all_moves_judged_share": round(complete / len(first), 3),
        "first_view_p95_ms_by_variation": {
            name: percentiles(times)["p95"] for name, times in by_variation.items()
        },
    }


def hint_latencies(base: str, positions: list, stop: threading.Event, seconds: float) -> list:
    """Ask for hints at these positions in turn until `stop` or `seconds` have passed."""
    times = []
    deadline = time.monotonic() + seconds
    with httpx.Client(base_url=base, timeout=60) as client:
        while not stop.is_set() and time.monotonic() < deadline:
            for deal_id, _ in positions:
                # A hint from a player of its own: one client asking without pause for a
                # minute would be held back by its CPU allowance (429), as it should be.
                n = len(times)
                headers = {"hx-request": "true", "x-forwarded-for": f"10.2.{n // 250}.{n % 250}"}
                began = time.perf_counter()
                response = client.get(f"/solitaire/deals/{deal_id}?hint=1", headers=headers)
                times.append((time.perf_counter() - began) * 1000)
                assert response.status_code == 200, response.status_code
                if stop.is_set() or time.monotonic() >= deadline:
                    break
    return times


def reviewer(base: str, number: int, queue: list, lock: threading.Lock, out: list) -> None:
    headers = HTMX | {"x-forwarded-for": f"10.3.0.{number}"}
    with httpx.Client(base_url=base, timeout=120) as client:
        while True:
            with lock:
                if not queue:
                    return
                deal_id, _ = queue.pop()
            began = time.perf_counter()
            response = client.get(f"/solitaire/deals/{deal_id}/review", headers=headers)
            assert response.status_code == 200, response.status_code
            out.append((time.perf_counter() - began) * 1000)


def hints_under_load(base: str, positions: list, finished: list, seconds: float) -> dict:
    """Phase 2: Hint alone, then while REVIEWERS clients fetch reviews at once."""
    alone = hint_latencies(base, positions, threading.Event(), min(seconds, 20))
    queue, lock, reviews = list(finished), threading.Lock(), []
    threads = [
        threading.Thread(target=reviewer, args=(base, n, queue, lock, reviews))
        for n in range(REVIEWERS)
    ]
    for thread in threads:
        thread.start()
    time.sleep(1)  # let every reviewer have a review in progress
    stop = threading.Event()
    busy = hint_latencies(base, positions, stop, seconds)
    with lock:
        queue.clear()
    for thread in threads:
        thread.join()
    return {
        "hint_alone_ms": percentiles(alone) | {"requests": len(alone)},
        "hint_during_10_reviews_ms": percentiles(busy) | {"requests": len(busy)},
        "reviews_during_ms": percentiles(reviews) | {"requests": len(reviews)},
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--busy-seconds", type=float, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, fresh_database("sqlite", Path(tmp), None) as url:
        db = Database(url)
        deals = make_deals(db, args.deals, 1)
        # Other deal numbers for phase 2, so that no review of phase 1 is simply read back.
        finished = make_deals(db, 20 * REVIEWERS, 5001)
        positions = make_deals(db, 28, 9001, moves=12)
        db.dispose()
        with running(url) as server:
            pid = server.process.pid
            report = {"solver": httpx.get(f"{server.base}/readyz").json()["solver"]}
            report |= review_each(server.base, pid, deals)
            print(json.dumps(report, indent=1), flush=True)  # kept should phase 2 fail
            report |= hints_under_load(server.base, positions, finished, args.busy_seconds)
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
