"""Challenges: nine Golf solitaire deals that several players each play in their own round.

A challenge fixes nine deal numbers and the variations. Every player's round holds all nine
deals from the start (hole h is deal number h), so `deals.next_hole` finds each hole
already dealt and the players meet the very same cards; they still play them in order.
A round's id is its player's private link; nothing here hands one player's round id to
another.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.rules.names import name_key
from app.rules.solitaire import Variant
from app.storage.models import (
    Challenge,
    ChallengePlayer,
    SolitaireDeal,
    SolitaireReview,
    SolitaireRound,
)
from app.storage.solitaire import deals
from app.storage.solitaire.deals import HOLES, StoredDeal
from app.storage.solitaire.reviews import REVIEW_SCHEMA
from app.tokens import new_token

MAX_PLAYERS = 100
MAX_ID = 32
MAX_PLAYER_ID = 2**31 - 1  # an INTEGER column: a larger id is no player, and no query


class ChallengeNotFound(LookupError):
    """No challenge (or no such player or hole in it)."""


class ChallengeFull(Exception):
    """The challenge has MAX_PLAYERS players already."""


class NameTaken(Exception):
    """Another player of this challenge already goes by this name."""


class JoinedAlready(Exception):
    """This browser has a seat in the challenge under another name (a stale tab's form)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


class HoleScores:
    """For a round's `scores`, one per hole (None until that hole is finished)."""

    scores: tuple[int | None, ...]

    @property
    def finished(self) -> bool:
        return all(score is not None for score in self.scores)

    @property
    def total(self) -> int:
        return sum(score for score in self.scores if score is not None)


@dataclass(frozen=True)
class Entrant(HoleScores):
    """A player as others see them: a name and a score per hole (None until finished)."""

    id: int
    name: str
    scores: tuple[int | None, ...]
    coached: frozenset[int] = frozenset()  # holes where the coach showed its move


@dataclass(frozen=True)
class StoredChallenge:
    id: str
    variant: Variant
    deal_numbers: tuple[int, ...]
    entrants: tuple[Entrant, ...]  # in the order they joined


@dataclass(frozen=True)
class Seat:
    """Who a round belongs to in a challenge: its challenge and its entrant's id."""

    challenge_id: str
    player_id: int
    round_id: str


def seat_for_round(session: Session, *, round_id: str) -> Seat | None:
    """The challenge seat of a round, if the round is part of a challenge."""
    if len(round_id) > MAX_ID:
        return None
    row = session.execute(
        select(ChallengePlayer.challenge_id, ChallengePlayer.id).where(
            ChallengePlayer.round_id == round_id
        )
    ).first()
    return Seat(row.challenge_id, row.id, round_id) if row else None


def seat_for_player_key(session: Session, *, challenge_id: str, player_key: str) -> Seat | None:
    """The seat this browser (by its hashed player id) holds in a challenge, if any."""
    row = session.execute(
        select(ChallengePlayer.id, ChallengePlayer.round_id).where(
            ChallengePlayer.challenge_id == challenge_id,
            ChallengePlayer.player_key == player_key,
        )
    ).first()
    return Seat(challenge_id, row.id, row.round_id) if row else None


def load_challenge(session: Session, *, challenge_id: str) -> StoredChallenge:
    """The challenge with every entrant's hole scores, in two small queries."""
    row = session.get(Challenge, challenge_id) if len(challenge_id) <= MAX_ID else None
    if row is None:
        raise ChallengeNotFound(challenge_id)
    players = session.execute(
        select(ChallengePlayer.id, ChallengePlayer.name, ChallengePlayer.round_id)
        .where(ChallengePlayer.challenge_id == challenge_id)
        .order_by(ChallengePlayer.id)
    ).all()
    holes = round_holes(session, [p.round_id for p in players])
    entrants = tuple(Entrant(p.id, p.name, *holes[p.round_id]) for p in players)
    return StoredChallenge(
        id=row.id,
        variant=Variant.from_dict(row.variant),
        deal_numbers=tuple(row.deal_numbers),
        entrants=entrants,
    )


def hole_scores(session: Session, round_ids: list[str]) -> dict[str, tuple[int | None, ...]]:
    """Each round's score per hole (None: not finished), in one query."""
    return {round_id: scores for round_id, (scores, _coached) in
            round_holes(session, round_ids).items()}


def round_holes(
    session: Session, round_ids: list[str]
) -> dict[str, tuple[tuple[int | None, ...], frozenset[int]]]:
    """Each round's score per hole (None: not finished) and the holes where the coach showed
    its move (Hint, or Watch), in one query. It asks for these rounds only: on PostgreSQL each
    query sees what was committed before it, so a query by challenge could meet a round that
    joined after the caller read its players."""
    scores: dict[str, list[int | None]] = {round_id: [None] * HOLES for round_id in round_ids}
    coached: dict[str, set[int]] = {round_id: set() for round_id in round_ids}
    if scores:
        holes = session.execute(
            select(
                SolitaireDeal.round_id, SolitaireDeal.hole, SolitaireDeal.score,
                SolitaireDeal.coach_moves,
            ).where(SolitaireDeal.round_id.in_(list(scores)))
        ).all()
        for hole in holes:
            if hole.hole is not None and 1 <= hole.hole <= HOLES:
                scores[hole.round_id][hole.hole - 1] = hole.score
                if hole.coach_moves:
                    coached[hole.round_id].add(hole.hole)
    return {r: (tuple(scores[r]), frozenset(coached[r])) for r in round_ids}


def create_challenge(
    session: Session, *, round_id: str, name: str, player_key: str | None
) -> Seat:
    """Turn a round of nine into a challenge (once: asking again gives the same one).

    Holes dealt already keep their deal numbers; the rest are drawn now and dealt into the
    round at once, so everyone who accepts gets the same nine.
    """
    existing = seat_for_round(session, round_id=round_id)
    if existing is not None:
        return existing
    current = deals.load_round(session, round_id=round_id)  # DealNotFound if none
    dealt = {deal.hole: deal for deal in current.deals}
    numbers = [
        dealt[hole].deal_number if hole in dealt else deals.random_deal_number()
        for hole in range(1, HOLES + 1)
    ]
    if any(number is None for number in numbers):
        raise ChallengeNotFound("a hole of this round was dealt without a deal number")
    for hole, number in enumerate(numbers, start=1):
        if hole not in dealt:
            deals.create_deal(
                session, variant=current.variant, deal_number=number, round_id=round_id, hole=hole
            )
    challenge = Challenge(id=new_token(), variant=current.variant.to_dict(), deal_numbers=numbers)
    session.add(challenge)
    session.flush()
    return _join(session, challenge.id, round_id, name, player_key)


def accept_challenge(
    session: Session, *, challenge_id: str, name: str, player_key: str | None
) -> Seat:
    """A new round of the challenge's nine deals for a new player."""
    challenge = load_challenge(session, challenge_id=challenge_id)
    if player_key is not None:
        seat = seat_for_player_key(session, challenge_id=challenge_id, player_key=player_key)
        if seat is not None:  # this browser has a seat already: no second one
            joined_as = next(e.name for e in challenge.entrants if e.id == seat.player_id)
            if name_key(joined_as) != name_key(name):
                raise JoinedAlready(joined_as)
            return seat  # the same form sent twice
    if len(challenge.entrants) >= MAX_PLAYERS:
        raise ChallengeFull(challenge_id)
    round_row = SolitaireRound(id=new_token(), variant=challenge.variant.to_dict())
    session.add(round_row)
    session.flush()
    for hole, number in enumerate(challenge.deal_numbers, start=1):
        deals.create_deal(
            session, variant=challenge.variant, deal_number=number, round_id=round_row.id, hole=hole
        )
    return _join(session, challenge_id, round_row.id, name, player_key)


def _join(
    session: Session,
    challenge_id: str,
    round_id: str,
    name: str,
    player_key: str | None,
) -> Seat:
    # Compared by the names themselves, so rows keyed before look-alikes counted still count.
    key = name_key(name)
    names = session.scalars(
        select(ChallengePlayer.name).where(ChallengePlayer.challenge_id == challenge_id)
    )
    if any(name_key(other) == key for other in names):
        raise NameTaken(name)
    row = ChallengePlayer(
        challenge_id=challenge_id,
        round_id=round_id,
        name=name,
        name_key=key,
        player_key=player_key,
    )
    try:
        with session.begin_nested():
            session.add(row)
            session.flush()
    except IntegrityError:
        raise NameTaken(name) from None  # someone took the name a moment ago
    return Seat(challenge_id, row.id, round_id)


def entrant_deal(session: Session, *, challenge_id: str, player_id: int, hole: int) -> StoredDeal:
    """One entrant's deal of one hole, for a read-only replay."""
    if not 1 <= player_id <= MAX_PLAYER_ID:
        raise ChallengeNotFound(challenge_id)
    deal_id = session.scalar(
        select(SolitaireDeal.id)
        .join(ChallengePlayer, ChallengePlayer.round_id == SolitaireDeal.round_id)
        .where(
            ChallengePlayer.id == player_id,
            ChallengePlayer.challenge_id == challenge_id,
            SolitaireDeal.hole == hole,
        )
    )
    if deal_id is None:
        raise ChallengeNotFound(challenge_id)
    return deals.load_deal(session, deal_id=deal_id)


def known_best(session: Session, *, challenge_id: str, hole: int) -> tuple[int, bool] | None:
    """The best possible score of a hole, if any player's review of it is stored already
    (every player has the same cards): (score, exact). None when nobody has reviewed it."""
    rows = session.execute(
        select(SolitaireReview.review)
        .join(SolitaireDeal, SolitaireDeal.id == SolitaireReview.deal_id)
        .join(ChallengePlayer, ChallengePlayer.round_id == SolitaireDeal.round_id)
        .where(ChallengePlayer.challenge_id == challenge_id, SolitaireDeal.hole == hole)
    ).scalars()
    return best_of_reviews(rows)


def best_of_reviews(reviews: Iterable[dict[str, Any]]) -> tuple[int, bool] | None:
    """The lowest best score among stored reviews of the same cards; exact if one says so."""
    found = [
        (int(r["best_score"]), bool(r["best_exact"]))
        for r in reviews
        if isinstance(r, dict) and r.get("schema") == REVIEW_SCHEMA
    ]
    if not found:
        return None
    best = min(score for score, _ in found)
    return best, any(exact for score, exact in found if score == best)
