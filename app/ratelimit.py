"""Per-client rate limits for the web: 429 with Retry-After past the limit (counts: storage).

A route that creates something calls `limit(request, key="create")` first (or declares
`dependencies=[Depends(creation_limit)]`); past the limit it answers 429 and creates nothing.
The limit is GOLF_CREATE_PER_MINUTE in any 60 seconds (a sliding window, not a calendar
minute), counted in the database so it holds across workers.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import time

from fastapi import HTTPException, Request

from app.i18n import N_
from app.storage import ratelimit as counts

# Translated when the error page is made, in the reader's language.
TOO_MANY = N_(
    "You have started a lot of games in the last minute. Please wait a moment and try again."
)


class RateLimited(HTTPException):
    """429 with the whole seconds to wait, which the error page sends as Retry-After."""

    def __init__(self, retry_after: int, detail: str = TOO_MANY) -> None:
        super().__init__(429, detail, headers={"Retry-After": str(retry_after)})
        self.retry_after = retry_after


def now_ms() -> int:
    return time.time_ns() // 1_000_000


def client_key(request: Request, key: str) -> str:
    """Who is counted: the action and a keyed hash of the client address (uvicorn resolves
    trusted proxy headers first), so the table never holds an address in the clear."""
    host = request.client.host if request.client else "unknown"
    secret = request.app.state.settings.secret.encode()
    digest = hmac.new(secret, host.encode(), hashlib.sha256).hexdigest()[:32]
    return f"{key[:64]}:{digest}"


def limit(request: Request, *, key: str = "create", per_minute: int | None = None) -> None:
    """Count this request for the client; raise RateLimited when it is over the limit."""
    allowed = request.app.state.settings.create_per_minute if per_minute is None else per_minute
    if allowed <= 0:
        return
    with request.app.state.db.write() as session:
        wait_ms = counts.take(session, client_key(request, key), allowed=allowed, now_ms=now_ms())
    if wait_ms:
        raise RateLimited(math.ceil(wait_ms / 1000))


def creation_limit(request: Request) -> None:
    """Dependency form of `limit` for routes that create a game or a score sheet."""
    limit(request, key="create")
