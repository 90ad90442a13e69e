"""Load a solitaire deal or round once per request; an unknown id is a 404, decided here only.

Pages take `DealDep`. A change reads the deal inside the transaction that writes it
(`deal_to_change`): a separate read first would cost a second transaction and a second trip
through the threadpool on every move, about a fifth of a move's server time under load.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.orm import Session

from app.storage import solitaire as store
from app.storage.solitaire import StoredDeal, StoredRound
from app.web.loading import not_found_is_404


def load_deal(request: Request, deal_id: str) -> StoredDeal:
    with not_found_is_404(), request.app.state.db.read() as session:
        return store.load_deal(session, deal_id=deal_id)


def load_round(request: Request, round_id: str) -> StoredRound:
    with not_found_is_404(), request.app.state.db.read() as session:
        return store.load_round(session, round_id=round_id)


@contextmanager
def deal_to_change(request: Request, deal_id: str) -> Iterator[tuple[Session, StoredDeal]]:
    """A write transaction and the deal as it reads there; storage then checks the version."""
    with request.app.state.db.write() as session:
        with not_found_is_404():
            deal = store.load_deal(session, deal_id=deal_id)
        yield session, deal


DealDep = Annotated[StoredDeal, Depends(load_deal)]
RoundDep = Annotated[StoredRound, Depends(load_round)]
