"""The six-card Golf table: rendering it for a seat, people's moves, the polled fragment.

Every change is load → rules → save with a version check → render.
"""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, Response

from app.rules.golf import Phase, describe, seats_to_act
from app.rules.golf.moves import (
    InvalidMoveError,
    Move,
    Reveal,
    RuleError,
    move_from_json,
)
from app.rules.golf.view import view_for
from app.storage import golf as store
from app.web.golf import board as table_board
from app.web.golf import computer
from app.web.golf.forms import VARIATIONS
from app.web.golf.seats import (
    Table,
    cookie_name,
    game_path,
    is_away,
    load_table,
    note_seen,
    refusal_for_watcher,
)
from app.web.golf.state import MAX_MOVES, Replayed, replayed, save_moves
from app.web.golf.words import event_text, refusal_text
from app.web.render import after_post, render


def variations() -> list[dict[str, Any]]:
    return VARIATIONS


def view_of(table: Table, state_now: Replayed) -> dict[str, Any]:
    seat = table.me.seat if table.me else None
    return view_for(state_now.state, seat, table.names())


def json_view(table: Table) -> dict[str, Any]:
    """The JSON state of CONTRACT.md for this browser's seat (a watcher sees no hidden card)."""
    if table.game.status == "lobby":
        return {
            "hole": 0, "holes": None, "phase": "lobby", "turn": None,
            "you": table.me.seat if table.me else None,
            "seats": [{"name": name, "layout": [None] * 6, "totals": 0} for name in table.names()],
            "discard_top": None, "stock": 0, "drawn": None,
        }
    return view_of(table, replayed(table.game))


def status_lines(table: Table, now: Replayed | None, since: int | None) -> list[str]:
    """What just happened (the moves this browser has not seen yet) and whose turn it is."""
    if now is None:
        taken = sum(seat.kind != store.OPEN for seat in table.seats)
        return [f"Waiting to start: {taken} of {len(table.seats)} seats taken."]
    viewer = table.me.seat if table.me else None
    fresh = 1 if since is None else max(1, min(table.game.version - since, len(now.recent)))
    steps = now.recent[-fresh:] if now.count else ()
    lines = [event_text(describe(s.move, s.before, s.after, viewer), table.names())
             for s in steps]
    return lines + [table_board.turn_line(view_of(table, now))]


def context(table: Table, request: Request, message: str | None, since: int | None) -> dict:
    """Everything the table templates need for this browser's seat."""
    game = table.game
    now = replayed(game) if game.status != "lobby" else None
    board = None
    if now is not None:
        away = {seat.seat for seat in table.seats if is_away(seat)}
        board = table_board.board(view_of(table, now), away)
    base = str(request.base_url).rstrip("/")
    return {
        "game": game,
        "table": table,
        "seat_names": table.names(),
        "board": board,
        "message": message,
        "status_lines": status_lines(table, now, since),
        "stamp": stamp(table),
        "open_seats": any(seat.kind == store.OPEN for seat in table.seats),
        "invite_url": f"{base}/golf6/join/{game.invite_id}" if table.is_creator else None,
        "watch_url": f"{base}{game_path(game.id)}",
        "rejoin_url": rejoin_url(request, table, base),
    }


def rejoin_url(request: Request, table: Table, base: str) -> str | None:
    """The private link that puts this seat in another browser (only shown to its holder)."""
    if table.me is None:
        return None
    secret = request.cookies.get(cookie_name(table.game.id))
    return f"{base}/golf6/{table.game.id}/rejoin/{secret}" if secret else None


def table_response(request: Request, game_id: str, message: str | None = None,
                   status: int = 200, focus: bool = False) -> HTMLResponse:
    """The page (or the htmx fragment) of the table as this browser's seat sees it."""
    table = load_table(request, game_id)
    values = context(table, request, message, None)
    if focus and values["board"]:
        # After your own move the keyboard focus goes to what you will most likely do next.
        values["board"]["focus_id"] = table_board.next_focus(values["board"])
    return render(request, "golf6/game.html", "golf6/_fragment.html", values, status)


def after_change(request: Request, game_id: str) -> Response:
    fragment = table_response(request, game_id, focus=True)
    return after_post(request, game_path(game_id), fragment)


def parse_move(raw: object, seat: int) -> Move:
    """The form's "kind" or "kind:index" with the acting seat; garbage raises InvalidMoveError."""
    text = str(raw or "")[:40]
    kind, _, index = text.partition(":")
    data: dict[str, Any] = {"kind": kind, "seat": seat}
    if index:
        data["index"] = index
    move = move_from_json(data)
    if table_board.move_code(move) != text:  # e.g. an index on a move that takes none
        raise InvalidMoveError("not_a_move", text=text)
    return move


def refuse(request: Request, game_id: str, status: int, message: str) -> HTMLResponse:
    return table_response(request, game_id, message, status)


def play_move(request: Request, game_id: str, form: dict[str, Any]) -> Response:
    """A person's move: load, check who and when, ask the rules, save, show."""
    table = load_table(request, game_id)
    watching = refusal_for_watcher(table)
    if watching is not None:
        return refuse(request, game_id, 403, watching)
    if table.game.status != "playing":
        started = table.game.status != "lobby"
        return refuse(request, game_id, 409,
                      "The game is over." if started else "The game has not started yet.")
    now = replayed(table.game)
    try:
        move = parse_move(form.get("move"), table.me.seat)
        problem = refusal(table, now, move, form.get("version"))
        if problem is None and not save_moves(request, table, now, [move]):
            problem = 409, "Someone moved just before you: here is the table."
    except RuleError as error:  # malformed (InvalidMoveError) or not allowed now (Illegal...)
        problem = 422, refusal_text(error)
    if problem is not None:
        return refuse(request, game_id, *problem)
    return after_change(request, game_id)


def refusal(table: Table, now: Replayed, move: Move, version: object) -> tuple[int, str] | None:
    """Why this seat may not make this move now (stale page, not its turn, too long)."""
    seat = table.me.seat if table.me else None
    if str(version) != str(table.game.version) and not _independent(move, now):
        return 409, "The table changed since your page was drawn: here it is now."
    if seat not in seats_to_act(now.state):
        turn = now.state.turn
        name = table.names()[turn] if turn is not None else "another player"
        return 409, f"Please wait: it is {name}’s turn."
    if len(table.game.moves) >= MAX_MOVES:
        return 422, "This game has reached its length limit."
    return None


def _independent(move: Move, now: Replayed) -> bool:
    """Turning up your first two cards does not depend on what the others turned meanwhile."""
    return isinstance(move, Reveal) and now.state.phase == Phase.FLIP


def stamp(table: Table) -> str:
    """What a poll compares: the game's version, and which friends have gone quiet."""
    away = sum(1 << seat.seat for seat in table.seats if is_away(seat))
    return f"{table.game.version}.{away}"


def poll(request: Request, game_id: str, since: str) -> Response:
    """The polled table: 204 when nothing changed since `since`, else the fresh fragment."""
    table = load_table(request, game_id)
    note_seen(request, table)
    table = computer.advance(request, table)
    if since == stamp(table):
        return Response(status_code=204, headers={"cache-control": "no-store"})
    seen = since.partition(".")[0]
    return render(request, "golf6/game.html", "golf6/_fragment.html",
                  context(table, request, None, int(seen) if seen.isdigit() else None))
