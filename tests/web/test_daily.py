"""The deal of the day over HTTP: the same deal for everyone on a UTC day, and results that
count every finished deal exactly once."""

from __future__ import annotations

import re
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import date, timedelta

import pytest
from sqlalchemy import select

from app.rules.daily import daily_deal_number
from app.rules.solitaire import DRAW, legal_moves, score
from app.storage import solitaire
from app.storage.models import DailyEntry
from app.web.solitaire.daily import utc_today
from tests.conftest import Client
from tests.web.solitaire_helpers import finish, new_deal

TODAY = date(2026, 11, 30)
CHART = 'role="img" aria-label="Scores of today\'s players"'


@pytest.fixture
def today(app):
    app.dependency_overrides[utc_today] = lambda: TODAY
    yield TODAY
    app.dependency_overrides.clear()


def fresh(app) -> Client:
    return Client(app, base_url="http://testserver")


def start(client) -> solitaire.StoredDeal:
    response = client.submit("/solitaire/daily", {})
    assert response.status_code == 303
    deal_id = response.headers["location"].rsplit("/", 1)[-1]
    with client.app.state.db.read() as session:
        return solitaire.load_deal(session, deal_id=deal_id)


@pytest.mark.parametrize("flags", [{}, {"queen_on_king": "on"}])
def test_todays_number_is_no_practice_deal_until_tomorrow(app, client, today, flags):
    """Practised with Undo, it would show the day's draw pile before the deal counts."""
    number = str(daily_deal_number(TODAY))
    fields = {"deal_number": number, "action": "number", **flags}
    refused = client.submit("/solitaire/deals", fields)
    assert refused.status_code == 422
    assert f"Deal {number} is today’s deal of the day" in refused.text
    assert client.submit("/solitaire/deals", {**fields, "deal_number": "674825614"}
                         ).status_code == 303
    app.dependency_overrides[utc_today] = lambda: date(2026, 12, 1)  # the next day
    assert client.submit("/solitaire/deals", fields).status_code == 303


def test_a_coming_days_number_is_no_practice_deal_either(app, client, today):
    """The rule is public: tomorrow's number (or next year's) is refused until its day is over."""
    for ahead in (1, 365):
        day = TODAY + timedelta(days=ahead)
        number = str(daily_deal_number(day))
        fields = {"deal_number": number, "action": "number"}
        refused = client.submit("/solitaire/deals?lang=en", fields)
        assert refused.status_code == 422
        assert f"Deal {number} is the deal of the day on {day.isoformat()}" in refused.text
        swedish = client.submit("/solitaire/deals?lang=sv", fields)
        assert swedish.status_code == 422 and f"dagens giv den {day.isoformat()}" in swedish.text
    yesterday = str(daily_deal_number(TODAY - timedelta(days=1)))
    assert client.submit("/solitaire/deals", {"deal_number": yesterday, "action": "number"}
                         ).status_code == 303


def test_a_deal_of_the_day_begun_yesterday_is_no_practice_deal_until_it_is_over(app, client,
                                                                               today):
    """Its score still counts when it is finished after midnight."""
    from tests.web.solitaire_helpers import finish

    deal = start(client)
    app.dependency_overrides[utc_today] = lambda: TODAY + timedelta(days=1)
    fields = {"deal_number": str(daily_deal_number(TODAY)), "action": "number"}
    refused = client.submit("/solitaire/deals", fields)
    assert refused.status_code == 422 and "is being played for score" in refused.text
    finish(client, deal.id)
    assert client.submit("/solitaire/deals", fields).status_code == 303


def test_the_rule_is_stable_and_changes_by_day():
    assert daily_deal_number(date(2026, 11, 30)) == 674825613  # fixed forever: see the rule
    assert daily_deal_number(date(2026, 11, 29)) != daily_deal_number(date(2026, 11, 30))
    numbers = {daily_deal_number(date(2027, 1, d)) for d in range(1, 29)}
    assert len(numbers) == 28 and all(1 <= n < 2**31 for n in numbers)


def test_two_fresh_browsers_get_the_same_deal(app, today):
    with fresh(app) as one, fresh(app) as two:
        first, second = start(one), start(two)
    assert first.id != second.id  # each plays their own copy
    assert first.cards == second.cards and first.deal_number == daily_deal_number(today)
    assert first.round_id is None


def test_the_day_page_and_the_board_say_beforehand_that_draws_are_final(app, client, today):
    rule = "Undo takes back your plays but never a card turned from the draw pile."
    assert rule in client.get("/solitaire/daily").text
    deal = start(client)
    assert 'id="undo-note"' in client.get(f"/solitaire/deals/{deal.id}").text
    practice = new_deal(client, "", action="random")
    assert 'id="undo-note"' not in client.get(f"/solitaire/deals/{practice}").text


def test_starting_again_opens_the_same_deal(client, today):
    assert start(client).id == start(client).id
    page = client.get("/solitaire/daily").text
    assert "Go on with the deal of the day" in page and CHART not in page


def test_the_last_player_of_the_day_is_told_so_in_words_not_as_0_percent(app, today):
    first, last = fresh(app), fresh(app)
    with first, last:
        finish(first, start(first).id)
        drawn = start(last)
        with app.state.db.write() as session:  # draws while it can: a poor score
            deal = drawn
            while moves := legal_moves(deal.game.position):
                move = DRAW if DRAW in moves else moves[0]
                deal, _ = solitaire.apply_move(session, deal_id=deal.id, version=deal.version,
                                               move=move)
        said = " ".join(re.sub(r"<[^>]+>", " ", last.get("/solitaire/daily").text).split())
        assert f"Your score: {score(deal.game.position)}." in said
        assert "2 players have played it. Every other player did better today." in said
        assert "0%" not in said
        swedish = " ".join(last.get("/solitaire/daily?lang=sv").text.split())
        assert "Alla andra som spelade i dag fick bättre poäng." in swedish


def test_six_tabs_starting_at_once_share_one_deal(app, client, today):
    app.dependency_overrides[utc_today] = lambda: date(2026, 11, 29)
    start(client)  # yesterday's: the browser has its player cookie before its tabs race
    app.dependency_overrides[utc_today] = lambda: TODAY
    barrier = threading.Barrier(6)

    def start_in_a_tab(_: int) -> str:
        with fresh(app) as tab:
            tab.cookies.update(client.cookies)
            barrier.wait()
            return start(tab).id

    with ThreadPoolExecutor(6) as pool:
        opened = set(pool.map(start_in_a_tab, range(6)))
    assert opened == {start(client).id}
    with app.state.db.read() as session:
        entries = session.scalars(select(DailyEntry).where(DailyEntry.day == TODAY)).all()
    assert len(entries) == 1


def test_results_only_after_finishing_and_counted_once(app, today):
    browsers = [fresh(app) for _ in range(4)]
    for browser in browsers:
        browser.__enter__()
    try:
        deals = [start(browser) for browser in browsers]
        for browser, deal in zip(browsers[:3], deals[:3], strict=True):
            finish(browser, deal.id)
        unfinished = browsers[3].get("/solitaire/daily").text
        assert CHART not in unfinished and "players have played" not in unfinished
        page = browsers[0].get("/solitaire/daily")
        assert page.headers["cache-control"] == "no-store"
        assert CHART in page.text
        assert "3 players have played it." in page.text  # the unfinished deal does not count
        said = " ".join(re.sub(r"<[^>]+>", " ", page.text).split())
        assert "played it. You did as well as or better than 100% of today’s other players" in said
        swedish = browsers[0].get("/solitaire/daily?lang=sv").text
        assert "minst lika bra som 100 % av dagens andra spelare" in " ".join(swedish.split())
        start(browsers[0])  # starting again after the end neither deals nor counts anew
        assert "3 players have played it." in browsers[0].get("/solitaire/daily?lang=en").text
    finally:
        for browser in browsers:
            browser.__exit__(None, None, None)


def test_concurrent_finishes_each_count_once(app, today):
    browsers = [fresh(app).__enter__() for _ in range(8)]
    deals = [start(browser) for browser in browsers]
    threads = [
        threading.Thread(target=finish, args=(b, d.id))
        for b, d in zip(browsers, deals, strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    text = browsers[0].get("/solitaire/daily").text
    assert "8 players have played it." in text
    cell = r"<td>(-?\d+)[^<]*(?:<span[^>]*>[^<]*</span>)?</td><td>(\d+)</td>"
    rows = re.findall(r"<tr[^>]*>" + cell, text)
    assert sum(int(count) for _, count in rows) == 8
    for browser in browsers:
        browser.__exit__(None, None, None)


def test_yesterday_stays_viewable_by_anyone(app, today):
    yesterday = date(2026, 11, 29)
    app.dependency_overrides[utc_today] = lambda: yesterday
    with fresh(app) as player:
        finish(player, start(player).id)
    app.dependency_overrides[utc_today] = lambda: TODAY
    with fresh(app) as visitor:
        page = visitor.get("/solitaire/daily/2026-11-29")
        assert page.status_code == 200
        assert "1 player has played it." in page.text
        assert 'aria-label="Scores of the players of 2026-11-29"' in page.text
        today_url = visitor.get("/solitaire/daily/2026-11-30", follow_redirects=False)
        assert today_url.status_code == 303 and today_url.headers["location"] == "/solitaire/daily"
        assert 'href="/solitaire/daily/2026-11-29"' in visitor.get("/solitaire/daily").text
        nobody = visitor.get("/solitaire/daily/2026-11-28").text  # a day nobody played
        assert "Nobody played it." in nobody and "0 players" not in nobody
        assert "Nobody has finished" not in nobody  # said once, not twice
        swedish = visitor.get("/solitaire/daily/2026-11-28?lang=sv").text
        assert "<h1>Given den 2026-11-28</h1>" in swedish
        assert "<title>Given den 2026-11-28" in swedish  # not "Dagens giv": that is today's
        assert "<h1>Dagens giv</h1>" in visitor.get("/solitaire/daily?lang=sv").text


def test_a_past_days_results_wait_for_your_own_deal_of_that_day(app, today):
    yesterday = date(2026, 11, 29)
    app.dependency_overrides[utc_today] = lambda: yesterday
    with fresh(app) as other, fresh(app) as late:
        finish(other, start(other).id)
        mine = start(late)  # started before midnight, still in play after it
        app.dependency_overrides[utc_today] = lambda: TODAY
        page = late.get("/solitaire/daily/2026-11-29").text
        assert "spread-chart" not in page and "has played it" not in page
        assert "Your deal of the day is still in play." in page
        assert f'href="/solitaire/deals/{mine.id}"' in page
        finish(late, mine.id)
        done = late.get("/solitaire/daily/2026-11-29").text
        assert "spread-chart" in done and "2 players have played it." in done


@pytest.mark.parametrize(
    "day", ["2026-12-01", "2025-12-31", "2026-02-30", "2026-11-\u00b2\u00b2", "x" * 300, "20261129"]
)
def test_future_odd_or_unknown_days_are_404(client, today, day):
    assert client.get(f"/solitaire/daily/{day}").status_code == 404


def test_the_home_page_links_the_deal_of_the_day(client):
    assert 'href="/solitaire/daily"' in client.get("/").text


def test_best_possible_score_from_any_stored_review_of_the_day(app, client, today):
    from app.players.solitaire.review import Review
    from app.storage.solitaire.reviews import save_review

    deal = start(client)
    finish(client, deal.id)
    page = client.get("/solitaire/daily").text
    assert f'href="/solitaire/deals/{deal.id}/review"' in page
    with client.app.state.db.write() as session:
        done = solitaire.load_deal(session, deal_id=deal.id)
        review = Review(best_score=-2, score=5, moments=(), best_exact=True, complete=True)
        save_review(session, deal_id=deal.id, version=done.version, review=review)
    with fresh(app) as other:
        finish(other, start(other).id)
        assert "Best possible score: -2." in other.get("/solitaire/daily").text
