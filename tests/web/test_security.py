"""Site-wide security: CSRF on every POST, seats need their secret, headers, cookies, escaping."""

from __future__ import annotations

import base64
import re

import pytest
from markupsafe import escape

from app.settings import Settings
from app.tokens import new_token
from tests.conftest import Client
from tests.web.world import World, fill, routes, snapshot

JSON = {"accept": "application/json"}
EVIL = "https://evil.example"
XSS = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "<b onmouseover=x>Bo</b>"]


def _post_routes(app) -> list[str]:
    posts = [path for method, path in routes(app) if method == "POST"]
    assert {"/golf6", "/golf6/{game_id}/move", "/scores", "/scores/{sheet_id}/holes"} <= set(posts)
    return posts


def _game_version(client: Client, world: World) -> str:
    page = client.get(f"/golf6/{world.game_id}").text
    return re.search(r'name="version" value="(\d+)"', page).group(1)


# --- CSRF -------------------------------------------------------------------------------


def test_cross_site_post_refused_on_every_route_and_nothing_changes(app, client, world):
    before = snapshot(app)
    for path in _post_routes(app):
        url = fill(path, world.path_values())
        fields = {"csrf_token": client.csrf(), "version": "0", "move": "reveal:0", "name": "Eve"}
        response = client.post(url, data=fields, headers={"origin": EVIL}, follow_redirects=False)
        assert response.status_code == 403, (path, response.status_code)
        assert "another site" in response.text
    assert snapshot(app) == before


def test_post_without_or_with_wrong_token_refused_everywhere(app, client, world):
    other_browser = Client(app, base_url="http://testserver")
    foreign_token = other_browser.csrf()
    before = snapshot(app)
    for path in _post_routes(app):
        url = fill(path, world.path_values())
        for token in (None, "", "forged", foreign_token):
            fields = {"name": "Eve", "version": "0"}
            if token is not None:
                fields["csrf_token"] = token
            response = client.post(url, data=fields, follow_redirects=False)
            assert response.status_code == 403, (path, token, response.status_code)
    other_browser.close()
    assert snapshot(app) == before


def test_same_site_post_with_token_and_origin_is_accepted(client):
    response = client.submit(
        "/scores",
        {"player_1": "Ann", "player_2": "Bo", "length": "9"},
        headers={"origin": "http://testserver"},
    )
    assert response.status_code == 303


def test_token_in_header_works_for_scripts(client):
    data = {"player_1": "Ann", "player_2": "Bo", "length": "9"}
    headers = {"x-csrf-token": client.csrf()}
    response = client.post("/scores", data=data, headers=headers, follow_redirects=False)
    assert response.status_code == 303


@pytest.mark.parametrize(
    ("content_type", "body"),
    [("application/json", '{"deal_number": "5"}'), ("text/plain", "deal_number=5")],
)
def test_a_body_that_is_no_form_is_refused_not_read_as_an_empty_one(app, client, content_type,
                                                                     body):
    before = snapshot(app)
    headers = {"x-csrf-token": client.csrf(), "content-type": content_type}
    said_in = {"en": "sent in a way the site cannot read", "sv": "webbplatsen inte kan läsa"}
    for lang, said in said_in.items():
        response = client.post(f"/solitaire/deals?lang={lang}", content=body, headers=headers,
                               follow_redirects=False)
        assert response.status_code == 415 and said in response.text
    assert snapshot(app) == before  # no deal dealt from a number nobody chose


@pytest.mark.parametrize("with_token", [True, False])
def test_a_form_the_parser_cannot_read_gets_the_sites_own_words(app, client, with_token):
    before = snapshot(app)
    headers = {"content-type": "multipart/form-data"}
    if with_token:
        headers["x-csrf-token"] = client.csrf()
    no_boundary = client.post("/solitaire/deals?lang=sv", content=b"x", headers=headers)
    part = '--b\r\nContent-Disposition: form-data; name="f{}"\r\n\r\n1\r\n'
    fields = "".join(part.format(n) for n in range(1100)) + "--b--\r\n"
    headers["content-type"] = "multipart/form-data; boundary=b"
    too_many = client.post("/solitaire/deals?lang=sv", content=fields, headers=headers)
    for response in (no_boundary, too_many):
        assert response.status_code == 400
        assert "Formuläret gick inte att läsa" in response.text
        assert "boundary" not in response.text and "Maximum" not in response.text
    assert snapshot(app) == before


# --- Seats: watching is public, acting needs the seat's own secret ----------------------


def test_watcher_and_invite_holder_cannot_move_for_a_seat(app, client, world):
    version = _game_version(client, world)
    before = snapshot(app)
    watcher = Client(app, base_url="http://testserver")
    watcher.get(f"/golf6/join/{world.invite_id}")  # has the invite link, game already full
    for code in ("reveal:0", "reveal:1", "draw_stock", "take_discard"):
        response = watcher.submit(
            f"/golf6/{world.game_id}/move", {"version": version, "move": code, "seat": "0"}
        )
        assert response.status_code == 403
    joined = watcher.submit(f"/golf6/join/{world.invite_id}", {"name": "Eve"})
    assert joined.status_code == 409 and "taken" in joined.text
    assert watcher.get(f"/golf6/{world.game_id}", headers=JSON).json()["you"] is None
    watcher.close()
    assert snapshot(app) == before


def test_forged_or_other_games_seat_cookie_cannot_move(app, client, world):
    version = _game_version(client, world)
    before = snapshot(app)
    near_miss = world.ann_secret[:-1] + ("B" if world.ann_secret.endswith("A") else "A")
    for forged in (new_token(), near_miss, "", "x" * 5000):
        intruder = Client(app, base_url="http://testserver")
        intruder.cookies.set(f"golf6_{world.game_id}", forged, path=f"/golf6/{world.game_id}")
        response = intruder.submit(
            f"/golf6/{world.game_id}/move", {"version": version, "move": "reveal:0"}
        )
        assert response.status_code in (400, 403), response.status_code
        intruder.close()
    assert snapshot(app) == before


def test_pages_never_show_another_seats_secret(app, client, world):
    watcher = Client(app, base_url="http://testserver")
    pages = [
        watcher.get(f"/golf6/{world.game_id}").text,
        watcher.get(f"/golf6/{world.game_id}", headers=JSON).text,
        watcher.get(f"/golf6/{world.game_id}/table").text,
        world.maria.get(f"/golf6/{world.game_id}").text,
        client.get(f"/golf6/{world.game_id}").text,
    ]
    watcher.close()
    assert not any(world.ann_secret in page for page in pages[:4])
    assert not any(world.maria_secret in page for page in pages[:3] + pages[4:])
    # Each player sees their own private rejoin link, nobody else's.
    assert world.ann_secret in pages[4] and world.maria_secret in pages[3]


def test_read_only_score_link_cannot_change_the_sheet(app, client, world):
    before = snapshot(app)
    page = client.get(f"/scores/view/{world.read_id}").text
    assert world.sheet_id not in page and "<form" not in page.split("<main", 1)[-1]
    response = client.submit(f"/scores/{world.read_id}/holes", {"score_0": "1", "version": "0"})
    assert response.status_code == 404
    assert snapshot(app) == before


def test_ids_and_secrets_are_unguessable(world):
    for value in (
        world.game_id,
        world.invite_id,
        world.ann_secret,
        world.maria_secret,
        world.sheet_id,
        world.read_id,
    ):
        assert re.fullmatch(r"[A-Za-z0-9_-]{22,}", value), value
    assert len({world.game_id, world.invite_id, world.ann_secret, world.sheet_id}) == 4
    tokens = {new_token() for _ in range(5000)}
    assert len(tokens) == 5000
    assert all(len(base64.urlsafe_b64decode(t + "==")) >= 16 for t in list(tokens)[:100])


def test_seat_secret_is_stored_only_as_a_hash(app, world):
    from sqlalchemy import select

    from app.storage.models import Golf6Seat

    with app.state.db.read() as session:
        hashes = set(session.scalars(select(Golf6Seat.secret_hash)))
    assert world.ann_secret not in hashes and world.maria_secret not in hashes


# --- Headers and cookies ----------------------------------------------------------------


def test_every_page_sends_the_security_headers(app, client, world):
    urls = [fill(p, world.path_values()) for m, p in routes(app) if m == "GET"] + ["/nope"]
    for url in urls:
        response = client.get(url, follow_redirects=False)
        headers = response.headers
        csp = headers.get("content-security-policy", "")
        assert "script-src 'self'" in csp and "style-src 'self'" in csp, url
        assert "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp, url
        assert headers["x-content-type-options"] == "nosniff", url
        assert headers["referrer-policy"] in {"same-origin", "no-referrer"}, url
        assert response.status_code < 500, url


def test_cookies_are_httponly_samesite_and_secure_behind_https(database_url):
    from app.main import create_app

    settings = Settings(
        database_url=database_url, secret_key="test-secret-key-0123456789", secure_cookies=True
    )
    app = create_app(settings)
    with Client(app, base_url="https://testserver") as browser:
        first = browser.get("/scores")  # a page with a form sets the CSRF cookie
        made = browser.submit("/golf6", {"name": "Ann", "bots": "1", "friends": "0"})
        theme = browser.get("/theme/dark?next=/", follow_redirects=False)
    app.state.db.dispose()
    cookies = first.headers.get_list("set-cookie") + made.headers.get_list("set-cookie")
    assert any(c.startswith("golf6_") for c in cookies) and any(
        c.startswith("csrf=") for c in cookies
    )
    for cookie in cookies:
        flags = cookie.lower()
        assert "httponly" in flags and "samesite=lax" in flags and "secure" in flags, cookie
    # The theme cookie holds no secret and the script writes it too, so it is not HttpOnly;
    # it is Secure all the same.
    (chosen,) = theme.headers.get_list("set-cookie")
    assert chosen.startswith("theme=dark") and "secure" in chosen.lower()


def test_cookies_are_not_secure_on_plain_http_in_development(client):
    assert "secure" not in client.get("/scores").headers["set-cookie"].lower()


def test_request_body_is_capped(client, world):
    response = client.post(
        f"/golf6/{world.game_id}/move",
        content=b"move=" + b"x" * 100_000,
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert response.status_code == 413


# --- Names are length-limited and always escaped ----------------------------------------


def _assert_escaped(text: str, payload: str) -> None:
    assert payload not in text
    assert "<script>alert" not in text and "<img src=x" not in text and "<b onmouseover" not in text


@pytest.mark.parametrize("payload", XSS)
def test_html_in_golf6_names_is_escaped(app, client, payload):
    made = client.submit("/golf6", {"name": payload, "bots": "0", "friends": "1"})
    _assert_escaped(made.text, payload)
    if made.status_code != 303:
        assert made.status_code == 422
        return
    url = made.headers["location"]
    page = client.get(url).text
    _assert_escaped(page, payload)
    assert str(escape(payload)) in page  # shown, as text
    invite = re.search(r"/golf6/join/[A-Za-z0-9_-]+", page).group(0)
    friend = Client(app, base_url="http://testserver")
    _assert_escaped(friend.get(invite).text, payload)
    joined = friend.submit(invite, {"name": payload[::-1]})
    for text in (
        joined.text,
        friend.get(url).text,
        client.get(url).text,
        client.get(f"{url}/table", headers={"HX-Request": "true"}).text,
    ):
        _assert_escaped(text, payload[::-1])
    friend.close()


@pytest.mark.parametrize("payload", XSS)
def test_html_in_score_sheet_names_is_escaped(client, payload):
    made = client.submit("/scores", {"player_1": payload, "player_2": "Bo", "length": "9"})
    _assert_escaped(made.text, payload)
    if made.status_code == 303:
        page = client.get(made.headers["location"]).text
        _assert_escaped(page, payload)
        assert str(escape(payload)) in page  # shown, as text


@pytest.mark.parametrize(("url", "field"), [("/golf6", "name"), ("/scores", "player_1")])
def test_names_are_length_limited(app, client, url, field):
    before = snapshot(app)
    data = {
        "name": "Ann",
        "bots": "1",
        "friends": "0",
        "player_1": "Ann",
        "player_2": "Bo",
        "length": "9",
        field: "N" * 500,
    }
    response = client.submit(url, data)
    assert response.status_code == 422
    assert re.search(r"30 (characters|letters)", response.text)
    assert snapshot(app) == before


# --- Hidden cards never leave the server ------------------------------------------------


def _hidden_cards(app, game_id: str, viewer: int | None) -> set[str]:
    """Face-down layout cards, the whole stock, and a drawn card the viewer does not hold."""
    from app.storage import golf as store

    with app.state.db.read() as session:
        state = store.load_game(session, game_id=game_id).replay.state
    hidden = set(state.stock)
    for layout, face_up in zip(state.layouts, state.face_up, strict=True):
        hidden |= {card for card, up in zip(layout, face_up, strict=True) if not up}
    if state.held and state.turn != viewer:
        hidden.add(state.held)
    return hidden - set(state.discard)  # with one deck every card is unique


def _views(app, client, world: World) -> dict[int | None, list[str]]:
    """Everything each seat (and a watcher) can fetch about the game."""
    watcher = Client(app, base_url="http://testserver")
    url = f"/golf6/{world.game_id}"
    views: dict[int | None, list[str]] = {}
    for seat, browser in ((0, client), (1, world.maria), (None, watcher)):
        views[seat] = [
            browser.get(url).text,
            browser.get(url, headers=JSON).text,
            browser.get(f"{url}/table", headers={"HX-Request": "true"}).text,
            browser.get(f"{url}/table?since=0", headers={"HX-Request": "true"}).text,
        ]
    watcher.close()
    return views


def _assert_nothing_hidden_shown(app, client, world: World) -> None:
    from app.i18n import card_name
    from app.rules.cards import card_label

    for seat, pages in _views(app, client, world).items():
        hidden = _hidden_cards(app, world.game_id, seat)
        assert hidden
        for page in pages:
            for card in hidden:
                assert card_name(card) not in page, (seat, card_name(card))
                assert card_label(card) not in page, (seat, card_label(card))
                assert f'"{card}"' not in page, (seat, card)


def test_no_face_down_card_or_stock_order_in_any_view(app, client, world):
    _assert_nothing_hidden_shown(app, client, world)
    url = f"/golf6/{world.game_id}"
    for browser in (client, world.maria):
        for index in (0, 4):
            version = re.search(r'name="version" value="(\d+)"', browser.get(url).text).group(1)
            form = {"version": version, "move": f"reveal:{index}"}
            assert browser.submit(f"{url}/move", form).status_code == 303
    _assert_nothing_hidden_shown(app, client, world)
    version = re.search(r'name="version" value="(\d+)"', world.maria.get(url).text).group(1)
    drew = world.maria.submit(f"{url}/move", {"version": version, "move": "draw_stock"})
    assert drew.status_code == 303
    _assert_nothing_hidden_shown(app, client, world)  # the drawn card: only Maria sees it
    held = world.maria.get(url, headers=JSON).json()["drawn"]
    assert held and held not in _hidden_cards(app, world.game_id, 1)
    assert held in _hidden_cards(app, world.game_id, 0)  # the check above did look for it


def test_post_marked_cross_site_by_the_browser_is_refused(client):
    data = {"csrf_token": client.csrf(), "player_1": "Ann", "player_2": "Bo", "length": "9"}
    response = client.post("/scores", data=data, headers={"sec-fetch-site": "cross-site"})
    assert response.status_code == 403
    same = client.post("/scores", data=data, headers={"sec-fetch-site": "same-origin"},
                       follow_redirects=False)  # fmt: skip
    assert same.status_code == 303


def test_https_deployments_ask_browsers_to_stay_on_https(database_url, client):
    from app.main import create_app

    assert "strict-transport-security" not in client.get("/").headers
    settings = Settings(
        database_url=database_url, secret_key="test-secret-key-0123456789", secure_cookies=True
    )
    app = create_app(settings)
    with Client(app, base_url="https://testserver") as browser:
        assert "max-age=" in browser.get("/").headers["strict-transport-security"]
    app.state.db.dispose()


TEXT_FIELDS = {
    "/golf6": ["name", "bots", "friends", "bot", "length", "move", "version", "seat"],
    "/scores": [*(f"player_{i}" for i in range(1, 9)), "score_0", "score_1", "length",
                "helper_for", "card_0_0", "card_2_1", "version", "hole", "insert_before"],
    "/solitaire": ["deal_number", "column", "version", "moves", "to", "watch", "move", "hole"],
    "/quiz": ["choice"],
}  # fmt: skip


@pytest.mark.parametrize("payload", XSS[:2])
def test_html_in_every_text_field_of_every_form_is_escaped(app, client, world, payload):
    """Each field alone and all together: whatever is echoed back is escaped text."""
    for method, path in routes(app):
        if method != "POST":
            continue
        prefix = "/" + path.split("/")[1]
        fields = TEXT_FIELDS.get(prefix, ["name"])
        url = fill(path, world.path_values())
        for form in [{name: payload} for name in fields] + [dict.fromkeys(fields, payload)]:
            response = client.submit(url, form)
            if response.status_code == 303:
                response = client.get(response.headers["location"])
            assert response.status_code < 500, (url, form)
            _assert_escaped(response.text, payload)


def test_solitaire_never_shows_the_undrawn_cards(app, client, world):
    from sqlalchemy import select

    from app.i18n import card_name
    from app.rules.cards import card_label
    from app.storage.models import SolitaireDeal

    deal = f"/solitaire/deals/{world.extra['deal_id']}"
    for _ in range(3):
        state = client.get(deal, headers=JSON).json()
        form = {"version": str(state["version"]), "moves": str(state["moves"])}
        assert client.submit(f"{deal}/draw", form).status_code == 303
    with app.state.db.read() as session:
        cards = session.scalar(select(SolitaireDeal.cards).where(SolitaireDeal.id == deal[17:]))
    undrawn = cards[36 + 3 :]
    assert len(undrawn) == 13
    pages = [
        client.get(deal).text,
        client.get(deal, headers=JSON).text,
        client.get(deal, headers={"HX-Request": "true"}).text,
        client.get(f"{deal}?hint=1").text,
    ]
    for page in pages:
        for card in undrawn:
            assert card_name(card) not in page and card_label(card) not in page, card
            assert f'"{card}"' not in page, card


# --- Any unhandled error: the site's own 500 page, the usual headers, one log entry --------


@pytest.mark.own_app
def test_unhandled_error_answers_the_html_500_page_with_security_headers(app, client, caplog):
    import logging

    from app.request_log import error_logger

    def broken() -> None:
        raise ZeroDivisionError("secret detail\nsecond line")

    app.add_api_route("/test-broken", broken)
    error_logger.addHandler(caplog.handler)
    caplog.set_level(logging.INFO, logger="golf.error")
    try:
        response = client.get("/test-broken")
        fragment = client.get("/test-broken", headers={"HX-Request": "true"})
    finally:
        error_logger.removeHandler(caplog.handler)
    assert response.status_code == 500
    assert response.headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in response.headers["content-security-policy"]
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["cache-control"] == "no-store"
    request_id = response.headers["x-request-id"]
    assert f"<code>{request_id}</code>" in response.text and "<h1>" in response.text
    assert "secret detail" not in response.text and "Traceback" not in response.text
    assert fragment.status_code == 500 and "<html" not in fragment.text
    records = [r for r in caplog.records if r.name == "golf.error"]
    assert len(records) == 2  # one per request, each with its traceback once
    first = records[0]
    assert f'"request_id": "{request_id}"' in first.getMessage()
    assert '"error": "ZeroDivisionError: secret detail"' in first.getMessage()
    assert first.exc_info and first.exc_info[0] is ZeroDivisionError
    assert "\n" not in first.getMessage()


@pytest.mark.own_app
def test_error_page_json_for_scripts(app, client):
    app.add_api_route("/test-broken", lambda: 1 / 0)
    response = client.get("/test-broken", headers=JSON)
    assert response.status_code == 500 and "error" in response.json()


@pytest.mark.parametrize("cookie", ["é" * 22, "²①٣", "x" * 65])
def test_odd_csrf_cookie_is_replaced_and_its_post_refused(client, cookie):
    from app.security import csrf_token_for

    token = csrf_token_for(cookie, client.app.state.settings.secret)
    raw = f"csrf={cookie}".encode()
    data = {"csrf_token": token, "player_1": "Ann", "player_2": "Bo", "length": "9"}
    refused = client.post("/scores", data=data, headers={"cookie": raw})
    assert refused.status_code == 403 and "expired" in refused.text
    fresh = client.get("/scores", headers={"cookie": raw})
    assert fresh.headers["set-cookie"].startswith("csrf=")  # a usable cookie takes its place


@pytest.mark.own_app
def test_a_broken_template_still_answers_an_html_500_with_headers(app, client):
    def broken() -> None:
        raise RuntimeError("boom")

    app.add_api_route("/test-broken", broken)
    app.state.templates.env.globals["bundles"] = None  # base.html can no longer render
    response = client.get("/test-broken")
    assert response.status_code == 500 and "<h1>That did not work</h1>" in response.text
    assert "default-src 'self'" in response.headers["content-security-policy"]


def test_pages_that_carry_a_private_link_are_never_stored_by_caches(client, world):
    from tests.web.solitaire_helpers import new_deal

    response = client.submit("/solitaire/rounds", {})
    round_deal = response.headers["location"]
    round_page = re.search(r'action="(/solitaire/rounds/[^"/]+)/', client.get(round_deal).text)
    stranger = Client(client.app, base_url="http://testserver")
    pages = {
        "practice deal": client.get(f"/solitaire/deals/{new_deal(client, 4)}"),
        "deal of a round": client.get(round_deal),
        "its board fragment": client.get(round_deal, headers={"HX-Request": "true"}),
        "round": client.get(round_page.group(1)),
        "golf invite": stranger.get(f"/golf6/join/{world.invite_id}"),
        "a round deal's review (it links the deal)": client.get(f"{round_deal}/review"),
        "that review's fragment": client.get(f"{round_deal}/review",
                                             headers={"HX-Request": "true"}),
    }
    stranger.close()
    for name, page in pages.items():
        assert page.status_code == 200, name
        assert page.headers.get("cache-control") == "no-store", name
