"""Your record: a browser's deals of the day and challenge rounds, movable and deletable."""

from __future__ import annotations

import re
from datetime import date

import pytest

from app.storage import solitaire
from app.web.solitaire.daily import utc_today
from tests.conftest import Client
from tests.web.solitaire_helpers import finish

MOVE_LINK = re.compile(r'id="record-link" type="text" readonly value="http://testserver([^"]+)"')


@pytest.fixture
def played(app, client):
    """This browser played a deal of the day to the end and all nine holes of a challenge."""
    app.dependency_overrides[utc_today] = lambda: date(2026, 11, 30)
    response = client.submit("/solitaire/daily", {})
    finish(client, response.headers["location"].rsplit("/", 1)[-1])
    response = client.submit("/solitaire/rounds", {})
    deal_id = response.headers["location"].rsplit("/", 1)[-1]
    with client.app.state.db.read() as session:
        round_id = solitaire.load_deal(session, deal_id=deal_id).round_id
    client.submit(f"/solitaire/rounds/{round_id}/challenge", {"name": "Ann"})
    with client.app.state.db.read() as session:
        deals = solitaire.load_round(session, round_id=round_id).deals
    for deal in deals:
        finish(client, deal.id)
    yield round_id
    app.dependency_overrides.clear()


def test_a_new_browser_has_an_empty_record(client):
    page = client.get("/solitaire/record")
    assert page.status_code == 200 and "Nothing here yet" in page.text
    assert "Delete my record" not in page.text


def test_record_lists_deals_rounds_and_figures(client, played):
    page = client.get("/solitaire/record")
    assert page.headers["cache-control"] == "no-store"
    assert "10 deals played." in page.text  # the deal of the day and nine holes
    assert "Best round:" in page.text and "Average score:" in page.text
    assert 'aria-label="Your last rounds against par"' in page.text
    assert f"/solitaire/rounds/{played}/challenge" in page.text
    assert ">2026-11-30</a>" in page.text


def test_the_average_is_written_as_the_readers_language_writes_numbers(client, played):
    english = re.search(r"Average score: (\d+)\.(\d)\.", client.get("/solitaire/record").text)
    assert english, "no average with one decimal"
    swedish = client.get("/solitaire/record?lang=sv").text
    assert f"Snittpoäng: {english[1]},{english[2]}." in swedish


def test_private_link_moves_the_record_to_another_device(app, client, played):
    link = MOVE_LINK.search(client.get("/solitaire/record").text).group(1)
    with Client(app, base_url="http://testserver") as other:
        assert "Nothing here yet" in other.get("/solitaire/record").text
        assert "Use this record here" in other.get(link).text
        assert other.submit(link, {}).status_code == 303
        assert "10 deals played." in other.get("/solitaire/record").text
    assert client.get("/solitaire/record/move/%C2%B2").status_code == 404


def test_deleting_asks_first_and_says_it_reaches_every_device(client, played):
    """One key press must not lose a record: the record page links a page that says what
    goes, where, and asks; only its button deletes."""
    page = client.get("/solitaire/record").text
    assert '<a class="button danger" href="/solitaire/record/delete">Delete my record…</a>' in page
    asked = client.get("/solitaire/record/delete")
    assert asked.status_code == 200 and "every other device" in asked.text
    assert asked.headers["cache-control"] == "no-store"
    assert '<form method="post" action="/solitaire/record/delete">' in asked.text
    assert "10 deals played." in client.get("/solitaire/record").text  # nothing gone yet


def test_deleting_unlinks_everything_but_the_day_still_counts_the_deal(app, client, played):
    deleted = client.submit("/solitaire/record/delete", {})
    assert deleted.status_code == 303
    assert "Your record is deleted." in client.get(deleted.headers["location"]).text
    assert "Nothing here yet" in client.get("/solitaire/record").text
    assert "Your record is deleted." not in client.get("/solitaire/record").text
    with Client(app, base_url="http://testserver") as other:
        finish(other, other.submit("/solitaire/daily", {}).headers["location"].rsplit("/", 1)[-1])
        assert "2 players have played it." in other.get("/solitaire/daily").text
