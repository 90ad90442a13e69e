"""Languages: the message catalogs, the current reader's language, and card names per language.

English is the source language (its text lives in the code and templates as msgids); Swedish
comes from `app/locale/sv/LC_MESSAGES/messages.po`, compiled in memory the first time it is
needed, so no binary catalog is built or committed. The current language is a context variable
set once per request (see `app.web.i18n`), read by both the templates and the Python code.
"""

from __future__ import annotations

import gettext as _gettext
import unicodedata
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Any

from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import Translations

from app.rules import cards

LOCALES = ("en", "sv")
DEFAULT_LOCALE = "en"
LANGUAGE_NAMES = {"en": "English", "sv": "Svenska"}
LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "messages"

_current: ContextVar[str] = ContextVar("locale", default=DEFAULT_LOCALE)


def catalog_path(locale: str) -> Path:
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translations(locale: str) -> _gettext.NullTranslations:
    """The catalog of one language; English (the source) needs none."""
    path = catalog_path(locale)
    if locale == DEFAULT_LOCALE or not path.exists():
        return _gettext.NullTranslations()
    with path.open("rb") as po:
        catalog = read_po(po, locale=locale, domain=DOMAIN)
    buffer = BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)  # a fuzzy guess is never shown to a reader
    buffer.seek(0)
    return Translations(buffer, domain=DOMAIN)


def current_locale() -> str:
    return _current.get()


def set_locale(locale: str) -> Any:
    """Set this request's language; returns the token `reset_locale` takes."""
    return _current.set(locale if locale in LOCALES else DEFAULT_LOCALE)


def reset_locale(token: Any) -> None:
    _current.reset(token)


@contextmanager
def use_locale(locale: str) -> Iterator[None]:
    """Words produced inside the block are in `locale` (tests, scripts)."""
    token = set_locale(locale)
    try:
        yield
    finally:
        reset_locale(token)


# Unicode's isolates: what lies between them is laid out as a separate run of text.
FIRST_STRONG_ISOLATE, POP_DIRECTIONAL_ISOLATE = "\u2068", "\u2069"
_RIGHT_TO_LEFT = frozenset(("R", "AL", "AN"))


def isolate(text: str) -> str:
    """`text` fenced off from the sentence around it when it holds right-to-left letters.

    A player may be called "محمد" or "אנה". Unfenced, the bidi algorithm lets such a name pull
    its neighbours into its own direction: "You share the lead with אנה: 15 points" shows as
    "…with 15 :אנה points", and a list of two Hebrew names reads in reverse order. Text
    without such letters (all of ours) is returned as it is, as is text already fenced."""
    if text.isascii() or FIRST_STRONG_ISOLATE in text:
        return text
    if any(unicodedata.bidirectional(ch) in _RIGHT_TO_LEFT for ch in text):
        return f"{FIRST_STRONG_ISOLATE}{text}{POP_DIRECTIONAL_ISOLATE}"
    return text


def fenced(variables: dict[str, Any]) -> dict[str, Any]:
    """A message's placeholder values, each text one passed through `isolate` (HTML is left
    as it is: it is ours, and fencing would lose its mark as safe)."""
    return {
        k: isolate(v) if isinstance(v, str) and not hasattr(v, "__html__") else v
        for k, v in variables.items()
    }


def gettext(message: str, **variables: Any) -> str:
    """The message in the current language, with %(name)s placeholders filled (each one
    fenced off when it is right-to-left text, see `isolate`)."""
    text = translations(current_locale()).gettext(message)
    return text % fenced(variables) if variables else text


_ = gettext


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """Singular or plural by `num` (the language's own rule); `%(num)d` is always available."""
    text = translations(current_locale()).ngettext(singular, plural, num)
    return text % {"num": num, **fenced(variables)}


def quoted(value: object) -> str:
    """What someone sent, quoted the reader's way when it is text: “fly” / ”fly”; a number
    or a list as it came."""
    return gettext("“%(value)s”", value=value) if isinstance(value, str) else repr(value)


def N_(message: str) -> str:  # noqa: N802 - the conventional name extractors look for
    """Marks a message for the catalog without translating it yet (module-level data)."""
    return message


# Card names are whole noun phrases per language: English "8 of spades", Swedish (suit first,
# lower case) "spader 8". They live here, not in the catalog, because they are built by rule.
_RANKS_EN = {
    "A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king",
}
_SUITS_EN = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_RANKS_SV = {"A": "ess", "T": "10", "J": "knekt", "Q": "dam", "K": "kung"}
_SUITS_SV = {"S": "spader", "H": "hjärter", "D": "ruter", "C": "klöver"}
JOKER = "JK"


def card_name(code: str, locale: str | None = None) -> str:
    """Accessible name of a card: "8 of spades" / "spader 8", "joker" in both."""
    locale = locale or current_locale()
    if code == JOKER:
        return "joker"
    if locale == "sv":
        return f"{_SUITS_SV[code[1]]} {rank_name(code[0], locale)}"
    return f"{rank_name(code[0], locale)} of {_SUITS_EN[code[1]]}"


# A card's corner as the language prints it: Swedish decks mark ess, knekt, dam and kung with
# E, Kn, D and K ("E♥", "Kn♠"); the suit symbols are the same everywhere.
_CORNERS_SV = {"A": "E", "J": "Kn", "Q": "D"}


def card_label(code: str, locale: str | None = None) -> str:
    """Short visual label of a card: "A♥" / "E♥", "10♦", "★" for a joker."""
    label = cards.card_label(code)
    if code != JOKER and (locale or current_locale()) == "sv" and code[0] in _CORNERS_SV:
        return _CORNERS_SV[code[0]] + label[1:]
    return label


def rank_name(rank: str, locale: str | None = None) -> str:
    """A rank ("A", "10", "Q") as a card's name says it: "ace", "10", "queen" / "ess", "dam"
    (a screen reader reads "A" as a letter, or as the article)."""
    names = _RANKS_SV if (locale or current_locale()) == "sv" else _RANKS_EN
    return names.get("T" if rank == "10" else rank, rank)


def card_in_text(code: str, locale: str | None = None) -> str:
    """A card as a sentence names it: as `card_name`, but a Swedish joker takes its definite
    form ("Spela jokern", not "Spela joker"), as Swedish card names otherwise need none."""
    locale = locale or current_locale()
    if code == JOKER and locale == "sv":
        return "jokern"
    return card_name(code, locale)


# Ranks as words, for sentences like "any 6 or 8" / "en sexa eller en åtta".
_RANK_WORDS_EN = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
_RANK_WORDS_SV = (
    ("ett ess", "ess"), ("en tvåa", "tvåor"), ("en trea", "treor"), ("en fyra", "fyror"),
    ("en femma", "femmor"), ("en sexa", "sexor"), ("en sjua", "sjuor"), ("en åtta", "åttor"),
    ("en nia", "nior"), ("en tia", "tior"), ("en knekt", "knektar"), ("en dam", "damer"),
    ("en kung", "kungar"),
)


def rank_word(
    value: int, plural: bool = False, locale: str | None = None, article: bool = False
) -> str:
    """Rank 1..13 as a word: "ace"/"aces", "6"/"6s", with `article` "an ace", "an 8", "a 6";
    Swedish "ett ess", "en sexa"/"sexor" (its singular always has its article)."""
    locale = locale or current_locale()
    if locale == "sv":
        singular, many = _RANK_WORDS_SV[value - 1]
        return many if plural else singular
    name = _RANK_WORDS_EN[value - 1]
    if plural:
        return name + "s"
    if article:  # by sound: "an ace", "an 8"
        return ("an " if name in ("ace", "8") else "a ") + name
    return name


def format_items(items: Iterable[str], style: str = "standard", locale: str | None = None) -> str:
    """A list the way the language writes it: "Anna, Bo och Cia"; style "or" for alternatives."""
    items, locale = list(items), locale or current_locale()
    if len(items) <= 1:
        return "".join(items)
    if locale == DEFAULT_LOCALE:
        # The site's English has no serial comma (Babel's English list has one).
        return f"{', '.join(items[:-1])} {'or' if style == 'or' else 'and'} {items[-1]}"
    return format_list(items, style=style, locale=locale)


def format_number(
    value: float | int, locale: str | None = None, decimals: int | None = None
) -> str:
    """A number the way the language writes it: "4.5" / "4,5"; `decimals` fixes the places."""
    pattern = None if decimals is None else "#,##0." + "0" * decimals if decimals else "#,##0"
    return format_decimal(value, format=pattern, locale=locale or current_locale())


def format_figure(value: float) -> str:
    """A coach's figure to one decimal, the reader's way ("1.5" / "1,5"), a whole one of 2 or
    more without it ("about 17 points", not "17.0"; "1.0 points" rather than "1 points")."""
    shown = round(value, 1)
    return format_number(shown, decimals=0 if shown.is_integer() and abs(shown) >= 2 else 1)


def join_names(names: Iterable[str], locale: str | None = None) -> str:
    """Names as one phrase: "Ann, Bo and Cy" / "Ann, Bo och Cy"."""
    return format_items([isolate(name) for name in names], locale=locale)


def possessive(name: str, locale: str | None = None) -> str:
    """A name owning something: "Maria’s", "James’" / Swedish "Marias", "Lars", "Dator 2:s",
    "Klas B:s"."""
    last, owner = name[-1:], isolate(name)
    if (locale or current_locale()) == "sv":
        head, mark, rest = name.rpartition(" (")
        if head and mark and rest.endswith(")"):  # "Fay (dator)" owns as "Fays (dator)"
            return f"{possessive(head, locale)} ({rest}"
        if last.lower() in ("s", "x", "z"):
            return owner
        if last == "." and name[-2:-1].isalpha():  # an initial: "Klas B." owns as "Klas B:s"
            return isolate(name[:-1]) + ":s"
        if last.isupper() and name[-2:-1] in ("", " "):  # so does "Klas B": "Klas B:s"
            return owner + ":s"
        # Swedish writes the genitive of a digit or a sign with a colon: "Dator 2:s".
        return owner + "s" if last.isalpha() else owner + ":s"
    return f"{owner}’s" if last.lower() != "s" else f"{owner}’"
