"""The Hint button's route: the coach's advice for this seat, in the live region.

A POST, not a GET: asking for a hint is counted (every seat sees who used hints), so it is
not something a prefetch or a crawler may trigger. htmx gets the table fragment with the
advice in the live region; a browser without JavaScript gets the whole page with it.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from app.i18n import gettext as _
from app.storage import golf as store
from app.storage.golf import coach as coach_store
from app.web.golf import coach
from app.web.golf.deps import NO_STORE, SeatDep, TableRefusal, load_visit
from app.web.golf.page import FRAGMENT, PAGE, GolfRoute, context
from app.web.render import render

router = APIRouter(prefix="/{game_id}", route_class=GolfRoute)  # inside /golf6


@router.post("/hint")
def ask_hint(request: Request, visit: SeatDep) -> Response:
    if not coach.hints_allowed(visit.game):
        raise TableRefusal(403, _("Hints are off in this game."))
    if visit.game.status != store.GameStatus.PLAYING or not coach.may_hint(visit):
        raise TableRefusal(409, _("The coach gives a hint when it is your turn to choose."))
    text = coach.table_hint(visit)
    if text is None:
        raise TableRefusal(409, _("The coach gives a hint when it is your turn to choose."))
    with request.app.state.db.write() as session:
        coach_store.note_hint(session, game_id=visit.game.id, seat=visit.seat)
    visit = load_visit(request, visit.game.id)  # with the hint counted
    values = context(visit, request, None, None)
    values["status_lines"] = [text]
    values["coach"]["hint_text"] = text
    response = render(request, PAGE, FRAGMENT, values)
    response.headers.update(NO_STORE)
    return response
