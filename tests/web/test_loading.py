"""One way to answer 404: storage's "not found" and an empty lookup become the 404 page, while
an ordinary KeyError (a bug) is not hidden behind it."""

from __future__ import annotations

import pytest
from fastapi import HTTPException

from app.storage.golf import GameNotFound
from app.storage.scoresheets import SheetNotFound
from app.storage.solitaire import DealNotFound
from app.storage.solitaire.challenges import ChallengeNotFound
from app.web.loading import PageNotFound, found, not_found_is_404


@pytest.mark.parametrize("missing", [ChallengeNotFound, DealNotFound, GameNotFound, SheetNotFound])
def test_storage_not_found_becomes_the_404_page(missing):
    with pytest.raises(PageNotFound) as raised, not_found_is_404():
        raise missing("abc")
    assert isinstance(raised.value, HTTPException) and raised.value.status_code == 404


def test_a_bug_is_not_mistaken_for_a_missing_page():
    with pytest.raises(KeyError), not_found_is_404():
        raise KeyError("column")


def test_found_gives_the_value_or_404():
    assert found(0) == 0 and found("") == ""  # only None means "nothing there"
    with pytest.raises(PageNotFound):
        found(None)


@pytest.mark.parametrize(
    "path",
    [
        "/solitaire/deals/nosuchdeal123",
        "/solitaire/rounds/nosuchround123",
        "/solitaire/rounds/nosuchround123/challenge",
        "/challenges/nosuchchallenge123",
        "/scores/nosuchsheet123",
        "/scores/view/nosuchsheet123",
        "/golf6/nosuchgame123",
        "/golf6/join/nosuchinvite123",
        "/quiz/999",
        "/quiz/\u00b2",  # not a number at all: still an address that names no page
        "/solitaire/daily/1999-01-01",
        "/solitaire/record/move/short",
        "/theme/purple",
    ],
)
def test_every_area_answers_the_same_404_page(client, path):
    page = client.get(path)
    assert page.status_code == 404
    assert "<h1>Page not found</h1>" in page.text
    assert "The link may be mistyped, or what it led to is gone." in page.text
    fragment = client.get(path, headers={"HX-Request": "true"})
    assert fragment.status_code == 404 and 'class="error-message" role="alert"' in fragment.text
