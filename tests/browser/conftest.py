"""Real-browser fixtures: one live server (uvicorn, temporary SQLite) and Debian's chromium."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections import deque
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect

CHROMIUM = "/usr/bin/chromium"
# Assertions retry until they hold, so a longer limit costs nothing when the page is quick; it
# only spares a loaded CI machine (two test workers, a review being worked out) a false failure.
expect.set_options(timeout=15_000)
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking"]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of a real server, migrated, on a free loopback port."""
    db = tmp_path_factory.mktemp("live") / "golf.db"
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{db}",
        "GOLF_WATCH_DELAY_MS": "150",
        # The quickest poll the settings allow, and computers that hardly pause: a game against
        # two of them (nine holes) takes about 25 s instead of 40.
        "GOLF_BOT_DELAY_MS": "50",
        "GOLF_POLL_MS": "200",
        # Every page comes from one address here: the limit on new games and deals would count
        # the whole suite as one player (the limit has tests of its own, in tests/web).
        "GOLF_CREATE_PER_MINUTE": "0",
    }
    subprocess.run([sys.executable, "-m", "app.cli", "migrate"], env=env, check=True)
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "app.cli", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{base}/healthz").status_code == 200:
                break
        except httpx.TransportError:
            time.sleep(0.1)
    else:
        server.kill()
        raise RuntimeError("live server did not start")
    yield base
    server.terminate()
    server.wait(timeout=10)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield instance
        instance.close()


FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):  # type: ignore[no-untyped-def]
    report = yield
    if report.failed:
        item.stash[FAILED] = True
    return report


class Contexts:
    """The browser contexts of one test, each with a log of its last requests, answers and
    console lines, printed if the test fails: a click that sent nothing, a move refused or
    an answer that never came shows there."""

    def __init__(self, browser, live_server: str) -> None:  # type: ignore[no-untyped-def]
        self._browser, self._base = browser, live_server
        self._opened: list[tuple[object, deque[str]]] = []
        self._start = time.monotonic()

    def open(self, **options):  # type: ignore[no-untyped-def]
        context = self._browser.new_context(base_url=self._base, **options)
        context.set_default_timeout(10_000)
        log: deque[str] = deque(maxlen=60)

        def note(*words: object) -> None:
            log.append(f"{time.monotonic() - self._start:8.3f}s " + " ".join(map(str, words)))

        context.on("request", lambda r: note("->", r.method, r.url.removeprefix(self._base)))
        context.on("response", lambda r: note("<-", r.status, r.url.removeprefix(self._base)))
        context.on("requestfailed", lambda r: note("xx", r.failure, r.url))
        context.on("console", lambda m: note("console", m.type, m.text))
        self._opened.append((context, log))
        return context.new_page()

    def close(self, failed: bool) -> None:
        for number, (context, log) in enumerate(self._opened, 1):
            if failed:
                print(f"--- browser context {number}: its last requests and console lines")
                print("\n".join(log))
            context.close()


@pytest.fixture
def contexts(request: pytest.FixtureRequest, browser, live_server) -> Iterator[Contexts]:  # type: ignore[no-untyped-def]
    opened = Contexts(browser, live_server)
    yield opened
    opened.close(failed=request.node.stash.get(FAILED, False))


@pytest.fixture
def page(contexts: Contexts):
    """A fresh browser context (own cookies) with JavaScript on."""
    return contexts.open()


@pytest.fixture
def page_without_js(contexts: Contexts):
    return contexts.open(java_script_enabled=False)


@pytest.fixture
def new_page(contexts: Contexts):
    """Factory for extra independent browser contexts (a second player), with phone sizes."""
    return contexts.open
