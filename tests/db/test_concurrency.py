"""Truly concurrent submissions against a real server with two workers, SQLite and PostgreSQL.

Of several submissions made from the same version exactly one applies; the others get the
fresh state and a clear message (409), and nothing is applied twice.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable, Iterator

import httpx
import pytest

from tests.conftest import BACKENDS, PG_URL
from tests.live import (
    IDLE_LIMIT,
    Server,
    browser,
    fresh_database,
    running,
    solitaire_move,
    submit,
)

JSON = {"accept": "application/json"}
VERSION_RE = re.compile(r'name="version" value="(\d+)"')
SENDERS = 6


@pytest.fixture(scope="module", params=BACKENDS)
def server(request: pytest.FixtureRequest, tmp_path_factory) -> Iterator[Server]:  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("concurrency")
    log = folder / "server.log"
    with (
        fresh_database(request.param, folder, PG_URL) as url,
        running(url, workers=2, log=log) as live,
    ):
        yield live


def at_once(calls: list[Callable[[], httpx.Response]]) -> list[httpx.Response]:
    """Run the calls in threads released together, so the requests really overlap."""
    start = threading.Barrier(len(calls))
    results: list[httpx.Response | BaseException] = [None] * len(calls)  # type: ignore[list-item]

    def run(index: int) -> None:
        start.wait()
        try:
            results[index] = calls[index]()
        except BaseException as error:  # noqa: BLE001 - reported below
            results[index] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    failures = [r for r in results if isinstance(r, BaseException)]
    assert not failures, failures
    return results  # type: ignore[return-value]


def clone(client: httpx.Client) -> httpx.Client:
    """A second connection of the same browser (same cookies): a double click."""
    return httpx.Client(base_url=client.base_url, cookies=client.cookies, timeout=30,
                        limits=IDLE_LIMIT)


def codes(responses: list[httpx.Response]) -> list[int]:
    return sorted(r.status_code for r in responses)


# --- Golf solitaire ----------------------------------------------------------------------


def _new_deal(server: Server) -> tuple[httpx.Client, str]:
    player = browser(server.base)
    made = submit(player, "/solitaire/deals", {"deal_number": "4242"})
    assert made.status_code == 303
    return player, made.headers["location"]


def test_solitaire_same_version_submissions_apply_exactly_once(server):
    player, deal = _new_deal(server)
    before = player.get(deal, headers=JSON).json()
    form = {"version": str(before["version"])}  # no "moves": not recognisable as a replay
    tabs = [clone(player) for _ in range(SENDERS)]
    responses = at_once([lambda t=t: submit(t, f"{deal}/draw", form) for t in tabs])
    after = player.get(deal, headers=JSON).json()
    assert codes(responses) == [303] + [409] * (SENDERS - 1)
    assert after["moves"] == before["moves"] + 1
    assert after["draw_pile"] == before["draw_pile"] - 1
    refused = next(r for r in responses if r.status_code == 409)
    assert "out of date" in refused.text and "nothing was changed" in refused.text


def test_solitaire_double_click_applies_once_and_never_errors(server):
    player, deal = _new_deal(server)
    before = player.get(deal, headers=JSON).json()
    form = {"version": str(before["version"]), "moves": str(before["moves"])}
    tabs = [clone(player) for _ in range(SENDERS)]
    responses = at_once(
        [lambda t=t: submit(t, f"{deal}/draw", form, headers={"HX-Request": "true"}) for t in tabs]
    )
    after = player.get(deal, headers=JSON).json()
    assert after["moves"] == before["moves"] + 1
    # The replays are answered with the board as it is (200), or as stale (409): never applied.
    assert set(codes(responses)) <= {200, 409} and 200 in codes(responses)
    assert all("Draw pile" in r.text for r in responses)


def test_solitaire_sequential_replay_is_recognised(server):
    player, deal = _new_deal(server)
    before = player.get(deal, headers=JSON).json()
    form = {"version": str(before["version"]), "moves": str(before["moves"])}
    first = submit(player, f"{deal}/draw", form)
    again = submit(player, f"{deal}/draw", form)  # a retried request after a lost answer
    assert (first.status_code, again.status_code) == (303, 303)
    assert player.get(deal, headers=JSON).json()["moves"] == before["moves"] + 1


def test_fifty_players_writing_at_once_on_two_workers_see_no_errors(server):
    """Fifty browsers each start a deal and make moves at the same moment: no 5xx, no loss."""
    players = [browser(server.base) for _ in range(50)]

    def play(player: httpx.Client) -> httpx.Response:
        made = submit(player, "/solitaire/deals", {"action": "random"})
        deal = made.headers["location"]
        for _ in range(3):
            state = player.get(deal, headers=JSON).json()
            kind, fields = solitaire_move(state) or ("draw", {})
            form = {"version": str(state["version"]), "moves": str(state["moves"]), **fields}
            answer = submit(player, f"{deal}/{kind}", form, headers=JSON)
            if answer.status_code != 200:
                return answer
        return player.get(deal, headers=JSON)

    finals = at_once([lambda p=p: play(p) for p in players])
    assert [r.status_code for r in finals] == [200] * 50, [r.text[:200] for r in finals]
    assert all(r.json()["moves"] == 3 for r in finals)


# --- Six-card Golf ------------------------------------------------------------------------


def _started_game(server: Server) -> tuple[httpx.Client, httpx.Client, str]:
    ann, maria = browser(server.base), browser(server.base)
    made = submit(ann, "/golf6", {"name": "Ann", "bots": "0", "friends": "1", "length": "9"})
    assert made.status_code == 303
    game = made.headers["location"]
    invite = re.search(r"/golf6/join/[A-Za-z0-9_-]+", ann.get(game).text).group(0)
    assert submit(maria, invite, {"name": "Maria"}).status_code == 303
    assert submit(ann, f"{game}/start").status_code == 303
    return ann, maria, game


def _version(client: httpx.Client, url: str) -> str:
    return VERSION_RE.search(client.get(url).text).group(1)


def _on_marias_turn(server: Server) -> tuple[httpx.Client, httpx.Client, str]:
    """Both players turned their first two cards; Maria (left of the dealer) is to play."""
    ann, maria, game = _started_game(server)
    for player in (ann, maria):
        for index in (0, 1):
            form = {"version": _version(player, game), "move": f"reveal:{index}"}
            assert submit(player, f"{game}/move", form).status_code == 303
    assert maria.get(game, headers=JSON).json()["turn"] == 1
    return ann, maria, game


def test_golf6_two_different_moves_at_once_exactly_one_applies(server):
    _ann, maria, game = _on_marias_turn(server)
    version = _version(maria, game)
    other_tab = clone(maria)
    responses = at_once(
        [
            lambda: submit(maria, f"{game}/move", {"version": version, "move": "draw_stock"}),
            lambda: submit(other_tab, f"{game}/move", {"version": version, "move": "take_discard"}),
        ]
    )
    assert codes(responses) == [303, 409]
    assert int(_version(maria, game)) == int(version) + 1
    refused = next(r for r in responses if r.status_code == 409)
    assert "here is the table" in refused.text.lower() or "changed" in refused.text.lower()


def test_golf6_double_click_applies_once(server):
    ann, maria, game = _on_marias_turn(server)
    version = _version(maria, game)
    tabs = [clone(maria) for _ in range(SENDERS)]
    form = {"version": version, "move": "draw_stock"}
    responses = at_once([lambda t=t: submit(t, f"{game}/move", form) for t in tabs])
    # Played once; the other tabs' copies of the same click get the table, not an error.
    assert codes(responses) == [303] * SENDERS
    assert int(_version(maria, game)) == int(version) + 1
    assert (
        ann.get(game, headers=JSON).json()["stock"] == maria.get(game, headers=JSON).json()["stock"]
    )


def _poll_stamp(text: str) -> str:
    """The stamp the table polls with: "version.away-seats"."""
    return re.search(r"\?since=([\d.]+)\"", text).group(1)


def test_golf6_moves_reach_players_whichever_worker_answers(server):
    """Polls on fresh connections (so both workers answer some) all see the new version."""
    ann, maria, game = _on_marias_turn(server)
    old = _poll_stamp(ann.get(game).text)
    form = {"version": old.split(".")[0], "move": "draw_stock"}
    assert submit(maria, f"{game}/move", form).status_code == 303
    close = {"connection": "close", "HX-Request": "true"}
    for _ in range(12):
        # A player whose connection dropped polls with the stamp it last saw...
        stale = ann.get(f"{game}/table?since={old}", headers=close)
        assert stale.status_code == 200
        new = _poll_stamp(stale.text)
        assert int(new.split(".")[0]) == int(old.split(".")[0]) + 1
        # ...and once up to date, polling is a cheap 204 on every worker.
        fresh = ann.get(f"{game}/table?since={new}", headers=close)
        assert fresh.status_code == 204


# --- Score keeper -------------------------------------------------------------------------


def test_score_sheet_two_saves_at_once_exactly_one_applies(server):
    keeper = browser(server.base)
    made = submit(keeper, "/scores", {"player_1": "Ann", "player_2": "Bo", "length": "9"})
    sheet = made.headers["location"]
    version = _version(keeper, sheet)
    other = clone(keeper)
    responses = at_once(
        [
            lambda: submit(
                keeper, f"{sheet}/holes", {"version": version, "score_0": "3", "score_1": "4"}
            ),  # fmt: skip
            lambda: submit(
                other, f"{sheet}/holes", {"version": version, "score_0": "5", "score_1": "6"}
            ),  # fmt: skip
        ]
    )
    assert codes(responses) == [303, 409]
    state = keeper.get(sheet, headers=JSON).json()
    assert len(state.get("holes", state.get("scores", []))) == 1


# --- The server's own log ------------------------------------------------------------------


def test_server_log_has_a_line_per_request_and_no_secret(server):
    ann, maria = browser(server.base), browser(server.base)
    made = submit(ann, "/golf6", {"name": "Ann", "bots": "0", "friends": "1", "length": "9"})
    game = made.headers["location"]
    invite = re.search(r"/golf6/join/([A-Za-z0-9_-]+)", ann.get(game).text).group(1)
    assert submit(maria, f"/golf6/join/{invite}", {"name": "Maria"}).status_code == 303
    secret = next(c.value for c in ann.cookies.jar if c.name.startswith("golf6_"))
    stranger = browser(server.base)
    assert stranger.get(f"{game}/rejoin/{secret}").status_code == 303  # secret in the path
    marker = f"/healthz?probe={secret}"
    assert stranger.get(marker).status_code == 200
    time.sleep(0.5)  # let both workers flush their lines
    text = server.log.read_text()
    for value in (secret, invite, game.rsplit("/", 1)[1], ann.cookies["csrf"]):
        assert value not in text
    lines = [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    assert {"method", "path", "status", "ms"} <= set(lines[-1])
    assert any(line["path"] == "/golf6/:id/rejoin/:id" for line in lines)
