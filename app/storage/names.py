"""How players' names are compared, in every game: a name may not pass for another's.

Case, width, spacing and letters that look like Latin ones are ignored, so "Ann", "ANN",
"Ａｎｎ" and "Аnn" (Cyrillic А) are one name at a table or in a challenge.
"""

from __future__ import annotations

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
    """The form of `name` that names are compared by."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.translate(_LOOK_ALIKES).split())
