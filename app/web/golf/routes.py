"""Six-card Golf online: the new-game form, the lobby (invite, join, rejoin, start).

The table itself (turns, polling, computer players) lives in play.py.
"""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from app.ratelimit import limit
from app.rules.dealnum import MAX_DEAL_NUMBER
from app.storage import golf as store
from app.web.errors import error_response
from app.web.forms import PostedForm
from app.web.golf import computer, play
from app.web.golf.forms import BOT_LEVELS, LENGTHS, FormError, clean_name, parse_new_game
from app.web.golf.seats import (
    game_path,
    is_away,
    load_table,
    note_seen,
    refusal_for_watcher,
    seat_name,
    set_seat_cookie,
)
from app.web.render import json_state, render, wants_json

router = APIRouter(prefix="/golf6")

FORM_DEFAULTS = {"name": "", "bots": 1, "friends": 0, "bot": "coach", "length": "9",
                 "last_turn": True}


def _new_form(request: Request, form: dict[str, Any], message: str | None,
              status: int = 200) -> HTMLResponse:
    context = {
        "form": form,
        "message": message,
        "bot_levels": BOT_LEVELS,
        "lengths": LENGTHS,
        "variations": play.variations(),
    }
    return render(request, "golf6/new.html", None, context, status)


def _sent_back(form: Any) -> dict[str, Any]:
    """The form as it was sent, to show again with the problem (all of it, variations too)."""
    sent = {**FORM_DEFAULTS, **{key: str(value)[:40] for key, value in form.items()}}
    sent["last_turn"] = form.get("last_turn") == "on"
    for variation in play.variations():
        if "choices" not in variation:
            sent[variation["key"]] = form.get(variation["key"]) == "on"
    return sent


@router.get("", response_class=HTMLResponse)
def new_game_form(request: Request) -> HTMLResponse:
    defaults = {v["key"]: v["default"] for v in play.variations()}
    return _new_form(request, {**FORM_DEFAULTS, **defaults}, None)


@router.post("")
def create_game(request: Request, form: PostedForm) -> Response:
    try:
        new = parse_new_game(form, play.variations())
    except FormError as error:
        return _new_form(request, _sent_back(form), str(error), 422)
    limit(request, key="create")
    settings = {"length": new.length, "bot": new.bot, "options": new.options}
    with request.app.state.db.write() as session:
        game, secret = store.create_game(
            session, settings=settings, seed=secrets.randbelow(MAX_DEAL_NUMBER + 1),
            creator=new.name, kinds=new.seat_kinds(),
        )
    response = RedirectResponse(game_path(game.id), status_code=303)
    set_seat_cookie(request, response, game.id, secret)
    return response


@router.get("/join/{invite_id}", response_class=HTMLResponse)
def join_form(request: Request, invite_id: str) -> HTMLResponse:
    return _join_page(request, invite_id, "", None)


def _join_page(request: Request, invite_id: str, name: str, message: str | None,
               status: int = 200) -> HTMLResponse:
    with request.app.state.db.read() as session:
        game = store.get_game_by_invite(session, invite_id=invite_id)
        if game is None:
            raise HTTPException(404)
        seats = store.list_seats(session, game_id=game.id)
    context = {
        "game": game,
        "invite_id": invite_id,
        "host": seat_name(seats[0]),
        "free": sum(seat.kind == store.OPEN for seat in seats),
        "name": name,
        "message": message,
    }
    return render(request, "golf6/join.html", None, context, status)


@router.post("/join/{invite_id}")
def join_game(request: Request, invite_id: str, form: PostedForm) -> Response:
    raw_name = str(form.get("name", ""))
    try:
        name = clean_name(raw_name)
    except FormError as error:
        return _join_page(request, invite_id, raw_name[:30], str(error), 422)
    with request.app.state.db.write() as session:
        game = store.get_game_by_invite(session, invite_id=invite_id)
        if game is None:
            raise HTTPException(404)
        names = {(seat.name or "").casefold() for seat in store.list_seats(session,
                                                                         game_id=game.id)}
        taken = None
        if name.casefold() not in names and game.status == "lobby":
            taken = store.take_open_seat(session, game_id=game.id, name=name)
    if name.casefold() in names:
        message = f"Someone at this table is already called {name}: please add an initial."
        return _join_page(request, invite_id, name, message, 422)
    if taken is None:
        return _join_page(request, invite_id, name, "Sorry, every seat is taken now.", 409)
    response = RedirectResponse(game_path(game.id), status_code=303)
    set_seat_cookie(request, response, game.id, taken[1])
    return response


@router.get("/{game_id}/rejoin/{secret}")
def rejoin(request: Request, game_id: str, secret: str) -> Response:
    """The private link: puts this seat's cookie in a new browser, then shows the table."""
    with request.app.state.db.read() as session:
        seat = store.seat_for_secret(session, game_id=game_id, secret=secret)
    if seat is None:
        return error_response(request, 404, "That rejoin link does not match a seat.")
    response = RedirectResponse(game_path(game_id), status_code=303)
    set_seat_cookie(request, response, game_id, secret)
    return response


@router.post("/{game_id}/start")
def start_game(request: Request, game_id: str) -> Response:
    table = load_table(request, game_id)
    if not table.is_creator:
        return play.refuse(request, game_id, 403,
                           "Only the person who made the game can start it.")
    if table.game.status != "lobby":
        return play.table_response(request, game_id, "The game has already started.", 409)
    try:
        with request.app.state.db.write() as session:
            for seat in table.seats:
                if seat.kind == store.OPEN:
                    store.set_seat_kind(session, game_id=game_id, seat=seat.seat,
                                        kind=table.game.settings["bot"])
            if not store.save_progress(session, game_id=game_id, moves=[], status="playing",
                                       expected_version=table.game.version):
                raise _Raced  # roll the seat changes back: someone joined meanwhile
    except _Raced:
        return play.table_response(request, game_id, "Someone just joined: press Start again.",
                                   409)
    return play.after_change(request, game_id)


class _Raced(Exception):
    """The game changed between reading and writing it."""


@router.get("/{game_id}", response_class=HTMLResponse)
def show_game(request: Request, game_id: str) -> Response:
    """The table for this browser's seat, or for a watcher; JSON on request."""
    table = load_table(request, game_id)
    note_seen(request, table)
    table = computer.advance(request, table)
    if wants_json(request):
        return json_state(play.json_view(table))
    return play.table_response(request, game_id)


@router.get("/{game_id}/table", response_class=HTMLResponse)
def poll_table(request: Request, game_id: str, since: str = "") -> Response:
    """Polled every second by the page: 204 when nothing changed."""
    return play.poll(request, game_id, since[:40])


@router.post("/{game_id}/move")
def move(request: Request, game_id: str, form: PostedForm) -> Response:
    return play.play_move(request, game_id, dict(form))


@router.post("/{game_id}/handover")
def hand_over(request: Request, game_id: str, form: PostedForm) -> Response:
    """The creator gives a friend's seat to a computer player after the friend went away."""
    table = load_table(request, game_id)
    if not table.is_creator:
        return play.refuse(request, game_id, 403,
                           "Only the person who made the game can hand a seat over.")
    seat = next((s for s in table.seats if str(s.seat) == str(form.get("seat"))), None)
    if seat is None or not is_away(seat):
        return play.table_response(
            request, game_id, "That seat is still in use: wait a minute after it goes quiet.", 409
        )
    with request.app.state.db.write() as session:
        store.set_seat_kind(session, game_id=game_id, seat=seat.seat,
                            kind=table.game.settings["bot"])
        store.bump_version(session, game_id=game_id)
    return play.after_change(request, game_id)


@router.post("/{game_id}/again")
def play_again(request: Request, game_id: str, form: PostedForm) -> Response:
    """Same seats, same settings, a fresh deal."""
    table = load_table(request, game_id)
    watching = refusal_for_watcher(table, only="the players")
    if watching is not None:
        return play.refuse(request, game_id, 403, watching)
    if table.game.status != "over":
        return play.table_response(request, game_id, "This game is still going.", 409)
    with request.app.state.db.write() as session:
        saved = store.save_progress(
            session, game_id=game_id, expected_version=_version(form), moves=[],
            status="playing", seed=secrets.randbelow(MAX_DEAL_NUMBER + 1),
        )
    if not saved:
        return play.table_response(request, game_id, "Another player already started it.", 409)
    return play.after_change(request, game_id)


def _version(form: Any) -> int:
    raw = str(form.get("version", ""))
    return int(raw) if raw.isdigit() and len(raw) < 10 else -1
