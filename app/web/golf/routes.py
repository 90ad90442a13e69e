"""Golf online: the new-game form, the invite link (join), and the private rejoin link.

The table itself (show, poll, moves, start, rematch) lives in play.py.
"""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from app.i18n import N_
from app.i18n import gettext as _
from app.ratelimit import limit
from app.rules.dealnum import MAX_DEAL_NUMBER
from app.rules.golf import Length
from app.rules.names import MAX_NAME
from app.storage import golf as store
from app.web.forms import FormError, PostedForm, typed
from app.web.golf import coach_routes, play
from app.web.golf.deps import (
    NO_STORE,
    InviteDep,
    Visit,
    game_path,
    give_seat,
    seat_name,
)
from app.web.golf.forms import (
    BOT_LEVELS,
    FORM_DEFAULTS,
    GAMES,
    VARIATIONS,
    parse_new_game,
    player_name_field,
    rules_in_play,
    sent_back,
)
from app.web.golf.words import GAME_NAMES
from app.web.loading import found, not_found_is_404
from app.web.render import private, render

router = APIRouter(prefix="/golf6")

JOIN_REFUSALS = {
    # Once the game starts, every free seat went to the computer.
    store.Refusal.STARTED: (409, N_("Sorry, every seat is taken now.")),
    store.Refusal.NAME_TAKEN: (422, N_("Someone at this table is already called %(name)s: "
                                       "please add an initial.")),
    store.Refusal.SEATS_FULL: (409, N_("Sorry, every seat is taken now.")),
}


def _new_form(request: Request, form: dict[str, Any], error: FormError | None = None,
              status: int = 200) -> HTMLResponse:
    context = {
        "form": form,
        "message": error.message if error else None,
        "errors": {error.field: error.message} if error else {},
        "games": GAMES,
        "bot_levels": BOT_LEVELS,
        "lengths": list(Length),
        "variations": VARIATIONS,
    }
    return render(request, "golf6/new.html", None, context, status)


@router.get("", response_class=HTMLResponse)
def new_game_form(request: Request) -> HTMLResponse:
    return _new_form(request, FORM_DEFAULTS)


@router.post("")
def create_game(request: Request, form: PostedForm) -> Response:
    try:
        new = parse_new_game(form)
    except FormError as error:
        return _new_form(request, sent_back(form), error, 422)
    limit(request, key="create")
    settings = {"length": new.length, "bot": new.bot, "options": new.options, "hints": new.hints}
    with request.app.state.db.write() as session:
        made = store.create_game(
            session, settings=settings, seed=secrets.randbelow(MAX_DEAL_NUMBER + 1),
            creator=new.name, kinds=new.seat_kinds(),
        )
        game = store.load_game(session, game_id=made.game_id)
    response = RedirectResponse(game_path(game.id), status_code=303)
    give_seat(request, response, game, made.secret)
    return response


def _to_table(visit: Visit) -> Response:
    return RedirectResponse(game_path(visit.game.id), status_code=303, headers=NO_STORE)


def _join_page(request: Request, visit: Visit, name: str = "", error: FormError | None = None,
               status: int = 200) -> HTMLResponse:
    game = visit.game
    is_lobby = game.status == store.GameStatus.LOBBY
    free = sum(seat.kind == store.OPEN for seat in game.seats)
    context = {
        "game": game,
        "is_lobby": is_lobby,
        "can_join": is_lobby and free > 0,
        "game_name": GAME_NAMES[game.options.game],  # in running text: "sexkortsgolf"
        "rules_in_play": rules_in_play(game.options),
        "invite_id": game.invite_id,
        "host": seat_name(game.seats[0]),
        "free": free,
        "name": name,
        "message": error.message if error else None,
        "errors": {error.field: error.message} if error else {},
    }
    return private(render(request, "golf6/join.html", None, context, status))  # the invite


@router.get("/join/{invite_id}", response_class=HTMLResponse)
def join_form(request: Request, visit: InviteDep) -> Response:
    """A browser that already holds a seat here goes to its seat, not to a second one."""
    return _to_table(visit) if visit.me else _join_page(request, visit)


@router.post("/join/{invite_id}")
def join_game(request: Request, visit: InviteDep, form: PostedForm) -> Response:
    if visit.me:
        return _to_table(visit)
    try:
        name = player_name_field(form)
    except FormError as error:
        return _join_page(request, visit, typed(form, "name", MAX_NAME), error, 422)
    try:
        with request.app.state.db.write() as session:
            joined = store.join_game(session, invite_id=visit.game.invite_id, name=name)
    except store.Refused as refused:
        status, message = JOIN_REFUSALS[refused.reason]
        error = FormError("name", _(message, name=name))
        return _join_page(request, visit, name, error, status)
    response = RedirectResponse(game_path(visit.game.id), status_code=303)
    give_seat(request, response, visit.game, joined.secret)
    return response


@router.get("/{game_id}/rejoin/{secret}")
def rejoin(request: Request, game_id: str, secret: str) -> Response:
    """The private link: puts this seat's cookie in a new browser, then shows the table. A
    seat since handed to the computer leads there too: the table says why it only watches."""
    with not_found_is_404(), request.app.state.db.read() as session:
        if store.seat_for_secret(session, game_id=game_id, secret=secret) is None:
            found(store.handed_over_seat(session, game_id=game_id, secret=secret))
        game = store.load_game(session, game_id=game_id)
    response = RedirectResponse(game_path(game_id), status_code=303)
    give_seat(request, response, game, secret)
    return response


# After the join routes, so that no "/golf6/{game_id}/..." pattern can shadow them.
router.include_router(play.router)
router.include_router(coach_routes.router)
