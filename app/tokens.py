"""Unguessable ids for games, seats and browsers: one source, with no web or storage ties."""

from __future__ import annotations

import re
import secrets

_URL_SAFE = re.compile(r"[A-Za-z0-9_-]+")


def new_token() -> str:
    """A fresh unguessable id (128 bits), url-safe: game ids, seat secrets, CSRF cookies."""
    return secrets.token_urlsafe(16)


TOKEN_LENGTH = len(new_token())  # 22 characters


def token_shaped(value: object, low: int = 16, high: int = 64) -> bool:
    """Whether `value` could be a token we handed out: url-safe characters, `low` to `high`
    of them. Anything else names nothing, and is never looked up."""
    return (isinstance(value, str) and low <= len(value) <= high
            and _URL_SAFE.fullmatch(value) is not None)
