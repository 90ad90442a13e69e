"""SQLite is set up for a web server on every connection, and writers never hit "locked"."""

from __future__ import annotations

import multiprocessing
import sqlite3
import threading
from pathlib import Path

import pytest
from sqlalchemy import select, text

from app.db import BUSY_TIMEOUT_MS, Database
from app.migrate import upgrade
from app.storage.models import RateLimitHit

WORKERS = 2
WRITERS_PER_WORKER = 25
INCREMENTS = 4
COUNTER_ID = 1


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'golf.db'}"
    upgrade(url)
    return url


def test_every_connection_is_tuned(sqlite_url):
    db = Database(sqlite_url)
    connections = [db.engine.connect() for _ in range(3)]  # three separate pool connections
    for connection in connections:
        pragma = connection.exec_driver_sql
        assert pragma("PRAGMA journal_mode").scalar() == "wal"
        assert pragma("PRAGMA busy_timeout").scalar() >= 5000
        assert pragma("PRAGMA foreign_keys").scalar() == 1
        connection.close()
    db.dispose()
    assert BUSY_TIMEOUT_MS >= 5000


def test_write_session_takes_the_write_lock_at_begin(sqlite_url):
    db = Database(sqlite_url)
    path = sqlite_url.removeprefix("sqlite:///")
    with db.write() as session:
        session.execute(text("SELECT 1"))  # a read only: the lock must already be held
        other = sqlite3.connect(path, timeout=0, isolation_level=None)
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            other.execute("BEGIN IMMEDIATE")
        # WAL: readers are never blocked by the writer.
        assert other.execute("SELECT count(*) FROM rate_limit_hits").fetchone() == (0,)
        other.close()
    db.dispose()


def test_read_session_does_not_block_writers(sqlite_url):
    db = Database(sqlite_url)
    path = sqlite_url.removeprefix("sqlite:///")
    with db.read() as session:
        session.execute(select(RateLimitHit)).all()
        other = sqlite3.connect(path, timeout=0, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        other.execute("ROLLBACK")
        other.close()
    db.dispose()


def test_foreign_keys_are_enforced(sqlite_url):
    db = Database(sqlite_url)
    with pytest.raises(Exception, match="FOREIGN KEY"), db.write() as session:
        session.execute(
            text("INSERT INTO golf6_seats (game_id, seat, kind) VALUES ('no-such-game', 0, 'x')")
        )
    db.dispose()


def _writer_process(url: str, worker: int, results: multiprocessing.Queue) -> None:
    """One "worker process": 25 threads, each doing read-modify-write increments."""
    db = Database(url)
    errors: list[str] = []

    def writer() -> None:
        for _ in range(INCREMENTS):
            try:
                with db.write() as session:
                    # Read then write in one transaction: the pattern that deadlocks
                    # ("database is locked") when transactions begin deferred.
                    row = session.get(RateLimitHit, COUNTER_ID)
                    row.at_ms = row.at_ms + 1  # any integer column serves as the counter
            except Exception as error:  # noqa: BLE001 - the test counts every failure
                errors.append(repr(error))

    threads = [threading.Thread(target=writer) for _ in range(WRITERS_PER_WORKER)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    db.dispose()
    results.put((worker, errors))


def test_fifty_concurrent_writers_in_two_processes_never_see_locked(sqlite_url):
    db = Database(sqlite_url)
    with db.write() as session:
        session.add(RateLimitHit(id=COUNTER_ID, key="counter", at_ms=0))
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    processes = [
        context.Process(target=_writer_process, args=(sqlite_url, n, results))
        for n in range(WORKERS)
    ]
    for process in processes:
        process.start()
    outcomes = [results.get(timeout=120) for _ in processes]
    for process in processes:
        process.join(timeout=30)
    errors = [error for _, worker_errors in outcomes for error in worker_errors]
    assert errors == []
    with db.read() as session:
        count = session.get(RateLimitHit, COUNTER_ID).at_ms
    db.dispose()
    assert count == WORKERS * WRITERS_PER_WORKER * INCREMENTS
