"""Load benchmark (not a test): N players each play their own solitaire deals for T seconds.

    .venv/bin/python -m tests.bench.load --players 50 --seconds 10 --workers 1 --db sqlite
    .venv/bin/python -m tests.bench.load --players 50 --seconds 10 --workers 2 --db postgres

Loopback only, bounded in players and time. It starts its own server on a fresh database,
lets every player open a few deals (not timed), then measures /healthz and the moves with the
same concurrency for T seconds each (`--rounds R` alternates them in R slices, so that other
jobs on the machine weigh on both alike), prints answers per second, latency percentiles,
errors, the server's CPU per answer and the ratios to /healthz, and finally checks in the
database that every acknowledged move is stored. `--db postgres` needs TEST_DATABASE_URL_PG
(or --pg-url).

A move is what a browser sends when a player clicks a card or Draw: an htmx POST with
Chromium's headers (HX-Request, HX-Target, HX-Current-URL, Origin, Sec-Fetch-*, the CSRF cookie)
and the form's fields (token, version, moves, column), answered with the gzipped board
fragment, which the player reads as a person does (a card marked "fits", else Draw) to choose
its next move. `--style json` sends JSON moves instead, as earlier versions did.
The generator shares the machine's cores with the server, so each player speaks raw keep-alive
HTTP/1.1 on one asyncio connection (tests/bench/load_client.py) and the report gives the
generator's own CPU time per answer next to the server's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import select

from app.db import Database
from app.storage.models import SolitaireDeal
from tests.bench.load_client import Answer, Connection, cookies_from, form_post, request_bytes
from tests.live import SECRET, fresh_database, solitaire_move, start_server

MAX_PLAYERS = 200
MAX_SECONDS = 120


@dataclass
class Tally:
    """Answers counted in one phase."""

    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    acked: dict[str, tuple[int, int]] = field(default_factory=dict)  # deal -> (version, moves)
    sizes: list[tuple[int, int]] = field(default_factory=list)  # (bytes sent, bytes unzipped)
    deals_opened_while_timed: int = 0

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
            **self._size_summary(),
        }

    def _size_summary(self) -> dict[str, int]:
        if not self.sizes:
            return {}
        return {
            "median_bytes_sent": int(statistics.median(wire for wire, _ in self.sizes)),
            "median_bytes_unzipped": int(statistics.median(size for _, size in self.sizes)),
            "max_bytes_unzipped": max(size for _, size in self.sizes),
        }


# What Chromium sends with every request of a page (captured from a real click on Draw).
BROWSER_HEADERS = (
    "User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "HeadlessChrome/156.0.0.0 Safari/537.36\r\n"
    'sec-ch-ua: "Not:A-Brand";v="8", "Chromium";v="156"\r\n'
    "sec-ch-ua-mobile: ?0\r\n"
    'sec-ch-ua-platform: "Linux"\r\n'
    "Accept-Encoding: gzip, deflate, br, zstd\r\n"
    "Accept-Language: en-US,en;q=0.9\r\n"
)
# What the board fragment says about the next move (tests/web/test_solitaire.py checks these).
_VERSION = re.compile(rb'name="version" value="(\d+)"')
_MOVES = re.compile(rb'name="moves" value="(\d+)"')
_FITTING = re.compile(
    rb'<li[^>]*class="[^"]*\bfits\b[^"]*"[^>]*>\s*<button[^>]*name="column" value="(\d)"'
)
_DRAW = re.compile(rb'<button[^>]*id="draw-button"[^>]*>')


@dataclass
class Board:
    """What a player knows of its deal: the version its form carries, and a move to make."""

    version: int
    moves: int
    move: tuple[str, dict[str, str]] | None  # (action, fields), None when the deal is over

    @classmethod
    def from_json(cls, state: dict) -> Board:
        return cls(state["version"], state["moves"], solitaire_move(state))

    @classmethod
    def from_html(cls, html: bytes) -> Board:
        """Read the board as a person does: click a card marked "fits", else Draw."""
        version, moves = _VERSION.search(html), _MOVES.search(html)
        if version is None or moves is None:
            raise RuntimeError(f"no board in {html[:200]!r}")
        fitting, draw = _FITTING.search(html), _DRAW.search(html)
        move = None
        if fitting:
            move = ("play", {"column": fitting.group(1).decode()})
        elif draw and b"disabled" not in draw.group(0):
            move = ("draw", {})
        return cls(int(version.group(1)), int(moves.group(1)), move)


@dataclass
class Player:
    """One simulated browser: its own keep-alive connection, cookie and CSRF token."""

    connection: Connection
    cookie: str  # the Cookie header line
    token: str
    style: str  # "browser" (htmx, HTML fragments) or "json"

    def get(self, path: str) -> bytes:
        """A page as the browser's address bar (or a JSON client) asks for it."""
        accept = "application/json" if self.style == "json" else "text/html,*/*;q=0.8"
        extra = f"{self.cookie}Accept: {accept}\r\n"
        if self.style == "browser":
            extra += BROWSER_HEADERS + "Sec-Fetch-Site: same-origin\r\nSec-Fetch-Mode: navigate\r\n"
        return request_bytes("GET", path, self.connection.authority, extra)

    def post(self, path: str, body: str, page: str | None = None) -> bytes:
        """A form POST; with `page`, the htmx request that a form on that page sends."""
        host = self.connection.authority
        if self.style == "json":
            return form_post(path, host, f"{self.cookie}Accept: application/json\r\n", body)
        origin = f"http://{host}"
        extra = f"{self.cookie}Accept: */*\r\n{BROWSER_HEADERS}Origin: {origin}\r\n"
        if page is not None:
            extra += (
                f"HX-Current-URL: {origin}{page}\r\nHX-Request: true\r\nHX-Target: board\r\n"
                f"Referer: {origin}{page}\r\nSec-Fetch-Dest: empty\r\nSec-Fetch-Mode: cors\r\n"
            )
        return form_post(path, host, extra + "Sec-Fetch-Site: same-origin\r\n", body)

    def board(self, answer: Answer) -> Board:
        body = answer.decoded_body()
        return Board.from_json(json.loads(body)) if self.style == "json" else Board.from_html(body)


async def _browser(base: str, style: str) -> Player:
    """Open a player's connection and get its CSRF cookie from the start page, once."""
    from app.security import CSRF_COOKIE, csrf_token_for

    connection = Connection(base)
    page = await connection.send(request_bytes("GET", "/solitaire", connection.authority))
    cookies = cookies_from(page)
    cookie = "Cookie: " + "; ".join(f"{name}={value}" for name, value in cookies.items())
    token = csrf_token_for(cookies[CSRF_COOKIE], SECRET)
    return Player(connection, cookie + "\r\n", token, style)


async def _healthz_ready(base: str, style: str) -> Connection:
    connection = Connection(base)
    await connection.send(request_bytes("GET", "/healthz", connection.authority))
    return connection


async def _healthz_player(connection: Connection, until: float, tally: Tally) -> None:
    raw = request_bytes("GET", "/healthz", connection.authority)  # the same bytes every time
    while time.monotonic() < until:
        started = time.perf_counter()
        answer = await connection.send(raw)
        tally.latencies.append(time.perf_counter() - started)
        if answer.status != 200:
            tally.errors.append(f"healthz {answer.status}")


async def _deal_page(player: Player, deal: str) -> Board:
    """The deal's page (or JSON state), as loaded after the new-deal form's redirect."""
    answer = await player.connection.send(player.get(deal))
    if answer.status != 200:
        raise RuntimeError(f"GET {deal} answered {answer.status}")
    return player.board(answer)


async def _new_deal(player: Player) -> tuple[str, Board]:
    body = f"csrf_token={player.token}&action=random"
    made = await player.connection.send(player.post("/solitaire/deals", body))
    location = made.header("location")
    if made.status != 303 or location is None:
        raise RuntimeError(f"new deal answered {made.status}")
    deal = urlsplit(location).path
    return deal, await _deal_page(player, deal)


def _move_body(token: str, board: Board, fields: dict[str, str]) -> str:
    """The url-encoded move form; every value is hex or digits, so nothing needs escaping."""
    extra = "".join(f"&{name}={value}" for name, value in fields.items())
    return f"csrf_token={token}&version={board.version}&moves={board.moves}{extra}"


@dataclass
class Seat:
    """A player ready to play: its browser, the deal in play and the deals it opened ahead."""

    player: Player
    deals: list[tuple[str, Board]]
    deal: str = field(init=False)  # the deal in play: its path and what its board shows
    board: Board = field(init=False)

    def __post_init__(self) -> None:
        self.deal, self.board = self.deals.pop(0)

    @property
    def connection(self) -> Connection:
        return self.player.connection


# Deals each player opens before the clock starts, so that the timed slices measure moves (a
# deal lasts about 25 moves); a player that runs out opens more while timed (counted).
DEALS_AHEAD = 4


async def _move_ready(base: str, style: str) -> Seat:
    player = await _browser(base, style)
    return Seat(player, [await _new_deal(player) for _ in range(DEALS_AHEAD)])


async def _move_player(seat: Seat, until: float, tally: Tally) -> None:
    player = seat.player
    while time.monotonic() < until:
        if seat.board.move is None:
            tally.deals_opened_while_timed += not seat.deals
            seat.deal, seat.board = seat.deals.pop(0) if seat.deals else await _new_deal(player)
            continue
        kind, fields = seat.board.move
        body = _move_body(player.token, seat.board, fields)
        raw = player.post(f"{seat.deal}/{kind}", body, page=seat.deal)
        started = time.perf_counter()
        answer = await player.connection.send(raw)
        tally.latencies.append(time.perf_counter() - started)
        tally.sizes.append((len(answer.body), len(answer.decoded_body())))
        if answer.status != 200:
            tally.errors.append(f"{kind} {answer.status} {answer.decoded_body()[:120]!r}")
            seat.board = await _deal_page(player, seat.deal)
            continue
        seat.board = player.board(answer)
        tally.acked[seat.deal] = (seat.board.version, seat.board.moves)


@dataclass
class Phase:
    """The timed slices of one kind: their answers, how long they ran, the CPU used."""

    tally: Tally = field(default_factory=Tally)
    seconds: float = 0.0
    server_cpu: float = 0.0
    generator_cpu: float = 0.0


async def _slice(phase: Phase, play: Callable[[Any, float, Tally], Awaitable[None]],
                 players: list[Any], seconds: float, group: int) -> None:  # fmt: skip
    """Let every player play for `seconds`, adding answers and CPU to `phase`."""
    cpu, mine = server_cpu_seconds(group), time.process_time()
    started = time.monotonic()
    await asyncio.gather(*(play(one, started + seconds, phase.tally) for one in players))
    phase.seconds += time.monotonic() - started
    phase.server_cpu += server_cpu_seconds(group) - cpu
    phase.generator_cpu += time.process_time() - mine


async def _measure(base: str, players: int, seconds: float, rounds: int, style: str,
                   group: int) -> tuple[Phase, Phase]:  # fmt: skip
    """Get everyone ready (not timed), then alternate /healthz and moves in `rounds` slices.

    Other jobs on the machine come and go; alternating short slices lets both kinds of
    answer meet the same conditions, so their CPU ratio is steadier than one long run each.
    """
    checkers = await asyncio.gather(*(_healthz_ready(base, style) for _ in range(players)))
    seats = await asyncio.gather(*(_move_ready(base, style) for _ in range(players)))
    health, moves = Phase(), Phase()
    try:
        for _ in range(rounds):
            await _slice(health, _healthz_player, checkers, seconds / rounds, group)
            await _slice(moves, _move_player, seats, seconds / rounds, group)
    finally:
        for connection in [*checkers, *(seat.connection for seat in seats)]:
            await connection.close()
    return health, moves


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


def run(
    players: int, seconds: float, workers: int, backend: str, pg_url: str | None, style: str,
    rounds: int = 1,
) -> dict:
    with (
        tempfile.TemporaryDirectory() as folder,
        fresh_database(backend, Path(folder), pg_url) as url,
    ):
        log = Path(folder) / "server.log"
        server = start_server(url, workers=workers, log=log)
        try:
            group = server.process.pid
            health, moves = asyncio.run(
                _measure(server.base, players, seconds, rounds, style, group)
            )
        finally:
            server.stop()
        lost = lost_moves(url, moves.tally.acked)
    summaries = []
    for phase in (health, moves):
        summary = phase.tally.summary(phase.seconds)
        # CPU per answer, the server's and this generator's own: figures that other load on
        # the machine disturbs much less, and that show how much of the 2 cores we take.
        count = max(summary["requests"], 1)
        summary["server_cpu_ms_each"] = round(phase.server_cpu * 1000 / count, 2)
        summary["generator_cpu_ms_each"] = round(phase.generator_cpu * 1000 / count, 2)
        summaries.append(summary)
    healthz, played = summaries
    played["deals_opened_while_timed"] = moves.tally.deals_opened_while_timed
    return {
        "players": players, "seconds": seconds, "workers": workers, "database": backend,
        "style": style, "rounds": rounds,
        "healthz": healthz, "moves": played,
        "ratio": round(played["per_second"] / max(healthz["per_second"], 0.1), 3),
        "cpu_ratio": round(
            played["server_cpu_ms_each"] / max(healthz["server_cpu_ms_each"], 0.001), 2
        ),
        "deals": len(moves.tally.acked),
        "acknowledged_moves": sum(m for _, m in moves.tally.acked.values()),
        "lost_moves": lost, "first_errors": moves.tally.errors[:3] + health.tally.errors[:3],
    }  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.load", description=__doc__)
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--pg-url", default=os.environ.get("TEST_DATABASE_URL_PG"))
    parser.add_argument("--style", choices=["browser", "json"], default="browser")
    parser.add_argument("--rounds", type=int, default=1, help="alternate the two kinds this often")
    args = parser.parse_args(argv)
    if not 1 <= args.players <= MAX_PLAYERS or not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"players 1-{MAX_PLAYERS}, seconds up to {MAX_SECONDS}")
    if args.db == "postgres" and not args.pg_url:
        parser.error("--db postgres needs TEST_DATABASE_URL_PG or --pg-url")
    if not 1 <= args.rounds <= 20:
        parser.error("rounds 1-20")
    result = run(
        args.players, args.seconds, args.workers, args.db, args.pg_url, args.style, args.rounds
    )
    print(json.dumps(result, indent=2))
    ok = result["lost_moves"] == 0 and result["moves"]["errors"] == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
