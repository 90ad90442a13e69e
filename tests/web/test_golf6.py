"""Six-card Golf online over HTTP: the lobby, every kind of turn, and every kind of refusal."""

from __future__ import annotations

import re

import pytest
from markupsafe import escape

from app.i18n import card_name
from app.rules.golf.moves import Reveal, Swap, move_from_json
from app.web.golf.board import move_code
from tests.conftest import Client

JSON = {"accept": "application/json"}


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOLF_BOT_DELAY_MS", "0")


def create(client: Client, **fields: str) -> str:
    """Create a game and return its address."""
    data = {"name": "Ann", "bots": "0", "friends": "1", "length": "9", "last_turn": "on",
            "bot": "greedy", **fields}
    response = client.submit("/golf6", data)
    assert response.status_code == 303, response.text
    return response.headers["location"]


def invite_of(client: Client, url: str) -> str:
    html = client.get(url).text
    return re.search(r'id="g6-invite" readonly value="http://testserver([^"]+)"', html).group(1)


def join(app, client: Client, url: str, name: str = "Maria") -> Client:
    friend = Client(app, base_url="http://testserver")
    response = friend.submit(invite_of(client, url), {"name": name})
    assert response.status_code == 303
    return friend


def is_disabled(html: str, button_id: str) -> bool:
    tag = re.search(rf'<button[^>]*id="{button_id}"[^>]*>', html)
    return tag is not None and " disabled" in tag.group(0)


def card_names(html: str) -> list[str]:
    """The spoken names of the layout cards, in page order."""
    return re.findall(r'<span class="visually-hidden">([^<]*card, [^<]*)</span>', html)


def state(client: Client, url: str) -> dict:
    return client.get(url, headers=JSON).json()


def version(client: Client, url: str) -> int:
    return int(stamp_of(client, url).split(".")[0])


def stamp_of(client: Client, url: str) -> str:
    """What the page polls with: the version and who has gone quiet."""
    return re.search(r'\?since=([\d.]+)"', client.get(url).text).group(1)


def move(client: Client, url: str, code: str, htmx: bool = False, at: int | None = None):
    at = version(client, url) if at is None else at
    return client.submit(f"{url}/move", {"version": str(at), "move": code}, htmx=htmx)


@pytest.fixture
def two_players(app, client: Client):
    """A started game: Ann (seat 0, the client) and Maria (seat 1)."""
    url = create(client)
    friend = join(app, client, url)
    assert client.submit(f"{url}/start").status_code == 303
    yield url, friend
    friend.close()


def flip_two(client: Client, url: str) -> None:
    for index in (0, 1):
        assert move(client, url, f"reveal:{index}").status_code == 303


def play_to_turn(client: Client, friend: Client, url: str) -> None:
    """Both players turn their first two cards; Maria (left of the dealer) then has the turn."""
    flip_two(client, url)
    flip_two(friend, url)
    assert state(client, url)["turn"] == 1


# --- New game, invite, join -------------------------------------------------------------


def test_new_game_form_offers_the_contract_fields(client):
    html = client.get("/golf6").text
    for label in ("Your name", "Computer players", "Friend seats", "Length", "Create game"):
        assert label in html
    assert 'name="first_two"' in html and 'name="jokers"' in html
    # Both games' variations stay on the page; it says only the chosen game's are used (QA).
    assert "only the variations of the game you choose here are used" in html


def test_create_sets_a_private_seat_cookie_scoped_to_the_game(client):
    response = client.submit("/golf6", {"name": "Ann", "bots": "1", "friends": "0"})
    url = response.headers["location"]
    cookie = response.headers["set-cookie"]
    assert response.status_code == 303 and url.startswith("/golf6/")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and f"Path={url}" in cookie
    assert state(client, url)["you"] == 0


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"bots": "0", "friends": "0"}, "2 to 8 seats"),
        ({"bots": "5", "friends": "3"}, "at most 8 seats, yours included: fewer"),
        ({"bots": "x"}, "whole number"),
        ({"name": ""}, "type your name"),
        ({"name": "A" * 31}, "30 characters"),
        ({"length": "7"}, "choices offered"),
        ({"first_two": "sideways"}, "First two cards"),
        # One deck has four cards of a rank: six equal cards need the second deck.
        ({"bonus_six": "on"}, "six equal cards needs two decks"),
    ],
)
def test_create_refused_with_a_reason_and_nothing_made(client, app, fields, message):
    data = {"name": "Ann", "bots": "1", "friends": "0", **fields}
    response = client.submit("/golf6", data)
    assert response.status_code == 422
    assert message in response.text
    # The field named takes focus (the reason itself when it is about no one field).
    assert response.text.count(" autofocus") == 1
    focused = re.search(r"<(input|select|p)\b[^>]*\bautofocus\b[^>]*>", response.text).group(0)
    assert 'aria-invalid="true"' in focused or 'class="error-message"' in focused
    with app.state.db.read() as session:
        from sqlalchemy import func, select

        from app.storage.models import Golf6Game

        assert session.scalar(select(func.count()).select_from(Golf6Game)) == 0


@pytest.mark.parametrize("seats", [{"two_decks": "on"}, {"bots": "3", "friends": "1"}])
def test_bonus_for_six_equal_cards_accepted_with_two_decks(client, seats):
    """Two decks ticked, or five seats (which always deal from two decks)."""
    url = create(client, bonus_six="on", **seats)
    assert "Bonus minus 20 for six equal cards (two decks)" in client.get(url).text


def test_a_refused_form_keeps_what_was_chosen(client):
    data = {"name": "", "bots": "3", "friends": "1", "length": "18", "jokers": "on",
            "joker_points": "-5", "first_two": "same_column"}
    html = client.submit("/golf6", data).text
    assert 'value="3"' in html and 'value="18" selected' in html
    assert 'name="jokers" type="checkbox" checked' in html
    assert 'value="-5" selected' in html and 'value="same_column" selected' in html
    assert 'name="last_turn" type="checkbox" >' in html  # it was left unticked


def test_names_are_escaped(client, app):
    url = create(client, name="<b>Ann</b>")
    html = client.get(url).text
    assert "&lt;b&gt;Ann&lt;/b&gt;" in html and "<b>Ann</b>" not in html


def test_creator_sees_invite_link_and_copy_button(client):
    url = create(client)
    html = client.get(url).text
    assert "Invite link" in html and "Copy invite link" in html and "Start game" in html
    # The refresh line holds without JavaScript too, where the table does not update itself.
    assert re.search(r'Refresh</a> to see the latest moves \(with JavaScript on, the table', html)


def test_friend_joins_with_the_invite_link(app, client):
    url = create(client)
    friend = join(app, client, url, "Maria")
    assert state(friend, url)["you"] == 1
    assert "Maria" in client.get(url).text
    friend.close()


def test_join_refused_when_every_seat_is_taken(app, client):
    url = create(client)
    invite = invite_of(client, url)
    join(app, client, url).close()
    late = Client(app, base_url="http://testserver")
    response = late.submit(invite, {"name": "Bo"})
    assert response.status_code == 409 and "every seat is taken" in response.text
    assert "golf6_" not in response.headers.get("set-cookie", "")
    # Nothing to join: the title and heading name the game without asking to join it.
    page = late.get(invite).text
    for tag in ("title", "h1"):
        shown = page.split(f"<{tag}>")[1].split(f"</{tag}>")[0]
        assert "game" in shown and "Join" not in shown, shown


def test_join_refused_when_the_name_is_taken(app, client):
    url = create(client)
    other = Client(app, base_url="http://testserver")
    response = other.submit(invite_of(client, url), {"name": " ann "})
    assert response.status_code == 422 and "already called ann" in response.text
    assert state(client, url)["seats"][1]["name"] == "Seat 2 (free)"
    other.close()


@pytest.mark.parametrize(
    "name", ["Computer 2", "computer  3", "Dator 2", "Seat 3 (free)", "Plats 2 (ledig)",
             "Player 4", "Spelare 8", "Ann (computer)", "Bo (dator)", "Bo (you)", "Bo (du)"])
def test_no_one_may_take_a_name_the_table_gives_its_own_seats(app, client, name):
    # A friend called "Computer 3" would sit beside the computer player of that name.
    url = create(client, bots="1", friends="1")
    other = Client(app, base_url="http://testserver")
    response = other.submit(invite_of(client, url), {"name": name})
    assert response.status_code == 422
    assert "how the table marks computer players and free seats" in response.text
    assert re.search(r'<input id="g6-join-name"[^>]*aria-invalid="true"[^>]*autofocus',
                     response.text, re.S)  # the field takes focus, so its reason is heard
    assert [seat["name"] for seat in state(client, url)["seats"]] == [
        "Ann", "Seat 2 (free)", "Computer 3"]
    assert "golf6_" not in response.headers.get("set-cookie", "")
    refused = client.submit("/golf6", {"name": name, "bots": "1", "friends": "0"})
    assert refused.status_code == 422 and "please choose another" in refused.text
    other.close()


@pytest.mark.parametrize("name", ["You", "your", "Du", "DITT"])
def test_no_one_may_take_the_word_the_table_uses_for_the_reader(app, client, name):
    """A friend called "You" would read as the reader on everyone else's screen."""
    url = create(client, friends="1")
    with Client(app, base_url="http://testserver") as other:
        response = other.submit(invite_of(client, url), {"name": name})
    assert response.status_code == 422
    assert "Each player is called “You” on their own screen" in response.text
    assert state(client, url)["seats"][1]["name"] == "Seat 2 (free)"


@pytest.mark.parametrize("name", ["Computer", "Computer Whiz", "Seat 9", "Datorn", "Player 10",
                                  "Yourself", "Duncan"])
def test_names_merely_like_a_seat_label_are_welcome(app, client, name):
    url = create(client)
    join(app, client, url, name).close()
    assert state(client, url)["seats"][1]["name"] == name


def test_join_unknown_invite_is_404(client):
    assert client.get("/golf6/join/nope").status_code == 404
    assert client.submit("/golf6/join/nope", {"name": "Bo"}).status_code == 404


def test_only_the_creator_starts_and_free_seats_go_to_computers(app, client):
    url = create(client, friends="2")
    friend = join(app, client, url)
    assert friend.submit(f"{url}/start").status_code == 403
    assert client.submit(f"{url}/start").status_code == 303
    names = [seat["name"] for seat in state(client, url)["seats"]]
    assert names[:2] == ["Ann", "Maria"] and names[2].startswith("Computer")
    friend.close()


def test_rejoin_link_puts_the_seat_in_another_browser(app, client):
    url = create(client)
    link = re.search(r'id="g6-rejoin" readonly value="http://testserver([^"]+)"',
                     client.get(url).text).group(1)
    other = Client(app, base_url="http://testserver")
    response = other.get(link, follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == url
    assert state(other, url)["you"] == 0
    assert other.get(f"{url}/rejoin/forged-secret").status_code == 404
    other.close()


def test_unknown_game_is_404(client):
    assert client.get("/golf6/no-such-game").status_code == 404
    assert client.submit("/golf6/no-such-game/move", {"move": "draw_stock"}).status_code == 404


# --- Turns --------------------------------------------------------------------------------


def test_each_player_turns_two_cards_at_the_start(client, two_players):
    url, friend = two_players
    assert state(client, url)["phase"] == "flip"
    flip_two(client, url)
    mine = state(client, url)["seats"][0]["layout"]
    assert [card is not None for card in mine] == [True, True, False, False, False, False]
    assert move(client, url, "reveal:2").status_code == 409  # two is all you turn
    flip_two(friend, url)
    assert state(client, url)["phase"] == "draw"


@pytest.mark.parametrize("htmx", [False, True])
def test_a_double_click_on_a_card_at_the_start_turns_it_up_once(client, two_players, htmx):
    url, _friend = two_players
    at = version(client, url)
    assert move(client, url, "reveal:0", htmx=htmx, at=at).status_code in (200, 303)
    after = state(client, url)
    second = move(client, url, "reveal:0", htmx=htmx, at=at)  # the same form, sent again
    assert second.status_code in (200, 303) and "already face up" not in second.text
    assert state(client, url) == after
    assert move(client, url, "reveal:1", htmx=htmx).status_code in (200, 303)  # the second card


@pytest.mark.parametrize("htmx", [False, True])
def test_a_double_click_on_draw_draws_once_and_says_nothing_went_wrong(client, two_players,
                                                                        htmx):
    url, friend = two_players
    play_to_turn(client, friend, url)
    at = version(friend, url)
    assert move(friend, url, "draw_stock", htmx=htmx, at=at).status_code in (200, 303)
    after = state(friend, url)
    second = move(friend, url, "draw_stock", htmx=htmx, at=at)  # the same form, sent again
    assert second.status_code in (200, 303) and "nothing was done" not in second.text
    assert state(friend, url) == after and after["drawn"]


def test_a_double_clicks_two_requests_at_once_draw_once_without_an_error(
        app, client, two_players, monkeypatch):
    """Both requests pass the version check; the second's compare-and-set fails."""
    from app.web.golf import play

    url, friend = two_players
    play_to_turn(client, friend, url)
    real = play._play

    def first_one_wins(session, game, chosen, mark):
        with app.state.db.write() as other:  # the first request of the two, first to save
            real(other, game, chosen, mark)
        real(session, game, chosen, mark)

    monkeypatch.setattr(play, "_play", first_one_wins)
    second = move(friend, url, "draw_stock", htmx=True)
    assert second.status_code == 200 and "nothing was done" not in second.text
    monkeypatch.undo()
    assert state(friend, url)["drawn"] and state(friend, url)["stock"] == (
        state(client, url)["stock"])
    # A different change in between is still refused as ever.
    refused = move(friend, url, "swap:0", htmx=True, at=version(friend, url) - 1)
    assert refused.status_code == 409 and "nothing was done" in refused.text


def test_draw_from_stock_is_shown_only_to_the_drawer_then_swapped(client, two_players):
    url, friend = two_players
    play_to_turn(client, friend, url)
    before = state(friend, url)
    assert move(friend, url, "draw_stock").status_code == 303
    drawn = state(friend, url)["drawn"]
    assert drawn and state(client, url)["drawn"] is None
    # The drawer's page names the card; the other page shows it nowhere (card codes are not
    # searched for: two letters can turn up inside any random id in the page).
    shown = re.search(r"You drew the ([^.<]+?)(?: from the stock)?\.", friend.get(url).text)
    other = client.get(url).text
    assert shown and shown.group(1) not in other and "golf6-drawn" not in other
    assert move(friend, url, "swap:5").status_code == 303
    after = state(client, url)
    assert after["seats"][1]["layout"][5] == drawn and after["turn"] == 0
    assert after["stock"] == before["stock"] - 1


def test_take_the_discard_must_be_swapped_in(client, two_players):
    url, friend = two_players
    play_to_turn(client, friend, url)
    top = state(friend, url)["discard_top"]
    assert move(friend, url, "take_discard").status_code == 303
    page = friend.get(url).text  # it was taken, not drawn, and cannot be thrown away
    assert f"You took the {card_name(top)} from the discard pile." in page
    assert "Click one of your cards to swap it in." in page and "You drew the" not in page
    assert page.count("Click one of your cards") == 1  # said once, beside the card
    refused = move(friend, url, "throw_away")
    assert refused.status_code == 422
    assert state(friend, url)["phase"] == "place"  # nothing changed
    assert move(friend, url, "swap:0").status_code == 303
    assert state(client, url)["seats"][1]["layout"][0] == top


def test_throw_away_a_stock_card(client, two_players):
    url, friend = two_players
    play_to_turn(client, friend, url)
    move(friend, url, "draw_stock")
    drawn = state(friend, url)["drawn"]
    assert move(friend, url, "throw_away").status_code == 303
    now = state(client, url)
    assert now["discard_top"] == drawn and now["turn"] == 0


def test_out_of_turn_move_refused_and_nothing_changes(client, two_players):
    url, friend = two_players
    play_to_turn(client, friend, url)
    before = state(client, url)
    response = move(client, url, "draw_stock")
    assert response.status_code == 409 and "Maria’s turn" in response.text
    assert state(client, url) == before


def test_stale_form_refused_with_the_fresh_table(client, two_players):
    url, friend = two_players
    play_to_turn(client, friend, url)
    old = version(friend, url)
    move(friend, url, "draw_stock")
    before = state(friend, url)
    response = move(friend, url, "throw_away", htmx=True, at=old)
    assert response.status_code == 409
    assert "The table changed before your move arrived" in response.text
    assert 'id="golf6-table"' in response.text and "You drew the" in response.text
    assert state(friend, url) == before


@pytest.mark.parametrize(
    "code", ["", "fly", "swap:9", "swap:x", "reveal:-1", "reveal:²", "draw_stock:1:2", "swap",
             "reveal", "reveal:03", "ｓｗａｐ:1", "reveal:" + "9" * 5000]
)
def test_garbage_move_refused(client, two_players, code):
    url, friend = two_players
    play_to_turn(client, friend, url)
    before = state(friend, url)
    refused = move(friend, url, code)
    # The refusal names what was sent (escaped), never a stand-in such as None.
    assert refused.status_code == 422 and "None" not in refused.text
    assert f"“{escape(code[:40])}” is not a move." in refused.text
    assert state(friend, url) == before


@pytest.mark.parametrize("version", ["", "x", "²", "-1", "9" * 40])
def test_a_damaged_version_asks_for_a_reload(client, two_players, version):
    url, friend = two_players
    play_to_turn(client, friend, url)
    before = state(friend, url)
    refused = friend.submit(f"{url}/move", {"move": "draw_stock", "version": version})
    assert refused.status_code == 422 and "version: " not in refused.text  # no field names
    assert "This form is missing a detail. Please reload the page." in refused.text
    assert state(friend, url) == before


def test_forged_seat_cookie_is_refused(app, client, two_players):
    url, friend = two_players
    forger = Client(app, base_url="http://testserver")
    forger.cookies.set(f"golf6_{url.rsplit('/', 1)[1]}", "not-a-real-secret", path=url)
    assert move(forger, url, "reveal:0").status_code == 403
    assert state(client, url)["seats"][0]["layout"] == [None] * 6
    forger.close()


def test_watcher_cannot_move(app, client, two_players):
    url, _friend = two_players
    watcher = Client(app, base_url="http://testserver")
    assert move(watcher, url, "reveal:0").status_code == 403
    watcher.close()


def test_the_tab_title_says_your_turn_only_to_the_seat_that_has_to_act(client, two_players):
    url, friend = two_players

    def title(response) -> str:
        return re.search(r"<title>(.*?)</title>", response.text)[1]

    # Turning up the first two cards: everyone has to act.
    assert title(client.get(url)) == "Your turn · Six-card Golf · Golf Club"
    play_to_turn(client, friend, url)
    assert title(client.get(url)) == "Six-card Golf · Golf Club"
    assert title(friend.get(url)) == "Your turn · Six-card Golf · Golf Club"
    # A poll's fragment carries it too, so htmx retitles the tab of a player in another tab.
    poll = friend.get(f"{url}/table", headers={"HX-Request": "true"})
    assert title(poll) == "Your turn · Six-card Golf · Golf Club" and "<html" not in poll.text
    assert move(friend, url, "draw_stock").status_code == 303
    assert move(friend, url, "throw_away").status_code == 303
    after = move(client, url, "draw_stock", htmx=True)
    assert title(after) == "Your turn · Six-card Golf · Golf Club"  # Ann now has to place it
    swedish = friend.get(f"{url}/table?lang=sv", headers={"HX-Request": "true"})
    assert title(swedish) == "Sexkortsgolf · Golf Club"


def test_htmx_move_answers_the_fragment_with_the_live_region(client, two_players):
    url, _friend = two_players
    response = move(client, url, "reveal:0", htmx=True)
    assert response.status_code == 200
    # The tab's title, then the table (htmx moves the title to the tab).
    assert re.match(r'<title>[^<]+</title>\s*<section id="golf6-table"', response.text.lstrip())
    assert 'id="golf6-status" hx-swap-oob="innerHTML"' in response.text
    assert "You turned up the" in response.text  # Ann's own move, as she is spoken to
    assert "<html" not in response.text


def test_layout_cards_are_buttons_named_by_owner_and_position(client, two_players):
    url, friend = two_players
    flip_two(friend, url)
    html = client.get(url).text
    assert card_names(html)[0] == "Your card, top row, left: face down"
    shown = state(client, url)["seats"][1]["layout"][0]
    from app.i18n import card_name

    assert card_names(html)[6] == f"Maria’s card, top row, left: {card_name(shown)}"
    assert card_names(html)[11] == "Maria’s card, bottom row, right: face down"


def seat_lines(html: str) -> list[str]:
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", line)).strip()
            for line in re.findall(r'<p class="golf6-seatinfo">(.*?)</p>', html, re.S)]


def test_each_player_shows_the_game_total_and_what_their_face_up_cards_score(client, two_players):
    from app.rules.golf.scoring import card_points

    url, friend = two_players
    # Nothing is face up yet: only the totals.
    assert seat_lines(client.get(url).text) == ["Total: 0", "Total: 0"]
    flip_two(friend, url)
    shown = state(client, url)["seats"][1]["layout"][:2]  # the top row's left and middle
    worth = card_points(shown[0]) + card_points(shown[1])  # two columns: nothing pairs
    shown_line = f"Total: 0 · face-up cards score {worth}"
    assert seat_lines(client.get(url).text) == ["Total: 0", shown_line]
    # The seat's own page says the same, and so does the Swedish one.
    assert seat_lines(friend.get(url).text)[1] == shown_line
    swedish = seat_lines(client.get(url + "?lang=sv").text)[1]
    assert swedish == f"Summa: 0 · uppvända kort: {worth} poäng"


# --- What each seat may see ---------------------------------------------------------------


def true_state(app, url: str):
    from app.storage import golf as store

    with app.state.db.read() as session:
        return store.load_game(session, game_id=url.rsplit("/", 1)[1]).replay.state


def true_layouts(app, url: str) -> list[list[str]]:
    return [list(layout) for layout in true_state(app, url).layouts]


def test_no_page_or_json_shows_a_card_its_viewer_may_not_know(app, client, two_players):
    """Every seat's page and JSON, and a watcher's, checked against the real table."""
    from app.i18n import card_name
    from app.rules.cards import card_label

    url, friend = two_players
    play_to_turn(client, friend, url)
    move(friend, url, "draw_stock")  # Maria holds a card only she has seen
    truth = true_state(app, url)
    watcher = Client(app, base_url="http://testserver")
    for seat, viewer in ((0, client), (1, friend), (None, watcher)):
        seen = state(viewer, url)
        keys = {"hole", "holes", "phase", "turn", "you", "seats", "discard_top", "stock", "drawn"}
        assert keys <= seen.keys() and seen["you"] == seat
        secret = {truth.layouts[s][i] for s in range(2) for i in truth.face_down(s)}
        if seat != 1:
            secret.add(truth.held)
        assert seen["drawn"] == (truth.held if seat == 1 else None)
        for owner, data in enumerate(seen["seats"]):
            for index, card in enumerate(data["layout"]):
                assert card == (truth.layouts[owner][index] if truth.face_up[owner][index]
                                else None)
        page, data = viewer.get(url).text, viewer.get(url, headers=JSON).text
        for card in secret:
            assert card_name(card) not in page and card_label(card) not in page
            assert f'"{card}"' not in data
    watcher.close()


# --- Live updates and computer players ----------------------------------------------------


def test_poll_answers_204_until_something_changes(client, two_players):
    url, friend = two_players
    at = stamp_of(client, url)
    headers = {"HX-Request": "true"}
    assert client.get(f"{url}/table?since={at}", headers=headers).status_code == 204
    move(friend, url, "reveal:0")
    fresh = client.get(f"{url}/table?since={at}", headers=headers)
    assert fresh.status_code == 200 and "Maria turned up the" in fresh.text
    assert client.get(f"{url}/table?since=garbage").status_code == 200


def test_the_table_polls_as_often_as_the_setting_says(client, two_players, monkeypatch):
    url, _ = two_players
    assert 'hx-trigger="every 1000ms"' in client.get(url).text
    monkeypatch.setattr(client.app.state.settings, "poll_ms", 250)
    assert 'hx-trigger="every 250ms"' in client.get(url).text


def test_computer_players_wait_for_their_pause(client, monkeypatch):
    monkeypatch.setattr(client.app.state.settings, "bot_delay_ms", 600000)
    url = create(client, bots="1", friends="0")
    client.submit(f"{url}/start")
    flip_two(client, url)
    assert state(client, url)["seats"][1]["layout"] == [None] * 6
    monkeypatch.setattr(client.app.state.settings, "bot_delay_ms", 0)
    assert sum(card is not None for card in state(client, url)["seats"][1]["layout"]) >= 2


def test_computers_turn_their_first_two_cards_together_after_one_pause(client, monkeypatch):
    url = create(client, bots="5", friends="0")
    client.submit(f"{url}/start")
    monkeypatch.setattr(client.app.state.settings, "bot_delay_ms", 600000)
    flip_two(client, url)
    assert all(seat["layout"] == [None] * 6 for seat in state(client, url)["seats"][1:])
    from datetime import timedelta

    from app.storage.models import utcnow
    from app.web.golf import computer

    # One and a half pauses later: all five flip at once, then one paced move at most.
    monkeypatch.setattr(client.app.state.settings, "bot_delay_ms", 1000)
    monkeypatch.setattr(computer, "utcnow", lambda: utcnow() + timedelta(seconds=1.5))
    seen = state(client, url)
    shown = [sum(card is not None for card in seat["layout"]) for seat in seen["seats"]]
    assert all(count >= 2 for count in shown) and sum(shown) <= 12 + 1


def test_creator_can_hand_a_quiet_friends_seat_to_the_computer(app, client, two_players):
    url, friend = two_players
    maria_rejoin = re.search(r'id="g6-rejoin" readonly value="http://testserver([^"]+)"',
                             friend.get(url).text).group(1)
    refused = client.submit(f"{url}/handover", {"seat": "1"})
    assert refused.status_code == 409 and "still in use" in refused.text
    own = client.submit(f"{url}/handover", {"seat": "0"}, htmx=True)  # the creator's own
    assert own.status_code == 409 and "Only another player’s seat can be handed" in own.text
    from sqlalchemy import update

    from app.storage.models import Golf6Seat

    at = stamp_of(client, url)
    with app.state.db.write() as session:
        session.execute(update(Golf6Seat).where(Golf6Seat.seat == 1).values(last_seen=None))
    # The creator's page learns of it by polling, though no move was made.
    polled = client.get(f"{url}/table?since={at}", headers={"HX-Request": "true"})
    assert polled.status_code == 200 and "Let the computer play for Maria" in polled.text
    assert 'id="golf6-status"' not in polled.text  # no move: the live region says nothing again
    assert friend.submit(f"{url}/handover", {"seat": "1"}).status_code == 409  # her own
    assert client.submit(f"{url}/handover", {"seat": "1"}).status_code == 303
    flip_two(client, url)
    assert state(client, url)["phase"] == "draw"  # the computer turned Maria's two cards
    assert state(client, url)["seats"][1]["name"] == "Maria (computer)"
    refused = move(friend, url, "draw_stock", htmx=True)
    assert refused.status_code == 403 and "Watching only" in refused.text
    assert 'id="golf6-table"' in refused.text  # the table stays, and keeps following
    # Maria's page says why she only watches now; a watcher's does not.
    note = "another player let the computer play for you"
    assert note in friend.get(url).text and note not in client.get(url).text
    with Client(app, base_url="http://testserver") as watcher:
        assert note not in watcher.get(url).text
    # Her rejoin link, opened on another device, leads to the table with the same note.
    with Client(app, base_url="http://testserver") as elsewhere:
        rejoined = elsewhere.get(maria_rejoin, follow_redirects=False)
        assert rejoined.status_code == 303 and rejoined.headers["location"] == url
        assert note in elsewhere.get(url).text and state(elsewhere, url)["you"] is None


def test_a_friend_can_hand_the_creators_seat_over_when_the_creator_has_left(app, client,
                                                                             two_players):
    """Otherwise a table whose creator closed the tab for good would wait for ever."""
    from sqlalchemy import update

    from app.storage.models import Golf6Seat

    url, friend = two_players
    assert "Let the computer play for Ann" not in friend.get(url).text  # Ann is still here
    assert friend.submit(f"{url}/handover", {"seat": "0"}).status_code == 409
    with app.state.db.write() as session:
        session.execute(update(Golf6Seat).where(Golf6Seat.seat == 0).values(last_seen=None))
    assert "Let the computer play for Ann" in friend.get(url).text
    assert friend.submit(f"{url}/handover", {"seat": "0"}).status_code == 303
    assert state(friend, url)["seats"][0]["name"] == "Ann (computer)"
    assert "another player let the computer play for you" in client.get(url).text


def human_move(view: dict) -> str:
    """A simple honest player for tests: turn up, draw, put it on a face-down card, deal on."""
    moves = [move_from_json(m) for m in view["moves"]]
    down = [i for i, card in enumerate(view["seats"][view["you"]]["layout"]) if card is None]
    swaps = [m for m in moves if isinstance(m, Swap) and m.index in (down or [0])]
    reveal = [m for m in moves if isinstance(m, Reveal)]
    return move_code((reveal or swaps or moves)[0])


def end_the_game_now(app, url: str) -> None:
    """Mark the game over in storage, as its last hole would (for tests of what comes after:
    `test_a_game_against_the_computer_plays_to_the_end_and_again` plays one to its end)."""
    from sqlalchemy import update

    from app.storage.models import Golf6Game

    with app.state.db.write() as session:
        session.execute(update(Golf6Game).where(Golf6Game.id == url.rsplit("/", 1)[1])
                        .values(status="over", version=Golf6Game.version + 1))


def test_a_game_against_the_computer_plays_to_the_end_and_again(client):
    url = create(client, bots="1", friends="0")
    client.submit(f"{url}/start")
    for _ in range(600):
        view = state(client, url)
        if view["phase"] == "game_over":
            break
        if view["phase"] == "hole_over":  # said once, by the move that ended it
            status = re.search(r'role="status">(.*?)</p>', client.get(url).text, re.S)[1]
            assert status.count(f"Hole {view['hole']} is over.") == 1, status
            assert re.search(r"(leads|You lead) with|share the lead", status), status
        if view["you"] in view["seats_to_act"]:
            assert move(client, url, human_move(view)).status_code == 303
    else:
        pytest.fail("the game did not end")
    assert len(view["scores"]) == 9
    html = client.get(url).text
    assert "Score sheet" in html
    assert re.search(r"(You win|wins) with \d+ points|share the win", html)
    assert "Play again" in html
    totals = view["seats"][0]["totals"], view["seats"][1]["totals"]
    assert client.submit(f"{url}/again", {"version": str(version(client, url))}).status_code == 303
    again = state(client, url)
    assert again["hole"] == 1 and again["scores"] == [] and again["phase"] == "flip"
    # Until the rematch's first hole is over, the table says how the last game ended.
    last = f"The last game ended: you {totals[0]} and Computer 2 {totals[1]} (lowest wins)."
    assert last in client.get(url).text


def test_two_players_pressing_play_again_at_once_both_see_the_new_game(
        app, client, monkeypatch):
    from app.storage import golf as golf_store
    from app.web.golf import play

    url = create(client, bots="1", friends="0")
    client.submit(f"{url}/start")
    end_the_game_now(app, url)
    real = golf_store.play_again

    def pressed_by_both(session, *, game, seed):
        with app.state.db.write() as other:  # the other player's press, saved first
            real(other, game=game, seed=seed)
        real(session, game=game, seed=seed)

    monkeypatch.setattr(play.store, "play_again", pressed_by_both)
    answer = client.submit(f"{url}/again", {"version": str(version(client, url))}, htmx=True)
    assert answer.status_code == 200 and "nothing was done" not in answer.text
    monkeypatch.undo()
    assert state(client, url)["hole"] == 1 and state(client, url)["phase"] == "flip"


def test_play_again_pressed_after_another_players_press_shows_the_new_game(app, client):
    from app.storage import golf as golf_store

    url = create(client, bots="1", friends="0")
    client.submit(f"{url}/start")
    end_the_game_now(app, url)
    over = version(client, url)
    with app.state.db.write() as session:  # the other player's press, saved before this one
        game = golf_store.load_game(session, game_id=url.rsplit("/", 1)[1])
        golf_store.play_again(session, game=game, seed=5)
    answer = client.submit(f"{url}/again", {"version": str(over)}, htmx=True)
    assert answer.status_code == 200 and "already started" not in answer.text
    assert state(client, url)["hole"] == 1 and state(client, url)["scores"] == []
    # Again once the computer has made its first moves in the new game: still no error.
    again = client.submit(f"{url}/again", {"version": str(over)}, htmx=True)
    assert version(client, url) > over + 1
    assert again.status_code == 200 and "already started" not in again.text
    assert state(client, url)["hole"] == 1 and state(client, url)["scores"] == []


def play_until_the_hole_is_over(players: dict[int, Client], url: str) -> None:
    first = next(iter(players.values()))
    for _ in range(400):
        view = state(first, url)
        if view["phase"] == "hole_over":
            return
        for seat in view["seats_to_act"]:
            player = players[seat]
            assert move(player, url, human_move(state(player, url))).status_code == 303
    pytest.fail("the hole did not end")


def hole_mark_of(client: Client, url: str) -> str:
    return re.search(r'name="hole" value="([^"]+)"', client.get(url).text).group(1)


@pytest.mark.parametrize("htmx", [False, True])
def test_both_players_dealing_the_next_hole_at_once_is_no_error(client, two_players, htmx):
    """At a real table both reach for the deck: the second press finds it done, and a stale
    click on a card of the hole before changes nothing in the new one."""
    url, friend = two_players
    play_until_the_hole_is_over({0: client, 1: friend}, url)
    seen, mark = version(client, url), hole_mark_of(client, url)
    fields = {"version": str(seen), "hole": mark, "move": "next_hole"}
    assert friend.submit(f"{url}/move", fields).status_code == 303
    second = client.submit(f"{url}/move", fields, htmx=htmx)
    assert second.status_code == (200 if htmx else 303)
    assert "nothing was done" not in second.text
    after = state(client, url)
    assert after["hole"] == 2 and after["phase"] == "flip"
    stale = client.submit(f"{url}/move", {**fields, "move": "reveal:0"})
    assert stale.status_code == 409 and state(client, url)["seats"][0]["layout"][0] is None
    fresh = {**fields, "move": "reveal:0", "hole": hole_mark_of(client, url)}
    assert client.submit(f"{url}/move", fresh).status_code == 303  # this hole's, from a
    assert state(client, url)["seats"][0]["layout"][0] is not None  # page a flip ago: fine


def test_dealing_the_next_hole_at_the_same_moment_is_no_error_either(
        app, client, two_players, monkeypatch):
    """Both presses pass the version check; the other's is saved first."""
    from app.rules.golf import NextHole
    from app.web.golf import play

    url, friend = two_players
    play_until_the_hole_is_over({0: client, 1: friend}, url)
    real = play._play

    def pressed_by_both(session, game, chosen, mark):
        with app.state.db.write() as other:  # Maria's press, saved first
            real(other, game, NextHole(1), mark)
        real(session, game, chosen, mark)

    monkeypatch.setattr(play, "_play", pressed_by_both)
    fields = {"version": str(version(client, url)), "hole": hole_mark_of(client, url),
              "move": "next_hole"}
    answer = client.submit(f"{url}/move", fields, htmx=True)
    monkeypatch.undo()
    assert answer.status_code == 200 and "nothing was done" not in answer.text
    assert state(client, url)["hole"] == 2


def live_region_of(html: str) -> str:
    return re.search(r'<p id="golf6-status"[^>]*>(.*?)</p>', html, re.S).group(1)


def test_the_live_region_tells_only_news_after_a_hand_over_and_a_rematch(app, client,
                                                                       two_players):
    from sqlalchemy import update

    from app.storage.models import Golf6Seat

    url, friend = two_players
    play_to_turn(client, friend, url)
    with app.state.db.write() as session:
        session.execute(update(Golf6Seat).where(Golf6Seat.seat == 1).values(last_seen=None))
    handed = client.submit(f"{url}/handover", {"seat": "1"}, htmx=True)
    status = live_region_of(handed.text)
    assert "turned up" not in status and "Maria (computer)" in status, status  # no old move
    end_the_game_now(app, url)
    at = stamp_of(client, url)
    assert client.submit(f"{url}/again", {"version": str(version(client, url))}).status_code == 303
    polled = client.get(f"{url}/table?since={at}", headers={"HX-Request": "true"})
    assert live_region_of(polled.text).startswith("A new game has begun.")


def test_a_repeated_or_late_press_still_tells_what_happened_since_the_page(client,
                                                                        two_players):
    """The page's stamp rides in its forms: the answer's live region tells what is new."""
    url, friend = two_players
    play_to_turn(client, friend, url)  # Maria to draw
    page = friend.get(url).text
    fields = {"version": str(version(friend, url)), "hole": hole_mark_of(friend, url),
              "since": re.search(r"since=([0-9.]+)", page).group(1), "move": "draw_stock"}
    for _ in range(2):  # a double click: htmx drops the first answer, shows the second
        answer = friend.submit(f"{url}/move", fields, htmx=True)
    assert "You drew the " in live_region_of(answer.text)
    play_until_the_hole_is_over({0: client, 1: friend}, url)
    page = client.get(url).text
    late = {"version": str(version(client, url)), "hole": hole_mark_of(client, url),
            "since": re.search(r"since=([0-9.]+)", page).group(1), "move": "next_hole"}
    assert move(friend, url, "next_hole").status_code == 303
    answer = client.submit(f"{url}/move", late, htmx=True)
    assert "Maria dealt hole 2." in live_region_of(answer.text)


def test_a_refused_hand_over_says_nothing_again_and_a_repeated_one_is_done(app, client):
    from sqlalchemy import update

    from app.storage.models import Golf6Seat

    url = create(client, friends="2")
    maria, cy = join(app, client, url), join(app, client, url, "Cy")
    assert client.submit(f"{url}/start").status_code == 303
    with app.state.db.write() as session:
        session.execute(update(Golf6Seat).where(Golf6Seat.seat == 2).values(last_seen=None))
    since = re.search(r"since=([0-9.]+)", client.get(url).text).group(1)
    own = client.submit(f"{url}/handover", {"seat": "0", "since": since}, htmx=True)
    assert own.status_code == 409 and 'id="golf6-status"' not in own.text
    assert client.submit(f"{url}/handover", {"seat": "2"}).status_code == 303
    again = maria.submit(f"{url}/handover", {"seat": "2"})  # her button, a moment late
    assert again.status_code == 303, again.text
    end_the_game_now(app, url)
    with app.state.db.write() as session:
        session.execute(update(Golf6Seat).where(Golf6Seat.seat == 1).values(last_seen=None))
    assert "Let the computer play for" not in client.get(url).text  # the game is over
    maria.close()
    cy.close()


def test_the_hole_review_stays_until_your_first_move_when_another_player_deals(
        client, two_players):
    """Anyone may deal the next hole; the others may not have read their review yet."""
    url, friend = two_players
    play_until_the_hole_is_over({0: client, 1: friend}, url)
    assert "Hole review" in client.get(url).text
    assert move(friend, url, "next_hole").status_code == 303
    page = client.get(url).text
    assert "Hole review" in page and "this review stays until your first move in it" in page
    assert move(client, url, "reveal:0").status_code == 303
    assert "Hole review" not in client.get(url).text


def test_without_javascript_the_page_after_a_move_tells_what_the_computer_did_too(client):
    # A page with JavaScript hears of the computer's moves poll by poll; a plain page only
    # when it loads, so the page a move redirects to tells everything since that move.
    url = create(client, bots="1", friends="0")
    client.submit(f"{url}/start")
    for _ in range(10):  # the first two cards, then Ann's first turn
        view = state(client, url)
        if "draw_stock" in [m["kind"] for m in view["moves"]]:
            break
        assert move(client, url, human_move(view)).status_code == 303
    assert move(client, url, "draw_stock").status_code == 303
    thrown = move(client, url, "throw_away")
    assert thrown.status_code == 303 and "?since=" in thrown.headers["location"]
    page = client.get(thrown.headers["location"]).text
    status = re.search(r'role="status">(.*?)</p>', page, re.S)[1]
    assert "You threw away" in status and "Computer 2 " in status, status
    # Loaded afresh, the page tells only the last move, as before.
    again = re.search(r'role="status">(.*?)</p>', client.get(url).text, re.S)[1]
    assert "You threw away" not in again


def test_a_poll_tells_every_move_since_the_page_even_several_saved_at_once(client, monkeypatch):
    # The computer's whole turn (take a card, then place it) is saved in one change.
    url = create(client, bots="1", friends="0")
    client.submit(f"{url}/start")
    for _ in range(10):
        view = state(client, url)
        if "draw_stock" in [m["kind"] for m in view["moves"]]:
            break
        assert move(client, url, human_move(view)).status_code == 303
    monkeypatch.setattr(client.app.state.settings, "bot_delay_ms", 60_000)  # not yet
    assert move(client, url, "draw_stock").status_code == 303
    assert move(client, url, "throw_away").status_code == 303
    at = stamp_of(client, url)
    monkeypatch.setattr(client.app.state.settings, "bot_delay_ms", 0)
    polled = client.get(f"{url}/table?since={at}", headers={"HX-Request": "true"}).text
    status = re.search(r'id="golf6-status" hx-swap-oob="innerHTML">(.*?)</p>', polled, re.S)[1]
    assert status.count("Computer 2 ") == 2, status  # took or drew a card, then placed it


# --- Variations at the table ----------------------------------------------------------------


def test_peek_variation_shows_your_near_row_to_you_alone(app, client):
    url = create(client, first_two="peek_near_row")
    friend = join(app, client, url)
    client.submit(f"{url}/start")
    assert state(client, url)["phase"] == "draw"
    truth = true_layouts(app, url)
    from app.i18n import card_name

    mine = client.get(url).text
    # Named face down as CONTRACT.md says; what you saw describes the card.
    near = re.search(r'<button[^>]*id="g6-card-0-3"[^>]*>', mine).group(0)
    assert 'aria-describedby="g6-card-0-3-looked"' in near
    looked = f"You looked: {card_name(truth[0][3])}"
    assert f'<span id="g6-card-0-3-looked" class="visually-hidden">{looked}</span>' in mine
    assert "Your card, bottom row, left: face down" in card_names(mine)
    for page in (mine, friend.get(url).text):
        assert page.count("-looked\" class=\"visually-hidden\">You looked: ") == 3
    assert state(friend, url)["seats"][0]["known"] == [None] * 6
    friend.close()


def test_first_two_cards_rule_is_enforced(app, client):
    url = create(client, first_two="same_column")
    friend = join(app, client, url)
    client.submit(f"{url}/start")
    assert move(client, url, "reveal:0").status_code == 303
    html = client.get(url).text  # only the card below may be clicked now
    assert is_disabled(html, "g6-card-0-1") and not is_disabled(html, "g6-card-0-3")
    refused = move(client, url, "reveal:1")
    assert refused.status_code == 422 and "same column" in refused.text
    assert move(client, url, "reveal:3").status_code == 303
    friend.close()


def test_turning_a_card_instead_of_drawing(app, client):
    url = create(client, turn_instead="on")
    friend = join(app, client, url)
    client.submit(f"{url}/start")
    play_to_turn(client, friend, url)
    assert "click a card to turn it up" in friend.get(url).text
    assert move(friend, url, "turn_up:4").status_code == 303
    seen = state(client, url)
    assert seen["seats"][1]["layout"][4] is not None and seen["turn"] == 0
    friend.close()


def test_throwing_away_forces_a_turn_up(app, client):
    url = create(client, forced_turn_after_throw="on")
    friend = join(app, client, url)
    client.submit(f"{url}/start")
    play_to_turn(client, friend, url)
    move(friend, url, "draw_stock")
    move(friend, url, "throw_away")
    assert state(friend, url)["phase"] == "turn_up"
    assert "turn one of your face-down cards up" in friend.get(url).text
    assert move(friend, url, "draw_stock").status_code == 422
    assert move(friend, url, "turn_up:5").status_code == 303
    assert state(client, url)["turn"] == 0
    friend.close()


def test_a_game_stops_at_its_length_limit(client, two_players, monkeypatch):
    from app.storage.golf import games

    url, friend = two_players
    flip_two(client, url)
    monkeypatch.setattr(games, "MAX_MOVES", 2)
    before = state(friend, url)
    refused = move(friend, url, "reveal:0")
    assert refused.status_code == 422 and "length limit" in refused.text
    assert state(friend, url) == before


def test_a_first_flip_is_played_even_when_the_other_seat_flips_while_it_is_on_its_way(
    app, client, two_players, monkeypatch
):
    # Maria's flip is stored after Ann's request has read the game and before it stores Ann's:
    # turning up your first two cards depends on nobody else's, so Ann's is not refused.
    from app.storage import golf as store
    from app.web.golf import play

    url, friend = two_players
    game_id = url.rstrip("/").rsplit("/", 1)[-1]
    move_from_code = play.move_from_code

    def parse_then_maria_flips(*args):
        with app.state.db.write() as session:
            game = store.load_game(session, game_id=game_id)
            store.play(session, game=game, moves=[Reveal(1, 0)])
        return move_from_code(*args)

    monkeypatch.setattr(play, "move_from_code", parse_then_maria_flips)
    assert move(client, url, "reveal:0").status_code == 303
    seats = state(client, url)["seats"]
    assert seats[0]["layout"][0] is not None and seats[1]["layout"][0] is not None


@pytest.mark.parametrize(("length", "holes"), [("9", 9), ("18", 18), ("100", None)])
def test_the_json_state_says_the_games_length_before_it_starts(client, length, holes):
    """"Until 100" is the only game without a number of holes, in the lobby as at the table."""
    url = create(client, length=length)
    lobby = state(client, url)
    assert (lobby["phase"], lobby["hole"], lobby["holes"]) == ("lobby", 0, holes)


def test_every_form_at_the_table_carries_its_fields_once(client, two_players):
    """The move, Hint, hand-over and Play again forms all send the page's stamp and hole, so a
    refusal of any of them tells only what the page had not been told."""
    url, friend = two_players
    play_to_turn(client, friend, url)
    page = friend.get(url).text
    forms = re.findall(r"<form [^>]*action=\"[^\"]*/(move|hint)\".*?</form>", page, re.S)
    bodies = re.findall(r"<form [^>]*action=\"[^\"]*/(?:move|hint)\".*?</form>", page, re.S)
    assert "move" in forms and "hint" in forms
    for body in bodies:
        for field in ("version", "hole", "since"):
            assert body.count(f'name="{field}"') == 1, (field, body)


@pytest.mark.parametrize("htmx", [False, True])
def test_a_second_press_of_start_game_finds_it_started_and_is_no_error(client, htmx):
    url = create(client, bots="2")
    assert client.submit(f"{url}/start").status_code == 303
    dealt = state(client, url)
    again = client.submit(f"{url}/start", htmx=htmx)
    assert again.status_code == (200 if htmx else 303)
    assert "already started" not in again.text and 'role="alert"' not in again.text
    assert state(client, url)["hole"] == dealt["hole"] and state(client, url)["phase"] != "lobby"


def test_without_javascript_the_table_reloads_itself_only_while_others_are_to_move(
        client, two_players):
    url, friend = two_players
    play_to_turn(client, friend, url)  # Maria's turn
    refresh = '<noscript><meta http-equiv="refresh" content="5"></noscript>'
    assert refresh in client.get(url).text
    assert refresh not in friend.get(url).text  # her own turn: the page waits for her
    play_until_the_hole_is_over({0: client, 1: friend}, url)
    assert refresh in client.get(url).text  # either of them may deal the next hole


def test_without_javascript_a_table_only_the_reader_can_move_on_stays_still(client, app):
    refresh = '<noscript><meta http-equiv="refresh" content="5"></noscript>'
    alone = create(client, bots="1", friends="0")
    assert refresh not in client.get(alone).text  # no one to join: only Start moves it on
    waiting = create(client, bots="1", friends="1")
    assert refresh in client.get(waiting).text  # a friend may join meanwhile
    assert client.submit(f"{alone}/start").status_code == 303
    play_until_the_hole_is_over({0: client}, alone)
    assert refresh not in client.get(alone).text  # computers leave the next deal to people


def test_the_flips_say_how_many_are_left_and_who_is_still_to_turn(client, two_players):
    url, friend = two_players
    assert "Your turn: click two of your cards." in live_region_of(client.get(url).text)
    assert move(client, url, "reveal:0").status_code == 303
    page = client.get(url).text
    assert "Your turn: click one more card." in live_region_of(page)
    assert "Turn one more of your cards face up: click it." in page
    assert "Turn two of your cards" not in page
    assert move(client, url, "reveal:1").status_code == 303
    assert "Still to turn theirs: Maria." in live_region_of(client.get(url).text)
    with_swedish = client.get(f"{url}?lang=sv").text
    assert "Maria har inte vänt upp sina än." in live_region_of(with_swedish)
