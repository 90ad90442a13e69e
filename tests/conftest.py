"""Shared fixtures: a fresh app and a migrated temporary database for every test."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI

from app.db import Database
from app.main import create_app
from app.migrate import upgrade
from app.settings import Settings
from tests.asgi_client import AppClient

TOKEN_RE = re.compile(r'name="csrf_token" value="([^"]+)"')

# Storage and HTTP tests run on SQLite always, and on PostgreSQL too when CI provides one.
PG_URL = os.environ.get("TEST_DATABASE_URL_PG")
BACKENDS = ["sqlite", "postgres"] if PG_URL else ["sqlite"]
SECRET_KEY = "test-secret-key-0123456789"


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
    return Settings(database_url=database_url, secret_key=SECRET_KEY)


@pytest.fixture(scope="session")
def _one_app(tmp_path_factory: pytest.TempPathFactory) -> tuple[FastAPI, dict]:
    """The app every test of this worker shares, and its state as created.

    FastAPI builds an app's routes (signatures, validators) at its first request, about 60 ms:
    more than most tests take. So, as on the site, one app serves every request; each test
    points it at its own database and gets the rest of its state as new.
    """
    database_url = f"sqlite:///{tmp_path_factory.mktemp('unused') / 'golf.db'}"
    application = create_app(Settings(database_url=database_url, secret_key=SECRET_KEY))
    application.state.db.dispose()
    return application, dict(application.state._state)


@pytest.fixture
def app(request: pytest.FixtureRequest, settings: Settings) -> Iterator[FastAPI]:
    """The app on this test's database; a new one for a test marked `own_app` (it adds routes)."""
    own = request.node.get_closest_marker("own_app") is not None
    if own:
        application = create_app(settings)
    else:
        application, created = request.getfixturevalue("_one_app")
        state = application.state._state
        state.clear()
        state.update(created, settings=settings, db=Database(settings.database_url))
    routes = len(application.routes)
    yield application
    application.state.db.dispose()
    application.dependency_overrides.clear()
    if not own:
        assert len(application.routes) == routes, "a test that adds routes must be marked own_app"


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
