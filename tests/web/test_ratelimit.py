"""Game creation is rate limited per client, with the counts kept in the database."""

from __future__ import annotations

import threading

import pytest
from fastapi import Depends, FastAPI, Request
from fastapi.responses import PlainTextResponse
from sqlalchemy import func, select

from app.main import create_app
from app.ratelimit import TOO_MANY, hit, limit
from app.storage.models import RateLimitHit
from tests.conftest import Client

LIMIT = 3


def _add_create_route(app: FastAPI) -> None:
    """A stand-in for a game-creation route: it only calls the limiter."""

    def create(request: Request) -> PlainTextResponse:
        limit(request, key="create", per_minute=LIMIT)
        return PlainTextResponse("created")

    app.add_api_route("/test-create", create, methods=["POST"])


@pytest.fixture
def limited_app(app: FastAPI) -> FastAPI:
    _add_create_route(app)
    return app


def _client(app: FastAPI, host: str = "203.0.113.7") -> Client:
    return Client(app, base_url="http://testserver", client=(host, 40000))


def test_creation_refused_after_limit_with_clear_message(limited_app):
    with _client(limited_app) as client:
        answers = [client.submit("/test-create").status_code for _ in range(LIMIT + 2)]
        refused = client.submit("/test-create")
    assert answers == [200] * LIMIT + [429, 429]
    assert refused.status_code == 429
    assert "Please wait" in refused.text


def test_other_clients_are_counted_separately(limited_app):
    first_client, other_client = _client(limited_app), _client(limited_app, "198.51.100.2")
    with first_client as first, other_client as other:
        for _ in range(LIMIT):
            first.submit("/test-create")
        assert first.submit("/test-create").status_code == 429
        assert other.submit("/test-create").status_code == 200


def test_limit_holds_across_workers_sharing_the_database(settings):
    # Two app instances stand for two worker processes: their counts add up in the database.
    apps = [create_app(settings) for _ in range(2)]
    for application in apps:
        _add_create_route(application)
    with _client(apps[0]) as one, _client(apps[1]) as two:
        codes = [c.submit("/test-create").status_code for c in (one, two, one, two)]
    for application in apps:
        application.state.db.dispose()
    assert codes == [200, 200, 200, 429]


def test_concurrent_requests_never_exceed_the_limit(limited_app):
    codes: list[int] = []
    lock = threading.Lock()
    with _client(limited_app) as client:
        token = client.csrf()
        start = threading.Barrier(12)

        def post() -> None:
            start.wait()
            code = client.post("/test-create", data={"csrf_token": token}).status_code
            with lock:
                codes.append(code)

        threads = [threading.Thread(target=post) for _ in range(12)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert sorted(codes) == [200] * LIMIT + [429] * (12 - LIMIT)


def test_old_windows_are_forgotten(app):
    db = app.state.db
    with db.write() as session:
        assert hit(session, "create:x", 100) == 1
        assert hit(session, "create:x", 100) == 2
        assert hit(session, "create:x", 101) == 1
    with db.read() as session:
        rows = session.execute(select(RateLimitHit.window, RateLimitHit.count)).all()
        total = session.scalar(select(func.count()).select_from(RateLimitHit))
    assert rows == [(101, 1)] and total == 1


def test_limit_zero_turns_it_off(limited_app, monkeypatch):
    monkeypatch.setenv("GOLF_CREATE_PER_MINUTE", "0")

    def create(request: Request) -> PlainTextResponse:
        limit(request)
        return PlainTextResponse("created")

    limited_app.add_api_route("/unlimited", create, methods=["POST"])
    with _client(limited_app) as client:
        assert all(client.submit("/unlimited").status_code == 200 for _ in range(40))


def test_message_is_friendly():
    assert "wait" in TOO_MANY and "429" not in TOO_MANY


def test_dependency_form_can_guard_a_route(app, monkeypatch):
    from app.ratelimit import creation_limit

    monkeypatch.setenv("GOLF_CREATE_PER_MINUTE", "1")
    app.add_api_route(
        "/dep-create",
        lambda: PlainTextResponse("ok"),
        methods=["POST"],
        dependencies=[Depends(creation_limit)],
    )
    with _client(app) as client:
        assert client.submit("/dep-create").status_code == 200
        assert client.submit("/dep-create").status_code == 429


@pytest.mark.parametrize(
    ("url", "fields", "model"),
    [
        ("/golf6", {"name": "Ann", "bots": "1", "friends": "0"}, "Golf6Game"),
        ("/scores", {"player_1": "Ann", "player_2": "Bo", "length": "9"}, "ScoreSheet"),
    ],
)
def test_creation_routes_are_limited_and_create_nothing_past_it(
    app, monkeypatch, url, fields, model
):
    from app.storage import models

    monkeypatch.setenv("GOLF_CREATE_PER_MINUTE", "2")
    with _client(app) as client:
        codes = [client.submit(url, fields).status_code for _ in range(4)]
    assert codes == [303, 303, 429, 429]
    with app.state.db.read() as session:
        count = session.scalar(select(func.count()).select_from(getattr(models, model)))
    assert count == 2
