"""`golf prune --older-than DAYS`: delete unfinished games nobody has touched for that long.

Finished games and score sheets are kept (people reopen them by link); rate-limit hits that
have left their window are cleared too. A game touched within MIN_DAYS may be in play right
now, so a shorter horizon is refused. Pruning twice does nothing more, so any number of
machines and workers may run it.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from app.db import Database
from app.rules.golf import TARGET_TOTAL, Length
from app.rules.scoresheet import MAX_HOLES as MAX_SHEET_HOLES
from app.storage.golf import GameStatus
from app.storage.models import (
    ChallengePlayer,
    DailyEntry,
    Golf6Game,
    Golf6Move,
    Golf6Seat,
    ScoreSheet,
    SolitaireDeal,
    SolitaireRound,
    utcnow,
)
from app.storage.ratelimit import forget_expired

MIN_DAYS = 1
HOLES_PER_ROUND = 9
GOLF6_FINISHED = {GameStatus.OVER.value}


class PruneError(ValueError):
    """A horizon that could delete games being played."""


def check_days(days: int) -> int:
    if days < MIN_DAYS:
        raise PruneError(
            f"must be at least {MIN_DAYS} day, since games touched more recently may be in "
            f"play right now (got {days})"
        )
    return days


def prune(
    database: Database, *, older_than_days: int, now: datetime | None = None
) -> dict[str, int]:
    """Delete unfinished games idle for `older_than_days`; return how many of each went."""
    moment = now or utcnow()
    cutoff = moment - timedelta(days=check_days(older_than_days))
    with database.write() as session:
        return {
            "solitaire rounds": _prune_rounds(session, cutoff),
            "solitaire deals": _prune_single_deals(session, cutoff),
            "six-card games": _prune_golf6(session, cutoff),
            "score sheets": _prune_sheets(session, cutoff),
            "rate-limit hits": forget_expired(session, now_ms=int(moment.timestamp() * 1000)),
        }


def _prune_single_deals(session: Session, cutoff: datetime) -> int:
    """Deals outside a round that were never finished (no score) and sat idle."""
    result = session.execute(
        delete(SolitaireDeal).where(
            SolitaireDeal.round_id.is_(None),
            SolitaireDeal.score.is_(None),
            SolitaireDeal.updated_at < cutoff,
            SolitaireDeal.id.not_in(select(DailyEntry.deal_id)),  # kept: a day's results
        )
    )
    return result.rowcount


def _prune_rounds(session: Session, cutoff: datetime) -> int:
    """Rounds with fewer than nine scored deals whose last activity is before the cutoff."""
    activity = (
        select(
            SolitaireRound.id,
            func.max(SolitaireDeal.updated_at).label("last"),
            func.count(SolitaireDeal.score).label("scored"),
        )
        .outerjoin(SolitaireDeal, SolitaireDeal.round_id == SolitaireRound.id)
        .where(
            SolitaireRound.created_at < cutoff,
            # A challenge's players may come back to their round any time: keep it.
            SolitaireRound.id.not_in(select(ChallengePlayer.round_id)),
        )
        .group_by(SolitaireRound.id)
    )
    stale = [
        row.id
        for row in session.execute(activity)
        if row.scored < HOLES_PER_ROUND and (row.last is None or _aware(row.last) < cutoff)
    ]
    return _delete_ids(session, SolitaireRound, stale, children=(SolitaireDeal.round_id,))


def _prune_golf6(session: Session, cutoff: datetime) -> int:
    stale = session.scalars(
        select(Golf6Game.id).where(
            Golf6Game.updated_at < cutoff, Golf6Game.status.not_in(GOLF6_FINISHED)
        )
    ).all()
    children = (Golf6Move.game_id, Golf6Seat.game_id)
    return _delete_ids(session, Golf6Game, list(stale), children=children)


def _prune_sheets(session: Session, cutoff: datetime) -> int:
    """Score sheets idle since the cutoff whose game was not played to the end."""
    rows = session.execute(
        select(ScoreSheet.id, ScoreSheet.length, ScoreSheet.scores).where(
            ScoreSheet.updated_at < cutoff
        )
    ).all()
    stale = [row.id for row in rows if not _sheet_finished(row.length, row.scores)]
    return _delete_ids(session, ScoreSheet, stale)


def _sheet_finished(length: str, scores: list[Any]) -> bool:
    """Its planned holes entered, or (for "until 100") someone reached 100, or the sheet's cap."""
    planned = Length(length).planned_holes if length in set(Length) else None
    if planned is not None:
        return len(scores or []) >= planned
    if len(scores or []) >= MAX_SHEET_HOLES:
        return True
    totals: dict[int, int] = {}
    for hole in scores or []:
        for seat, value in enumerate(hole if isinstance(hole, list) else []):
            if isinstance(value, int):
                totals[seat] = totals.get(seat, 0) + value
    return any(total >= TARGET_TOTAL for total in totals.values())


def _delete_ids(session: Session, model: Any, ids: list[str], children: tuple = ()) -> int:
    """Delete rows by id, children first (so it works even without ON DELETE CASCADE)."""
    deleted = 0
    for start in range(0, len(ids), 500):  # keep each IN list a sane size
        chunk = ids[start : start + 500]
        for column in children:
            session.execute(delete(column.class_).where(column.in_(chunk)))
        deleted += session.execute(delete(model).where(model.id.in_(chunk))).rowcount
    return deleted


def _aware(moment: datetime) -> datetime:
    """SQLite returns naive datetimes; they were stored in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
