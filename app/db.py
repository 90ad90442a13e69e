"""Engine and session set-up. SQLite is tuned for a web server on every connection."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

BUSY_TIMEOUT_MS = 5000


def make_engine(url: str) -> Engine:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
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
        if conn.get_execution_options().get("readonly"):
            conn.exec_driver_sql("BEGIN")
        else:
            conn.exec_driver_sql("BEGIN IMMEDIATE")


class Database:
    """Holds the engine and hands out sessions: `write()` for changes, `read()` for views."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self._writer = sessionmaker(self.engine, expire_on_commit=False)
        self._reader = sessionmaker(
            self.engine.execution_options(readonly=True), expire_on_commit=False
        )

    @contextmanager
    def write(self) -> Iterator[Session]:
        with self._writer.begin() as session:
            yield session

    @contextmanager
    def read(self) -> Iterator[Session]:
        with self._reader() as session:
            yield session

    def dispose(self) -> None:
        self.engine.dispose()
