"""Load a solitaire deal or round once per request; an unknown id is a 404, decided here only."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, HTTPException, Request

from app.storage import solitaire as store
from app.storage.solitaire import DealNotFound, StoredDeal, StoredRound


def load_deal(request: Request, deal_id: str) -> StoredDeal:
    try:
        with request.app.state.db.read() as session:
            return store.load_deal(session, deal_id=deal_id)
    except DealNotFound:
        raise HTTPException(404) from None


def load_round(request: Request, round_id: str) -> StoredRound:
    try:
        with request.app.state.db.read() as session:
            return store.load_round(session, round_id=round_id)
    except DealNotFound:
        raise HTTPException(404) from None


# The deal as this request read it: a change then checks its version when it saves.
DealDep = Annotated[StoredDeal, Depends(load_deal)]
RoundDep = Annotated[StoredRound, Depends(load_round)]
