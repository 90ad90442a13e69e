"""The deal of the day on a 2-worker server: deals that end at the same moment, answered by
either worker, each count exactly once in the day's results."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator

import httpx
import pytest

from tests.conftest import BACKENDS, PG_URL
from tests.live import Server, browser, fresh_database, running, solitaire_move, submit

JSON = {"accept": "application/json"}
PLAYERS = 10


@pytest.fixture(scope="module", params=BACKENDS)
def server(request: pytest.FixtureRequest, tmp_path_factory) -> Iterator[Server]:  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("daily")
    with fresh_database(request.param, folder, PG_URL) as url, running(url, workers=2) as live:
        yield live


def move(player: httpx.Client, deal: str) -> bool:
    """Make one legal move; False when the deal is over."""
    state = player.get(deal, headers=JSON).json()
    chosen = solitaire_move(state)
    if chosen is None:
        return False
    kind, fields = chosen
    form = {"version": str(state["version"]), "moves": str(state["moves"]), **fields}
    assert submit(player, f"{deal}/{kind}", form, headers=JSON).status_code == 200
    return True


def near_the_end(player: httpx.Client, deal: str) -> None:
    """Play until the draw pile is used up: what is left are the plays that end the deal."""
    while True:
        state = player.get(deal, headers=JSON).json()
        if state["over"] or state["draw_pile"] == 0:
            return
        move(player, deal)


def test_concurrent_finishes_on_two_workers_count_once_each(server):
    players = [browser(server.base) for _ in range(PLAYERS)]
    for player in players:
        player.get("/solitaire/daily")  # a page with a form: it sets the CSRF cookie
    deals = []
    for player in players:
        started = submit(player, "/solitaire/daily")
        assert started.status_code == 303
        deals.append(started.headers["location"])
        assert submit(player, "/solitaire/daily").headers["location"] == deals[-1]  # one each
    for player, deal in zip(players, deals, strict=True):
        near_the_end(player, deal)

    barrier = threading.Barrier(PLAYERS)
    errors: list[BaseException] = []

    def finish(player: httpx.Client, deal: str) -> None:
        barrier.wait()
        try:
            while move(player, deal):
                pass
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [
        threading.Thread(target=finish, args=pair) for pair in zip(players, deals, strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors, errors
    assert all(p.get(d, headers=JSON).json()["over"] for p, d in zip(players, deals, strict=True))

    for player in players[:3]:  # whichever worker answers, the same count
        page = player.get("/solitaire/daily").text
        assert f"{PLAYERS} players have played it." in page
        cells = re.findall(r"<td>-?\d+[^<]*(?:<span[^>]*>[^<]*</span>)?</td><td>(\d+)</td>", page)
        assert sum(int(count) for count in cells) == PLAYERS
