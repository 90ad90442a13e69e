"""Every route fuzzed with garbage, huge, missing and repeated fields: a 4xx, never a 500.

Each example picks a route (from the app's own route table), fills its path with a real id or
garbage, and sends random fields with a valid CSRF token, so the request reaches the route
itself. A refused request (4xx) must leave every table exactly as it was.
"""

from __future__ import annotations

from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web.world import World, build_world, fill, routes, snapshot

FIELDS = [
    "name", "bots", "friends", "bot", "length", "last_turn", "first_two", "jokers", "version",
    "move", "seat", "choice", "since", "hole", "insert_before", "helper_for", "deal_number",
    "column", "variant", "queen_on_king", "round_the_corner", "clear_scores_zero",
    "empty_start", "card", "action", "deal", "number", "csrf_token",
    *(f"player_{i}" for i in range(1, 10)), *(f"score_{i}" for i in range(9)),
    *(f"card_{c}_{r}" for c in range(3) for r in range(2)),
]  # fmt: skip
NASTY = [
    "", " ", "0", "-1", "1", "2", "7", "9", "99999999999999999999", "1e9", "NaN", "-0", "0x1F",
    "on", "true", "null", "draw", "draw_stock", "take_discard", "discard", "reveal:0",
    "reveal:9", "swap:5", "swap:-1", "swap:x", "8S", "JK", "ZZ", "a", "b", "c", "\x00",
    "\u202e", "٣", "<script>alert(1)</script>", "' OR 1=1 --", "../../etc/passwd", "%00",
    "{{7*7}}", "\ud7ff", "😀" * 20,
]  # fmt: skip

values = st.one_of(
    st.sampled_from(NASTY),
    st.text(max_size=40),
    st.integers(-(10**20), 10**20).map(str),
    st.sampled_from(["x" * 5_000, "9" * 20_000]),
)
field_names = st.one_of(st.sampled_from(FIELDS), st.text(min_size=1, max_size=12))
# A list value repeats the field ("move=a&move=b").
forms = st.dictionaries(
    field_names, st.one_of(values, st.lists(values, min_size=2, max_size=3)), max_size=8
)
garbage_segment = st.one_of(
    st.sampled_from(["0", "-1", "x", "NoSuchGame0123456789ab", "9" * 40, "%2e%2e", "a" * 300]),
    st.text(min_size=1, max_size=30).map(lambda t: quote(t, safe="")),
)


@pytest.fixture
def world(app, client) -> World:
    built = build_world(app, client)
    yield built
    built.maria.close()


def _url(path: str, world: World, data: st.DataObject) -> str:
    real = world.path_values()
    chosen = {
        name: data.draw(st.one_of(st.just(value), garbage_segment), label=name)
        for name, value in real.items()
    }
    url = fill(path, chosen)
    if data.draw(st.booleans(), label="query"):
        query = data.draw(st.dictionaries(field_names, values, max_size=3), label="query args")
        url += "?" + "&".join(f"{quote(k, safe='')}={quote(v, safe='')}" for k, v in query.items())
    return url


# Raw cookie bytes as a crafted request could send them (latin-1, no separators).
cookie_values = st.one_of(
    st.sampled_from(["", "0", "x" * 300, "000000.abc", "000000.\x80", "é.é", "....", "%00"]),
    st.text(
        alphabet=st.characters(min_codepoint=0x21, max_codepoint=0xFF, exclude_characters=';,"\\'),
        max_size=40,
    ),
)


def _headers(client, world: World, data: st.DataObject) -> dict[str, str | bytes]:
    headers: dict[str, str | bytes] = {}
    if data.draw(st.booleans(), label="htmx"):
        headers["HX-Request"] = "true"
    if data.draw(st.booleans(), label="json"):
        headers["Accept"] = "application/json"
    if data.draw(st.booleans(), label="garbage cookies"):
        names = ["quiz", f"golf6_{world.game_id}", "golf6_x", "csrf"]
        jar = {"csrf": client.cookies.get("csrf", "")}
        jar.update(data.draw(st.dictionaries(st.sampled_from(names), cookie_values, min_size=1)))
        headers["cookie"] = "; ".join(f"{k}={v}" for k, v in jar.items()).encode("latin-1")
    return headers


def _send(client, world: World, method: str, url: str, data: st.DataObject):
    headers = _headers(client, world, data)
    if method == "GET":
        return client.get(url, headers=headers, follow_redirects=False)
    fields = data.draw(forms, label="form")
    fields.setdefault("csrf_token", client.csrf())
    if data.draw(st.booleans(), label="multipart"):
        files = {"upload": ("x.txt", b"\x00\xff" * 10, "application/octet-stream")}
        text_fields = {k: v for k, v in fields.items() if isinstance(v, str)}
        return client.post(url, data=text_fields, files=files, headers=headers,
                           follow_redirects=False)  # fmt: skip
    return client.post(url, data=fields, headers=headers, follow_redirects=False)


@settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_every_route_answers_garbage_with_a_clear_4xx(app, client, world, data):
    method, path = data.draw(st.sampled_from(routes(app)), label="route")
    url = _url(path, world, data)
    before = snapshot(app) if method == "POST" else None
    response = _send(client, world, method, url, data)
    assert response.status_code < 500, (method, url, response.status_code, response.text[:300])
    if before is not None and response.status_code >= 400:
        assert snapshot(app) == before, (method, url, response.status_code)
    if response.status_code >= 400 and "json" not in response.headers.get("content-type", ""):
        assert "<script>alert(1)" not in response.text


def test_every_post_route_refuses_a_body_over_the_cap(app, client, world):
    before = snapshot(app)
    for method, path in routes(app):
        if method != "POST":
            continue
        url = fill(path, world.path_values())
        body = {"csrf_token": client.csrf(), "name": "x" * 70_000}
        assert client.post(url, data=body, follow_redirects=False).status_code == 413, url
    assert snapshot(app) == before


def test_every_post_route_answers_a_non_form_body_without_500(app, client, world):
    for method, path in routes(app):
        if method != "POST":
            continue
        url = fill(path, world.path_values())
        for content_type, body in [
            ("application/json", b'{"move": "draw"}'),
            ("text/plain", b"\xff\xfe\x00garbage"),
            ("application/x-www-form-urlencoded", b"%%%&&&==&move=%ZZ"),
            ("multipart/form-data; boundary=nope", b"--nope\r\nbroken"),
        ]:
            headers = {"content-type": content_type, "x-csrf-token": client.csrf()}
            before = snapshot(app)
            response = client.post(url, content=body, headers=headers, follow_redirects=False)
            assert response.status_code < 500, (url, content_type, response.status_code)
            if response.status_code >= 400:
                assert snapshot(app) == before, (url, content_type)


NASTY_COOKIES = ["", "x" * 300, "000000.\x80", "é.é", "a.b.c", "%00", '"quoted"', "ÿ" * 40]


def test_every_route_survives_garbage_cookies(app, client, world):
    """Each cookie the site reads (and a forged one) holding nonsense: never a 500."""
    names = ["quiz", f"golf6_{world.game_id}", "csrf"]
    for method, path in routes(app):
        url = fill(path, world.path_values())
        for value in NASTY_COOKIES:
            raw = "; ".join(f"{name}={value}" for name in names).encode("latin-1")
            headers = {"cookie": raw}
            if method == "GET":
                response = client.get(url, headers=headers, follow_redirects=False)
            else:
                data = {"csrf_token": client.csrf()}
                response = client.post(url, data=data, headers=headers, follow_redirects=False)
            assert response.status_code < 500, (method, url, value)
