"""A browser's own record, found through its hashed anonymous player id: its deals of the day
and its challenge rounds. Nothing personal is stored beyond the chosen display names.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from app.storage.models import ChallengePlayer, DailyEntry, SolitaireDeal
from app.storage.solitaire.challenges import HoleScores, hole_scores
from app.tokens import new_token

MAX_ITEMS = 200  # the most recent ones: a page, not an archive


@dataclass(frozen=True)
class DailyItem:
    day: date
    deal_id: str
    score: int | None  # None while the deal is in play


@dataclass(frozen=True)
class RoundItem(HoleScores):
    """One challenge round of this player: its private round id, name and hole scores."""

    round_id: str
    challenge_id: str
    name: str
    scores: tuple[int | None, ...]


@dataclass(frozen=True)
class Record:
    daily: tuple[DailyItem, ...]  # newest first
    rounds: tuple[RoundItem, ...]  # newest first

    @property
    def scores(self) -> list[int]:
        """Every finished deal's score: the deals of the day and the challenge holes."""
        holes = [s for r in self.rounds for s in r.scores if s is not None]
        return [d.score for d in self.daily if d.score is not None] + holes

    @property
    def empty(self) -> bool:
        return not self.daily and not self.rounds


def player_record(session: Session, *, player_key: str) -> Record:
    daily = session.execute(
        select(DailyEntry.day, DailyEntry.deal_id, SolitaireDeal.score)
        .join(SolitaireDeal, SolitaireDeal.id == DailyEntry.deal_id)
        .where(DailyEntry.player_key == player_key)
        .order_by(DailyEntry.day.desc())
        .limit(MAX_ITEMS)
    ).all()
    players = session.execute(
        select(ChallengePlayer.round_id, ChallengePlayer.challenge_id, ChallengePlayer.name)
        .where(ChallengePlayer.player_key == player_key)
        .order_by(ChallengePlayer.id.desc())
        .limit(MAX_ITEMS)
    ).all()
    scores = hole_scores(session, [p.round_id for p in players])
    return Record(
        daily=tuple(DailyItem(d.day, d.deal_id, d.score) for d in daily),
        rounds=tuple(
            RoundItem(p.round_id, p.challenge_id, p.name, scores[p.round_id])
            for p in players
        ),
    )


def forget_player(session: Session, *, player_key: str) -> None:
    """Unlink everything from this player id. The deals stay (a day's results still count
    them, a challenge still shows its player's name), but nothing leads back to the browser."""
    session.execute(
        update(ChallengePlayer)
        .where(ChallengePlayer.player_key == player_key)
        .values(player_key=None)
    )
    days = session.scalars(
        select(DailyEntry.deal_id).where(DailyEntry.player_key == player_key)
    ).all()
    for deal_id in days:  # each needs a key of its own: (day, player_key) is unique
        session.execute(
            update(DailyEntry)
            .where(DailyEntry.deal_id == deal_id)
            .values(player_key=f"forgotten-{new_token()}")
        )
