"""Review of a finished solitaire deal: the best possible score and the costliest choices.

A review is worked out once per finished deal and stored with it. The board of a deal that
has just ended asks for it in the background (`?prefetch=1`, answered 204), so that the
player's click on "Review this deal" usually only reads it. Otherwise the page first shows
that the coach is working and fetches the review with htmx; without JavaScript the page
refreshes to `?wait=1`, which works the review out before answering. Either way the work is
this client's coach work (app.web.solitaire.work_budget), bounded to under a second of
CPU, and two requests for the same review share one search.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from app.players.solitaire.review import Review, expected_score, moment_facts, review
from app.rules.solitaire import is_over
from app.storage.solitaire import StoredDeal, score_counts
from app.storage.solitaire.reviews import load_review, save_review
from app.web.forms import query_int
from app.web.render import is_fragment_request, json_state, private, render, wants_json
from app.web.solitaire.coach_words import moment_text
from app.web.solitaire.deps import DealDep
from app.web.solitaire.work_budget import coach_work

router = APIRouter()
# One lock per review being worked out in this process: a second request for it (the click
# that follows the background request) waits for the first and reads what it stored.
_working: dict[tuple[str, int], threading.Lock] = {}
_working_guard = threading.Lock()


@dataclass(frozen=True)
class ShownMoment:
    """A costly moment as the page and the JSON show it, worded for this reader."""

    number: int
    keep: int
    loss: float
    text: str


def shown_moments(deal: StoredDeal, result: Review) -> list[ShownMoment]:
    """The review's moments in the reader's language (stored ones hold moves only)."""
    return [
        ShownMoment(f.moment.number, f.moment.keep, f.moment.loss, moment_text(f))
        for f in moment_facts(result, deal.cards, deal.variant, deal.moves)
    ]


def stored_review(request: Request, deal: StoredDeal) -> Review | None:
    with request.app.state.db.read() as session:
        return load_review(session, deal_id=deal.id, version=deal.version)


def work_out_review(request: Request, deal: StoredDeal) -> Review:
    """Review the deal as this client's coach work, then store it (no transaction meanwhile)."""
    key = (deal.id, deal.version)
    with _working_guard:
        lock = _working.setdefault(key, threading.Lock())
    try:
        with lock:
            done = stored_review(request, deal)
            if done is not None:
                return done
            with coach_work(request):
                result = review(deal.cards, deal.variant, deal.moves)
            with request.app.state.db.write() as session:
                save_review(session, deal_id=deal.id, version=deal.version, review=result)
            return result
    finally:
        with _working_guard:
            _working.pop(key, None)


def expected(deal: StoredDeal, result: Review | None) -> float | None:
    """What an honest player could expect from the deal's start, to one decimal (the coach's
    opening estimate as the coach's own results bear it out); None if not worked out."""
    if result is None or result.expected is None:
        return None
    return round(expected_score(result.expected, deal.variant), 1)


def review_json(deal: StoredDeal, result: Review | None) -> dict[str, Any]:
    if result is None:
        return {"over": False}
    moments = [
        {"move": m.number, "keep": m.keep, "loss": m.loss, "text": m.text}
        for m in shown_moments(deal, result)
    ]
    return {
        "over": True,
        "best_score": result.best_score,
        "best_exact": result.best_exact,
        "expected": expected(deal, result),
        "score": result.score,
        "moments": moments,
        "complete": result.complete,
        "version": deal.version,
    }


@router.get("/solitaire/deals/{deal_id}/review")
def review_page(request: Request, deal: DealDep) -> Response:
    """The review once the deal is over; before that, only a note (it would show the draw pile)."""
    over = is_over(deal.game.position)
    result = stored_review(request, deal) if over else None
    if query_int(request, "prefetch", 1, 1):
        if over and result is None:
            work_out_review(request, deal)
        return Response(status_code=204)
    # A browser's first visit gets the page at once and the review through htmx.
    waits = wants_json(request) or is_fragment_request(request) or query_int(request, "wait", 1, 1)
    pending = over and result is None and not waits
    if over and result is None and not pending:
        result = work_out_review(request, deal)
    if wants_json(request):
        return json_state(review_json(deal, result))
    with request.app.state.db.read() as session:
        final = over and score_counts(session, deal=deal)  # then no "Try again from move N"
    context = {
        "deal": deal,
        "review": result,
        "expected": expected(deal, result),
        "moments": [] if result is None else shown_moments(deal, result),
        "final": final,
        "pending": pending,
        "arrived": result is not None and is_fragment_request(request),
        "base": f"/solitaire/deals/{deal.id}",
    }
    # It links the deal, whose address is its player's own (a round's hole leads to the round).
    return private(render(request, "solitaire/review.html", "solitaire/_review.html", context))
