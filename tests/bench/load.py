"""Load benchmark (not a test): N players each play their own solitaire deals for T seconds.

    .venv/bin/python -m tests.bench.load --players 50 --seconds 10 --workers 1 --db sqlite
    .venv/bin/python -m tests.bench.load --players 50 --seconds 10 --workers 2 --db postgres

Loopback only, bounded in players and time. It starts its own server on a fresh database,
measures /healthz with the same concurrency first, then the moves, prints moves per second,
latency percentiles, errors and the ratio to /healthz, and finally checks in the database that
every acknowledged move is stored. `--db postgres` needs TEST_DATABASE_URL_PG (or --pg-url).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from sqlalchemy import select

from app.db import Database
from app.storage.models import SolitaireDeal
from tests.live import SECRET, fresh_database, solitaire_move, start_server

MAX_PLAYERS = 200
MAX_SECONDS = 120
JSON = {"accept": "application/json"}


@dataclass
class Tally:
    """Answers counted in one phase."""

    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    acked: dict[str, tuple[int, int]] = field(default_factory=dict)  # deal -> (version, moves)

    def summary(self, seconds: float) -> dict[str, float]:
        ms = sorted(x * 1000 for x in self.latencies) or [0.0]
        cuts = statistics.quantiles(ms, n=100) if len(ms) > 1 else ms * 99
        return {
            "requests": len(self.latencies),
            "per_second": round(len(self.latencies) / seconds, 1),
            "p50_ms": round(cuts[49], 1),
            "p95_ms": round(cuts[94], 1),
            "p99_ms": round(cuts[98], 1),
            "errors": len(self.errors),
        }


async def _browser(base: str) -> tuple[httpx.AsyncClient, str]:
    from app.security import CSRF_COOKIE, csrf_token_for

    client = httpx.AsyncClient(base_url=base, timeout=30, follow_redirects=False)
    await client.get("/")  # sets this player's CSRF cookie
    return client, csrf_token_for(client.cookies[CSRF_COOKIE], SECRET)


async def _healthz_player(base: str, until: float, tally: Tally) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        while time.monotonic() < until:
            started = time.perf_counter()
            response = await client.get("/healthz")
            tally.latencies.append(time.perf_counter() - started)
            if response.status_code != 200:
                tally.errors.append(f"healthz {response.status_code}")


async def _new_deal(client: httpx.AsyncClient, token: str) -> tuple[str, dict]:
    made = await client.post("/solitaire/deals", data={"csrf_token": token, "action": "random"})
    deal = made.headers["location"]
    return deal, (await client.get(deal, headers=JSON)).json()


async def _move_player(base: str, until: float, tally: Tally) -> None:
    client, token = await _browser(base)
    try:
        deal, state = await _new_deal(client, token)
        while time.monotonic() < until:
            move = solitaire_move(state)
            if move is None:
                deal, state = await _new_deal(client, token)
                continue
            kind, fields = move
            form = {"csrf_token": token, "version": str(state["version"]),
                    "moves": str(state["moves"]), **fields}  # fmt: skip
            started = time.perf_counter()
            response = await client.post(f"{deal}/{kind}", data=form, headers=JSON)
            tally.latencies.append(time.perf_counter() - started)
            if response.status_code != 200:
                tally.errors.append(f"{kind} {response.status_code} {response.text[:120]}")
                state = (await client.get(deal, headers=JSON)).json()
                continue
            state = response.json()
            tally.acked[deal] = (state["version"], state["moves"])
    finally:
        await client.aclose()


async def _phase(player, base: str, players: int, seconds: float) -> tuple[Tally, float]:  # type: ignore[no-untyped-def]
    tally = Tally()
    started = time.monotonic()
    until = started + seconds
    await asyncio.gather(*(player(base, until, tally) for _ in range(players)))
    return tally, time.monotonic() - started


def server_cpu_seconds(group: int) -> float:
    """CPU time used so far by every process of the server's group (Linux /proc)."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the process ended meanwhile
        if int(fields[2]) == group:  # the process group id
            total += int(fields[11]) + int(fields[12])  # utime + stime, in clock ticks
    return total / os.sysconf("SC_CLK_TCK")


def lost_moves(database_url: str, acked: dict[str, tuple[int, int]]) -> int:
    """Acknowledged moves missing from the database (there must be none)."""
    database = Database(database_url)
    ids = {deal.rsplit("/", 1)[1]: value for deal, value in acked.items()}
    with database.read() as session:
        rows = session.execute(
            select(SolitaireDeal.id, SolitaireDeal.version, SolitaireDeal.moves).where(
                SolitaireDeal.id.in_(list(ids))
            )
        ).all()
    database.dispose()
    stored = {row.id: (row.version, len(row.moves)) for row in rows}
    return sum(
        moves - min(moves, stored.get(deal_id, (0, 0))[1])
        for deal_id, (_version, moves) in ids.items()
    )


def run(players: int, seconds: float, workers: int, backend: str, pg_url: str | None) -> dict:
    with (
        tempfile.TemporaryDirectory() as folder,
        fresh_database(backend, Path(folder), pg_url) as url,
    ):
        log = Path(folder) / "server.log"
        server = start_server(url, workers=workers, log=log)
        try:
            group = server.process.pid
            cpu = [server_cpu_seconds(group)]
            health, health_time = asyncio.run(
                _phase(_healthz_player, server.base, players, seconds)
            )
            cpu.append(server_cpu_seconds(group))
            moves, move_time = asyncio.run(_phase(_move_player, server.base, players, seconds))
            cpu.append(server_cpu_seconds(group))
        finally:
            server.stop()
        lost = lost_moves(url, moves.acked)
    healthz = health.summary(health_time)
    played = moves.summary(move_time)
    # Server CPU per answer: a figure that other load on the machine disturbs much less.
    for summary, used in ((healthz, cpu[1] - cpu[0]), (played, cpu[2] - cpu[1])):
        summary["server_cpu_ms_each"] = round(used * 1000 / max(summary["requests"], 1), 2)
    return {
        "players": players, "seconds": seconds, "workers": workers, "database": backend,
        "healthz": healthz, "moves": played,
        "ratio": round(played["per_second"] / max(healthz["per_second"], 0.1), 3),
        "deals": len(moves.acked), "acknowledged_moves": sum(m for _, m in moves.acked.values()),
        "lost_moves": lost, "first_errors": moves.errors[:3] + health.errors[:3],
    }  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.load", description=__doc__)
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--pg-url", default=os.environ.get("TEST_DATABASE_URL_PG"))
    args = parser.parse_args(argv)
    if not 1 <= args.players <= MAX_PLAYERS or not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"players 1-{MAX_PLAYERS}, seconds up to {MAX_SECONDS}")
    if args.db == "postgres" and not args.pg_url:
        parser.error("--db postgres needs TEST_DATABASE_URL_PG or --pg-url")
    result = run(args.players, args.seconds, args.workers, args.db, args.pg_url)
    print(json.dumps(result, indent=2))
    ok = result["lost_moves"] == 0 and result["moves"]["errors"] == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
