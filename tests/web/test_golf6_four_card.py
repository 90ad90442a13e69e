"""Four-card Golf online (issue 16): the form, the 2x2 square, the peek, the knock, the JSON."""

from __future__ import annotations

import re

import pytest

from app.i18n import card_name
from tests.conftest import Client
from tests.web.test_golf6 import (
    JSON,
    card_names,
    create,
    invite_of,
    join,
    move,
    state,
    true_state,
    version,
)


@pytest.fixture(autouse=True)
def quick_bots(app, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app.state.settings, "bot_delay_ms", 0)


def four_card(client: Client, **fields: str) -> str:
    return create(client, game="golf4", **fields)


@pytest.fixture
def two_players(app, client: Client):
    """A started four-card game: Ann (seat 0, the client) and Maria (seat 1, first to play)."""
    url = four_card(client)
    friend = join(app, client, url)
    assert client.submit(f"{url}/start").status_code == 303
    yield url, friend
    friend.close()


def test_the_new_game_form_offers_both_games_and_the_four_card_options(client):
    html = client.get("/golf6").text
    assert re.search(r'<label for="g6-game">Game</label>\s*<select id="g6-game" name="game"', html)
    assert '<option value="golf6" selected>Six-card Golf</option>' in html
    assert '<option value="golf4" >Four-card Golf</option>' in html
    assert "Equal cards in a row or a column score 0" in html
    assert "A knocker who does not have the lowest score adds 10 points" in html


def test_a_four_card_game_keeps_its_options_and_ignores_the_six_card_ones(app, client):
    url = four_card(client, pairs_cancel="on", knock_penalty="on", jokers="on",
                    first_two="same_column")
    client.submit(f"{url}/start")
    stored = true_state(app, url).options
    assert stored.game == "golf4" and stored.pairs_cancel and stored.knock_penalty
    assert not stored.jokers and stored.first_two == "any"


def test_the_table_and_the_invite_say_which_options_the_game_plays(client):
    """A friend who joins agreed to these options too: the invite and the table name them."""
    rules = re.compile(r'<p class="golf6-rules">(.*?)</p>', re.S)
    url = four_card(client, pairs_cancel="on", knock_penalty="on", length="18")
    expected = ("This game: 18 holes · Equal cards in a row or a column score 0 · "
                "A knocker who does not have the lowest score adds 10 points")
    assert rules.search(client.get(url).text).group(1) == expected
    assert rules.search(client.get(invite_of(client, url)).text).group(1) == expected
    plain = four_card(client)
    assert rules.search(client.get(plain).text).group(1) == "This game: 9 holes"
    six = create(client, last_turn="", first_two="same_column", joker_points="-5")
    assert rules.search(client.get(f"{six}?lang=sv").text).group(1) == (
        "Det här partiet: 9 hål · Ingen sista tur: hålet slutar så fort någon har gått ut · "
        "De två första korten som vänds upp: Båda i samma kolumn"
    )  # what a joker scores is left out: this game has no jokers


def test_the_json_state_has_four_cards_a_seat_in_the_lobby_and_in_play(client, two_players):
    url, friend = two_players
    for seen in (state(client, url), state(friend, url)):
        assert all(len(seat["layout"]) == 4 for seat in seen["seats"])
    lobby = four_card(client)
    assert [len(seat["layout"]) for seat in state(client, lobby)["seats"]] == [4, 4]


def test_the_square_is_named_like_six_card_golf(client, two_players):
    url, _ = two_players
    names = card_names(client.get(url).text)
    assert names[0] == "Your card, top row, left: face down"
    assert names[1] == "Your card, top row, right: face down"
    assert names[2] == "Your card, bottom row, left: face down"  # its description: what you saw
    assert names[4:6] == ["Maria’s card, top row, left: face down",
                          "Maria’s card, top row, right: face down"]
    assert len(names) == 8
    assert 'class="golf6-layout golf6-cols-2"' in client.get(url).text


def test_the_peeked_cards_are_shown_to_their_owner_only(app, client, two_players):
    url, friend = two_players
    truth = true_state(app, url)
    mine = [card_name(card) for card in truth.layouts[0][2:]]
    hers = [card_name(card) for card in truth.layouts[1][2:]]
    ann_page = client.get(url).text
    maria_page = friend.get(url).text
    with Client(app, base_url="http://testserver") as watcher:
        watch_page = watcher.get(url).text
        watch_json = str(watcher.get(url, headers=JSON).json())
    for name in mine:
        assert f'"visually-hidden">You looked: {name}</span>' in ann_page
        assert name not in maria_page and name not in watch_page
    for name in hers:
        assert f'"visually-hidden">You looked: {name}</span>' in maria_page
        assert name not in ann_page
    unseen = {card for layout in truth.layouts for card in layout[:2]}
    for card in unseen | set(truth.stock):
        for text in (ann_page, maria_page, watch_page):
            assert card_name(card) not in text or card in truth.discard
        assert f"'{card}'" not in watch_json


def test_knock_ends_the_hole_after_one_more_turn_each(client, two_players):
    url, friend = two_players
    assert state(client, url)["turn"] == 1  # the seat after the dealer
    page = friend.get(url).text
    assert 'data-shortcut="k"' in page and ">Knock</button>" in page
    assert "or knock to end the hole" in page
    assert move(friend, url, "knock").status_code == 303
    after = client.get(url).text
    assert "Maria knocked" in after and ">Knock</button>" not in after
    assert "Your last turn" in after
    assert move(client, url, "draw_stock").status_code == 303
    assert move(client, url, "throw_away").status_code == 303
    seen = state(client, url)
    assert seen["phase"] == "hole_over" and len(seen["scores"]) == 1
    assert all(card is not None for seat in seen["seats"] for card in seat["layout"])
    # Each seat's line says what the hole scored (a knock penalty included), not what its
    # face-up cards score, which would read as if some cards were left out.
    over = client.get(url).text
    assert "face-up cards score" not in over
    for score in seen["scores"][0]:
        assert f"this hole: {score}</span>" in over


def test_knock_is_refused_out_of_turn_and_in_six_card_golf(app, client, two_players):
    url, friend = two_players
    assert move(client, url, "knock").status_code == 409  # Maria plays first
    six = create(client)
    other = join(app, client, six)
    client.submit(f"{six}/start")
    refused = move(other, six, "knock")
    assert refused.status_code in (409, 422)
    other.close()


def test_a_four_card_game_against_the_computer_plays_to_the_end_and_again(client):
    url = four_card(client, bots="1", friends="0", bot="random")
    client.submit(f"{url}/start")
    for _ in range(3000):  # the computer moves whenever the page is read
        seen = state(client, url)
        if seen["phase"] == "game_over":
            break
        codes = [m["kind"] + (f":{m['index']}" if "index" in m else "") for m in seen["moves"]]
        if not codes:
            continue
        knock = "knock" in codes and seen["turns"] >= 4
        choice = "knock" if knock else [code for code in codes if code != "knock"][0]
        assert move(client, url, choice).status_code == 303, (choice, seen["phase"])
    assert state(client, url)["phase"] == "game_over"
    html = client.get(url).text
    assert "Score sheet" in html and "Play again" in html
    assert client.submit(f"{url}/again", {"version": str(version(client, url))}).status_code == 303
    again = state(client, url)
    assert again["phase"] == "draw" and again["hole"] == 1 and len(again["seats"][0]["layout"]) == 4
