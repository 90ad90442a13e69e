"""Throw-away PostgreSQL databases for tests: created, emptied, dropped."""

from __future__ import annotations

import secrets
import time

from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import NullPool

from app.storage.models import Base

ATTEMPTS = 50


def _admin(base_url: str) -> Engine:
    # CREATE/DROP DATABASE cannot run inside a transaction.
    return create_engine(base_url, isolation_level="AUTOCOMMIT", poolclass=NullPool)


def _run(base_url: str, statement: str) -> None:
    """Run one statement, waiting out a brief visit of an autovacuum worker.

    CREATE DATABASE copies template1, which must have no connections, and a non-superuser
    cannot end the (superuser) autovacuum worker that may be looking at it for a moment.
    """
    engine = _admin(base_url)
    try:
        for attempt in range(ATTEMPTS):
            try:
                with engine.connect() as connection:
                    connection.execute(text(statement))
                return
            except DBAPIError:
                if attempt == ATTEMPTS - 1:
                    raise
                time.sleep(0.1)
    finally:
        engine.dispose()


def make_database(base_url: str) -> str:
    """Create an empty database and return its URL."""
    name = f"golf_t_{secrets.token_hex(8)}"
    _run(base_url, f"CREATE DATABASE {name}")
    return make_url(base_url).set(database=name).render_as_string(hide_password=False)


def drop_database(base_url: str, url: str) -> None:
    """Drop a test database, closing any connection a crashed test left behind."""
    _run(base_url, f"DROP DATABASE IF EXISTS {make_url(url).database} WITH (FORCE)")


def empty_database(url: str) -> None:
    """Delete every row and restart every sequence, as in a freshly migrated database.

    Much cheaper than a new database for each test (TRUNCATE too is several times slower than
    DELETE on tables this small). A connection a test left behind is ended first, so it cannot
    hold a lock the deletes would wait for.
    """
    engine = _admin(url)
    try:
        with engine.connect() as connection:
            connection.execute(text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            ))
            for table in reversed(Base.metadata.sorted_tables):  # rows that refer to others first
                connection.execute(table.delete())
            connection.execute(text(
                "SELECT setval(format('%I.%I', schemaname, sequencename), start_value, false)"
                " FROM pg_sequences WHERE schemaname = current_schema()"
            ))
    finally:
        engine.dispose()
