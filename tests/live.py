"""Real servers for the concurrency, crash and load tests: `golf serve` in a child process."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import uvicorn

from app.migrate import upgrade
from app.security import CSRF_COOKIE, csrf_token_for

SECRET = "live-test-secret-key-0123456789"
RANKS = "A23456789TJQK"
TOKEN_RE = re.compile(r'name="csrf_token" value="([^"]+)"')
# golf serve keeps uvicorn's keep-alive timeout: an idle connection is closed after 5 s. A
# request sent on it just as it closes fails with "Server disconnected without sending a
# response"; a browser sends such a request again, httpx does not. So the test browsers drop
# idle connections well before the server does.
IDLE_LIMIT = httpx.Limits(keepalive_expiry=2.0)
assert IDLE_LIMIT.keepalive_expiry < uvicorn.Config(app="app.main:create_app").timeout_keep_alive


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Server:
    """A running `golf serve` process and how to reach it."""

    process: subprocess.Popen
    base: str
    database_url: str
    log: Path | None = None

    def kill(self) -> None:
        """SIGKILL the whole process group (uvicorn's workers too): a crash, not a shutdown."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


def start_server(database_url: str, workers: int = 1, env: dict[str, str] | None = None,
                 log: Path | None = None) -> Server:  # fmt: skip
    """Start `golf serve` on a free loopback port and wait until it answers /readyz."""
    port = free_port()
    environment = {
        **os.environ,
        "DATABASE_URL": database_url,
        "SECRET_KEY": SECRET,
        "GOLF_CREATE_PER_MINUTE": "0",
        "GOLF_BOT_DELAY_MS": "0",
        **(env or {}),
    }
    output = open(log, "ab") if log else subprocess.DEVNULL  # noqa: SIM115 - child keeps it
    process = subprocess.Popen(
        [sys.executable, "-m", "app.cli", "serve", "--port", str(port), "--workers", str(workers)],
        env=environment,
        stdout=output,
        stderr=output,
        start_new_session=True,  # its own process group, so a kill reaches every worker
    )
    server = Server(process, f"http://127.0.0.1:{port}", database_url, log)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("server exited during start-up")
        try:
            if httpx.get(f"{server.base}/readyz", timeout=2).status_code == 200:
                return server
        except httpx.TransportError:
            pass
        time.sleep(0.05)
    server.kill()
    raise RuntimeError("server did not become ready")


@contextmanager
def running(database_url: str, workers: int = 1, **kwargs) -> Iterator[Server]:  # type: ignore[no-untyped-def]
    server = start_server(database_url, workers, **kwargs)
    try:
        yield server
    finally:
        server.stop()


@contextmanager
def fresh_database(backend: str, tmp_path: Path, pg_url: str | None) -> Iterator[str]:
    """An empty database for one live test, migrated the way deployment does it."""
    if backend == "sqlite":
        url = f"sqlite:///{tmp_path / 'live.db'}"
        upgrade(url)
        yield url
        return
    from tests.pg import drop_database, make_database

    assert pg_url
    url = make_database(pg_url)
    upgrade(url)
    try:
        yield url
    finally:
        drop_database(pg_url, url)


def browser(base: str, **kwargs) -> httpx.Client:  # type: ignore[no-untyped-def]
    """An httpx client that behaves like one browser: it has its own CSRF cookie and token."""
    client = httpx.Client(base_url=base, follow_redirects=False, timeout=30, limits=IDLE_LIMIT,
                          **kwargs)  # fmt: skip
    client.get("/scores")  # a page with a form sets the CSRF cookie
    return client


def token(client: httpx.Client) -> str:
    """The CSRF token for this client's cookie (the server uses the same secret key)."""
    return csrf_token_for(client.cookies[CSRF_COOKIE], SECRET)


def submit(client: httpx.Client, url: str, data: dict | None = None, **kwargs) -> httpx.Response:  # type: ignore[no-untyped-def]
    return client.post(url, data={"csrf_token": token(client), **(data or {})}, **kwargs)


def fits(card: str, top: str | None) -> bool:
    """Standard rules: one rank up or down, nothing on a king, ace and king not neighbours."""
    if top is None or top[0] == "K":
        return False
    return abs(RANKS.index(card[0]) - RANKS.index(top[0])) == 1


def solitaire_move(state: dict) -> tuple[str, dict[str, str]] | None:
    """A legal move for a deal's JSON state: a fitting column, else a draw; None when over."""
    if state["over"]:
        return None
    for number, column in enumerate(state["columns"], start=1):
        if column and fits(column[-1], state["discard_top"]):
            return "play", {"column": str(number)}
    if state["draw_pile"]:
        return "draw", {}
    return None
