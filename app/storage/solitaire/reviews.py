"""Reviews of finished solitaire deals, stored so that each deal is reviewed once.

A review costs up to half a second of CPU; a second view of it is one primary-key read. The
row remembers the deal version it describes, so a deal rewound and finished again is reviewed
again. Moments are stored as moves and losses, without their sentences, which are worded in
each reader's language when shown. The honest expectation at the start of the deal has a
column of its own (`expected`), NULL in reviews stored before it was worked out: those are
shown without it rather than searched again.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from app.players.solitaire.review import Moment, Review
from app.rules.solitaire import parse_move
from app.storage.models import SolitaireReview

# Version of the stored JSON; a review stored in another format is worked out again.
REVIEW_SCHEMA = 1


def load_review(session: Session, *, deal_id: str, version: int) -> Review | None:
    """The stored review of this deal at this version, or None if there is none yet."""
    row = session.execute(
        select(SolitaireReview.review, SolitaireReview.expected).where(
            SolitaireReview.deal_id == deal_id, SolitaireReview.deal_version == version
        )
    ).one_or_none()
    if row is None or row.review.get("schema") != REVIEW_SCHEMA:
        return None
    return replace(_from_json(row.review), expected=row.expected)


def save_review(session: Session, *, deal_id: str, version: int, review: Review) -> None:
    """Store the review of this deal at this version, replacing an older one."""
    insert = pg_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert
    values = {"deal_version": version, "review": _to_json(review), "expected": review.expected}
    statement = insert(SolitaireReview).values(deal_id=deal_id, **values)
    statement = statement.on_conflict_do_update(
        index_elements=[SolitaireReview.deal_id], set_=values
    )
    session.execute(statement)


def _to_json(review: Review) -> dict[str, Any]:
    return {
        "schema": REVIEW_SCHEMA,
        "best_score": review.best_score,
        "score": review.score,
        "best_exact": review.best_exact,
        "complete": review.complete,
        "moments": [
            {
                "number": m.number,
                "played": m.played.to_json(),
                "better": m.better.to_json(),
                "loss": m.loss,
            }
            for m in review.moments
        ],
    }


def _from_json(data: dict[str, Any]) -> Review:
    moments = tuple(
        Moment(
            number=int(m["number"]),
            played=parse_move(m["played"]),
            better=parse_move(m["better"]),
            loss=float(m["loss"]),
        )
        for m in data["moments"]
    )
    return Review(
        best_score=int(data["best_score"]),
        score=int(data["score"]),
        moments=moments,
        best_exact=bool(data["best_exact"]),
        complete=bool(data["complete"]),
    )
