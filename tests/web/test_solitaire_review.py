"""The review page after a solitaire deal: best possible score, costly moments, jump back."""

from __future__ import annotations

import re

from app.rules.solitaire import DRAW
from app.storage.solitaire import apply_move, load_deal
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
    page = client.get(review_url(deal_id))
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
    """Turn over a card at once although the 8 of spades fits and keeps a run going."""
    deal_id = store_deal(client, spec_example_cards())
    with client.app.state.db.write() as session:
        deal = load_deal(session, deal_id=deal_id)
        apply_move(session, deal_id=deal_id, version=deal.version, move=DRAW)
    finish(client, deal_id)
    return deal_id


def test_review_points_at_a_costly_moment_and_rewinds_to_it(client) -> None:
    deal_id = play_badly_then_finish(client)
    data = client.get(review_url(deal_id), headers=JSON).json()
    assert data["moments"], data
    moment = data["moments"][0]
    assert moment["text"].startswith(f"Move {moment['move']}: you ")
    assert moment["loss"] >= 0.5 and moment["keep"] == moment["move"] - 1
    page = client.get(review_url(deal_id))
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
