"""The review page after a solitaire deal: best possible score, costly moments, jump back."""

from __future__ import annotations

import re
import threading
import time

import pytest

import app.web.solitaire.review as review_route
from app.players.solitaire.thumb import thumb_move
from app.rules.solitaire import DRAW, Variant, deal_for_number, is_over
from app.storage.solitaire import apply_move, load_deal
from app.web.solitaire.work_budget import WorkBudget
from tests.web.solitaire_helpers import (
    JSON,
    clearable_cards,
    finish,
    new_deal,
    spec_example_cards,
    store_deal,
)


def review_url(deal_id: str) -> str:
    return f"/solitaire/deals/{deal_id}/review"


def test_review_of_a_cleared_deal_shows_both_scores(client) -> None:
    deal_id = store_deal(client, clearable_cards())
    finish(client, deal_id)
    page = client.get(review_url(deal_id) + "?wait=1")
    assert page.status_code == 200
    assert "Best possible with these cards" in page.text
    assert "You reached the best score these cards allowed" in page.text
    data = client.get(review_url(deal_id), headers=JSON).json()
    assert data["over"] is True
    assert data["best_score"] == data["score"] == -16


def test_review_waits_until_the_deal_is_over(client) -> None:
    deal_id = new_deal(client, 5)
    page = client.get(review_url(deal_id))
    assert page.status_code == 200
    assert "still in play" in page.text
    assert "Best possible" not in page.text
    assert client.get(review_url(deal_id), headers=JSON).json() == {"over": False}


def test_review_of_an_unknown_deal_is_not_found(client) -> None:
    assert client.get(review_url("no-such-deal")).status_code == 404
    assert client.get(review_url("x" * 200)).status_code == 404


def play_badly_then_finish(client) -> str:
    """The rules of thumb, but with six cards left to draw turn one over although a card fits:
    on these cards that costs 2.75 cards on average by the exact honest values."""
    deal_id = store_deal(client, spec_example_cards())
    with client.app.state.db.write() as session:
        deal = load_deal(session, deal_id=deal_id)
        while not is_over(position := deal.game.position):
            move = thumb_move(position)
            if len(position.stock) == 6 and move != DRAW:
                move = DRAW
            deal, _ = apply_move(session, deal_id=deal_id, version=deal.version, move=move)
    return deal_id


def test_review_points_at_a_costly_moment_and_rewinds_to_it(client) -> None:
    deal_id = play_badly_then_finish(client)
    data = client.get(review_url(deal_id), headers=JSON).json()
    assert data["moments"], data
    moment = data["moments"][0]
    assert moment["text"].startswith(f"Move {moment['move']}: you ")
    assert moment["loss"] >= 0.5 and moment["keep"] == moment["move"] - 1
    page = client.get(review_url(deal_id))  # stored by the JSON request: no waiting now
    assert f"Try again from move {moment['move']}" in page.text
    keep = str(moment["keep"])
    form = re.search(
        rf'name="version" value="(\d+)">\s*<input type="hidden" name="to" value="{keep}"',
        page.text,
    )
    assert form is not None
    response = client.submit(
        f"/solitaire/deals/{deal_id}/rewind", {"version": form.group(1), "to": keep}
    )
    assert response.status_code == 303
    with client.app.state.db.read() as session:
        assert len(load_deal(session, deal_id=deal_id).moves) == moment["keep"]


def test_review_fragment_for_htmx(client) -> None:
    deal_id = store_deal(client, clearable_cards())
    finish(client, deal_id)
    fragment = client.get(review_url(deal_id), headers={"HX-Request": "true"})
    assert fragment.text.lstrip().startswith('<section id="review"')
    assert "<html" not in fragment.text
    assert fragment.headers["vary"].startswith("HX-Request")
    back = fragment.text.split('class="review-back"')[1].split("</p>")[0]
    assert f'href="/solitaire/deals/{deal_id}"' in back and '>New deal</a>' in back


HARD = Variant(queen_on_king=True, round_the_corner=True, jokers=2)


def finish_by_thumb(client, deal_id: str) -> None:
    """Play the deal to its end by the rules of thumb, straight through storage."""
    with client.app.state.db.write() as session:
        deal = load_deal(session, deal_id=deal_id)
        while not is_over(deal.game.position):
            move = thumb_move(deal.game.position)
            deal, _ = apply_move(session, deal_id=deal_id, version=deal.version, move=move)


def test_first_review_page_says_the_coach_is_working_and_fetches_it_with_htmx(client) -> None:
    deal_id = store_deal(client, clearable_cards())
    finish(client, deal_id)
    page = client.get(review_url(deal_id))
    assert page.status_code == 200
    assert "Working out the review" in page.text
    assert f'hx-get="/solitaire/deals/{deal_id}/review"' in page.text
    assert 'hx-trigger="load"' in page.text
    # Without JavaScript the page refreshes to the address that waits for the review.
    assert f'url=/solitaire/deals/{deal_id}/review?wait=1' in page.text
    assert "Best possible" not in page.text
    fragment = client.get(review_url(deal_id), headers={"HX-Request": "true"})
    assert fragment.status_code == 200
    assert fragment.text.lstrip().startswith('<section id="review"')
    assert "Best possible with these cards" in fragment.text
    assert "hx-trigger" not in fragment.text
    # Its scores take focus as it lands: the waiting note's live region went with the swap.
    assert '<dl class="review-scores" tabindex="-1" autofocus>' in fragment.text
    again = client.get(review_url(deal_id))  # stored now: the page shows it straight away
    assert "Best possible with these cards" in again.text
    assert "Working out the review" not in again.text
    assert "autofocus" not in again.text  # a page load leaves focus where the reader put it


def test_review_is_worked_out_once_and_stored(client, monkeypatch) -> None:
    calls = []

    def counting_review(*args, **kwargs):
        calls.append(args)
        return real_review(*args, **kwargs)

    real_review = review_route.review
    monkeypatch.setattr(review_route, "review", counting_review)
    deal_id = play_badly_then_finish(client)
    first = client.get(review_url(deal_id), headers=JSON).json()
    second = client.get(review_url(deal_id), headers=JSON).json()
    page = client.get(review_url(deal_id))
    assert len(calls) == 1
    assert first == second and first["moments"]
    assert first["moments"][0]["text"] in page.text
    # Rewound and finished again, the deal is another game: it gets a review of its own.
    rewind = {"version": str(first["version"]), "to": "0"}
    assert client.submit(f"/solitaire/deals/{deal_id}/rewind", rewind).status_code == 303
    finish(client, deal_id)
    third = client.get(review_url(deal_id), headers=JSON).json()
    assert len(calls) == 2
    assert third["version"] > first["version"]


def test_review_of_a_hard_deal_is_bounded_and_says_so(client) -> None:
    deal_id = store_deal(client, list(deal_for_number(7000, HARD)), HARD)
    finish_by_thumb(client, deal_id)
    data = client.get(review_url(deal_id), headers=JSON).json()
    assert data["over"] is True
    assert data["best_exact"] is False
    assert data["best_score"] <= data["score"]
    page = client.get(review_url(deal_id))
    assert f"{data['best_score']} or better" in page.text
    assert "stopped at its limit" in page.text


def test_review_work_past_the_client_allowance_gets_429_with_retry_after(client) -> None:
    client.app.state.work_budget = WorkBudget(capacity=0.001, rate=0.001)
    first, second = (store_deal(client, clearable_cards()) for _ in range(2))
    finish(client, first)
    finish(client, second)
    assert client.get(review_url(first), headers=JSON).status_code == 200  # spends it all
    refused = client.get(review_url(second), headers=JSON)
    assert refused.status_code == 429
    assert int(refused.headers["retry-after"]) >= 1
    swedish = client.get(review_url(second) + "?lang=sv", headers=JSON)
    assert swedish.status_code == 429 and "Tränaren har arbetat mycket åt dig" in swedish.text
    page = client.get(review_url(second) + "?wait=1&lang=en")
    assert page.status_code == 429
    assert "Please wait" in page.text
    # A stored review is only a read: it is still shown.
    assert client.get(review_url(first), headers=JSON).status_code == 200


def test_a_watched_move_past_the_client_allowance_is_refused_and_not_played(client) -> None:
    client.app.state.work_budget = WorkBudget(capacity=0.001, rate=0.001)
    deal_id = new_deal(client, 5)
    assert client.get(f"/solitaire/deals/{deal_id}?hint=1").status_code == 200  # spends it all
    step = {"version": "0", "moves": "0", "move": "draw", "watch": "pause"}
    refused = client.submit(f"/solitaire/deals/{deal_id}/watch", step, htmx=True)
    assert refused.status_code == 429 and "The coach has worked a lot for you" in refused.text
    with client.app.state.db.read() as session:
        deal = load_deal(session, deal_id=deal_id)
    assert deal.version == 0 and deal.moves == ()  # a refusal changes nothing


@pytest.mark.parametrize("query", ["?wait=%C2%B2", "?wait=99999999999999999999", "?wait=x"])
def test_odd_wait_values_show_the_working_page(client, query: str) -> None:
    deal_id = store_deal(client, clearable_cards())
    finish(client, deal_id)
    page = client.get(review_url(deal_id) + query)
    assert page.status_code == 200
    assert "Working out the review" in page.text


def test_hints_past_the_client_allowance_get_429_with_retry_after(client) -> None:
    client.app.state.work_budget = WorkBudget(capacity=0.001, rate=0.001)
    deal_id = new_deal(client, 5)
    hint = f"/solitaire/deals/{deal_id}?hint=1"
    assert client.get(hint, headers={"HX-Request": "true"}).status_code == 200
    refused = client.get(hint, headers={"HX-Request": "true"})
    assert refused.status_code == 429
    assert int(refused.headers["retry-after"]) >= 1
    assert "The coach has worked a lot for you" in refused.text
    swedish = client.get(hint + "&lang=sv", headers={"HX-Request": "true"})
    assert swedish.status_code == 429 and "Tränaren har arbetat mycket åt dig" in swedish.text
    # Playing on needs no coach: the board still answers.
    assert client.get(f"/solitaire/deals/{deal_id}").status_code == 200


def test_a_stored_review_speaks_each_readers_language(client) -> None:
    deal_id = play_badly_then_finish(client)
    english = client.get(review_url(deal_id), headers=JSON).json()["moments"][0]["text"]
    swedish = client.get(review_url(deal_id) + "?lang=sv", headers=JSON).json()
    assert english.startswith("Move ")
    assert swedish["moments"][0]["text"] != english
    again = client.get(review_url(deal_id) + "?lang=en", headers=JSON).json()
    assert again["moments"][0]["text"] == english


def test_finished_board_prefetches_the_review_so_the_click_only_reads_it(client, monkeypatch):
    calls = []
    real_review = review_route.review
    monkeypatch.setattr(
        review_route, "review", lambda *args, **kw: calls.append(1) or real_review(*args, **kw)
    )
    deal_id = store_deal(client, clearable_cards())
    finish(client, deal_id)
    board = client.get(f"/solitaire/deals/{deal_id}").text
    prefetch = f"/solitaire/deals/{deal_id}/review?prefetch=1"
    assert f'hx-get="{prefetch}"' in board
    answer = client.get(prefetch, headers={"HX-Request": "true"})
    assert answer.status_code == 204 and not answer.content
    page = client.get(review_url(deal_id))
    assert "Best possible with these cards" in page.text
    assert "Working out the review" not in page.text
    assert client.get(prefetch, headers={"HX-Request": "true"}).status_code == 204
    assert len(calls) == 1


def test_prefetch_of_a_deal_in_play_does_nothing(client) -> None:
    deal_id = new_deal(client, 5)
    answer = client.get(review_url(deal_id) + "?prefetch=1")
    assert answer.status_code == 204
    assert "still in play" in client.get(review_url(deal_id)).text


def test_two_requests_for_one_review_share_one_search(client, monkeypatch) -> None:
    calls = []
    real_review = review_route.review

    def slow_review(*args, **kwargs):
        calls.append(1)
        time.sleep(0.3)  # long enough for the second request to arrive meanwhile
        return real_review(*args, **kwargs)

    monkeypatch.setattr(review_route, "review", slow_review)
    deal_id = store_deal(client, clearable_cards())
    finish(client, deal_id)
    answers = []

    def ask() -> None:
        answers.append(client.get(review_url(deal_id), headers=JSON).json())

    threads = [threading.Thread(target=ask) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(calls) == 1
    assert answers[0] == answers[1] and answers[0]["best_score"] == -16


def test_a_finished_deal_of_the_day_is_final_on_the_board_and_in_the_review(client) -> None:
    # Its review and the day's results would otherwise let a player replay it knowing more.
    started = client.submit("/solitaire/daily", {})
    deal_id = started.headers["location"].rsplit("/", 1)[-1]
    finish(client, deal_id)
    before = client.get(f"/solitaire/deals/{deal_id}", headers=JSON).json()
    board = client.get(f"/solitaire/deals/{deal_id}").text
    assert re.search(r'id="undo-button" data-shortcut="u" disabled', board)
    assert 'data-focus-fallback="review-link"' in board and 'id="review-link"' in board
    final = "The score of this deal counts, so its moves can no longer be taken back."
    for action, fields in (("undo", {}), ("rewind", {"to": "0"})):
        refused = client.submit(
            f"/solitaire/deals/{deal_id}/{action}", {"version": str(before["version"]), **fields}
        )
        assert refused.status_code == 409 and final in refused.text, action
    played = client.submit(
        f"/solitaire/deals/{deal_id}/play", {"version": str(before["version"]), "column": "1"}
    )
    # A card clicked after the end says the deal is over, and no longer offers an Undo.
    assert played.status_code == 422 and "This deal is over: start a new one." in played.text
    assert client.get(f"/solitaire/deals/{deal_id}", headers=JSON).json() == before
    review = client.get(review_url(deal_id) + "?wait=1").text
    assert final in review and "Try again from move" not in review
    # A deal played for practice keeps its Undo and its "Try again" once it is over.
    practice = play_badly_then_finish(client)
    assert final not in client.get(review_url(practice) + "?wait=1").text
    practice_board = client.get(f"/solitaire/deals/{practice}").text
    assert not re.search(r'id="undo-button"[^>]* disabled', practice_board)
