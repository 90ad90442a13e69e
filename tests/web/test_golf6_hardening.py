"""Golf online against odd input and odd browsers (issue 12): one seat per browser, names that
cannot be told apart, secrets never cached, and no 500 from Unicode digits."""

from __future__ import annotations

import re
import unicodedata

import pytest

from tests.conftest import Client
from tests.web.test_golf6 import JSON, create, flip_two, invite_of, join, move, state, version
from tests.web.world import seat_cookie


def seat_names(client: Client, url: str) -> list[str]:
    return [seat["name"] for seat in state(client, url)["seats"]]


# --- One browser, one seat -----------------------------------------------------------------


def test_a_browser_with_a_seat_opening_the_invite_is_shown_its_seat(app, client):
    url = create(client, friends="2")
    invite = invite_of(client, url)
    friend = join(app, client, url)
    for browser in (client, friend):  # the creator and a friend who joined
        opened = browser.get(invite, follow_redirects=False)
        assert opened.status_code == 303 and opened.headers["location"] == url
        again = browser.submit(invite, {"name": "Someone Else"})
        assert again.status_code == 303 and again.headers["location"] == url
    assert seat_names(client, url) == ["Ann", "Maria", "Seat 3 (free)"]
    assert state(friend, url)["you"] == 1
    assert client.submit(f"{url}/start").status_code == 303  # the creator still starts it
    friend.close()


def test_a_new_browser_still_gets_the_join_form(app, client):
    url = create(client)
    with Client(app, base_url="http://testserver") as other:
        page = other.get(invite_of(client, url))
        assert page.status_code == 200 and "Join game" in page.text


# --- Names ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "\u3164",  # Hangul filler: a "letter" that shows nothing
        "\u2800",  # blank Braille pattern
        "\u200b\u200b",  # zero-width spaces
        "Ann\u200b",  # Ann plus an invisible character
        "Ann\u3164",
        "A\u2060nn",  # word joiner (a format character)
        "\u202eAnn",  # right-to-left override
        "\u0301Ann",  # starts with a combining accent
        "\ue000",  # private use
        "\x07Bo",  # a control character
        "Ann" + "\u0316\u0317\u0318\u0319\u031a",  # accents piled over the lines around it
    ],
)
def test_blank_and_invisible_names_are_refused(app, client, name):
    url = create(client)
    with Client(app, base_url="http://testserver") as other:
        refused = other.submit(invite_of(client, url), {"name": name})
        assert refused.status_code == 422
        assert "Please" in refused.text and 'aria-invalid="true"' in refused.text
    made = client.submit("/golf6", {"name": name, "bots": "1"})
    assert made.status_code == 422
    assert seat_names(client, url) == ["Ann", "Seat 2 (free)"]


@pytest.mark.parametrize("name", ["ANN", "  ann ", "Ａｎｎ", "\u0410nn"])  # full width, Cyrillic А
def test_a_name_that_looks_the_same_is_refused(app, client, name):
    url = create(client)
    with Client(app, base_url="http://testserver") as other:
        refused = other.submit(invite_of(client, url), {"name": name})
    assert refused.status_code == 422 and "already called" in refused.text
    assert seat_names(client, url) == ["Ann", "Seat 2 (free)"]


@pytest.mark.parametrize(
    "name", ["Nguyễn Thị", "שָׁלוֹם", "ท่าน", "क्षत्रिय", "Zoe\u0308\u0301"])
def test_names_with_the_accents_their_scripts_need_are_welcome(app, client, name):
    url = create(client)
    join(app, client, url, name).close()
    assert seat_names(client, url)[1] == unicodedata.normalize("NFKC", name)


def test_names_are_normalised_before_they_are_kept(app, client):
    url = create(client, name="  Ｍaria\u3000  Lopez ")  # full-width M, ideographic space
    assert seat_names(client, url)[0] == "Maria Lopez"


# --- Secrets are never cached --------------------------------------------------------------


def test_pages_that_carry_a_seat_secret_are_not_stored(app, client):
    url = create(client)
    friend = join(app, client, url)
    assert client.submit(f"{url}/start").status_code == 303
    secret_pages = [
        client.get(url),
        client.get(url, headers={"HX-Request": "true"}),
        client.get(f"{url}/table?since=0.0"),
        client.get(url, headers=JSON),
        move(client, url, "reveal:0", htmx=True),
        move(client, url, "reveal:0", htmx=True),  # refused: the refusal shows the table too
    ]
    for page in secret_pages:
        assert page.headers["cache-control"] == "no-store", page.request.url
    assert "/rejoin/" in secret_pages[0].text
    made = client.submit("/golf6", {"name": "Bo", "bots": "1"})
    secret = seat_cookie(friend, url.rsplit("/", 1)[1])
    with Client(app, base_url="http://testserver") as other:
        rejoined = other.get(f"{url}/rejoin/{secret}", follow_redirects=False)
    for response in (made, rejoined):  # they hand the browser its secret in a cookie
        assert response.status_code == 303 and response.headers["cache-control"] == "no-store"
    friend.close()


# --- No 500 from Unicode digits ------------------------------------------------------------


@pytest.mark.parametrize("field", ["bots", "friends"])
def test_a_unicode_digit_seat_count_is_refused_with_a_message(client, field):
    refused = client.submit("/golf6", {"name": "Ann", "bots": "1", field: "²"})
    assert refused.status_code == 422 and "whole number" in refused.text


@pytest.mark.parametrize("code", ["reveal:²", "reveal:①", "reveal:٣", "swap:-1", "draw_stock:1",
                                  "reveal", "reveal:99999999999999999999", "", "x" * 5000])
def test_a_malformed_move_is_refused_and_changes_nothing(app, client, code):
    url = create(client)
    friend = join(app, client, url)
    client.submit(f"{url}/start")
    before = state(client, url)
    refused = move(client, url, code)
    assert refused.status_code == 422 and 'id="golf6-table"' in refused.text
    assert state(client, url) == before
    friend.close()


@pytest.mark.parametrize("since", ["²", "².0", "1.²", "-1", "9" * 40, "", "0x10"])
def test_a_poll_with_an_odd_stamp_answers_the_table(app, client, since):
    url = create(client)
    watcher = Client(app, base_url="http://testserver")
    polled = watcher.get(f"{url}/table", params={"since": since})
    assert polled.status_code == 200 and 'id="golf6-table"' in polled.text
    watcher.close()


@pytest.mark.parametrize("value", ["²", "1²", "", "-3", "9" * 30])
def test_an_odd_version_is_refused_without_changing_anything(app, client, value):
    # Two people, no computer: nothing else may move the game while the test looks at it.
    url = create(client)
    friend = join(app, client, url)
    client.submit(f"{url}/start")
    flip_two(client, url)
    before = version(client, url)
    refused = client.submit(f"{url}/move", {"version": value, "move": "draw_stock"})
    assert refused.status_code in (409, 422) and 'id="golf6-table"' in refused.text
    again = client.submit(f"{url}/again", {"version": value})
    assert again.status_code in (409, 422)
    assert version(client, url) == before
    friend.close()


def test_an_odd_seat_to_hand_over_is_refused(app, client):
    url = create(client)
    friend = join(app, client, url)
    client.submit(f"{url}/start")
    for seat in ("²", "9", "-1", ""):
        refused = client.submit(f"{url}/handover", {"seat": seat})
        assert refused.status_code == 422, seat
    friend.close()


@pytest.mark.parametrize(
    ("fields", "field_id", "message"),
    [
        ({"bots": "x"}, "g6-bots", "whole number from 0 to 7"),
        ({"name": "\u2800"}, "g6-name", "type your name"),
        ({"game": "golf9"}, "g6-game", "choices offered"),
        ({"first_two": "sideways"}, "g6-first_two", "First two cards"),
    ],
)
def test_a_refused_field_is_marked_and_its_message_sits_next_to_it(client, fields, field_id,
                                                                    message):
    refused = client.submit("/golf6", {"name": "Ann", "bots": "1", **fields})
    assert refused.status_code == 422
    tag = re.search(rf'<(input|select) id="{field_id}"[^>]*>', refused.text).group(0)
    assert 'aria-invalid="true"' in tag and f'aria-describedby="{field_id}-error"' in tag
    note = re.search(rf'<span class="field-error" id="{field_id}-error">([^<]*)</span>',
                     refused.text)
    assert note is not None and message in note.group(1)


def test_a_seat_taken_before_invite_cookies_existed_gets_one_on_its_next_visit(app, client):
    url = create(client)
    invite = invite_of(client, url)
    game_id = url.rsplit("/", 1)[1]
    client.cookies.delete(f"golf6_{game_id}", path=invite)  # as browsers seated before it
    assert client.get(invite, follow_redirects=False).status_code == 200  # the join form
    client.get(url)
    opened = client.get(invite, follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == url
