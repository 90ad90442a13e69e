"""One structured log line per request, and never a secret in it."""

from __future__ import annotations

import json
import logging

import pytest
from fastapi.responses import PlainTextResponse

from app.request_log import logger, redact_path
from app.tokens import new_token


@pytest.fixture
def log_lines(caplog):
    """The request log's lines as dicts (the logger does not propagate, so attach directly)."""
    logger.addHandler(caplog.handler)
    caplog.set_level(logging.INFO, logger="golf.request")
    yield lambda: [json.loads(r.getMessage()) for r in caplog.records if r.name == logger.name]
    logger.removeHandler(caplog.handler)


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
