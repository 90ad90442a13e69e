"""The PostgreSQL pool holds a connection for every request a worker runs at once."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import anyio
import anyio.to_thread

from app.db import make_engine


async def _threadpool_size() -> int:
    return int(anyio.to_thread.current_default_thread_limiter().total_tokens)


def test_postgres_pool_covers_the_threadpool_without_churn() -> None:
    # Connections beyond pool_size are closed on return, so a busy worker would open a new
    # PostgreSQL connection (a new server process) for most requests.
    engine = make_engine("postgresql+psycopg://golf:secret@127.0.0.1:1/never_connected")
    pool = engine.pool
    # A thread of its own: browser tests may leave an event loop running in this one.
    with ThreadPoolExecutor(1) as thread:
        busy = thread.submit(anyio.run, _threadpool_size).result()
    assert pool.size() >= busy // 2
    assert pool.size() + pool._max_overflow >= busy  # type: ignore[attr-defined]
    engine.dispose()
