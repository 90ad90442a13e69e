"""Shared fixtures: a fresh app and a migrated temporary database for every test."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI

from app.main import create_app
from app.migrate import upgrade
from app.settings import Settings
from tests.asgi_client import AppClient

TOKEN_RE = re.compile(r'name="csrf_token" value="([^"]+)"')

# Storage and HTTP tests run on SQLite always, and on PostgreSQL too when CI provides one.
PG_URL = os.environ.get("TEST_DATABASE_URL_PG")
BACKENDS = ["sqlite", "postgres"] if PG_URL else ["sqlite"]


@pytest.fixture(scope="session")
def migrated_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Migrate once per run; each test gets a copy of this file."""
    path = tmp_path_factory.mktemp("template") / "golf.db"
    upgrade(f"sqlite:///{path}")
    return path


@pytest.fixture(scope="session")
def pg_database() -> Iterator[str]:
    """This worker's migrated PostgreSQL database, emptied after every test that used it."""
    from tests.pg import drop_database, make_database

    url = make_database(PG_URL)
    upgrade(url)
    yield url
    drop_database(PG_URL, url)


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A migrated database holding no rows: a fresh SQLite file, or this worker's PostgreSQL
    database, emptied again afterwards."""
    if request.param == "sqlite":
        path = tmp_path / "golf.db"
        shutil.copy(request.getfixturevalue("migrated_template"), path)
        yield f"sqlite:///{path}"
        return
    from tests.pg import empty_database

    url = request.getfixturevalue("pg_database")
    yield url
    empty_database(url)


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, secret_key="test-secret-key-0123456789")


@pytest.fixture
def app(settings: Settings) -> Iterator[FastAPI]:
    application = create_app(settings)
    yield application
    application.state.db.dispose()


class Client(AppClient):
    """A browser-like test client: it knows this browser's CSRF token."""

    def csrf(self) -> str:
        from app.security import CSRF_COOKIE, csrf_token_for

        if CSRF_COOKIE not in self.cookies:
            self.get("/scores")  # a page with a form: reading pages set no cookie
        return csrf_token_for(self.cookies[CSRF_COOKIE], self.app.state.settings.secret)

    def submit(self, url: str, data: dict | None = None, htmx: bool = False, **kwargs):
        """POST a form the way a page would, token included."""
        fields = {"csrf_token": self.csrf(), **(data or {})}
        headers = kwargs.pop("headers", {}) or {}
        if htmx:
            headers = {"HX-Request": "true", **headers}
        return self.post(url, data=fields, headers=headers, follow_redirects=False, **kwargs)


@pytest.fixture
def client(app: FastAPI) -> Iterator[Client]:
    with Client(app, base_url="http://testserver") as test_client:
        yield test_client
