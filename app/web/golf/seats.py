"""Who is at the table: the seat cookie, the rejoin link, and the one check before any move.

Each person's seat has its own secret. The browser keeps it in an HttpOnly cookie scoped to
the game's path (so one browser can sit at several games); only its SHA-256 hash is stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from fastapi import HTTPException, Request, Response

from app.storage import golf as store
from app.storage.models import Golf6Game, Golf6Seat, utcnow

COOKIE_PREFIX = "golf6_"
COOKIE_MAX_AGE = 60 * 60 * 24 * 30
# A friend whose browser has not polled for this long may be replaced by a computer player.
AWAY_AFTER = timedelta(seconds=60)


@dataclass
class Table:
    """A game row, its seats and the seat of this browser (None for a watcher)."""

    game: Golf6Game
    seats: list[Golf6Seat]
    me: Golf6Seat | None
    forged: bool = False  # a seat cookie that matches no seat (made up, or handed over)

    @property
    def is_creator(self) -> bool:
        return self.me is not None and self.me.seat == 0

    def names(self) -> list[str]:
        return [seat_name(seat) for seat in self.seats]


def seat_name(seat: Golf6Seat) -> str:
    """What to call a seat on screen."""
    if seat.kind == store.OPEN:
        return f"Seat {seat.seat + 1} (free)"
    if seat.kind != store.HUMAN:
        # A friend's seat handed to the computer keeps the friend's name, marked.
        return f"{seat.name} (computer)" if seat.name else f"Computer {seat.seat + 1}"
    return seat.name or f"Player {seat.seat + 1}"


def cookie_name(game_id: str) -> str:
    return COOKIE_PREFIX + game_id


def game_path(game_id: str) -> str:
    return f"/golf6/{game_id}"


def set_seat_cookie(request: Request, response: Response, game_id: str, secret: str) -> None:
    response.set_cookie(
        cookie_name(game_id),
        secret,
        max_age=COOKIE_MAX_AGE,
        path=game_path(game_id),
        httponly=True,
        samesite="lax",
        secure=request.app.state.settings.secure_cookies,
    )


def load_table(request: Request, game_id: str) -> Table:
    """The game with its seats and this browser's seat; 404 for an unknown game."""
    with request.app.state.db.read() as session:
        game = store.get_game(session, game_id=game_id)
        if game is None:
            raise HTTPException(404)
        seats = store.list_seats(session, game_id=game_id)
        secret = request.cookies.get(cookie_name(game_id))
        me = store.seat_for_secret(session, game_id=game_id, secret=secret)
    return Table(game=game, seats=seats, me=me, forged=bool(secret) and me is None)


def refusal_for_watcher(table: Table, only: str = "its players") -> str | None:
    """Why this browser may not act at all (None when it holds a seat)."""
    if table.forged:
        return "That seat is not yours (or was handed to the computer). Watching only."
    if table.me is None:
        return f"You are watching this game: only {only} can do that."
    return None


def note_seen(request: Request, table: Table) -> None:
    """A poll from a seat keeps it from being handed to a computer player."""
    if table.me is None or store.seen_recently(table.me):
        return
    with request.app.state.db.write() as session:
        store.touch_seat(session, seat=table.me)


def is_away(seat: Golf6Seat) -> bool:
    seen = store.aware(seat.last_seen)
    return seat.kind == store.HUMAN and seat.seat != 0 and (
        seen is None or utcnow() - seen > AWAY_AFTER
    )
