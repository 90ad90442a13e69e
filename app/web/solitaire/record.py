"""Your record: this browser's deals of the day and challenge rounds, without an account.

The anonymous player id (app.web.player) is the key. /solitaire/record/move/{token} is the
private link that takes the record to another device; "Delete my record" unlinks it all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import RedirectResponse, Response

from app.storage.solitaire import records as store
from app.storage.solitaire.records import Record, RoundItem
from app.tokens import token_shaped
from app.web import player
from app.web.forms import PostedForm
from app.web.loading import PageNotFound
from app.web.render import private, render
from app.web.solitaire.view import PAR

router = APIRouter()

CHART_ROUNDS = 10
CHART_WIDTH = 320
CHART_HEIGHT = 120


@dataclass(frozen=True)
class RoundBar:
    label: str
    total: int
    x: float
    y: float
    width: float
    height: float


def round_bars(rounds: list[RoundItem]) -> tuple[list[RoundBar], float]:
    """Bars for the last finished rounds (oldest first) and the par line's height."""
    shown = list(reversed(rounds[:CHART_ROUNDS]))
    if not shown:
        return [], 0.0
    top = max(PAR, *(r.total for r in shown)) or 1
    width = CHART_WIDTH / len(shown)
    bars = [
        RoundBar(
            str(i + 1),
            r.total,
            i * width,
            CHART_HEIGHT - CHART_HEIGHT * max(r.total, 0) / top,
            width * 0.8,
            CHART_HEIGHT * max(r.total, 0) / top,
        )
        for i, r in enumerate(shown)
    ]
    return bars, CHART_HEIGHT - CHART_HEIGHT * PAR / top


def summary(record: Record) -> dict[str, Any]:
    scores = record.scores
    finished = [r for r in record.rounds if r.finished]
    return {
        "deals": len(scores),
        "average": sum(scores) / len(scores) if scores else None,
        "clears": sum(1 for s in scores if s <= 0),
        "best_round": min((r.total for r in finished), default=None),
        "finished_rounds": finished,
    }


@router.get("/solitaire/record", name="record")
def record_page(request: Request) -> Response:
    key = player.player_key(request)
    record = Record((), ())
    if key is not None:
        with request.app.state.db.read() as session:
            record = store.player_record(session, player_key=key)
    facts = summary(record)
    bars, par_y = round_bars(facts["finished_rounds"])
    token = request.cookies.get(player.COOKIE) if key else None
    context = {
        "record": record,
        "facts": facts,
        "bars": bars,
        "par": PAR,
        "par_y": par_y,
        "chart": {"width": CHART_WIDTH, "height": CHART_HEIGHT},
        "move_url": str(request.url_for("record_move", token=token)) if token else None,
        "deleted": request.query_params.get("done") == "deleted",
    }
    return private(render(request, "challenges/record.html", None, context))  # private links


def _moving_token(token: str) -> str:
    """The token of a private link as we hand them out; anything else names nothing: 404."""
    if not token_shaped(token):
        raise PageNotFound()
    return token


TokenDep = Annotated[str, Depends(_moving_token)]


@router.get("/solitaire/record/move/{token}", name="record_move")
def move_page(request: Request, token: TokenDep) -> Response:
    """The private link, opened on another device: confirm before the record moves here."""
    return private(render(request, "challenges/record_move.html", None, {"token": token}))


@router.post("/solitaire/record/move/{token}")
def move(request: Request, _form: PostedForm, token: TokenDep) -> Response:
    response = RedirectResponse("/solitaire/record", status_code=303)
    player.remember(request, response, token)
    return response


@router.get("/solitaire/record/delete", name="record_delete")
def delete_page(request: Request) -> Response:
    """Deleting unlinks the record on every device that shares it: say so, then ask."""
    if player.player_key(request) is None:
        return RedirectResponse("/solitaire/record", status_code=303)
    return private(render(request, "challenges/record_delete.html", None, {}))


@router.post("/solitaire/record/delete")
def delete(request: Request, _form: PostedForm) -> Response:
    key = player.player_key(request)
    if key is not None:
        with request.app.state.db.write() as session:
            store.forget_player(session, player_key=key)
    response = RedirectResponse("/solitaire/record?done=deleted", status_code=303)
    response.delete_cookie(player.COOKIE, path="/")
    return response
