"""A replay shows the best possible score even when nobody had reviewed those cards: the page
asks for it in the background (htmx, or a link without JavaScript), and that request stores the
viewer's own review of the hole once, as their coach work."""

from __future__ import annotations

import html
import re

import pytest

from app.storage.solitaire import challenges as challenge_store
from app.storage.solitaire.reviews import load_review
from app.web.solitaire import review as review_route
from app.web.solitaire.work_budget import WorkBudget
from tests.web.solitaire_helpers import finish
from tests.web.test_challenges import accept, challenge, new_round, round_deals

PENDING = re.compile(
    r'<span id="replay-best" aria-busy="true" hx-get="([^"]+)" hx-trigger="load"'
    r' hx-swap="outerHTML">best possible: being worked out'
)
NO_SCRIPT = re.compile(r'<noscript> \(<a href="([^"]+)">Work out the best possible score</a>')
BEST = re.compile(r'<span id="replay-best">best possible: (-?\d+)( or better)?</span>')
HTMX = {"HX-Request": "true"}


@pytest.fixture
def replay(client, friend):
    """Ann and Bo have both finished hole 1 of one challenge; nobody has a review yet.
    Gives Ann's replay of Bo's hole 1, and Ann's own deal of it."""
    round_id = new_round(client)
    friend_round = accept(friend, challenge(client, round_id, "Ann"), "Bo")
    for rid in (round_id, friend_round):
        finish(client, round_deals(client, rid)[0].id)
    with client.app.state.db.read() as session:
        bo = challenge_store.seat_for_round(session, round_id=friend_round)
    url = f"/solitaire/rounds/{round_id}/challenge/replay/{bo.player_id}/1"
    return url, round_deals(client, round_id)[0], round_deals(client, friend_round)[0]


@pytest.fixture
def friend(app):
    from tests.conftest import Client

    with Client(app, base_url="http://testserver") as other:
        yield other


@pytest.fixture
def reviews(monkeypatch) -> list[int]:
    """Counts the review searches actually run."""
    calls: list[int] = []
    real = review_route.review
    monkeypatch.setattr(review_route, "review", lambda *a, **kw: calls.append(1) or real(*a, **kw))
    return calls


def stored_best(client, deal) -> int | None:
    with client.app.state.db.read() as session:
        found = load_review(session, deal_id=deal.id, version=deal.version)
    return None if found is None else found.best_score


def test_the_background_request_shows_the_best_score_and_stores_it_once(client, replay, reviews):
    url, mine, theirs = replay
    page = client.get(url)
    assert page.status_code == 200 and not reviews  # the page itself works nothing out
    pending = PENDING.search(page.text)
    assert pending is not None
    background = html.unescape(pending.group(1))
    assert background.startswith(url + "?") and "wait=1" in background

    answer = client.get(background, headers=HTMX)
    assert answer.status_code == 200 and answer.headers["cache-control"] == "no-store"
    assert "<html" not in answer.text  # only the part that replaces the pending one
    shown = BEST.search(answer.text)
    assert shown is not None and len(reviews) == 1
    # The viewer's own deal of the hole was reviewed: the review their own page reads.
    assert int(shown.group(1)) == stored_best(client, mine)
    assert stored_best(client, theirs) is None

    again = client.get(url).text
    assert BEST.search(again).group(1) == shown.group(1)
    assert PENDING.search(again) is None and NO_SCRIPT.search(again) is None
    own_review = client.get(f"/solitaire/deals/{mine.id}/review").text
    assert "Best possible with these cards" in own_review
    assert client.get(background, headers=HTMX).status_code == 200
    assert len(reviews) == 1  # stored: read, never searched again


def test_without_javascript_the_link_shows_the_page_with_the_best_score(client, replay, reviews):
    url, mine, _theirs = replay
    link = NO_SCRIPT.search(client.get(url + "?step=2").text)
    assert link is not None
    page = client.get(html.unescape(link.group(1)))
    assert page.status_code == 200 and "<html" in page.text
    assert "After move 2 of" in page.text  # the same step of the replay
    assert int(BEST.search(page.text).group(1)) == stored_best(client, mine)
    assert NO_SCRIPT.search(page.text) is None and len(reviews) == 1


def test_past_the_clients_allowance_the_replay_still_shows(client, replay, reviews):
    url, mine, _theirs = replay
    client.app.state.work_budget = WorkBudget(capacity=0.001, rate=0.001)
    client.app.state.work_budget.charge("testclient", 10.0)
    refused = client.get(f"{url}?wait=1", headers=HTMX)
    assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
    assert not reviews and stored_best(client, mine) is None
    page = client.get(url)
    assert page.status_code == 200 and PENDING.search(page.text) is not None


@pytest.mark.parametrize("wait", ["%C2%B2", "99999999999999999999", "x", "0"])
def test_odd_wait_values_work_nothing_out(client, replay, reviews, wait):
    url, _mine, _theirs = replay
    page = client.get(f"{url}?wait={wait}")
    assert page.status_code == 200 and PENDING.search(page.text) is not None
    assert not reviews
