"""Review of a finished solitaire deal: the best possible score and the costliest choices."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from app.players.solitaire.review import Review, review
from app.rules.solitaire import is_over, score
from app.storage import solitaire as store
from app.storage.solitaire import DealNotFound, StoredDeal
from app.web.errors import error_response
from app.web.render import json_state, render, wants_json

router = APIRouter()


def review_json(deal: StoredDeal, result: Review | None) -> dict[str, Any]:
    if result is None:
        return {"over": False}
    moments = [
        {"move": m.number, "keep": m.keep, "loss": m.loss, "text": m.text} for m in result.moments
    ]
    return {
        "over": True,
        "best_score": result.best_score,
        "score": result.score,
        "moments": moments,
        "version": deal.version,
    }


@router.get("/solitaire/deals/{deal_id}/review")
def review_page(request: Request, deal_id: str) -> Response:
    """The review once the deal is over; before that, only a note (it would show the draw pile)."""
    try:
        with request.app.state.db.read() as session:
            deal = store.load_deal(session, deal_id=deal_id)
    except DealNotFound:
        return error_response(request, 404)
    position = deal.game.position
    result = review(deal.cards, deal.variant, deal.moves) if is_over(position) else None
    if wants_json(request):
        return json_state(review_json(deal, result))
    context = {
        "deal": deal,
        "review": result,
        "score": score(position) if result else None,
        "base": f"/solitaire/deals/{deal.id}",
    }
    return render(request, "solitaire/review.html", "solitaire/_review.html", context)
