"""Pruning inside the running app: each worker prunes at most once an hour, off the requests.

Pruning is idempotent, so workers and machines need not agree on who does it; a cron job
(README, "Pruning") does the same for a site that turns this off with GOLF_PRUNE_AFTER_DAYS=0.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from app.db import Database
from app.storage.prune import prune

INTERVAL_SECONDS = 3600
log = logging.getLogger("golf.upkeep")


@asynccontextmanager
async def pruning(
    database: Database, days: int, interval: float = INTERVAL_SECONDS
) -> AsyncIterator[None]:
    """Prune every `interval` seconds while the app runs (days=0: never)."""
    if not days:
        yield
        return
    task = asyncio.create_task(_every(interval, lambda: prune(database, older_than_days=days)))
    try:
        yield
    finally:
        task.cancel()


async def _every(interval: float, job: Callable[[], object]) -> None:
    # The first run waits a random part of the interval, so workers started together spread out.
    await asyncio.sleep(interval * random.uniform(0.1, 1.0))
    while True:
        try:
            counts = await asyncio.to_thread(job)
            log.info("pruned %s", counts)
        except Exception:  # noqa: BLE001 - a failed prune must not stop the next one
            log.exception("pruning failed; trying again in %s s", interval)
        await asyncio.sleep(interval)
