"""Sliding-window request counts, kept in the database so that every worker counts the same.

Each counted request is one row (who, when). A request is allowed when fewer than `allowed`
rows of its key fall in the last `window_ms`, so no 60 seconds ever hold more than the limit, a
minute boundary included. Refused requests are not stored, which keeps a key at `allowed` rows
at most. Keys hold a keyed hash of the client, never its address, and every call deletes
everyone's rows that have left the window (the app's hourly prune takes what a quiet spell
leaves), so nothing waits for `golf prune`.
"""

from __future__ import annotations

from sqlalchemy import delete, func, insert, select
from sqlalchemy.orm import Session

from app.storage.models import RateLimitHit

WINDOW_SECONDS = 60
WINDOW_MS = WINDOW_SECONDS * 1000

_hits = RateLimitHit.__table__


def take(
    session: Session, key: str, *, allowed: int, now_ms: int, window_ms: int = WINDOW_MS
) -> int:
    """Count one request for `key` and return 0, or return the milliseconds until one is allowed.

    Call it inside a write transaction: the check and the insert must not interleave with
    another worker's (SQLite's writers take turns; PostgreSQL takes a lock on the key).
    """
    _lock_key(session, key)
    forget_expired(session, now_ms=now_ms, window_ms=window_ms)
    in_window = (_hits.c.key == key) & (_hits.c.at_ms > now_ms - window_ms)
    times = session.scalars(select(_hits.c.at_ms).where(in_window).order_by(_hits.c.at_ms)).all()
    if len(times) >= allowed:
        # Allowed again once enough of the oldest hits have left the window.
        frees_a_place = times[len(times) - allowed]
        return max(1, frees_a_place + window_ms - now_ms)
    session.execute(insert(_hits).values(key=key, at_ms=now_ms))
    return 0


def forget_expired(session: Session, *, now_ms: int, window_ms: int = WINDOW_MS) -> int:
    """Delete every key's hits older than the window; return how many went.

    Rows another transaction is deleting are skipped, not waited for (PostgreSQL): workers
    sweeping at once never queue or deadlock on each other, and whatever one skips the next
    sweep takes.
    """
    expired = (
        select(_hits.c.id)
        .where(_hits.c.at_ms <= now_ms - window_ms)
        .with_for_update(skip_locked=True)
    )
    return session.execute(delete(_hits).where(_hits.c.id.in_(expired))).rowcount


def _lock_key(session: Session, key: str) -> None:
    if session.get_bind().dialect.name == "postgresql":
        # Held to the end of the transaction: two workers counting one key take turns.
        session.execute(select(func.pg_advisory_xact_lock(func.hashtextextended(key, 0))))
