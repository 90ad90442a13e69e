"""Alembic: upgrade from empty and from every earlier revision, downgrade, match the models."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect

from app.db import make_engine
from app.migrate import alembic_config, current_revision, downgrade, head_revision, upgrade
from app.storage.models import Base
from tests.conftest import BACKENDS, PG_URL


@pytest.fixture(params=BACKENDS)
def empty_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database with no tables at all."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'empty.db'}"
        return
    from tests.pg import drop_database, make_database

    url = make_database(PG_URL)
    yield url
    drop_database(PG_URL, url)


def _revisions(url: str) -> list[str]:
    """Every revision id, oldest first."""
    script = ScriptDirectory.from_config(alembic_config(url))
    return [rev.revision for rev in reversed(list(script.walk_revisions()))]


def _tables(url: str) -> set[str]:
    engine = make_engine(url)
    try:
        return set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def _diff_with_models(url: str) -> list:
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            return compare_metadata(context, Base.metadata)
    finally:
        engine.dispose()


def test_upgrade_empty_database_to_head(empty_url):
    upgrade(empty_url)
    engine = make_engine(empty_url)
    assert current_revision(engine) == head_revision()
    engine.dispose()
    assert set(Base.metadata.tables) <= _tables(empty_url)


def test_migrated_schema_matches_the_models(empty_url):
    upgrade(empty_url)
    assert _diff_with_models(empty_url) == []


@pytest.mark.parametrize("index", range(len(_revisions("sqlite://"))))
def test_upgrade_from_every_earlier_revision(empty_url, index):
    revisions = _revisions(empty_url)
    upgrade(empty_url, revisions[index])
    upgrade(empty_url)
    assert _diff_with_models(empty_url) == []


def test_downgrade_to_empty_and_back(empty_url):
    upgrade(empty_url)
    downgrade(empty_url, "base")
    assert _tables(empty_url) <= {"alembic_version"}
    upgrade(empty_url)
    assert _diff_with_models(empty_url) == []


def test_each_revision_steps_down_and_up(empty_url):
    upgrade(empty_url)
    for _ in _revisions(empty_url):
        downgrade(empty_url, "-1")
    upgrade(empty_url)
    assert _diff_with_models(empty_url) == []


def test_golf_migrate_command_is_idempotent(empty_url, monkeypatch, capsys):
    from app import cli

    # Once as a real command (as deployment runs it), then again in-process: a no-op.
    env = {**os.environ, "DATABASE_URL": empty_url}
    done = subprocess.run(
        [sys.executable, "-m", "app.cli", "migrate"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "up to date" in done.stdout
    monkeypatch.setenv("DATABASE_URL", empty_url)
    assert cli.main(["migrate"]) == 0
    assert "up to date" in capsys.readouterr().out
    assert set(Base.metadata.tables) <= _tables(empty_url)
    assert _diff_with_models(empty_url) == []


def test_app_start_does_not_migrate(empty_url):
    # Workers never migrate by themselves (several at once would race): readiness says so.
    from app.main import create_app
    from app.settings import Settings
    from tests.asgi_client import AppClient

    app = create_app(Settings(database_url=empty_url))
    with AppClient(app) as client:
        response = client.get("/readyz")
    app.state.db.dispose()
    assert response.status_code == 503
    assert _tables(empty_url) <= {"alembic_version"}


def test_stepping_down_and_up_keeps_the_rows_of_tables_that_refer_to_a_rebuilt_one(empty_url):
    """SQLite rebuilds a table to drop a column; a rebuild must not cascade into its children."""
    from datetime import date

    from app.db import Database
    from app.rules.solitaire import STANDARD
    from app.storage import solitaire
    from app.storage.models import DailyEntry

    upgrade(empty_url, "head")
    db = Database(empty_url)
    with db.write() as session:
        deal = solitaire.create_deal(session, variant=STANDARD, deal_number=5)
        session.add(DailyEntry(deal_id=deal.id, day=date(2026, 12, 3), player_key="k"))
    db.dispose()
    downgrade(empty_url, "0009")  # drops solitaire_deals' coach columns
    upgrade(empty_url, "head")
    engine = make_engine(empty_url)
    try:
        with engine.connect() as connection:
            rows = connection.exec_driver_sql("SELECT deal_id FROM daily_entries").all()
    finally:
        engine.dispose()
    assert [r[0] for r in rows] == [deal.id]
