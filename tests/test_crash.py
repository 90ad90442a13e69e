"""Crash test: players drive moves, the server is SIGKILLed at a random moment and restarted.

Every move the server acknowledged must still be there afterwards (at most one more: a move
that was committed but whose answer was lost in the crash), and every deal must still load.
"""

from __future__ import annotations

import random
import sqlite3
import threading
import time
from dataclasses import dataclass, field

import httpx
import pytest
from sqlalchemy import select

from app.db import Database
from app.storage.models import SolitaireDeal
from tests.conftest import BACKENDS, PG_URL
from tests.live import browser, fresh_database, solitaire_move, start_server, submit

JSON = {"accept": "application/json"}
PLAYERS = 8


@dataclass
class Acked:
    """The last state of one deal that the server acknowledged to its player."""

    version: int = 0
    moves: int = 0
    columns: list = field(default_factory=list)
    discard_top: str | None = None


def play_until_stopped(
    base: str, stop: threading.Event, acked: dict[str, Acked], errors: list[str]
) -> None:
    """One player: new deal, move after move, each sent only after the last was answered."""
    try:
        client = browser(base)
        while not stop.is_set():
            made = submit(client, "/solitaire/deals", {"action": "random"})
            if made.status_code != 303:
                errors.append(f"new deal: {made.status_code} {made.text[:200]}")
                return
            deal = made.headers["location"]
            state = client.get(deal, headers=JSON).json()
            acked[deal] = Acked(state["version"], state["moves"], state["columns"])
            while not stop.is_set() and (move := solitaire_move(state)) is not None:
                kind, fields = move
                form = {"version": str(state["version"]), "moves": str(state["moves"]), **fields}
                answer = submit(client, f"{deal}/{kind}", form, headers=JSON)
                if answer.status_code != 200:
                    errors.append(f"{answer.status_code} {answer.text[:200]}")
                    return
                state = answer.json()
                acked[deal] = Acked(
                    state["version"], state["moves"], state["columns"], state["discard_top"]
                )
    except (httpx.TransportError, ValueError):
        return  # the server died under us: that is the point


@pytest.mark.parametrize("backend", BACKENDS)
def test_every_acknowledged_move_survives_sigkill(backend, tmp_path):
    rng = random.Random()
    seed = rng.randrange(10**6)
    rng.seed(seed)
    with fresh_database(backend, tmp_path, PG_URL) as url:
        server = start_server(url, workers=1)
        acked: dict[str, Acked] = {}
        errors: list[str] = []
        stop = threading.Event()
        players = [
            threading.Thread(target=play_until_stopped, args=(server.base, stop, acked, errors))
            for _ in range(PLAYERS)
        ]
        for player in players:
            player.start()
        # Let the players get going (a busy machine may need seconds for the first moves),
        # then crash at a random moment.
        deadline = time.monotonic() + 60
        while _moves(acked) < 10 and not errors and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(rng.random() * 1.5)
        server.kill()
        stop.set()
        for player in players:
            player.join(timeout=30)
        total = _moves(acked)
        assert errors == [], errors
        assert total >= 10, f"too few moves before the crash (seed {seed})"

        restarted = start_server(url, workers=1)
        try:
            _check_every_acknowledged_move(restarted.base, acked, seed)
            _check_every_stored_deal_loads(restarted.base, url)
        finally:
            restarted.stop()
        if backend == "sqlite":
            path = url.removeprefix("sqlite:///")
            assert sqlite3.connect(path).execute("PRAGMA integrity_check").fetchone() == ("ok",)


def _moves(acked: dict[str, Acked]) -> int:
    return sum(a.moves for a in list(acked.values()))  # a copy: players add deals meanwhile


def _check_every_acknowledged_move(base: str, acked: dict[str, Acked], seed: int) -> None:
    reader = httpx.Client(base_url=base, timeout=30)
    for deal, last in acked.items():
        stored = reader.get(deal, headers=JSON)
        assert stored.status_code == 200, (deal, seed)
        state = stored.json()
        # The move in flight at the crash may have been committed without an answer.
        assert state["version"] in (last.version, last.version + 1), (deal, seed)
        assert state["moves"] in (last.moves, last.moves + 1), (deal, seed)
        if state["version"] == last.version:
            assert state["columns"] == last.columns, (deal, seed)


def _check_every_stored_deal_loads(base: str, url: str) -> None:
    database = Database(url)
    with database.read() as session:
        ids = list(session.scalars(select(SolitaireDeal.id)))
    database.dispose()
    reader = httpx.Client(base_url=base, timeout=30)
    for deal_id in ids:
        response = reader.get(f"/solitaire/deals/{deal_id}", headers=JSON)
        assert response.status_code == 200, deal_id
        assert len(response.json()["columns"]) == 7
