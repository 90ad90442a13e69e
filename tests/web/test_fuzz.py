"""Every route fuzzed with garbage, huge, missing and repeated fields: a 4xx, never a 500.

Each example picks a route (from the app's own route table), fills its path with a real id or
garbage, and sends random fields with a valid CSRF token, so the request reaches the route
itself. A refused request (4xx) must leave every table exactly as it was.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import quote

import pytest
from fastapi.routing import APIRoute
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web.world import World, fill, routes, snapshot

FIELDS = [
    "name", "bots", "friends", "bot", "length", "last_turn", "first_two", "jokers", "version",
    "move", "seat", "choice", "since", "hole", "insert_before", "helper_for", "deal_number",
    "column", "variant", "queen_on_king", "round_the_corner", "clear_scores_zero",
    "empty_start", "card", "action", "deal", "number", "csrf_token",
    *(f"player_{i}" for i in range(1, 10)), *(f"score_{i}" for i in range(9)),
    *(f"fix_{i}" for i in range(9)),
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


# --- Odd values in every field, query parameter and cookie the site reads (issue 12) --------
#
# Unicode digits that str.isdigit() accepts and int() refuses (or accepts: "٣" is 3 to int()),
# non-ASCII text, huge numbers and very long values. Every name is found from the app itself
# (route signatures, its pages' forms and links, its source), so a new route, field or cookie
# is covered without touching this file.

ODD = [
    "²", "①", "٣", "１２", "-²", "1²", "é", "Ωmega", "😀", "\u202e7", " 7 ", "\x00",
    str(10**30), "-" + str(10**30), "1e999", "9" * 5_000, "x" * 5_000,
]  # fmt: skip
APP_DIR = Path(__file__).resolve().parents[2] / "app"
_QUERY_READ = re.compile(r"""(?:query_params\.get|query_int)\(\s*(?:request,\s*)?"(\w+)\"""")
_CONSTANT = re.compile(r"""^(\w*(?:COOKIE|PARAM)\w*) = "([\w-]+)"$""", re.M)


def all_routes(app) -> list[tuple[str, str, APIRoute]]:
    """Every (method, path, route) the app answers, including those left out of any schema."""
    found = []
    for prefix, route in _api_routes(app.routes, ""):
        methods = sorted(route.methods & {"GET", "POST"})
        found += [(method, prefix + route.path, route) for method in methods]
    assert len(found) > 20, "the route walk found too little: has FastAPI changed?"
    return found


def _api_routes(routes, prefix: str):
    """APIRoutes, also inside included routers (kept as branches since FastAPI 0.16x)."""
    for route in routes:
        if isinstance(route, APIRoute):
            yield prefix, route
        elif hasattr(route, "original_router"):
            inner = prefix + getattr(route.include_context, "prefix", "")
            yield from _api_routes(route.original_router.routes, inner)


def _source_names(pattern: re.Pattern[str]) -> set[str]:
    names: set[str] = set()
    for path in APP_DIR.rglob("*.py"):
        for match in pattern.finditer(path.read_text("utf-8")):
            names.add(match.group(match.lastindex or 1))
    return names


def query_names(route: APIRoute) -> set[str]:
    """What a GET route may read from its query: its declared parameters and any read by hand."""
    declared = {param.alias for param in route.dependant.query_params}
    params = {value for name, value in _constants() if name.endswith("PARAM")}
    return declared | _source_names(_QUERY_READ) | params | {"since", "hint", "watch", "next"}


def _constants() -> list[tuple[str, str]]:
    return [
        (m.group(1), m.group(2))
        for path in APP_DIR.rglob("*.py")
        for m in _CONSTANT.finditer(path.read_text("utf-8"))
    ]


def cookie_names(client, world: World) -> set[str]:
    kept = {cookie.name for cookie in client.cookies.jar}
    kept |= {cookie.name for cookie in world.maria.cookies.jar}
    named = {value for name, value in _constants() if name.endswith("COOKIE")}
    return kept | named | {f"golf6_{world.game_id}"}


class _Forms(HTMLParser):
    """The forms on a page as a browser would submit them: one entry per submit button.

    Fields may sit outside their form (form="id"), and a button may send the form elsewhere
    (formaction), as the solitaire board does.
    """

    def __init__(self) -> None:
        super().__init__()
        self._forms: list[dict] = []
        self._by_id: dict[str, dict] = {}
        self._open: dict | None = None
        self._select: tuple[dict, str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            method = a.get("method", "get").upper()
            form = {"action": a.get("action", ""), "method": method, "fields": {}, "buttons": []}
            self._forms.append(form)
            self._by_id[a.get("id", "")] = self._open = form
            return
        form = self._by_id.get(a["form"]) if "form" in a else self._open
        if form is None:
            return
        fields = form["fields"]
        if tag == "select" and "name" in a:
            self._select = (form, a["name"])
        elif tag == "option" and self._select and self._select[1] not in self._select[0]["fields"]:
            self._select[0]["fields"][self._select[1]] = a.get("value", "")
        elif tag == "button" or (tag == "input" and a.get("type") == "submit"):
            form["buttons"].append((a.get("formaction") or None, a.get("name"), a.get("value", "")))
        elif tag in {"input", "textarea"} and "name" in a:
            kind = a.get("type", "")
            if kind in {"checkbox", "radio"} and "checked" not in a:
                return
            fields.setdefault(a["name"], a.get("value", "on" if kind == "checkbox" else ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None
        elif tag == "form":
            self._open = None

    def submissions(self) -> list[dict]:
        found = []
        for form in self._forms:
            for action, name, value in form["buttons"] or [(None, None, "")]:
                fields = {**form["fields"], **({name: value} if name else {})}
                found.append(
                    {"action": action or form["action"], "method": form["method"], "fields": fields}
                )
        return found


def page_forms(client, url: str) -> list[dict]:
    parser = _Forms()
    parser.feed(client.get(url).text)
    return [form for form in parser.submissions() if form["action"].startswith("/")]


def _pages(app, client, world: World) -> list[tuple[object, str]]:
    """Every page the app serves (each GET route with real ids), seen by Ann and by Maria."""
    urls = ["/"] + [
        fill(path, world.path_values()) for method, path, _ in all_routes(app) if method == "GET"
    ]
    return [(browser, url) for url in dict.fromkeys(urls) for browser in (client, world.maria)]


def _odd_like(real: str) -> list[str]:
    """ODD, and for a value with a number inside ("reveal:3", "swap:5") that number made odd."""
    head = re.match(r"^(.*?)\d+$", real)
    return ODD + ([head.group(1) + value for value in ODD] if head and head.group(1) else [])


def test_every_form_field_on_every_page_refuses_odd_values_without_500(app, client, world):
    """Each field of each real form, the others as the page filled them: never a 5xx."""
    seen: set[tuple] = set()
    checked = 0
    for browser, url in _pages(app, client, world):
        for form in page_forms(browser, url):
            if form["method"] != "POST":
                continue
            key = (form["action"], tuple(sorted(form["fields"])))
            if key in seen:
                continue
            seen.add(key)
            for name, real in form["fields"].items():
                if name == "csrf_token":
                    continue
                for value in _odd_like(real):
                    fields = {**form["fields"], name: value}
                    response = browser.post(form["action"], data=fields, follow_redirects=False)
                    checked += 1
                    assert response.status_code < 500, (form["action"], name, value[:20])
    assert checked > 500  # the crawl did find the site's forms


def test_every_query_parameter_of_every_get_route_survives_odd_values(app, client, world):
    for method, path, route in all_routes(app):
        if method != "GET":
            continue
        url = fill(path, world.path_values())
        names = sorted(query_names(route))
        for value in ODD:
            everything = "&".join(f"{name}={quote(value, safe='')}" for name in names)
            response = client.get(f"{url}?{everything}", follow_redirects=False)
            assert response.status_code < 500, (url, value[:20])
        for name in names:  # one at a time too: an early refusal must not hide a later crash
            for value in ("²", "٣", str(10**30), "x" * 5_000):
                response = client.get(
                    f"{url}?{name}={quote(value, safe='')}", follow_redirects=False
                )
                assert response.status_code < 500, (url, name, value[:20])


def test_every_cookie_the_site_reads_survives_odd_values_on_every_route(app, client, world):
    names = sorted(cookie_names(client, world))
    assert {"csrf", "quiz", "theme"} <= set(names)
    for method, path, _route in all_routes(app):
        url = fill(path, world.path_values())
        for value in ODD:
            if len(value) > 1_000:
                value = value[:1_000]  # a header stays under the server's line limit
            raw = "; ".join(f"{name}={value}" for name in names).encode("utf-8")
            if method == "GET":
                response = client.get(url, headers={"cookie": raw}, follow_redirects=False)
            else:
                data = {"csrf_token": client.csrf()}
                response = client.post(
                    url, data=data, headers={"cookie": raw}, follow_redirects=False
                )
            assert response.status_code < 500, (method, url, value[:20])


@pytest.mark.parametrize("token", ["é" * 40, "²" * 40, "①", "٣" * 40, "\x00"])
def test_non_ascii_csrf_token_is_refused_with_403_on_every_post_route(app, client, world, token):
    before = snapshot(app)
    for method, path, _route in all_routes(app):
        if method != "POST":
            continue
        url = fill(path, world.path_values())
        response = client.post(url, data={"csrf_token": token}, follow_redirects=False)
        assert response.status_code == 403, (url, response.status_code)
        assert "expired" in response.text
        header = client.post(
            url, headers={"x-csrf-token": token.encode("utf-8")}, follow_redirects=False
        )
        assert header.status_code == 403, (url, header.status_code)
    assert snapshot(app) == before
