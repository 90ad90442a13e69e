"""Who sits at a golf table: how names are compared and how seat secrets are kept.

Only a secret's hash is stored, so a database leak gives no one a seat.
"""

from __future__ import annotations

import hashlib
import unicodedata

# Letters that look like Latin ones in common fonts: "Аnn" (Cyrillic А) would pass for "Ann".
_LOOK_ALIKES = str.maketrans(
    {
        "а": "a",
        "е": "e",
        "о": "o",
        "р": "p",
        "с": "c",
        "у": "y",
        "х": "x",
        "і": "i",
        "ј": "j",
        "ѕ": "s",
        "һ": "h",
        "ԁ": "d",
        "ԛ": "q",
        "ԝ": "w",
        "ɡ": "g",
        "ο": "o",
        "α": "a",
        "ν": "v",
        "ι": "i",
        "κ": "k",
        "ρ": "p",
        "τ": "t",
        "υ": "u",
        "χ": "x",
        "ı": "i",
        "ℓ": "l",
    }
)


def name_key(name: str) -> str:
    """How names are compared at one table: case, width and look-alike letters ignored."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.translate(_LOOK_ALIKES).split())


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()
