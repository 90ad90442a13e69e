"""Throw-away PostgreSQL databases for tests: created (optionally from a template), dropped."""

from __future__ import annotations

import secrets

from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool


def _admin(base_url: str) -> Engine:
    # CREATE/DROP DATABASE cannot run inside a transaction.
    return create_engine(base_url, isolation_level="AUTOCOMMIT", poolclass=NullPool)


def make_database(base_url: str, template: str | None = None) -> str:
    """Create an empty database (or a copy of `template`, a URL) and return its URL."""
    name = f"golf_t_{secrets.token_hex(8)}"
    clause = f" TEMPLATE {make_url(template).database}" if template else ""
    engine = _admin(base_url)
    with engine.connect() as connection:
        connection.execute(text(f"CREATE DATABASE {name}{clause}"))
    engine.dispose()
    return make_url(base_url).set(database=name).render_as_string(hide_password=False)


def drop_database(base_url: str, url: str) -> None:
    """Drop a test database, closing any connection a crashed test left behind."""
    engine = _admin(base_url)
    with engine.connect() as connection:
        connection.execute(text(f"DROP DATABASE IF EXISTS {make_url(url).database} WITH (FORCE)"))
    engine.dispose()
