"""Seat secrets at a golf table: only a secret's hash is stored, so a database leak gives no
one a seat. (Names are compared as in every game: app.rules.names.)
"""

from __future__ import annotations

import hashlib


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()
