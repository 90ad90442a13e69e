"""Load benchmark (not a test): N players each play their own solitaire deals for T seconds.

    .venv/bin/python -m tests.bench.load --players 50 --seconds 10 --workers 1 --db sqlite
    .venv/bin/python -m tests.bench.load --players 50 --seconds 10 --workers 2 --db postgres

Loopback only, bounded in players and time. It starts its own server on a fresh database,
measures /healthz with the same concurrency first, then the moves, prints moves per second,
latency percentiles, errors and the ratio to /healthz, and finally checks in the database that
every acknowledged move is stored. `--db postgres` needs TEST_DATABASE_URL_PG (or --pg-url).
The generator shares the machine's cores with the server, so each player speaks raw keep-alive
HTTP/1.1 on one asyncio connection (tests/bench/load_client.py) and the report gives the
generator's own CPU time per answer next to the server's.
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
from urllib.parse import urlsplit

from sqlalchemy import select

from app.db import Database
from app.storage.models import SolitaireDeal
from tests.bench.load_client import Connection, cookies_from, form_post, request_bytes
from tests.live import SECRET, fresh_database, solitaire_move, start_server

MAX_PLAYERS = 200
MAX_SECONDS = 120


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


@dataclass
class Player:
    """One simulated browser: its own keep-alive connection, cookie and CSRF token."""

    connection: Connection
    headers: str  # the cookie and Accept header lines sent with every request
    token: str

    def request(self, method: str, path: str, body: str | None = None) -> bytes:
        """A request of this player, pre-encoded (a form POST when there is a body)."""
        host = self.connection.authority
        if body is None:
            return request_bytes(method, path, host, self.headers)
        return form_post(path, host, self.headers, body)


async def _browser(base: str) -> Player:
    """Open a player's connection and get its CSRF cookie from the home page, once."""
    from app.security import CSRF_COOKIE, csrf_token_for

    connection = Connection(base)
    page = await connection.send(request_bytes("GET", "/", connection.authority))
    cookies = cookies_from(page)
    cookie = "; ".join(f"{name}={value}" for name, value in cookies.items())
    headers = f"Cookie: {cookie}\r\nAccept: application/json\r\n"
    return Player(connection, headers, csrf_token_for(cookies[CSRF_COOKIE], SECRET))


async def _healthz_player(base: str, until: float, tally: Tally) -> None:
    connection = Connection(base)
    raw = request_bytes("GET", "/healthz", connection.authority)  # the same bytes every time
    try:
        while time.monotonic() < until:
            started = time.perf_counter()
            answer = await connection.send(raw)
            tally.latencies.append(time.perf_counter() - started)
            if answer.status != 200:
                tally.errors.append(f"healthz {answer.status}")
    finally:
        await connection.close()


async def _deal_state(player: Player, deal: str) -> dict:
    """A deal's JSON state."""
    answer = await player.connection.send(player.request("GET", deal))
    if answer.status != 200:
        raise RuntimeError(f"GET {deal} answered {answer.status}")
    return json.loads(answer.body)


async def _new_deal(player: Player) -> tuple[str, dict]:
    body = f"csrf_token={player.token}&action=random"
    made = await player.connection.send(player.request("POST", "/solitaire/deals", body))
    location = made.header("location")
    if made.status != 303 or location is None:
        raise RuntimeError(f"new deal answered {made.status}")
    deal = urlsplit(location).path
    return deal, await _deal_state(player, deal)


def _move_body(token: str, state: dict, fields: dict[str, str]) -> str:
    """The url-encoded move form; every value is hex or digits, so nothing needs escaping."""
    extra = "".join(f"&{name}={value}" for name, value in fields.items())
    return f"csrf_token={token}&version={state['version']}&moves={state['moves']}{extra}"


async def _move_player(base: str, until: float, tally: Tally) -> None:
    player = await _browser(base)
    try:
        deal, state = await _new_deal(player)
        while time.monotonic() < until:
            move = solitaire_move(state)
            if move is None:
                deal, state = await _new_deal(player)
                continue
            kind, fields = move
            raw = player.request("POST", f"{deal}/{kind}", _move_body(player.token, state, fields))
            started = time.perf_counter()
            answer = await player.connection.send(raw)
            tally.latencies.append(time.perf_counter() - started)
            if answer.status != 200:
                tally.errors.append(f"{kind} {answer.status} {answer.body[:120]!r}")
                state = await _deal_state(player, deal)
                continue
            state = json.loads(answer.body)
            tally.acked[deal] = (state["version"], state["moves"])
    finally:
        await player.connection.close()


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
            mine = [time.process_time()]
            health, health_time = asyncio.run(
                _phase(_healthz_player, server.base, players, seconds)
            )
            cpu.append(server_cpu_seconds(group))
            mine.append(time.process_time())
            moves, move_time = asyncio.run(_phase(_move_player, server.base, players, seconds))
            cpu.append(server_cpu_seconds(group))
            mine.append(time.process_time())
        finally:
            server.stop()
        lost = lost_moves(url, moves.acked)
    healthz = health.summary(health_time)
    played = moves.summary(move_time)
    # CPU per answer, the server's and this generator's own: figures that other load on the
    # machine disturbs much less, and that show how much of the 2 cores the generator takes.
    for n, summary in enumerate((healthz, played)):
        count = max(summary["requests"], 1)
        summary["server_cpu_ms_each"] = round((cpu[n + 1] - cpu[n]) * 1000 / count, 2)
        summary["generator_cpu_ms_each"] = round((mine[n + 1] - mine[n]) * 1000 / count, 2)
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
