"""Real-browser fixtures: one live server (uvicorn, temporary SQLite) and Debian's chromium."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
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
        "GOLF_BOT_DELAY_MS": "100",
        # A quicker poll than a real table's: the games against computers wait less.
        "GOLF_POLL_MS": "250",
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


@pytest.fixture
def page(browser, live_server):
    """A fresh browser context (own cookies) with JavaScript on."""
    context = browser.new_context(base_url=live_server)
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


@pytest.fixture
def page_without_js(browser, live_server):
    context = browser.new_context(base_url=live_server, java_script_enabled=False)
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


@pytest.fixture
def new_page(browser, live_server):
    """Factory for extra independent browser contexts (a second player), with phone sizes."""
    contexts = []

    def make(**options):
        context = browser.new_context(base_url=live_server, **options)
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()
