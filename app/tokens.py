"""Unguessable ids for games, seats and browsers: one source, with no web or storage ties."""

from __future__ import annotations

import secrets


def new_token() -> str:
    """A fresh unguessable id (128 bits), url-safe: game ids, seat secrets, CSRF cookies."""
    return secrets.token_urlsafe(16)
