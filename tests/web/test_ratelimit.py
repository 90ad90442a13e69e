"""Game creation is rate limited per client: a sliding window counted in the database."""

from __future__ import annotations

import threading

import pytest
from fastapi import Depends, FastAPI, Request
from fastapi.responses import PlainTextResponse
from sqlalchemy import func, select

from app import ratelimit
from app.main import create_app
from app.ratelimit import TOO_MANY, limit
from app.storage.models import RateLimitHit
from app.storage.ratelimit import WINDOW_MS, take
from tests.conftest import Client

LIMIT = 3


pytestmark = pytest.mark.own_app  # its tests add routes to the app

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


def _rows(app: FastAPI) -> list[tuple[str, int]]:
    with app.state.db.read() as session:
        return [tuple(row) for row in session.execute(select(RateLimitHit.key, RateLimitHit.at_ms))]


def test_a_burst_straddling_a_minute_boundary_is_refused_with_retry_after(
    limited_app, monkeypatch
):
    # The fixed window let twice the limit through here: the last second of one calendar
    # minute and the first of the next. A sliding window counts any 60 seconds.
    minute = 29_000_000 * 60_000
    times = iter([minute - 900, minute - 800, minute - 700, minute + 100, minute + 300])
    monkeypatch.setattr(ratelimit, "now_ms", lambda: next(times))
    with _client(limited_app) as client:
        answers = [client.submit("/test-create") for _ in range(LIMIT + 2)]
    assert [answer.status_code for answer in answers] == [200] * LIMIT + [429, 429]
    # The first hit (minute - 900 ms) leaves the window at minute + 59.1 s.
    assert [answer.headers["retry-after"] for answer in answers[LIMIT:]] == ["59", "59"]


def test_thirty_one_creations_in_a_window_across_a_minute_boundary_refuse_the_last(app):
    # The site's own limit, 30 a minute, on the storage clock: 30 in the last half second of
    # one minute, then the 31st a moment into the next.
    minute = 29_000_000 * 60_000
    with app.state.db.write() as session:
        waits = [take(session, "create:x", allowed=30, now_ms=minute - 500 + i) for i in range(30)]
        refused = take(session, "create:x", allowed=30, now_ms=minute + 400)
    assert waits == [0] * 30
    assert refused == WINDOW_MS - 900  # until the first of the thirty leaves the window


def test_the_window_slides_one_hit_at_a_time(app):
    with app.state.db.write() as session:
        assert [take(session, "k", allowed=2, now_ms=t) for t in (0, 30_000)] == [0, 0]
        assert take(session, "k", allowed=2, now_ms=59_999) == 1
        assert take(session, "k", allowed=2, now_ms=60_000) == 0  # the hit at 0 has left
        assert take(session, "k", allowed=2, now_ms=60_001) == 29_999


def test_refused_requests_are_not_counted(app):
    with app.state.db.write() as session:
        take(session, "k", allowed=1, now_ms=0)
        for t in range(1, 50):
            assert take(session, "k", allowed=1, now_ms=t * 1000) > 0
        assert take(session, "k", allowed=1, now_ms=60_000) == 0


def test_retry_after_is_sent_on_every_kind_of_429(limited_app):
    with _client(limited_app) as client:
        for _ in range(LIMIT):
            client.submit("/test-create")
        page = client.submit("/test-create")
        fragment = client.submit("/test-create", htmx=True)
        as_json = client.submit("/test-create", headers={"accept": "application/json"})
    for answer in (page, fragment, as_json):
        assert answer.status_code == 429
        assert 1 <= int(answer.headers["retry-after"]) <= 60


def test_old_hits_are_deleted_as_new_ones_are_written(limited_app, monkeypatch):
    # No address is kept longer than the window needs, whether or not `golf prune` runs.
    monkeypatch.setattr(ratelimit, "now_ms", lambda: 1_000_000)
    with _client(limited_app, "198.51.100.9") as first:
        first.submit("/test-create")
    assert len(_rows(limited_app)) == 1
    monkeypatch.setattr(ratelimit, "now_ms", lambda: 1_000_000 + WINDOW_MS)
    with _client(limited_app, "203.0.113.50") as second:
        second.submit("/test-create")
    assert [at for _, at in _rows(limited_app)] == [1_000_000 + WINDOW_MS]


def test_many_clients_at_once_sweep_old_hits_without_errors(limited_app):
    # Every request also deletes the hits that left the window; sweeping workers must not
    # wait for or deadlock on each other (PostgreSQL skips rows another sweep holds).
    with limited_app.state.db.write() as session:
        session.execute(
            RateLimitHit.__table__.insert(),
            [{"key": f"create:old{i}", "at_ms": 1000 + i} for i in range(300)],
        )
    codes: list[int] = []
    lock = threading.Lock()
    start = threading.Barrier(10)

    def post(index: int) -> None:
        with _client(limited_app, f"198.51.100.{index + 1}") as client:
            token = client.csrf()
            start.wait()
            code = client.post("/test-create", data={"csrf_token": token}).status_code
        with lock:
            codes.append(code)

    threads = [threading.Thread(target=post, args=(i,)) for i in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert codes == [200] * 10
    assert len(_rows(limited_app)) == 10


def test_the_table_never_holds_a_client_address(limited_app):
    with _client(limited_app, "198.51.100.23") as client:
        client.submit("/test-create")
    (key, _), = _rows(limited_app)
    assert key.startswith("create:") and "198.51.100.23" not in key and "100" not in key


def test_limit_zero_turns_it_off(limited_app, monkeypatch):
    monkeypatch.setattr(limited_app.state.settings, "create_per_minute", 0)

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

    monkeypatch.setattr(app.state.settings, "create_per_minute", 1)
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

    monkeypatch.setattr(app.state.settings, "create_per_minute", 2)
    with _client(app) as client:
        codes = [client.submit(url, fields).status_code for _ in range(4)]
    assert codes == [303, 303, 429, 429]
    with app.state.db.read() as session:
        count = session.scalar(select(func.count()).select_from(getattr(models, model)))
    assert count == 2
