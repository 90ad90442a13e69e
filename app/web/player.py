"""An anonymous player id, kept in a long-lived cookie: no account, no personal data.

The browser holds a random token; the database only ever sees its SHA-256 (`player_key`), so
a copy of the database cannot be used to act as anyone. Challenges use it to recognise a
player who opens the challenge link again, and the deal of the day to deal each browser once.
"""

from __future__ import annotations

import hashlib

from fastapi import Request, Response

from app.tokens import new_token, token_shaped

COOKIE = "player"
MAX_AGE_SECONDS = 400 * 24 * 3600  # the longest lifetime browsers allow


def _key(token: str) -> str:
    return hashlib.sha256(f"player:{token}".encode()).hexdigest()


def _token(request: Request) -> str | None:
    token = request.cookies.get(COOKIE)
    return token if token_shaped(token) else None


def player_key(request: Request) -> str | None:
    """This browser's hashed player id, or None when it has none (or a malformed one)."""
    token = _token(request)
    return None if token is None else _key(token)


def player_token(request: Request) -> str:
    """This browser's player token, or a fresh one to hand out with `remember`."""
    return _token(request) or new_token()


def key_of(token: str) -> str:
    return _key(token)


def remember(request: Request, response: Response, token: str) -> None:
    """Set (or refresh) the player cookie on a response."""
    response.set_cookie(
        COOKIE,
        token,
        max_age=MAX_AGE_SECONDS,
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.app.state.settings.secure_cookies,
    )
