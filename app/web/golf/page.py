"""The table as one browser sees it: the page, the htmx fragment and the JSON state.

Every answer about a game goes through `table_response` (or `json_view`), so each carries
`Cache-Control: no-store`: a seat's table holds its rejoin link, which is its secret.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import HTTPException, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, Response
from fastapi.routing import APIRoute

from app.i18n import gettext as _
from app.i18n import join_names
from app.rules.golf import describe, view_for
from app.rules.numbers import parse_int
from app.storage import golf as store
from app.storage.models import utcnow
from app.web.forms import VERSION_LIMIT, read_form
from app.web.golf import board as table_board
from app.web.golf import coach as coach_words
from app.web.golf.deps import NO_STORE, TableRefusal, Visit, game_path, invite_path, load_visit
from app.web.golf.forms import GAMES, rules_in_play
from app.web.golf.words import event_text
from app.web.render import after_post, render

PAGE = "golf6/game.html"
FRAGMENT = "golf6/_fragment.html"


def view_of(visit: Visit, replay: store.Replay) -> dict[str, Any]:
    return view_for(replay.state, visit.seat, visit.names())


def json_view(visit: Visit) -> dict[str, Any]:
    """The JSON state of CONTRACT.md for this browser's seat (a watcher sees no hidden card)."""
    replay = visit.game.replay
    if replay is None:
        options = visit.game.options
        size = options.shape.size
        return {
            "hole": 0, "holes": options.holes, "phase": "lobby", "turn": None, "you": visit.seat,
            "seats": [{"name": name, "layout": [None] * size, "totals": 0}
                      for name in visit.names()],
            "discard_top": None, "stock": 0, "drawn": None,
        }
    return view_of(visit, replay)


def status_lines(visit: Visit, seen: int | None) -> list[str]:
    """What just happened (the moves since the `seen`-th, which this browser has not been
    told of; the last one when unknown) and whose turn it is."""
    game, replay = visit.game, visit.game.replay
    if replay is None:
        taken = sum(seat.kind != store.OPEN for seat in game.seats)
        return [_("Waiting to start: %(taken)s of %(seats)s seats taken.",
                  taken=taken, seats=len(game.seats))]
    news = []
    if seen is None:  # a page: its last move
        fresh = 1
    elif seen > replay.count:  # Play again since: the new game's moves, all of them
        fresh, news = len(replay.recent), [_("A new game has begun.")]
    else:  # none when nothing was moved (a seat handed to the computer, a friend back)
        fresh = min(replay.count - seen, len(replay.recent))
    steps = replay.recent[-fresh:] if fresh and replay.count else ()
    lines = [event_text(describe(s.move, s.before, s.after, visit.seat), visit.names(),
                        coach_words.why(s, game), reader=visit.seat) for s in steps]
    view = view_of(visit, replay)
    turn = table_board.turn_line(view)
    playing = view["phase"] != "flip" and view["phase"] not in table_board.HOLE_DONE
    if playing and visit.seat is not None and view["turn"] == visit.seat:
        # Your turn first: a phone shows the start of a long line, and it is what matters now.
        return news + [turn] + lines
    return news + lines + [turn]


def away_seats(game: store.Game) -> set[int]:
    now = utcnow()
    return {seat.seat for seat in game.seats if seat.is_away(now)}


def stamp(game: store.Game) -> str:
    """What a page shows and its poll sends back: the game's version, the moves made so far
    (one save may hold several: a computer's whole turn), and which friends have gone quiet."""
    moves = game.replay.count if game.replay is not None else 0
    return f"{game.version}.{moves}.{sum(1 << seat for seat in away_seats(game))}"


def only_away_changed(since: str, game: store.Game) -> bool:
    """Whether the stamp differs from the game's only in who has gone quiet: no news for the
    live region, which rewritten would make screen readers say the last move again."""
    return since.rpartition(".")[0] == stamp(game).rpartition(".")[0]


def moves_seen(since: str) -> int | None:
    """How many moves the page that sent this stamp had been told of (None if not a stamp)."""
    parts = since.split(".")
    return parse_int(parts[1], 0, VERSION_LIMIT) if len(parts) == 3 else None


def last_game_text(visit: Visit) -> str:
    """After Play again, until the first hole is over: how the game before ended, for those
    still reading it when another player started the rematch."""
    game = visit.game
    totals = store.last_game_totals(game)
    if totals is None or game.replay is None or game.replay.state.scores:
        return ""
    names = [_("you") if seat == visit.seat else name for seat, name in enumerate(visit.names())]
    scores = [_("%(name)s %(total)s", name=name, total=total)
              for name, total in zip(names, totals, strict=True)]
    return _("The last game ended: %(scores)s (lowest wins).", scores=join_names(scores))


def hole_mark(replay: store.Replay | None) -> str:
    """Which hole of which game a form was made in ("2-5": the second game's hole 5)."""
    return f"{replay.deal}-{replay.state.hole}" if replay is not None else ""


def context(visit: Visit, request: Request, message: str | None, seen: int | None,
            news: bool = True) -> dict:
    """Everything the table templates need for this browser's seat."""
    game = visit.game
    board = None
    if game.replay is not None:
        board = table_board.board(view_of(visit, game.replay), away_seats(game))
    base = str(request.base_url).rstrip("/")
    return {
        "game": game,
        "game_name": GAMES[game.options.game],
        "rules_in_play": rules_in_play(game.options),
        "hole_mark": hole_mark(game.replay),
        "last_game": last_game_text(visit),
        "visit": visit,
        "seat_names": visit.names(),
        "board": board,
        "message": message,
        "status_lines": status_lines(visit, seen),
        "status_news": news,  # False: leave the live region as it is
        "stamp": stamp(game),
        "poll_ms": request.app.state.settings.poll_ms,
        "open_seats": any(seat.kind == store.OPEN for seat in game.seats),
        "invite_url": f"{base}{invite_path(game.invite_id)}" if visit.is_creator else None,
        "watch_url": f"{base}{game_path(game.id)}",
        # The private link that puts this seat in another browser (shown to its holder only).
        "rejoin_url": f"{base}{game_path(game.id)}/rejoin/{visit.secret}" if visit.secret else None,
        # The Hint button, who used hints, the hole review (app.web.golf.coach).
        "coach": coach_words.table_context(request, visit),
        "reloads_itself": reloads_itself(visit, board),
    }


def reloads_itself(visit: Visit, board: dict | None) -> bool:
    """Without JavaScript nothing polls: whether someone else may change the table now, so
    the page should reload itself (not while the reader alone can move it on)."""
    game = visit.game
    others = [seat for seat in game.seats if seat.seat != visit.seat]
    if game.status == store.GameStatus.LOBBY:  # a friend may join, or the creator start
        return any(seat.kind == store.OPEN for seat in game.seats) or not visit.is_creator
    if game.status != store.GameStatus.PLAYING or board is None:
        return False
    if board["hole_over"]:  # computers leave the next deal to the people at the table
        return any(seat.kind == store.HUMAN for seat in others) or visit.seat is None
    return not board["your_turn"]


def table_response(request: Request, visit: Visit, message: str | None = None,
                   status: int = 200, focus: bool = False,
                   seen: int | None = None, news: bool = True) -> HTMLResponse:
    """The page (or the htmx fragment) of the table as this browser's seat sees it."""
    values = context(visit, request, message, seen, news)
    if focus and values["board"]:
        # After your own move the keyboard focus goes to what you will most likely do next.
        values["board"]["focus_id"] = table_board.next_focus(values["board"])
    response = render(request, PAGE, FRAGMENT, values, status)
    response.headers.update(NO_STORE)
    return response


def after_change(request: Request, game_id: str, since: str) -> Response:
    """htmx gets the fresh table; a plain form gets Post/Redirect/Get, to a page that tells
    what happened since the stamp `since` (the player's own move, then the computers'), as a
    page with JavaScript hears it poll by poll."""
    fragment = table_response(request, load_visit(request, game_id), focus=True,
                              seen=moves_seen(since))
    return after_post(request, f"{game_path(game_id)}?since={since}", fragment)


async def _posted_stamp(request: Request) -> str | None:
    """The page's stamp a refused form carried (parsed once: Starlette keeps the form)."""
    if request.method != "POST":
        return None
    try:
        since = (await read_form(request)).get("since")
    except HTTPException:  # an unreadable body: its refusal says so, the region stays
        return None
    return since if isinstance(since, str) else None


def _refusal_response(request: Request, game_id: str, refusal: TableRefusal,
                      since: str | None) -> Response:
    """The table with the reason; its live region says only what the page had not been told
    (nothing, when nothing changed), so a screen reader does not hear a move again."""
    visit = load_visit(request, game_id)
    seen = moves_seen(since[:40]) if since else None
    news = seen is None or not only_away_changed(since or "", visit.game)
    return table_response(request, visit, refusal.message, refusal.status, seen=seen, news=news)


class GolfRoute(APIRoute):
    """Answers a TableRefusal with the table as it is now and the reason, so the page keeps
    following the game (htmx swaps it into the same region)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def handle(request: Request) -> Response:
            try:
                return await handler(request)
            except TableRefusal as refusal:
                game_id = request.path_params["game_id"]
                since = await _posted_stamp(request)
                return await run_in_threadpool(_refusal_response, request, game_id, refusal,
                                               since)

        return handle
