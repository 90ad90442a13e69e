"""Six-card Golf games and seats in the database. Keyword-only functions; no rules here.

A game row holds everything needed to rebuild the rule state: its settings, the seed of the
deal and the move log. Every change bumps `version` with a compare-and-set UPDATE, so two
requests (or two workers) that raced each other cannot both win.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from app.security import new_token
from app.storage.models import MOVE_LOG_SCHEMA, Golf6Game, Golf6Seat, utcnow

HUMAN = "human"
OPEN = "open"
# A seat's last_seen is written at most this often, so polling does not mean a write a second.
TOUCH_EVERY = timedelta(seconds=10)


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def aware(moment: datetime | None) -> datetime | None:
    """SQLite hands datetimes back without a zone; they were stored in UTC."""
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


def create_game(
    session: Session, *, settings: dict[str, Any], seed: int, creator: str, kinds: list[str]
) -> tuple[Golf6Game, str]:
    """A new game in the lobby: seat 0 is the creator, then one seat per kind ("open" or a bot).

    Returns the game and the creator's secret (only its hash is stored).
    """
    secret = new_token()
    game = Golf6Game(
        id=new_token(),
        invite_id=new_token(),
        settings=settings,
        seed=seed,
        status="lobby",
        moves=[],
        log_schema=MOVE_LOG_SCHEMA,
        version=0,
    )
    session.add(game)
    session.flush()
    session.add(
        Golf6Seat(
            game_id=game.id, seat=0, name=creator, kind=HUMAN,
            secret_hash=hash_secret(secret), last_seen=utcnow(),
        )
    )
    for number, kind in enumerate(kinds, start=1):
        session.add(Golf6Seat(game_id=game.id, seat=number, name=None, kind=kind))
    session.flush()
    return game, secret


def get_game(session: Session, *, game_id: str) -> Golf6Game | None:
    return session.get(Golf6Game, game_id) if len(game_id) <= 32 else None


def get_game_by_invite(session: Session, *, invite_id: str) -> Golf6Game | None:
    if len(invite_id) > 32:
        return None
    return session.scalars(select(Golf6Game).where(Golf6Game.invite_id == invite_id)).first()


def list_seats(session: Session, *, game_id: str) -> list[Golf6Seat]:
    query = select(Golf6Seat).where(Golf6Seat.game_id == game_id).order_by(Golf6Seat.seat)
    return list(session.scalars(query))


def seat_for_secret(session: Session, *, game_id: str, secret: str | None) -> Golf6Seat | None:
    """The human seat of this game that the secret belongs to, if any."""
    if not secret or len(secret) > 64:
        return None
    query = select(Golf6Seat).where(
        Golf6Seat.game_id == game_id,
        Golf6Seat.secret_hash == hash_secret(secret),
        Golf6Seat.kind == HUMAN,
    )
    return session.scalars(query).first()


def take_open_seat(session: Session, *, game_id: str, name: str) -> tuple[int, str] | None:
    """Give the first free seat to a person. Returns (seat, secret), or None when all are taken."""
    secret = new_token()
    for seat in list_seats(session, game_id=game_id):
        if seat.kind != OPEN:
            continue
        # Conditional on the seat still being open: a racing joiner takes the next one.
        taken = session.execute(
            update(Golf6Seat)
            .where(Golf6Seat.id == seat.id, Golf6Seat.kind == OPEN)
            .values(kind=HUMAN, name=name, secret_hash=hash_secret(secret), last_seen=utcnow())
            .execution_options(synchronize_session=False)
        )
        if taken.rowcount == 1:
            bump_version(session, game_id=game_id)
            return seat.seat, secret
    return None


def set_seat_kind(session: Session, *, game_id: str, seat: int, kind: str) -> None:
    """Hand a seat to a computer player (its secret stops working)."""
    session.execute(
        update(Golf6Seat)
        .where(Golf6Seat.game_id == game_id, Golf6Seat.seat == seat)
        .values(kind=kind, secret_hash=None)
        .execution_options(synchronize_session=False)
    )


def seen_recently(seat: Golf6Seat) -> bool:
    seen = aware(seat.last_seen)
    return seen is not None and utcnow() - seen < TOUCH_EVERY


def touch_seat(session: Session, *, seat: Golf6Seat) -> None:
    """Note that this seat's browser is still there."""
    now = utcnow()
    session.execute(
        update(Golf6Seat)
        .where(Golf6Seat.id == seat.id)
        .values(last_seen=now)
        .execution_options(synchronize_session=False)
    )


def bump_version(session: Session, *, game_id: str) -> None:
    """Seats changed: let every poller know."""
    session.execute(
        update(Golf6Game)
        .where(Golf6Game.id == game_id)
        .values(version=Golf6Game.version + 1, updated_at=utcnow())
        .execution_options(synchronize_session=False)
    )


def save_progress(
    session: Session,
    *,
    game_id: str,
    expected_version: int,
    moves: list[Any],
    status: str,
    seed: int | None = None,
) -> bool:
    """Store the new move log if nobody moved since `expected_version`. False when stale."""
    values: dict[str, Any] = {
        "moves": moves,
        "status": status,
        "version": expected_version + 1,
        "updated_at": utcnow(),
        "log_schema": MOVE_LOG_SCHEMA,
    }
    if seed is not None:
        values["seed"] = seed
    result = session.execute(
        update(Golf6Game)
        .where(Golf6Game.id == game_id, Golf6Game.version == expected_version)
        .values(**values)
        .execution_options(synchronize_session=False)
    )
    return result.rowcount == 1
