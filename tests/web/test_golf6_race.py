"""Racing requests: several copies of one move at once, only one of them is played."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from tests.conftest import Client
from tests.web.test_golf6 import create, join, move, play_to_turn, state, version


def test_the_same_move_sent_six_times_at_once_is_played_once(app, client, monkeypatch):
    monkeypatch.setattr(app.state.settings, "bot_delay_ms", 0)
    url = create(client)
    friend = join(app, client, url)
    client.submit(f"{url}/start")
    play_to_turn(client, friend, url)
    at = version(friend, url)
    before = state(client, url)

    def send(_: int) -> int:
        with Client(app, base_url="http://testserver") as copy:
            copy.cookies.update(friend.cookies)
            return move(copy, url, "draw_stock", at=at).status_code

    with ThreadPoolExecutor(6) as pool:
        codes = sorted(pool.map(send, range(6)))
    assert codes == [303] * 6  # the copies of the click get the table, not an error
    after = state(friend, url)
    assert after["stock"] == before["stock"] - 1 and after["phase"] == "place"
    friend.close()


def test_ten_joining_at_once_with_five_bobs_leave_one_bob(app, client):
    from tests.web.test_golf6 import invite_of

    url = create(client, friends="7")
    invite = invite_of(client, url)
    names = ["Bob", "Cy", "bob", "Di", "BOB", "Ed", " Bob", "Fay", "bob ", "Gus"]

    def send(name: str) -> int:
        with Client(app, base_url="http://testserver") as browser:
            return browser.submit(invite, {"name": name}).status_code

    with ThreadPoolExecutor(10) as pool:
        codes = list(pool.map(send, names))
    seated = [seat["name"] for seat in state(client, url)["seats"]]
    assert [name.casefold() for name in seated].count("bob") == 1
    assert sorted(codes) == [303] * 6 + [422] * 4
    assert {"Cy", "Di", "Ed", "Fay", "Gus"} <= set(seated) and len(seated) == 8
