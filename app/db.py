"""Engine and session set-up. SQLite is tuned for a web server on every connection."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

BUSY_TIMEOUT_MS = 5000
PG_POOL_SIZE = 20  # connections each worker keeps open
PG_POOL_OVERFLOW = 20  # more while busy: 40 in all, the size of a worker's threadpool


def make_engine(url: str) -> Engine:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        # A worker's threadpool runs up to 40 requests at once. With SQLAlchemy's default pool
        # (5 kept, 10 more closed on return) nearly every request under load opened a new
        # connection, that is a new PostgreSQL process: 2 workers then did no better than 1.
        return create_engine(
            url, pool_pre_ping=True, pool_size=PG_POOL_SIZE, max_overflow=PG_POOL_OVERFLOW
        )
    if parsed.database and parsed.database != ":memory:":
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
    _tune_sqlite(engine)
    return engine


def _tune_sqlite(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
        # Let SQLAlchemy's "begin" event emit BEGIN itself (pysqlite would defer it).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(conn) -> None:  # type: ignore[no-untyped-def]
        # Writers take the lock up front so two writers never deadlock upgrading a read lock.
        begin = "BEGIN" if conn.get_execution_options().get("readonly") else "BEGIN IMMEDIATE"
        # Straight to the driver: this runs for every transaction, and SQLAlchemy's statement
        # machinery costs more than the statement itself.
        conn.connection.driver_connection.execute(begin)


class Database:
    """Holds the engine and hands out sessions: `write()` for changes, `read()` for views."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self._writer = sessionmaker(self.engine, expire_on_commit=False)
        self._reader = sessionmaker(
            self.engine.execution_options(readonly=True), expire_on_commit=False
        )
        # SQLite lets one writer in at a time; the others sleep and retry in its busy handler,
        # which under load costs CPU and leaves the lock idle between retries. Queueing this
        # process's writers on a lock first hands the turn on at once (other processes still
        # meet BEGIN IMMEDIATE and the busy timeout, as before).
        self._sqlite_writers = threading.RLock() if self.engine.dialect.name == "sqlite" else None

    @contextmanager
    def write(self) -> Iterator[Session]:
        with self._writer_turn(), self._writer.begin() as session:
            yield session

    def _writer_turn(self) -> AbstractContextManager[object]:
        return _turn(self._sqlite_writers) if self._sqlite_writers else nullcontext()

    @contextmanager
    def read(self) -> Iterator[Session]:
        with self._reader() as session:
            yield session

    def dispose(self) -> None:
        self.engine.dispose()


@contextmanager
def _turn(lock: threading.RLock) -> Iterator[None]:
    """Wait for this process's write turn; after the busy timeout go on and let SQLite decide."""
    got = lock.acquire(timeout=BUSY_TIMEOUT_MS / 1000)
    try:
        yield
    finally:
        if got:
            lock.release()
