"""A per-client allowance of coach CPU time (hints, watching, reviews): one token bucket each.

A hint costs the server a tenth of a second of CPU and a review up to a second; without a
limit, one client could keep every core busy. Each client address holds up to CAPACITY seconds
of CPU, refilled at RATE seconds per second. A request runs while the allowance is positive and
is charged afterwards what it really used (the thread's CPU clock, which counts the C solver
too: it runs on the same thread). Once spent, the next request gets 429 with Retry-After.

The buckets live in each worker process's memory: several workers each give a client its
own allowance, which still bounds what one client costs each of them.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from fastapi import HTTPException, Request

from app.i18n import N_
from app.i18n import gettext as _

# Twenty seconds of CPU in a burst (about 200 hints or 25 hard reviews), then a quarter of
# a core: a player asking for a hint at every move never gets near it.
CAPACITY = 20.0
RATE = 0.25
# Full buckets are forgotten once this many clients are remembered (a full one is the default).
MAX_CLIENTS = 10_000
TOO_MUCH = N_(
    "The coach has worked a lot for you in the last minutes. Please wait a little and try again."
)


class WorkBudget:
    """CPU seconds per client key, refilled over time."""

    def __init__(
        self,
        capacity: float = CAPACITY,
        rate: float = RATE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.capacity, self.rate, self.clock = capacity, rate, clock
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, when)
        self._lock = threading.Lock()  # held only to read or write one bucket

    def _tokens(self, key: str, now: float) -> float:
        tokens, when = self._buckets.get(key, (self.capacity, now))
        return min(self.capacity, tokens + (now - when) * self.rate)

    def wait_seconds(self, key: str) -> int:
        """0 when `key` may start more work now, else whole seconds until it may."""
        with self._lock:
            tokens = self._tokens(key, self.clock())
        return 0 if tokens > 0 else max(1, math.ceil(-tokens / self.rate))

    def charge(self, key: str, seconds: float) -> None:
        with self._lock:
            now = self.clock()
            self._buckets[key] = (self._tokens(key, now) - seconds, now)
            if len(self._buckets) > MAX_CLIENTS:
                self._forget_full(now)

    def _forget_full(self, now: float) -> None:
        full = [k for k in self._buckets if self._tokens(k, now) >= self.capacity]
        for key in full:
            del self._buckets[key]


_create_lock = threading.Lock()


def budget_of(request: Request) -> WorkBudget:
    """This app's budget (tests replace it with a smaller one through app.state)."""
    state = request.app.state
    with _create_lock:
        if getattr(state, "work_budget", None) is None:
            state.work_budget = WorkBudget()
    return state.work_budget


def client_of(request: Request) -> str:
    """Who pays: the client address (uvicorn resolves trusted proxy headers first)."""
    return request.client.host if request.client else "unknown"


def refuse_when_spent(request: Request) -> None:
    """429 if this client's coach allowance is spent. A change that ends in the coach's work
    (a watched move shows the next one) asks first, so that a refusal changes nothing."""
    wait = budget_of(request).wait_seconds(client_of(request))
    if wait:
        raise HTTPException(429, detail=_(TOO_MUCH), headers={"Retry-After": str(wait)})


@contextmanager
def coach_work(request: Request) -> Iterator[None]:
    """Run the block as this client's coach work: refused with 429 once their allowance is spent."""
    budget, key = budget_of(request), client_of(request)
    refuse_when_spent(request)
    began = time.thread_time()
    try:
        yield
    finally:
        budget.charge(key, time.thread_time() - began)
