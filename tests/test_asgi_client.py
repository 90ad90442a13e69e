"""The suite's in-process client behaves as a browser's requests to a server would."""

from __future__ import annotations

import threading
from contextlib import asynccontextmanager

import pytest
from fastapi import FastAPI, Request, Response
from fastapi.responses import RedirectResponse

from tests.asgi_client import AppClient, run


def small_app(events: list[str]) -> FastAPI:
    @asynccontextmanager
    async def lifespan(_app: FastAPI):  # type: ignore[no-untyped-def]
        events.append("start")
        yield
        events.append("stop")

    app = FastAPI(lifespan=lifespan)

    @app.get("/set")
    def set_cookie() -> Response:
        response = RedirectResponse("/read", status_code=303)
        response.set_cookie("seat", "ann")
        return response

    @app.get("/read")
    def read_cookie(request: Request) -> dict:
        return {"seat": request.cookies.get("seat"), "thread": threading.get_ident()}

    @app.get("/boom")
    def boom() -> None:
        raise RuntimeError("boom")

    return app


def test_lifespan_cookies_redirects_and_app_errors():
    events: list[str] = []
    with AppClient(small_app(events)) as client:
        assert events == ["start"]
        answer = client.get("/set")
        assert answer.url.path == "/read" and answer.json()["seat"] == "ann"
        with pytest.raises(RuntimeError, match="boom"):
            client.get("/boom")
    assert events == ["start", "stop"]


def test_threads_sharing_a_client_send_at_once():
    client = AppClient(small_app([]))
    client.get("/set")
    barrier = threading.Barrier(4)
    seen: list[str] = []

    def ask() -> None:
        barrier.wait()
        seen.append(client.get("/read").json()["seat"])

    threads = [threading.Thread(target=ask) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    client.close()
    assert seen == ["ann"] * 4


def test_works_while_another_loop_is_marked_running_in_the_thread():
    # As under Playwright's synchronous API, whose loop stays "running" around the test code.
    async def inside() -> int:
        client = AppClient(small_app([]))
        try:
            return client.get("/read").status_code
        finally:
            client.close()

    assert run(inside()) == 200
