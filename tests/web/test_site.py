"""Site-wide behaviour: security headers, CSRF, errors, static caching, readiness."""

from __future__ import annotations


def test_home_renders_with_security_headers(client):
    response = client.get("/")
    assert response.status_code == 200
    assert "Golf" in response.text
    csp = response.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
    # Every source is the site's own: no data: URLs, no other host, nothing inline.
    sources = {word for part in csp.split(";") for word in part.split()[1:]}
    assert sources == {"'self'", "'none'"}, sources
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "same-origin"


def test_csrf_cookie_is_httponly_and_samesite(client):
    response = client.get("/scores")  # a page with a form makes the cookie
    cookie = response.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_unknown_page_is_404_with_readable_message(client):
    response = client.get("/no-such-page")
    assert response.status_code == 404
    assert "Page not found" in response.text


def test_static_files_are_versioned_and_cached(client):
    page = client.get("/").text
    assert "/static/htmx-2.0.10.min.js?v=" in page
    url = page.split('src="', 1)[1].split('"', 1)[0]
    response = client.get(url)
    assert response.status_code == 200
    assert "immutable" in response.headers["cache-control"]


def test_ready_when_migrated(client):
    from app.players.solitaire.accel import solver_name

    assert client.get("/readyz").json() == {"ready": True, "solver": solver_name()}


def test_not_ready_when_database_behind(tmp_path):
    from app.main import create_app
    from app.settings import Settings
    from tests.asgi_client import AppClient

    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'empty.db'}"))
    with AppClient(app) as fresh:
        assert fresh.get("/readyz").status_code == 503


def test_large_body_refused(client):
    response = client.post("/", content=b"x" * 200_000, headers={"content-type": "text/plain"})
    assert response.status_code == 413


def test_pages_and_static_files_are_compressed(client):
    page = client.get("/", headers={"accept-encoding": "gzip"})
    assert page.headers.get("content-encoding") == "gzip"
    script = page.text.split('src="', 1)[1].split('"', 1)[0]
    htmx = client.get(script, headers={"accept-encoding": "gzip"})
    assert htmx.headers.get("content-encoding") == "gzip"
    assert "immutable" in htmx.headers["cache-control"]


def test_json_is_answered_when_the_accept_header_prefers_it(client):
    """Content negotiation by quality, not by substring (CONTRACT.md: game pages answer
    `Accept: application/json` with the state)."""
    deal = client.submit("/solitaire/deals", {"action": "random"}).headers["location"]
    wants = {
        "application/json": True,
        "APPLICATION/JSON": True,
        "application/json, text/html;q=0.9": True,
        "text/html;q=0.1, application/json": True,
        "application/json, text/plain, */*": True,
        "application/json;q=0": False,
        "application/json;q=0.5, */*": False,  # any type at all, the page included, at 1
        "application/json;q=0.5, text/*": False,
        "application/json;q=oops": False,
        "text/html, application/json": False,  # equal: the page, as before
        "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8": False,
        "*/*": False,
        "": False,
    }
    for accept, json_wanted in wants.items():
        response = client.get(deal, headers={"Accept": accept})
        assert response.status_code == 200
        is_json = response.headers["content-type"].startswith("application/json")
        assert is_json == json_wanted, accept
