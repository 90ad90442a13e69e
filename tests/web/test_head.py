"""HEAD, as link checkers and uptime monitors send it: GET's answer without the body."""

from __future__ import annotations

import re

import pytest

from tests.web.world import fill, routes


def test_every_get_route_answers_head_as_get_without_a_body(app, client, world):
    checked = 0
    for method, path in routes(app):
        if method != "GET":
            continue
        url = fill(path, world.path_values())
        got = client.get(url, follow_redirects=False)
        head = client.head(url, follow_redirects=False)
        assert head.status_code == got.status_code, url
        assert head.headers.get("content-type") == got.headers.get("content-type"), url
        assert head.content == b"", url
        checked += 1
    assert checked >= 25  # the route table was really read


@pytest.mark.parametrize("url", ["/rules/solitaire", "/healthz", "/static/app.css"])
def test_head_keeps_gets_headers_and_length(client, url):
    got, head = client.get(url), client.head(url)
    assert head.status_code == got.status_code == 200 and head.content == b""
    for name in ("content-length", "content-encoding", "content-type", "cache-control",
                 "content-security-policy"):
        assert head.headers.get(name) == got.headers.get(name), name
    assert int(head.headers["content-length"]) > 0


def test_head_of_a_bundled_asset_and_an_unknown_page(client):
    bundle = re.search(r'href="(/assets/site-[^"]+\.css)"', client.get("/").text).group(1)
    head = client.head(bundle)
    assert head.status_code == 200 and head.content == b""
    assert head.headers["cache-control"] == client.get(bundle).headers["cache-control"]
    assert client.head("/no/such/page").status_code == 404


def test_other_methods_are_still_refused_and_allow_names_head(client):
    for method in ("PUT", "DELETE", "PATCH", "OPTIONS"):
        refused = client.request(method, "/")
        assert refused.status_code == 405, method
        assert refused.headers["allow"] == "GET, HEAD"
    # A form's address takes POST only: no HEAD there.
    refused = client.put("/solitaire/deals")
    assert refused.status_code == 405 and refused.headers["allow"] == "POST"


@pytest.mark.parametrize(("form", "page"), [
    ("/golf6/AbC/move?lang=sv", "/golf6/AbC?lang=sv"),
    ("/solitaire/deals/AbC/play", "/solitaire/deals/AbC"),
    ("/solitaire/deals?lang=en&x=%C2%B2", "/solitaire?lang=en&x=%C2%B2"),
    ("/quiz/3?lang=sv", "/quiz?lang=sv#q-3"),
    ("/quiz/reset?lang=sv", "/quiz?lang=sv"),
    ("/scores/AbC/holes/3/remove?lang=sv", "/scores/AbC/holes/3?lang=sv"),
    ("/scores/AbC/holes/3?lang=sv", "/scores/AbC/holes?lang=sv"),
    ("/scores/AbC/holes", "/scores/AbC"),
])
def test_a_forms_address_asked_for_with_get_leads_to_its_page(client, form, page):
    """A plain form's answer leaves its address in the address bar, and the language links
    of that page point at it: GET there leads to the page the form is on, query kept."""
    for method in (client.get, client.head):
        answer = method(form, follow_redirects=False)
        assert answer.status_code == 303 and answer.headers["location"] == page
