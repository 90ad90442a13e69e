"""A synchronous HTTP client that runs the app in the calling thread, on an event loop.

Starlette's TestClient runs the app on a second thread and hands every request across to it
(and, without `with`, starts a new thread and event loop for each request). Thousands of small
requests make that hand-over a large share of the suite's CPU. Here each request runs the app
to completion on an event loop of the thread that sends it; routes written as plain functions
still run on the loop's worker threads, as under uvicorn. Threads that share one client, to
send requests at the same moment, each get a loop of their own: the app keeps no state bound
to a loop. The one task its lifespan starts (pruning, hours apart) lives on the loop of the
thread that opened the client, so it only moves while that thread's requests run.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

import httpx

T = TypeVar("T")


def _run(loop: asyncio.AbstractEventLoop, coroutine: Coroutine[Any, Any, T]) -> T:
    """Run `coroutine` on `loop` to the end, from synchronous code.

    Playwright's synchronous API keeps its own loop marked as running in the thread while the
    test's code runs (once a worker has started the browser), which would refuse our loop. That
    loop is not turning while this code runs, so it is set aside and put back afterwards.
    """
    outer = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    try:
        return loop.run_until_complete(coroutine)
    finally:
        asyncio._set_running_loop(outer)


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """asyncio.run for a test: it also works once a browser test has run in this worker (see
    `_run`), where asyncio.run refuses to start."""
    loop = asyncio.new_event_loop()
    try:
        return _run(loop, coroutine)
    finally:
        _run(loop, _cancel_the_rest())
        _run(loop, loop.shutdown_default_executor())
        loop.close()


async def _cancel_the_rest() -> None:
    """As asyncio.run ends: what the app left running (a lifespan's task) is cancelled."""
    left = asyncio.all_tasks() - {asyncio.current_task()}
    for task in left:
        task.cancel()
    await asyncio.gather(*left, return_exceptions=True)


class _InLoopTransport(httpx.BaseTransport):
    def __init__(self, app: Any, client: tuple[str, int]) -> None:
        self._asgi = httpx.ASGITransport(app=app, client=client)
        self._loops: list[asyncio.AbstractEventLoop] = []
        self._mine = threading.local()
        self._lock = threading.Lock()

    def loop(self) -> asyncio.AbstractEventLoop:
        """This thread's event loop for the app, made at its first request."""
        loop = getattr(self._mine, "loop", None)
        if loop is None:
            loop = self._mine.loop = asyncio.new_event_loop()
            with self._lock:
                self._loops.append(loop)
        return loop

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        async def send() -> httpx.Response:
            # A synchronous client's body, read now, for the transport that wants an async one.
            request.stream = httpx.ByteStream(request.read())
            response = await self._asgi.handle_async_request(request)
            # The raw bytes: the response decodes them itself when the test reads it.
            raw = b"".join([chunk async for chunk in response.aiter_raw()])
            return httpx.Response(
                response.status_code, headers=response.headers, stream=httpx.ByteStream(raw),
                extensions=response.extensions,
            )  # fmt: skip

        return _run(self.loop(), send())

    def close(self) -> None:
        with self._lock:
            loops, self._loops = self._loops, []
        for loop in loops:
            if loop.is_closed():
                continue
            _run(loop, _cancel_the_rest())
            _run(loop, loop.shutdown_default_executor())
            loop.close()


class AppClient(httpx.Client):
    """Requests to `app` as a browser sends them (cookies kept, redirects followed).

    `with AppClient(app)` also runs the app's lifespan, as a server would at start and stop.
    """

    def __init__(
        self,
        app: Any,
        base_url: str = "http://testserver",
        client: tuple[str, int] = ("testclient", 50000),
        **kwargs: Any,
    ) -> None:
        self.app = app
        self._app_transport = _InLoopTransport(app, client)
        self._lifespan: contextlib.AsyncExitStack | None = None
        kwargs.setdefault("follow_redirects", True)
        kwargs.setdefault("headers", {"user-agent": "testclient"})
        super().__init__(transport=self._app_transport, base_url=base_url, **kwargs)

    def __enter__(self) -> AppClient:
        super().__enter__()
        stack = contextlib.AsyncExitStack()
        _run(
            self._app_transport.loop(),
            stack.enter_async_context(self.app.router.lifespan_context(self.app)),
        )
        self._lifespan = stack
        return self

    def __exit__(self, *args: Any) -> None:
        try:
            if self._lifespan is not None:
                _run(self._app_transport.loop(), self._lifespan.aclose())
                self._lifespan = None
        finally:
            super().__exit__(*args)
