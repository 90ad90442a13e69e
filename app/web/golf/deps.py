"""Who is asking: the game from the path, this browser's seat from its cookie, checked once.

Each person's seat has its own secret. The browser keeps it in HttpOnly cookies scoped to the
game's path and to its invite link (so one browser can sit at several games, and opening the
invite again shows the seat instead of a second join); only its SHA-256 hash is stored.

A route takes `visit: TableDep` (anyone: 404 for an unknown game), `InviteDep` (the same,
found by its invite link), `SeatDep` (a seat holder) or `CreatorDep` (seat 0). A refusal
raised by a dependency or a route (`TableRefusal`) is answered by `page.GolfRoute` with the
table itself and the reason, so the page keeps following.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Annotated

from fastapi import Depends, Request, Response

from app.i18n import LOCALES, N_, use_locale
from app.i18n import gettext as _
from app.rules.golf import MAX_SEATS
from app.rules.names import name_key
from app.storage import golf as store
from app.web.loading import not_found_is_404

COOKIE_PREFIX = "golf6_"
COOKIE_MAX_AGE = 60 * 60 * 24 * 30
NO_STORE = {"cache-control": "no-store"}


@dataclass(frozen=True)
class Visit:
    """A game as one browser sees it: its seat (None for a watcher) and that seat's secret."""

    game: store.Game
    me: store.Seat | None
    secret: str | None
    forged: bool = False  # a seat cookie that matches no seat (made up, or handed over)

    @property
    def seat(self) -> int | None:
        return self.me.seat if self.me else None

    @property
    def is_creator(self) -> bool:
        return self.seat == 0

    def names(self) -> list[str]:
        return [seat_name(seat) for seat in self.game.seats]


# What the table calls a seat that has no person's name of its own.
FREE_SEAT = N_("Seat %(number)s (free)")
COMPUTER = N_("Computer %(number)s")
HANDED_OVER = N_("%(name)s (computer)")  # a friend's seat handed to the computer
PLAYER = N_("Player %(number)s")
YOU = N_("(you)")  # after the reader's own name


def seat_name(seat: store.Seat) -> str:
    """What to call a seat on screen."""
    if seat.kind == store.OPEN:
        return _(FREE_SEAT, number=seat.seat + 1)
    if seat.is_bot:
        # A friend's seat handed to the computer keeps the friend's name, marked.
        if seat.name:
            return _(HANDED_OVER, name=seat.name)
        return _(COMPUTER, number=seat.seat + 1)
    return seat.name or _(PLAYER, number=seat.seat + 1)


def passes_for_a_seat_mark(name: str) -> bool:
    """Whether a person called `name` would pass, in either language, for a seat the table
    names itself ("Computer 2", "Dator 2", "Seat 3 (free)") or marks ("Ann (computer)",
    "Bo (you)")."""
    key = name_key(name)
    return any(key in labels or key.endswith(marks) for labels, marks in map(_marks, LOCALES))


@cache
def _marks(locale: str) -> tuple[frozenset[str], tuple[str, ...]]:
    with use_locale(locale):
        labels = frozenset(
            name_key(_(label, number=number))
            for label in (FREE_SEAT, COMPUTER, PLAYER)
            for number in range(1, MAX_SEATS + 1)
        )
        return labels, (name_key(_(HANDED_OVER, name="")), name_key(_(YOU)))


def cookie_name(game_id: str) -> str:
    return COOKIE_PREFIX + game_id


def game_path(game_id: str) -> str:
    return f"/golf6/{game_id}"


def invite_path(invite_id: str) -> str:
    return f"/golf6/join/{invite_id}"


def give_seat(request: Request, response: Response, game: store.Game, secret: str) -> None:
    """Put a seat's secret in this browser, for the table and for the invite link."""
    for path in (game_path(game.id), invite_path(game.invite_id)):
        response.set_cookie(
            cookie_name(game.id), secret, max_age=COOKIE_MAX_AGE, path=path, httponly=True,
            samesite="lax", secure=request.app.state.settings.secure_cookies,
        )
    response.headers.update(NO_STORE)


def load_visit(request: Request, game_id: str) -> Visit:
    """The game with this browser's seat; 404 for an unknown game."""
    secret = request.cookies.get(cookie_name(game_id))
    with not_found_is_404(), request.app.state.db.read() as session:
        game = store.load_game(session, game_id=game_id)
        seat = store.seat_for_secret(session, game_id=game_id, secret=secret)
    me = game.seats[seat] if seat is not None else None
    return Visit(game, me, secret if me else None, forged=bool(secret) and me is None)


def note_seen(request: Request, visit: Visit) -> None:
    """A poll from a seat keeps it from being handed to a computer player."""
    if visit.me is None or store.seen_recently(visit.me):
        return
    with request.app.state.db.write() as session:
        store.touch_seat(session, game_id=visit.game.id, seat=visit.me.seat)


class TableRefusal(Exception):
    """Answer with the table (fresh from the database) and this reason."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def table_dep(request: Request, game_id: str) -> Visit:
    return load_visit(request, game_id)


TableDep = Annotated[Visit, Depends(table_dep)]


def invite_dep(request: Request, invite_id: str) -> Visit:
    """The game an invite link leads to, with this browser's seat there; 404 if unknown."""
    with not_found_is_404(), request.app.state.db.read() as session:
        game_id = store.game_id_for_invite(session, invite_id=invite_id)
    return load_visit(request, game_id)


InviteDep = Annotated[Visit, Depends(invite_dep)]


def seat_dep(visit: TableDep) -> Visit:
    """Only a seat holder may act; a watcher or a forged cookie is told so (403)."""
    if visit.forged:
        raise TableRefusal(403, _("That seat is not yours (or was handed to the computer). "
                                  "Watching only."))
    if visit.me is None:
        raise TableRefusal(403, _("You are watching this game: only its players can do that."))
    return visit


SeatDep = Annotated[Visit, Depends(seat_dep)]


def creator_dep(visit: SeatDep) -> Visit:
    if not visit.is_creator:
        raise TableRefusal(403, _("Only the person who made the game can do that."))
    return visit


CreatorDep = Annotated[Visit, Depends(creator_dep)]
