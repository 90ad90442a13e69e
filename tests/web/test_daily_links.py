"""A finished deal of the day leads straight back to that day's results, with and without htmx."""

from __future__ import annotations

import re
from datetime import date

import pytest

from app.rules.solitaire import Play, legal_moves
from app.storage import solitaire
from app.web.solitaire.daily import utc_today
from tests.conftest import Client
from tests.web.solitaire_helpers import finish, new_deal

TODAY = date(2026, 11, 30)
YESTERDAY = date(2026, 11, 29)
LINK = re.compile(r'<p class="daily-link"><a href="([^"]+)">([^<]+)</a></p>')


@pytest.fixture
def today(app):
    app.dependency_overrides[utc_today] = lambda: TODAY
    yield TODAY
    app.dependency_overrides.clear()


def start_daily(client) -> str:
    response = client.submit("/solitaire/daily", {})
    assert response.status_code == 303
    return response.headers["location"].rsplit("/", 1)[-1]


def play_all_but_the_last_move(client, deal_id: str):
    """Play first legal moves through storage up to the one that ends the deal; return it."""
    with client.app.state.db.write() as session:
        deal = solitaire.load_deal(session, deal_id=deal_id)
        game, ending = deal.game, []
        while moves := legal_moves(game.position):
            game = game.push(moves[0])
            ending.append(moves[0])
        for move in ending[:-1]:
            deal, _ = solitaire.apply_move(
                session, deal_id=deal_id, version=deal.version, move=move
            )
    return deal, ending[-1]


def test_finished_daily_board_links_to_todays_results_and_the_link_works(client, today):
    deal_id = start_daily(client)
    assert LINK.search(client.get(f"/solitaire/deals/{deal_id}").text) is None  # in play
    finish(client, deal_id)
    board = client.get(f"/solitaire/deals/{deal_id}").text
    link = LINK.search(board)
    assert link is not None
    assert link.group(1) == "/solitaire/daily/2026-11-30"
    assert link.group(2) == "See how everyone did on the deal of the day"
    results = client.get(link.group(1))  # today's dated address leads to today's page
    assert results.status_code == 200 and str(results.url).endswith("/solitaire/daily")
    assert "Today’s results" in results.text and "1 player has played it." in results.text
    assert '<a href="/solitaire">Another deal</a>' in results.text  # and on to another deal


def test_the_move_that_ends_the_deal_brings_the_link_with_htmx(client, today):
    deal_id = start_daily(client)
    deal, last = play_all_but_the_last_move(client, deal_id)
    fields = {"version": str(deal.version), "moves": str(len(deal.moves))}
    if isinstance(last, Play):
        column = {"column": str(last.column + 1)}
        answer = client.submit(f"/solitaire/deals/{deal_id}/play", fields | column, htmx=True)
    else:
        answer = client.submit(f"/solitaire/deals/{deal_id}/draw", fields, htmx=True)
    assert answer.status_code == 200
    assert 'id="coach-extra" class="coach-extra" hx-swap-oob="true"' in answer.text
    link = LINK.search(answer.text)
    assert link is not None and link.group(1) == "/solitaire/daily/2026-11-30"
    assert "1 player has played it." in client.get(link.group(1)).text


def test_a_past_days_board_links_to_that_days_results(app, today):
    app.dependency_overrides[utc_today] = lambda: YESTERDAY
    with Client(app, base_url="http://testserver") as player:
        deal_id = start_daily(player)
        finish(player, deal_id)
        app.dependency_overrides[utc_today] = lambda: TODAY  # the next UTC day has begun
        link = LINK.search(player.get(f"/solitaire/deals/{deal_id}").text)
        assert link is not None and link.group(1) == "/solitaire/daily/2026-11-29"
        page = player.get(link.group(1), follow_redirects=False)
        assert page.status_code == 200
        assert "2026-11-29" in page.text and "1 player has played it." in page.text


def test_other_finished_deals_have_no_daily_link(client, today):
    deal_id = new_deal(client, 5)
    finish(client, deal_id)
    board = client.get(f"/solitaire/deals/{deal_id}").text
    assert "Review this deal" in board and LINK.search(board) is None


def test_the_link_speaks_swedish(client, today):
    deal_id = start_daily(client)
    finish(client, deal_id)
    link = LINK.search(client.get(f"/solitaire/deals/{deal_id}?lang=sv").text)
    assert link is not None and link.group(2) == "Se hur det gick för alla på dagens giv"
