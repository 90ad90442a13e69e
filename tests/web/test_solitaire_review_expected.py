"""The review shows what an honest player could expect from the start, stored with the review."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select, update

import app.players.solitaire.review as review_module
import app.web.solitaire.review as review_route
from app.players.solitaire.review import expected_score
from app.players.solitaire.thumb import thumb_move
from app.rules.solitaire import STANDARD, Variant, deal_for_number, is_over
from app.storage.models import SolitaireReview
from app.storage.solitaire import apply_move, load_deal
from tests.web.solitaire_helpers import JSON, store_deal
from tests.web.test_swedish_pages import assert_swedish


def review_url(deal_id: str) -> str:
    return f"/solitaire/deals/{deal_id}/review"


def finished_deal(client, number: int = 12, variant: Variant = STANDARD) -> str:
    deal_id = store_deal(client, list(deal_for_number(number, variant)), variant)
    with client.app.state.db.write() as session:
        deal = load_deal(session, deal_id=deal_id)
        while not is_over(deal.game.position):
            move = thumb_move(deal.game.position)
            deal, _ = apply_move(session, deal_id=deal_id, version=deal.version, move=move)
    return deal_id


def stored_expected(client, deal_id: str) -> float | None:
    with client.app.state.db.read() as session:
        return session.execute(
            select(SolitaireReview.expected).where(SolitaireReview.deal_id == deal_id)
        ).scalar_one()


def test_review_shows_the_honest_expectation_in_english_and_swedish(client) -> None:
    deal_id = finished_deal(client)
    data = client.get(review_url(deal_id), headers=JSON).json()
    expected, score = data["expected"], data["score"]
    assert isinstance(expected, float)
    english = client.get(review_url(deal_id) + "?lang=en").text
    # Over many orders the pile could have had: not a claim about this order's cards, whose
    # best possible score may be far higher.
    assert (
        "Before your first move, the coach expected a score of about "
        f"{expected:.1f} from this layout, averaged over many orders the draw pile could have "
        f"had. You scored {score}."
    ) in english
    swedish = assert_swedish(client, review_url(deal_id) + "?lang=sv")  # no English left
    in_swedish = f"{expected:.1f}".replace(".", ",").replace("-", "\u2212")
    sentence = re.search(r"räknade tränaren med ungefär (\S+) poäng för det här upplägget",
                         swedish)
    assert sentence is not None, swedish
    assert sentence.group(1) in (in_swedish, in_swedish.replace("\u2212", "-"))
    assert f"Du fick {score} poäng." in swedish


def test_the_expectation_is_stored_and_not_worked_out_again(client, monkeypatch) -> None:
    calls = []
    real = review_module.honest_expectation

    def counting(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(review_module, "honest_expectation", counting)
    deal_id = finished_deal(client)
    first = client.get(review_url(deal_id), headers=JSON).json()
    second = client.get(review_url(deal_id), headers=JSON).json()
    page = client.get(review_url(deal_id))
    assert len(calls) == 1
    assert first["expected"] == second["expected"] is not None
    stored = stored_expected(client, deal_id)
    assert stored is not None and first["expected"] == round(expected_score(stored, STANDARD), 1)
    assert "the coach expected a score of about" in page.text


@pytest.mark.parametrize(("variant", "shown"), [(STANDARD, "2.8"), (Variant(jokers=1), "2.0")])
def test_the_figure_shown_is_the_estimate_as_the_coachs_own_results_bear_it_out(
    client, monkeypatch, variant, shown
) -> None:
    """The raw estimate flatters easy layouts and is hard on hard ones: with standard rules the
    review shows the line the coach's own scores follow (1.34 + 0.75 x 2.0 = 2.84), elsewhere
    the estimate as it is."""
    monkeypatch.setattr(review_module, "honest_expectation", lambda *args, **kwargs: 2.0)
    deal_id = finished_deal(client, variant=variant)
    assert client.get(review_url(deal_id), headers=JSON).json()["expected"] == float(shown)
    assert f"the coach expected a score of about {shown} from this layout" in client.get(
        review_url(deal_id)).text
    assert stored_expected(client, deal_id) == 2.0  # the estimate itself is what is kept


def test_a_review_stored_without_the_expectation_is_shown_without_it(client, monkeypatch) -> None:
    deal_id = finished_deal(client)
    client.get(review_url(deal_id), headers=JSON)
    with client.app.state.db.write() as session:
        session.execute(
            update(SolitaireReview).where(SolitaireReview.deal_id == deal_id).values(expected=None)
        )
    worked_out = []
    real = review_route.review
    monkeypatch.setattr(
        review_route, "review", lambda *a, **k: worked_out.append(1) or real(*a, **k)
    )
    data = client.get(review_url(deal_id), headers=JSON).json()
    assert data["over"] is True and data["expected"] is None
    page = client.get(review_url(deal_id))
    assert "Best possible with these cards" in page.text
    assert "you could expect" not in page.text
    assert worked_out == []
