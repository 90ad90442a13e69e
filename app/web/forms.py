"""The one way to read a posted form or a query parameter.

Every route takes `form: PostedForm` and reads its fields with the functions below; a bad value
raises `FormError` naming the field, which the route shows next to the re-filled form. Numbers
are ASCII digits only: `str.isdigit()` also accepts "²" and "①", which `int()` then rejects.

FastAPI runs `def` routes in its threadpool; an `async def` route that then does blocking
database work would stall every other request of that worker until its commit returns, so the
form is parsed by this dependency and the route itself stays a plain `def`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Annotated, TypeVar

from fastapi import Depends, HTTPException, Request
from starlette.datastructures import FormData
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.i18n import gettext as _
from app.rules.names import MAX_NAME, NameProblem, name_key, name_problem, tidy_name
from app.rules.numbers import parse_int
from app.web.loading import PageNotFound

T = TypeVar("T")


class FormError(ValueError):
    """A value a person can correct: `field` names the form field, `message` says how."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


# The encodings an HTML form posts in; htmx posts the first. Anything else (JSON, text/plain)
# would otherwise be read as an empty form, and a new deal dealt from nothing a person chose.
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


async def read_form(request: Request) -> FormData:
    """The posted form, parsed once (Starlette keeps it for the next caller).

    A body in another encoding gets 415, and one the parser cannot read (a multipart body
    without its boundary, past the field limit) a 400 in the reader's language, never the
    parser's own English.
    """
    kind = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if kind and kind not in FORM_TYPES:
        raise HTTPException(415, _("This form was sent in a way the site cannot read."))
    try:
        return await request.form()
    except StarletteHTTPException:  # what Starlette raises, with its parser's English message
        raise HTTPException(
            400, _("This form could not be read. Reload the page and try again.")
        ) from None


PostedForm = Annotated[FormData, Depends(read_form)]


def int_field(form: FormData, name: str, low: int, high: int, default: int | None = None) -> int:
    """A required whole number (or `default` when the field is missing or empty)."""
    raw = form.get(name)
    if default is not None and raw in (None, ""):
        return default
    value = parse_int(raw, low, high)
    if value is None:
        raise FormError(
            name, _("Please enter a whole number from %(low)s to %(high)s.", low=low, high=high))
    return value


def optional_int_field(form: FormData, name: str, low: int, high: int) -> int | None:
    """A whole number, or None when the field is missing or empty."""
    if form.get(name) in (None, ""):
        return None
    return int_field(form, name, low, high)


def text_field(form: FormData, name: str, max_length: int, required: bool = True) -> str:
    """Text with surrounding spaces removed; refused when too long (or empty and required)."""
    raw = form.get(name)
    text = raw.strip() if isinstance(raw, str) else ""
    if required and not text:
        raise FormError(name, _("Please fill this in."))
    if len(text) > max_length:
        raise FormError(name, _("Please use at most %(max)s characters.", max=max_length))
    return text


def choice_field(
    form: FormData, name: str, choices: Mapping[str, T], default: str | None = None
) -> T:
    """One of `choices` by its key; `default` (a key) when the field is missing."""
    raw = form.get(name)
    key = default if raw in (None, "") and default is not None else raw
    if not isinstance(key, str) or key not in choices:
        raise FormError(name, _("Please pick one of the choices offered."))
    return choices[key]


def bool_field(form: FormData, name: str) -> bool:
    """A checkbox: ticked when present with any value but the explicit "off" values."""
    raw = form.get(name)
    return isinstance(raw, str) and raw.strip().lower() not in ("", "0", "false", "off", "no")


VERSION_LIMIT = 10**12


def version_field(form: FormData) -> int:
    """The version the page was rendered at, for the optimistic concurrency check."""
    return page_field(form, "version", 0, VERSION_LIMIT)


def page_field(form: FormData, name: str, low: int, high: int) -> int:
    """A whole number the page itself put in a hidden field. Nobody typed it, so a bad one (a
    page not sent whole, or made up) asks for a reload rather than for a number."""
    try:
        return int_field(form, name, low, high)
    except FormError:
        raise FormError(name, _("This form is missing a detail. Please reload the page.")) from None


# Characters a typed deal number may have, spaces around it included.
DEAL_NUMBER_CHARS = 20


def query_int(request: Request, name: str, low: int, high: int) -> int | None:
    """A whole-number query parameter, or None when missing or not a number in range."""
    return parse_int(request.query_params.get(name), low, high)


# Typed values are shown again after a mistake; a longer one is not worth echoing in full.
ECHO_LIMIT = 40


def typed(form: FormData, name: str, limit: int = ECHO_LIMIT) -> str:
    """A field as typed, to re-fill the form after a mistake (never parsed from here)."""
    value = form.get(name)
    return value[:limit] if isinstance(value, str) else ""


def name_field(form: FormData, name: str = "name") -> str:
    """A player's display name, by the rules every game's names follow (app.rules.names):
    tidied, 1 to MAX_NAME characters, every one of them shown."""
    raw = form.get(name)
    text = tidy_name(raw if isinstance(raw, str) else "")
    problem = name_problem(text)
    if problem is not None:
        raise FormError(name, _name_refusal(problem))
    return text


def _name_refusal(problem: NameProblem) -> str:
    """Why a typed name was refused, in the reader's language."""
    if problem is NameProblem.BLANK:
        return _("Please type your name.")
    if problem is NameProblem.TOO_LONG:
        return _("Please keep your name to %(max)s characters or fewer.", max=MAX_NAME)
    if problem is NameProblem.HIDES_SOMETHING:
        return _("Please use only letters, digits and punctuation in your name.")
    return _("Please start your name with a letter or a digit.")


# What the pages call their reader, in either language ("Your card…", "Du drog…", a results
# row's "(you)"): a player called so would read, on everyone else's screen, as that reader.
_READER = frozenset(map(name_key, ("You", "Your", "Yours", "Du", "Din", "Ditt", "Dina")))


def not_the_readers_name(name: str, field: str = "name") -> str:
    """`name`, unless others would read it as themselves (FormError): for names shown to the
    other players, at a table or in a challenge's results."""
    if name_key(name) in _READER:
        you = _("You")  # apart: the message extractor does not see a _() inside another
        raise FormError(field, _("Each player is called “%(you)s” on their own screen, so "
                                 "please choose another name.", you=you))
    return name


async def refuse_unprintable_ids(request: Request) -> None:
    """No id in a path may hold a control character: NUL, for one, makes PostgreSQL refuse the
    query outright, and no id we hand out has any. (Query values are only ever parsed.)

    Declared async though it never waits: every request runs it, and FastAPI would hand a
    plain function to a worker thread and back.
    """
    for value in request.path_params.values():
        if isinstance(value, str) and any(unicodedata.category(ch)[0] == "C" for ch in value):
            raise PageNotFound()
