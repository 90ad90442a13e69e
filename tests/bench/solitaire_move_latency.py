"""Latency of solitaire moves (htmx fragment answers), in-process against a temporary SQLite.

    nice -n 10 .venv/bin/python -m tests.bench.solitaire_move_latency [cycles]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time

from app.main import create_app
from app.migrate import upgrade
from app.settings import Settings
from tests.conftest import Client


def main(cycles: int = 200) -> None:
    url = f"sqlite:///{tempfile.mkdtemp()}/bench.db"
    upgrade(url)
    app = create_app(Settings(database_url=url, secret_key="bench-secret-key-0123456789"))
    with Client(app, base_url="http://testserver") as client:
        made = client.submit("/solitaire/deals", {"deal_number": "1"})
        deal = made.headers["location"]
        times, version = [], 0
        for _ in range(cycles):
            for action, seen in (("draw", 0), ("undo", 1)):
                start = time.perf_counter()
                answer = client.submit(f"{deal}/{action}", {"version": version, "moves": seen},
                                       htmx=True)
                times.append(time.perf_counter() - start)
                assert answer.status_code == 200, answer.text
                version += 1
    p95 = statistics.quantiles(times, n=20)[18]
    print(f"{len(times)} moves: p50 {statistics.median(times) * 1000:.1f} ms, "
          f"p95 {p95 * 1000:.1f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
