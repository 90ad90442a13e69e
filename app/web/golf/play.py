"""The Golf table's routes: show and poll it, a person's move, start, hand over, play again.

Each change is a few lines: the dependencies load the game and check the seat, storage runs
load → rules → save with the version check, and the fresh table is shown.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any, TypeVar

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from sqlalchemy.orm import Session

from app.i18n import N_, possessive
from app.i18n import gettext as _
from app.rules.dealnum import MAX_DEAL_NUMBER
from app.rules.golf import (
    InvalidMoveError,
    Move,
    NextHole,
    Phase,
    Reveal,
    RuleError,
    seats_to_act,
)
from app.storage import golf as store
from app.web.forms import (
    FormError,
    PostedForm,
    page_field,
    version_field,
)
from app.web.golf import computer
from app.web.golf.board import move_from_code
from app.web.golf.deps import (
    NO_STORE,
    CreatorDep,
    SeatDep,
    TableDep,
    TableRefusal,
    Visit,
    give_seat,
    load_visit,
    note_seen,
)
from app.web.golf.page import (
    GolfRoute,
    after_change,
    hole_mark,
    json_view,
    moves_seen,
    only_away_changed,
    stamp,
    table_response,
)
from app.web.golf.words import refusal_text
from app.web.render import json_state, wants_json

T = TypeVar("T")

router = APIRouter(prefix="/{game_id}", route_class=GolfRoute)  # inside /golf6

REFUSALS: dict[store.Refusal, tuple[int, str]] = {
    # Another player's move, another tab or a double click: the player may be the cause.
    store.Refusal.STALE: (409, N_(
        "The table changed before your move arrived (another player, another tab or a double "
        "click), so nothing was done. Here it is as it stands now.")),
    store.Refusal.STARTED: (409, N_("The game has already started.")),
    store.Refusal.NOT_PLAYING: (409, N_("The game is not being played now.")),
    store.Refusal.STILL_PLAYING: (409, N_("This game is still going.")),
    store.Refusal.SEAT_IN_USE: (
        409, N_("That seat is still in use: wait a minute after it goes quiet.")),
    store.Refusal.NOT_A_FRIEND: (
        409, N_("Only another player’s seat can be handed to the computer.")),
    store.Refusal.TOO_LONG: (422, N_("This game has reached its length limit.")),
}


def change(request: Request, visit: Visit, work: Callable[[Session], Any],
           done: Callable[[store.Game], bool] | None = None) -> Response:
    """Run one storage change; a refusal shows the table with the reason.

    `done`: whether the game, reloaded after a stale refusal, shows that this very change was
    made meanwhile (a double click's two requests passing the version check at once).
    """
    try:
        with request.app.state.db.write() as session:
            work(session)
    except store.Refused as refused:
        stale = refused.reason == store.Refusal.STALE
        if stale and done is not None and done(load_visit(request, visit.game.id).game):
            return after_change(request, visit.game.id, since=stamp(visit.game))
        raise _refusal(refused.reason) from None
    return after_change(request, visit.game.id, since=stamp(visit.game))


def _refusal(reason: store.Refusal) -> TableRefusal:
    status, message = REFUSALS[reason]
    return TableRefusal(status, _(message))


@router.get("", response_class=HTMLResponse)
def show_game(request: Request, visit: TableDep) -> Response:
    """The table for this browser's seat, or for a watcher; JSON on request."""
    note_seen(request, visit)
    visit = computer.advance(request, visit)
    if wants_json(request):
        return json_state(json_view(visit))
    seen = moves_seen(request.query_params.get("since", "")[:40])  # after a plain form's move
    response = table_response(request, visit, seen=seen)
    if visit.secret:
        # Renewed on each visit; a seat taken before the invite link had its cookie gets it too.
        give_seat(request, response, visit.game, visit.secret)
    return response


@router.get("/table", response_class=HTMLResponse)
def poll_table(request: Request, visit: TableDep) -> Response:
    """Polled every second by the page with the stamp it shows: 204 when nothing changed."""
    note_seen(request, visit)
    visit = computer.advance(request, visit)
    since = request.query_params.get("since", "")[:40]
    if since == stamp(visit.game):
        return Response(status_code=204, headers=NO_STORE)
    return table_response(request, visit, seen=moves_seen(since),
                          news=not only_away_changed(since, visit.game))


@router.post("/start")
def start_game(request: Request, visit: CreatorDep) -> Response:
    """Deal the first hole; a second press (a double click) finds it dealt, and is done."""
    def started(game: store.Game) -> bool:
        return game.status != store.GameStatus.LOBBY

    if started(visit.game):
        return after_change(request, visit.game.id, since=stamp(visit.game))
    return change(request, visit, lambda session: store.start_game(session, game=visit.game),
                  done=started)


@router.post("/handover")
def hand_over(request: Request, visit: SeatDep, form: PostedForm) -> Response:
    """A player gives another's seat to a computer player after its browser went away."""
    seat = _field(lambda: page_field(form, "seat", 0, len(visit.game.seats) - 1))
    return change(request, visit, lambda session: store.hand_over(
        session, game=visit.game, seat=seat, by=visit.seat))


@router.post("/again")
def play_again(request: Request, visit: SeatDep, form: PostedForm) -> Response:
    """Same seats, same settings, a fresh deal (once, however many players press it)."""
    posted = _field(lambda: version_field(form))

    # The form shows only on a game that is over: the game in play again since, maybe with the
    # computer's first moves made, is what this press asked for (another press came first).
    def started_by_another(fresh: store.Game) -> bool:
        return fresh.status == store.GameStatus.PLAYING and fresh.version > posted

    if posted != visit.game.version:
        if started_by_another(visit.game):
            return after_change(request, visit.game.id, since=stamp(visit.game))
        raise TableRefusal(409, _("Another player already started it."))
    seed = secrets.randbelow(MAX_DEAL_NUMBER + 1)
    return change(request, visit,
                  lambda session: store.play_again(session, game=visit.game, seed=seed),
                  done=started_by_another)


@router.post("/move")
def move(request: Request, visit: SeatDep, form: PostedForm) -> Response:
    """A person's move: is it this seat's, is the page current, do the rules allow it."""
    game, seat = visit.game, visit.seat
    if game.status != store.GameStatus.PLAYING or game.replay is None:
        started = game.status != store.GameStatus.LOBBY
        raise TableRefusal(409, _("The game is over.") if started else
                           _("The game has not started yet."))
    try:
        chosen = _posted_move(form.get("move"), seat, game.replay.state.options.shape.size)
        version = _field(lambda: version_field(form))
        mark = form.get("hole")  # the hole the page showed (hole_mark)
        # What the page had been told: the live region of the answer tells all that is newer.
        since = page_stamp(form.get("since"), game)
        if _repeated(chosen, version, game):  # a double click: the table as it stands
            return after_change(request, game.id, since=since)
        if version != game.version and _dealt_meanwhile(chosen, game.replay, mark):
            return after_change(request, game.id, since=since)  # by another player
        if version != game.version and not _independent(chosen, game.replay, mark):
            raise _refusal(store.Refusal.STALE)
        if seat not in seats_to_act(game.replay.state):
            raise TableRefusal(409, _("Please wait: it is %(owner)s turn.",
                                      owner=_whose_turn(visit)))
        return change(request, visit, lambda session: _play(session, game, chosen, mark),
                      done=lambda fresh: _repeated(chosen, version, fresh)
                      or _dealt_meanwhile(chosen, fresh.replay, mark))
    except RuleError as error:  # malformed (InvalidMoveError) or not allowed now (Illegal...)
        raise TableRefusal(422, refusal_text(error)) from None


def _posted_move(code: object, seat: int | None, positions: int) -> Move:
    """The form's move (board.move_code), or a refusal naming what was sent."""
    try:
        return move_from_code(code, seat, positions)
    except InvalidMoveError as error:
        raise TableRefusal(422, refusal_text(error)) from None


def _repeated(chosen: Move, version: int, game: store.Game) -> bool:
    """Whether the move just stored is this one, made from the version this form shows: the
    second request of a double click, answered with the table, not with an error."""
    replay = game.replay
    return (
        replay is not None
        and game.version == version + 1
        and bool(replay.recent)
        and replay.recent[-1].move == chosen
    )


def page_stamp(sent: object, game: store.Game) -> str:
    """The stamp a form's page showed (forms carry it), or the game's own when there is none."""
    return sent if isinstance(sent, str) and moves_seen(sent[:40]) is not None else stamp(game)


def _dealt_meanwhile(chosen: Move, replay: store.Replay | None, mark: object) -> bool:
    """Whether "Deal the next hole" was pressed by another player first: done, not refused."""
    return (isinstance(chosen, NextHole) and replay is not None and mark is not None
            and mark != hole_mark(replay))


def _play(session: Session, game: store.Game, chosen: Move, mark: object) -> None:
    """Store the move on the game as this request read it (a move stored since: STALE).

    Turning up one of your first two cards does not depend on what the others turn, and the
    computers turn theirs all at once, perhaps while this request runs: such a move is played
    on the game as it is stored now, so that their flips landing first do not refuse it; and
    a double click on such a card turns it up once, as a player means it."""
    if game.replay is not None and _independent(chosen, game.replay, mark):
        game = store.load_game(session, game_id=game.id)
        replay = game.replay
        if replay is not None and _independent(chosen, replay, mark) and _is_up(replay, chosen):
            return
    store.play(session, game=game, moves=[chosen])


def _is_up(replay: store.Replay, reveal: Reveal) -> bool:
    return replay.state.face_up[reveal.seat][reveal.index]


def _independent(chosen: Move, replay: store.Replay, mark: object) -> bool:
    """Turning up your first two cards does not depend on what the others turned meanwhile,
    as long as it is still the hole the page showed (a script that sends no mark is
    trusted with that)."""
    return (isinstance(chosen, Reveal) and replay.state.phase == Phase.FLIP
            and (mark is None or mark == hole_mark(replay)))


def _whose_turn(visit: Visit) -> str:
    replay = visit.game.replay
    turn = replay.state.turn if replay else None
    return possessive(visit.names()[turn]) if turn is not None else _("another player’s")


def _field(read: Callable[[], T]) -> T:
    """A value the page itself put in the form (forms.page_field); a bad one shows the table
    with the request for a reload."""
    try:
        return read()
    except FormError as error:
        raise TableRefusal(422, error.message) from None
