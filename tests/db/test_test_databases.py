"""Every test's database is as a fresh migration leaves it, though PostgreSQL's is reused.

On PostgreSQL each worker migrates one database and empties it after every test
(tests/pg.py `empty_database`): no rows left, sequences from their start, the schema untouched.
"""

from __future__ import annotations

import pytest
from sqlalchemy import Engine, func, inspect, select, text

from app.db import make_engine
from app.migrate import is_up_to_date
from app.storage.models import Base
from tests.conftest import PG_URL
from tests.pg import empty_database


def _rows(engine: Engine) -> dict[str, int]:
    with engine.connect() as connection:
        return {table.name: connection.scalar(select(func.count()).select_from(table))
                for table in Base.metadata.sorted_tables}  # fmt: skip


def _fill(client) -> None:
    """Rows in most tables, some referring to others, some numbered by a sequence."""
    assert client.submit("/golf6", {"name": "Ann", "bots": "1", "friends": "0"}).status_code == 303
    assert client.submit("/scores", {"player_1": "Ann", "player_2": "Bo", "length": "9"}
                         ).status_code == 303  # fmt: skip
    assert client.submit("/quiz/3", {"choice": "a"}).status_code == 303


def test_the_database_starts_without_rows_at_the_newest_revision(database_url):
    engine = make_engine(database_url)
    try:
        assert is_up_to_date(engine)
        assert set(_rows(engine).values()) == {0}
    finally:
        engine.dispose()


@pytest.mark.skipif(not PG_URL, reason="needs TEST_DATABASE_URL_PG (CI provides it)")
@pytest.mark.parametrize("database_url", ["postgres"], indirect=True)
def test_emptying_a_postgresql_database_leaves_it_as_fresh(database_url, app, client):
    engine = make_engine(database_url)
    try:
        _fill(client)
        filled = _rows(engine)
        assert sum(filled.values()) >= 4, filled

        empty_database(database_url)  # also ends the app's pooled connections and this engine's

        assert set(_rows(engine).values()) == {0}
        assert is_up_to_date(engine)
        tables = set(inspect(engine).get_table_names())
        with engine.connect() as connection:
            numbered = connection.execute(text(
                "SELECT count(*) FROM pg_sequences WHERE last_value IS NOT NULL"
            )).scalar()  # fmt: skip
    finally:
        engine.dispose()
    assert tables == {table.name for table in Base.metadata.sorted_tables} | {"alembic_version"}
    assert numbered == 0  # every sequence starts again from its first value
