"""The seats of a golf game: joining by invite, a seat's secret, presence and hand-over.

Seat changes are single conditional UPDATEs (a racing joiner takes the next free seat; the
unique name key decides between two joiners of one name), then a version bump so every
poller sees them.
"""

from __future__ import annotations

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.rules.names import name_key
from app.storage.golf.games import (
    HUMAN,
    OPEN,
    TOUCH_EVERY,
    Game,
    GameNotFound,
    GameStatus,
    Joined,
    Refusal,
    Refused,
    Seat,
    bump,
    load_game,
    set_kind,
)
from app.storage.golf.identity import hash_secret
from app.storage.models import Golf6Game, Golf6Seat, utcnow
from app.tokens import new_token


def game_id_for_invite(session: Session, *, invite_id: str) -> str:
    """The game an invite link belongs to; GameNotFound for an unknown one."""
    found = None
    if len(invite_id) <= 32:
        found = session.scalar(select(Golf6Game.id).where(Golf6Game.invite_id == invite_id))
    if found is None:
        raise GameNotFound(invite_id)
    return found


def seat_for_secret(session: Session, *, game_id: str, secret: str | None) -> int | None:
    """The human seat of this game that the secret belongs to, if any."""
    return _seat_of_secret(session, game_id, secret, held=True)


def handed_over_seat(session: Session, *, game_id: str, secret: str | None) -> int | None:
    """The seat of this game the secret held before it went to the computer, if any."""
    return _seat_of_secret(session, game_id, secret, held=False)


def _seat_of_secret(session: Session, game_id: str, secret: str | None, held: bool) -> int | None:
    """The seat whose secret this is: a person's (`held`) or one handed to the computer."""
    if not secret or len(secret) > 64:
        return None
    person = Golf6Seat.kind == HUMAN
    query = select(Golf6Seat.seat).where(
        Golf6Seat.game_id == game_id,
        Golf6Seat.secret_hash == hash_secret(secret),
        person if held else ~person,
    )
    return session.scalar(query)


def join_game(session: Session, *, invite_id: str, name: str) -> Joined:
    """Give the first free seat to a person called `name`.

    Refused: STARTED, NAME_TAKEN (also when a racing joiner took the name first: the unique
    key on the seats decides), SEATS_FULL.
    """
    game = load_game(session, game_id=game_id_for_invite(session, invite_id=invite_id))
    if game.status != GameStatus.LOBBY:
        raise Refused(Refusal.STARTED)
    key = name_key(name)
    if any(seat.name and name_key(seat.name) == key for seat in game.seats):
        raise Refused(Refusal.NAME_TAKEN)
    secret = new_token()
    for seat in game.seats:
        if seat.kind != OPEN:
            continue
        # Conditional on the seat still being open: a racing joiner takes the next one.
        change = (
            update(Golf6Seat)
            .where(
                Golf6Seat.game_id == game.id, Golf6Seat.seat == seat.seat, Golf6Seat.kind == OPEN
            )
            .values(
                kind=HUMAN,
                name=name,
                name_key=key,
                secret_hash=hash_secret(secret),
                last_seen=utcnow(),
            )
            .execution_options(synchronize_session=False)
        )
        try:
            taken = session.execute(change).rowcount == 1
        except IntegrityError as error:
            raise Refused(Refusal.NAME_TAKEN) from error
        if taken:
            bump(session, game.id)
            return Joined(game.id, seat.seat, secret)
    raise Refused(Refusal.SEATS_FULL)


def hand_over(session: Session, *, game: Game, seat: int, by: int) -> None:
    """Give another player's seat whose browser went quiet to a computer player (its secret
    no longer acts). Anyone at the table may, the creator's seat included: a table whose
    creator left for good would otherwise wait for ever."""
    if game.status != GameStatus.PLAYING:
        raise Refused(Refusal.NOT_PLAYING)
    target = next((s for s in game.seats if s.seat == seat), None)
    if target is not None and target.is_bot and target.name:
        return  # handed over a moment ago (by this press's twin, or by another player)
    if target is None or target.kind != HUMAN or target.seat == by:
        raise Refused(Refusal.NOT_A_FRIEND)
    if not target.is_away(utcnow()):
        raise Refused(Refusal.SEAT_IN_USE)
    set_kind(session, game.id, seat, game.bot)
    bump(session, game.id)


def touch_seat(session: Session, *, game_id: str, seat: int) -> None:
    """Note that this seat's browser is still there."""
    session.execute(
        update(Golf6Seat)
        .where(Golf6Seat.game_id == game_id, Golf6Seat.seat == seat)
        .values(last_seen=utcnow())
        .execution_options(synchronize_session=False)
    )


def seen_recently(seat: Seat) -> bool:
    return seat.last_seen is not None and utcnow() - seat.last_seen < TOUCH_EVERY
