"""One way to answer "there is nothing here": the site's 404 page, from three small helpers.

Storage says that a deal, game, sheet or challenge does not exist by raising its "not found"
error; `not_found_is_404()` turns exactly those into the 404 page (a KeyError from a bug stays
a 500). A lookup that answers None instead goes through `found()`, and an address that names
nothing we have (a malformed token, a day out of range) raises `PageNotFound()` itself. Each
area's FastAPI dependency does this once, so routes take what they need already loaded.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TypeVar

from fastapi import HTTPException

from app.storage.golf import GameNotFound
from app.storage.scoresheets import SheetNotFound
from app.storage.solitaire import DealNotFound
from app.storage.solitaire.challenges import ChallengeNotFound

T = TypeVar("T")
# Storage's "no such thing" errors: a stale or mistyped link, never a fault of ours.
NOT_FOUND = (ChallengeNotFound, DealNotFound, GameNotFound, SheetNotFound)


class PageNotFound(HTTPException):
    """The 404 page (its text is the same for every missing thing: errors.MESSAGES)."""

    def __init__(self) -> None:
        super().__init__(status_code=404)


@contextmanager
def not_found_is_404() -> Iterator[None]:
    """Inside the block, storage's "not found" becomes the 404 page."""
    try:
        yield
    except NOT_FOUND:
        raise PageNotFound() from None


def found(value: T | None) -> T:
    """`value`, or the 404 page when the lookup found nothing."""
    if value is None:
        raise PageNotFound()
    return value
