"""One structured log line per request, and never a secret in it."""

from __future__ import annotations

import json
import logging

import pytest
from fastapi.responses import PlainTextResponse

from app.request_log import logger, redact_path
from app.tokens import new_token
from tests.asgi_client import run


@pytest.fixture
def log_lines(caplog):
    """The request log's lines as dicts, attached directly: the logger stops propagating only
    once the app has given it a handler of its own, and in a test run alone that may come
    after this fixture (each line would then reach caplog twice)."""
    logger.addHandler(caplog.handler)
    propagate, logger.propagate = logger.propagate, False
    caplog.set_level(logging.INFO, logger="golf.request")
    yield lambda: [json.loads(r.getMessage()) for r in caplog.records if r.name == logger.name]
    logger.removeHandler(caplog.handler)
    logger.propagate = propagate


def test_one_json_line_per_request(client, log_lines):
    client.get("/")
    client.get("/healthz", headers={"HX-Request": "true"})
    lines = log_lines()
    assert [(line["method"], line["path"], line["status"]) for line in lines] == [
        ("GET", "/", 200),
        ("GET", "/healthz", 200),
    ]
    assert lines[1]["htmx"] is True and lines[0]["htmx"] is False
    assert all(isinstance(line["ms"], float) for line in lines)


def test_a_head_request_is_logged_as_head(client, log_lines):
    assert client.head("/rules/solitaire").status_code == 200
    assert [(line["method"], line["status"]) for line in log_lines()] == [("HEAD", 200)]


def test_secrets_in_path_query_and_cookies_never_logged(client, log_lines, caplog):
    game, seat_secret, invite = new_token(), new_token(), new_token()
    client.csrf()  # this browser's cookie first (from a page with a form), not logged below
    caplog.clear()
    client.cookies.set(f"seat_{game}", seat_secret)
    client.get(f"/golf6/{game}/seat/{seat_secret}?invite={invite}&token={seat_secret}")
    client.submit(f"/golf6/{game}/move", {"seat": seat_secret})
    text = caplog.text + "".join(json.dumps(line) for line in log_lines())
    for secret in (game, seat_secret, invite, client.cookies.get("csrf")):
        assert secret not in text
    paths = [line["path"] for line in log_lines()]
    assert paths == ["/golf6/:id/seat/:id", "/golf6/:id/move"]


@pytest.mark.own_app
def test_refused_requests_are_logged_too(app, client, log_lines, caplog):
    app.add_api_route("/test-post", lambda: PlainTextResponse("ok"), methods=["POST"])
    client.csrf()
    caplog.clear()
    client.post("/test-post", content=b"x" * 200_000, headers={"content-type": "text/plain"})
    client.post("/test-post", data={"csrf_token": "forged"})
    client.submit("/test-post")
    assert [line["status"] for line in log_lines()] == [413, 403, 200]


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/rules/golf-solitaire", "/rules/golf-solitaire"),
        ("/strategy-notes-for-beginners", "/strategy-notes-for-beginners"),
        ("/solitaire/deal/12345", "/solitaire/deal/12345"),
        ("/solitaire/AbCdEfGhIjKlMnOpQrStUv", "/solitaire/:id"),
        ("/scores/0123456789abcdef0123", "/scores/:id"),
        ("/x/%3Cscript%3E", "/x/:id"),
    ],
)
def test_redact_path(path, expected):
    assert redact_path(path) == expected


def test_every_new_token_is_redacted():
    assert all(redact_path(f"/g/{new_token()}") == "/g/:id" for _ in range(2000))


def call_with_client_gone(app, method: str, path: str, headers: list) -> list:
    """Call the app as a server would for a client that has already disconnected; what it
    sent back."""
    sent = []

    async def receive():
        return {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
        "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
        "root_path": "", "client": ("127.0.0.1", 5000), "server": ("testserver", 80),
        "headers": [(b"host", b"testserver"), *headers],
    }  # fmt: skip
    run(app(scope, receive, send))
    return sent


def test_a_client_gone_before_its_form_arrived_is_logged_499_not_as_an_error(
    app, log_lines, caplog
):
    """htmx aborts a request it replaces: the server then finds the client gone while it reads
    the form. Nothing was read or saved and nobody is left to answer, so no 500 and no
    traceback, only the request line."""
    caplog.set_level(logging.INFO, logger="golf.error")
    sent = call_with_client_gone(app, "POST", "/golf6", [
        (b"origin", b"http://testserver"),
        (b"content-type", b"application/x-www-form-urlencoded"),
        (b"content-length", b"40"), (b"hx-request", b"true"),
    ])
    assert sent == []
    assert [(line["path"], line["status"]) for line in log_lines()] == [("/golf6", 499)]
    assert not [record for record in caplog.records if record.name == "golf.error"]


def test_a_static_file_whose_client_went_first_is_logged_499(app, log_lines):
    """A file's answer gives up without a word when its client has disconnected: that is a
    client gone, not a server error."""
    sent = call_with_client_gone(app, "GET", "/static/app.css", [])
    statuses = [line["status"] for line in log_lines() if line["path"] == "/static/app.css"]
    assert sent == [] and statuses == [499]
