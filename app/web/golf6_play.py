"""The six-card Golf table: rendering it for a seat, people's moves, computer players' moves.

Every change is load → rules → save with a version check → render. Computer players move
lazily: whenever anyone looks at the table and a computer seat may act and the last move is
older than the bot delay, the server asks that bot (from its seat's honest view) and saves
its move with the same version check, so racing workers are harmless.
"""

from __future__ import annotations

import os
import random
from typing import Any

from fastapi import HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from app.players import golf6_bots
from app.rules.golf6 import Phase, is_over, seats_to_act
from app.rules.golf6_moves import (
    InvalidMoveError,
    Move,
    NextHole,
    Reveal,
    RuleError,
    move_from_json,
)
from app.rules.golf6_moves import move_to_json as to_json
from app.rules.golf6_view import describe, view_for
from app.storage import golf6 as store
from app.storage.models import utcnow
from app.web import golf6_board
from app.web.golf6_forms import VARIATIONS
from app.web.golf6_seats import Table, cookie_name, game_path, is_away, load_table, note_seen
from app.web.golf6_state import Replayed, extend, replayed
from app.web.render import after_post, render

# A cap so that no game grows without end (a long "until 100" game needs about 3,000).
MAX_MOVES = 6000
DEFAULT_BOT_DELAY_MS = 800
# After a long quiet spell the computers catch up at most this many moves per request.
MAX_CATCH_UP = 24


def variations() -> list[dict[str, Any]]:
    return VARIATIONS


def bot_delay_seconds() -> float:
    """Pause before a computer player moves (GOLF_BOT_DELAY_MS; tests set it low)."""
    raw = os.environ.get("GOLF_BOT_DELAY_MS", "")
    return (int(raw) if raw.isdigit() else DEFAULT_BOT_DELAY_MS) / 1000


def is_bot(kind: str) -> bool:
    return kind not in (store.HUMAN, store.OPEN)


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
    lines = [describe(s.move, s.before, s.after, table.names(), viewer) for s in steps]
    return lines + [golf6_board.turn_line(view_of(table, now))]


def context(table: Table, request: Request, message: str | None, since: int | None) -> dict:
    """Everything the table templates need for this browser's seat."""
    game = table.game
    now = replayed(game) if game.status != "lobby" else None
    board = None
    if now is not None:
        away = {seat.seat for seat in table.seats if is_away(seat)}
        board = golf6_board.board(view_of(table, now), away)
    base = str(request.base_url).rstrip("/")
    return {
        "game": game,
        "table": table,
        "seat_names": table.names(),
        "board": board,
        "message": message,
        "status_lines": status_lines(table, now, since),
        "open_seats": any(seat.kind == store.OPEN for seat in table.seats),
        "invite_url": f"{base}/golf6/join/{game.invite_id}" if table.is_creator else None,
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
        values["board"]["focus_id"] = golf6_board.next_focus(values["board"])
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
    if golf6_board.move_code(move) != text:  # e.g. an index on a move that takes none
        raise InvalidMoveError(f"{text!r} is not a move")
    return move


def refuse(request: Request, game_id: str, status: int, message: str) -> HTMLResponse:
    return table_response(request, game_id, message, status)


def save_moves(request: Request, table: Table, start: Replayed, moves: list[Move]) -> bool:
    """Append moves to the log if nobody moved since the table was read."""
    after = extend(start, moves)
    with request.app.state.db.write() as session:
        return store.save_progress(
            session,
            game_id=table.game.id,
            expected_version=table.game.version,
            moves=[*table.game.moves, *(to_json(m) for m in moves)],
            status="over" if is_over(after.state) else "playing",
        )


def play_move(request: Request, game_id: str, form: dict[str, Any]) -> Response:
    """A person's move: who, when, which; refused with a reason, or saved and shown."""
    table = load_table(request, game_id)
    if table.me is None:
        raise HTTPException(403, "You are watching this game: only its players can move.")
    game = table.game
    if game.status != "playing":
        message = "The game has not started yet." if game.status == "lobby" else (
            "The game is over.")
        return refuse(request, game_id, 409, message)
    now = replayed(game)
    try:
        move = parse_move(form.get("move"), table.me.seat)
    except InvalidMoveError as error:
        return refuse(request, game_id, 422, error.message)
    if str(form.get("version")) != str(game.version) and not _independent(move, now):
        return refuse(request, game_id, 409,
                      "The table changed since your page was drawn: here it is now.")
    if table.me.seat not in seats_to_act(now.state):
        name = table.names()[now.state.turn] if now.state.turn is not None else "nobody"
        return refuse(request, game_id, 409, f"Please wait: it is {name}’s turn.")
    if len(game.moves) >= MAX_MOVES:
        return refuse(request, game_id, 422, "This game has reached its length limit.")
    try:
        saved = save_moves(request, table, now, [move])
    except RuleError as error:
        return refuse(request, game_id, 422, error.message)
    if not saved:
        return refuse(request, game_id, 409, "Someone moved just before you: here is the table.")
    return after_change(request, game_id)


def _independent(move: Move, now: Replayed) -> bool:
    """Turning up your first two cards does not depend on what the others turned meanwhile."""
    return isinstance(move, Reveal) and now.state.phase == Phase.FLIP


def bot_moves_due(table: Table, now: Replayed) -> list[Move]:
    """The computer players' moves that are due by now (none while the pause runs)."""
    elapsed = (utcnow() - store.aware(table.game.updated_at)).total_seconds()
    delay = bot_delay_seconds()
    due = MAX_CATCH_UP if delay <= 0 else min(MAX_CATCH_UP, int(elapsed / delay))
    kinds = {seat.seat: seat.kind for seat in table.seats}
    humans = any(kind == store.HUMAN for kind in kinds.values())
    moves: list[Move] = []
    state = now
    while len(moves) < due and not is_over(state.state):
        bots = [s for s in seats_to_act(state.state) if is_bot(kinds[s])]
        if not bots:
            break
        view = view_for(state.state, bots[0], table.names())
        move = choose(kinds[bots[0]], view, table.game.id, state.count)
        if isinstance(move, NextHole) and humans:
            break  # people deal the next hole when they have read the scores
        moves.append(move)
        state = extend(state, [move])
    return moves


def advance_bots(request: Request, table: Table) -> Table:
    """Let computer players make the moves that are due; returns the table as it is now."""
    if table.game.status != "playing" or len(table.game.moves) >= MAX_MOVES:
        return table
    moves = bot_moves_due(table, replayed(table.game))
    if moves and save_moves(request, table, replayed(table.game), moves):
        return load_table(request, table.game.id)
    return table


def choose(kind: str, view: dict[str, Any], game_id: str, count: int) -> Move:
    """Ask the computer player `kind` for its move, from its seat's view alone.

    Its dice are seeded by the public game id and the move number (never the deal's seed),
    so two workers racing to make the same move would make the same one.
    """
    return golf6_bots.choose(kind, view, random.Random(f"{game_id}:{count}"))


def poll(request: Request, game_id: str, since: int | None) -> Response:
    """The polled table: 204 when nothing changed since `since`, else the fresh fragment."""
    table = load_table(request, game_id)
    note_seen(request, table)
    table = advance_bots(request, table)
    if since is not None and since == table.game.version:
        return Response(status_code=204, headers={"cache-control": "no-store"})
    return render(request, "golf6/game.html", "golf6/_fragment.html",
                  context(table, request, None, since))

