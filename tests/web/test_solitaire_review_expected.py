"""The review shows what an honest player could expect from the start, stored with the review."""

from __future__ import annotations

import re

from sqlalchemy import select, update

import app.players.solitaire.review as review_module
import app.web.solitaire.review as review_route
from app.players.solitaire.review import EXPECTATION_LINES, expected_score
from app.players.solitaire.thumb import thumb_move
from app.rules.solitaire import STANDARD, Variant, deal_for_number, is_over
from app.storage.models import SolitaireReview
from app.storage.solitaire import apply_move, load_deal
from tests.web.solitaire_helpers import JSON, store_deal
from tests.web.test_swedish_pages import assert_swedish


def review_url(deal_id: str) -> str:
    return f"/solitaire/deals/{deal_id}/review"


def finished_deal(client, number: int = 12) -> str:
    deal_id = store_deal(client, list(deal_for_number(number)))
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


def test_the_figure_shown_is_the_estimate_as_the_coachs_own_results_bear_it_out() -> None:
    """A QA pass found the raw estimate 0.7-1.9 below what the coach scores on easy layouts:
    with standard rules the review shows the line the coach's results follow (fitted on tune
    deals), which pulls an estimate towards the coach's usual score; elsewhere, as it is."""
    a, b = EXPECTATION_LINES[STANDARD]
    usual = a / (1 - b)  # where the line meets the estimate
    assert 0 < b < 1 and 3 < usual < 6
    for estimate in (-3.0, 0.5, 2.0, 8.0, 12.0):
        shown = expected_score(estimate, STANDARD)
        assert min(estimate, usual) <= shown <= max(estimate, usual)
    assert expected_score(2.0, Variant(jokers=1)) == 2.0


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
