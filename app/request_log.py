"""One structured (JSON) log line per request, with every secret left out.

Game ids, invite ids and seat secrets travel in paths, query strings and cookies, so a line
carries only the method, the path with id-like segments replaced by ":id", the status, the
time taken, whether htmx asked and a random request id (also sent as X-Request-Id and shown on
the 500 page, so a player's report finds its log lines). No query string, no cookies, no
headers, no client address.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
import sys
import time

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

logger = logging.getLogger("golf.request")
error_logger = logging.getLogger("golf.error")  # written by app.web.errors
# nginx's status for a request whose client went away before it was answered; whatever
# notices that (app.web.errors) sets CLIENT_GONE in the request's state.
CLIENT_CLOSED_REQUEST = 499
CLIENT_GONE = "client_gone"
# Random ids from new_token() are 22 url-safe characters; long numbers could be ids too.
_ID_LIKE = re.compile(r"^[A-Za-z0-9_-]{16,}$")


def _ensure_handler() -> None:
    """Lines go to stderr even when nothing configured logging (uvicorn only sets up its own)."""
    for log in (logger, error_logger):
        if not log.handlers:
            handler = logging.StreamHandler(sys.stderr)
            handler.setFormatter(logging.Formatter("%(message)s"))
            log.addHandler(handler)
            log.setLevel(logging.INFO)
            log.propagate = False


def redact_path(path: str) -> str:
    """The path with anything that could be an id or a secret replaced by ":id"."""
    return "/".join(":id" if _looks_secret(part) else part for part in path.split("/"))[:200]


def _looks_secret(segment: str) -> bool:
    if len(segment) > 64 or "%" in segment:
        return True  # odd or encoded input: never echo it
    if not _ID_LIKE.match(segment):
        return False
    # Ordinary long words ("strategy-notes-for-beginners") have no digits or capitals.
    return any(c.isdigit() or c.isupper() or c == "_" for c in segment)


def log_line(
    method: str, path: str, status: int, started: float, htmx: bool, request_id: str = ""
) -> str:
    return json.dumps(
        {
            "event": "request",
            "request_id": request_id,
            "method": method[:10],
            "path": redact_path(path),
            "status": status,
            "ms": round((time.perf_counter() - started) * 1000, 1),
            "htmx": htmx,
        }
    )


class RequestLogMiddleware:
    """Logs one line when each HTTP response has been sent (or failed)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        _ensure_handler()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500  # what the client gets if the app raises before answering
        request_id = secrets.token_hex(6)
        scope.setdefault("state", {})["request_id"] = request_id

        started_response = False

        async def send_and_note(message: Message) -> None:
            nonlocal status, started_response
            if message["type"] == "http.response.start":
                status, started_response = message["status"], True
                MutableHeaders(scope=message).setdefault("x-request-id", request_id)
            await send(message)

        htmx = (b"hx-request", b"true") in scope.get("headers", [])
        answered = False
        try:
            await self.app(scope, receive, send_and_note)
            answered = True
        finally:
            # Returning without a response (a static file's answer gives up when its client
            # disconnects first) is a client gone, not an error.
            if scope["state"].get(CLIENT_GONE) or (answered and not started_response):
                status = CLIENT_CLOSED_REQUEST
            logger.info(
                log_line(scope["method"], scope["path"], status, started, htmx, request_id)
            )
