"""Players' names, in every game: what a name may hold, and when it would pass for another's.

A name is tidied (NFKC, spaces collapsed) and must show every character it holds: no control,
format or private-use character, none of those Unicode calls letters though they draw nothing,
and no pile of accents spilling over the page. Names are compared by `name_key`: case, width,
spacing and letters that look like Latin ones are ignored, so "Ann", "ANN", "Ａｎｎ" and "Аnn"
(Cyrillic А) are one name at a table, on a score sheet or in a challenge.
"""

from __future__ import annotations

import unicodedata
from enum import StrEnum

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

# Characters in a player's name, in every game and on the score sheet.
MAX_NAME = 30


# Characters that show nothing (or only a blank) though Unicode calls them letters or symbols:
# Hangul fillers, the blank Braille pattern, Khmer inherent vowels, the Mongolian vowel
# separator, the combining grapheme joiner and the variation selectors.
_INVISIBLE = frozenset(
    "\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u180e\u034f"
    + "".join(chr(c) for c in range(0xFE00, 0xFE10))
)


def tidy_name(text: str) -> str:
    """`text` NFKC-normalised, trimmed, its inner spaces collapsed to one."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


def hidden(ch: str) -> bool:
    """Whether `ch` would not show in a name: a control, format, private-use, unassigned or
    invisible character, or a space other than the plain one."""
    category = unicodedata.category(ch)
    return ch in _INVISIBLE or category[0] == "C" or (category[0] == "Z" and ch != " ")


def blank_to_the_eye(name: str) -> bool:
    """Empty, or nothing in it that shows."""
    return all(hidden(ch) for ch in name.replace(" ", ""))


# Accents and other combining marks in a row on one letter. Written names need three or four at
# most (Hebrew points, Thai or Tibetan stacks); dozens stack up over the lines around the name.
MAX_MARKS = 4


def piled_up(name: str) -> bool:
    """More than MAX_MARKS combining marks on one letter."""
    run = 0
    for ch in name:
        run = run + 1 if unicodedata.category(ch).startswith("M") else 0
        if run > MAX_MARKS:
            return True
    return False


# What a form's bytes that were not text (invalid UTF-8) decode to: what was typed does not show.
REPLACEMENT = "\ufffd"


def hides_something(name: str) -> bool:
    """A character that would not show (or stands for bytes that were no text), or accents
    piled over the lines around the name."""
    return any(hidden(ch) for ch in name) or REPLACEMENT in name or piled_up(name)


def starts_with_a_mark(name: str) -> bool:
    """A combining mark first has nothing to sit on, and draws over what comes before."""
    return unicodedata.category(name[:1] or "a").startswith("M")


class NameProblem(StrEnum):
    """Why a tidied name cannot be used; the web layer words each (app.web.forms)."""

    BLANK = "blank"
    TOO_LONG = "too_long"
    HIDES_SOMETHING = "hides_something"
    STARTS_WITH_A_MARK = "starts_with_a_mark"


def name_problem(name: str) -> NameProblem | None:
    """The first reason the tidied `name` cannot be a player's name, or None when it can."""
    if blank_to_the_eye(name):
        return NameProblem.BLANK
    if len(name) > MAX_NAME:
        return NameProblem.TOO_LONG
    if hides_something(name):
        return NameProblem.HIDES_SOMETHING
    if starts_with_a_mark(name):
        return NameProblem.STARTS_WITH_A_MARK
    return None


def name_key(name: str) -> str:
    """The form of `name` that names are compared by."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.translate(_LOOK_ALIKES).split())
