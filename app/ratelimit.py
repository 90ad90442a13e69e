"""Rate limits kept in the database, so every worker process counts the same requests.

A route that creates something calls `limit(request, key="create")` first (or declares
`dependencies=[Depends(creation_limit)]`); past the limit it answers 429 and creates nothing.
"""

from __future__ import annotations

import os
import time

from fastapi import HTTPException, Request
from sqlalchemy import delete
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from app.storage.models import RateLimitHit

WINDOW_SECONDS = 60
# Generous for a person clicking "New deal"; small enough that a script cannot fill the disk.
DEFAULT_PER_MINUTE = 30
TOO_MANY = "You have started a lot of games in the last minute. Please wait a moment and try again."


def creations_per_minute() -> int:
    """The creation limit; GOLF_CREATE_PER_MINUTE overrides it (0 turns it off, for load tests)."""
    return int(os.environ.get("GOLF_CREATE_PER_MINUTE", DEFAULT_PER_MINUTE))


def client_key(request: Request, key: str) -> str:
    """Who is counted: the client address (uvicorn resolves trusted proxy headers first)."""
    host = request.client.host if request.client else "unknown"
    return f"{key}:{host}"[:128]


def hit(session: Session, key: str, window: int) -> int:
    """Count one request in this window and return the window's count so far (atomic upsert)."""
    dialect = session.get_bind().dialect.name
    insert = pg_insert if dialect == "postgresql" else sqlite_insert
    table = RateLimitHit.__table__
    statement = (
        insert(table)
        .values(key=key, window=window, count=1)
        .on_conflict_do_update(
            index_elements=[table.c.key, table.c.window], set_={"count": table.c.count + 1}
        )
        .returning(table.c.count)
    )
    count = session.execute(statement).scalar_one()
    # Older windows of this key are never read again.
    session.execute(delete(table).where(table.c.key == key, table.c.window < window))
    return count


def limit(request: Request, *, key: str = "create", per_minute: int | None = None) -> None:
    """Count this request for the client; raise 429 when it is over `per_minute`."""
    allowed = creations_per_minute() if per_minute is None else per_minute
    if allowed <= 0:
        return
    window = int(time.time() // WINDOW_SECONDS)
    with request.app.state.db.write() as session:
        count = hit(session, client_key(request, key), window)
    if count > allowed:
        raise HTTPException(status_code=429, detail=TOO_MANY)


def creation_limit(request: Request) -> None:
    """Dependency form of `limit` for routes that create a game or a score sheet."""
    limit(request, key="create")
