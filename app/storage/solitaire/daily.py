"""The deal of the day in the database: who started it, and how the finished deals scored.

Each browser (by its hashed anonymous player id) gets one deal of the day per UTC day, an
ordinary solitaire deal; a deal counts in the day's results once it is over, and since each
deal is one row, every finished deal counts exactly once however many requests race.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.rules.daily import daily_deal_number
from app.rules.solitaire import STANDARD
from app.storage.models import DailyEntry, SolitaireDeal, SolitaireReview
from app.storage.solitaire import deals
from app.storage.solitaire.challenges import best_of_reviews
from app.storage.solitaire.deals import StoredDeal


@dataclass(frozen=True)
class DayResults:
    """How the day's finished deals scored: score -> how many players made it."""

    day: date
    counts: dict[int, int]

    @property
    def players(self) -> int:
        return sum(self.counts.values())

    def others_matched_share(self, score: int) -> int | None:
        """For a player among the day's who scored `score`: the whole percent of the *other*
        players whose score was `score` or worse (higher); None when nobody else played."""
        others = self.players - 1
        if others < 1 or not self.counts.get(score):
            return None
        worse_or_equal = sum(n for s, n in self.counts.items() if s >= score) - 1
        return round(100 * worse_or_equal / others)


def entry_deal(session: Session, *, day: date, player_key: str) -> StoredDeal | None:
    """This browser's deal of the day for `day`, if it started one."""
    deal_id = session.scalar(
        select(DailyEntry.deal_id).where(DailyEntry.day == day, DailyEntry.player_key == player_key)
    )
    return None if deal_id is None else deals.load_deal(session, deal_id=deal_id)


def start_daily_deal(session: Session, *, day: date, player_key: str) -> StoredDeal:
    """The browser's deal of the day, dealt on its first visit; a second start gives the same."""
    existing = entry_deal(session, day=day, player_key=player_key)
    if existing is not None:
        return existing
    deal = deals.create_deal(session, variant=STANDARD, deal_number=daily_deal_number(day))
    try:
        with session.begin_nested():
            session.add(DailyEntry(deal_id=deal.id, day=day, player_key=player_key))
            session.flush()
    except IntegrityError:
        # The same browser started it in another tab a moment ago: keep that one.
        found = entry_deal(session, day=day, player_key=player_key)
        if found is None:
            raise
        return found
    return deal


def day_results(session: Session, *, day: date) -> DayResults:
    """The spread of scores over the day's finished deals (one GROUP BY, no deal is loaded)."""
    rows = session.execute(
        select(SolitaireDeal.score, func.count())
        .join(DailyEntry, DailyEntry.deal_id == SolitaireDeal.id)
        .where(DailyEntry.day == day, SolitaireDeal.score.is_not(None))
        .group_by(SolitaireDeal.score)
    ).all()
    return DayResults(day=day, counts={score: count for score, count in rows})


def known_best(session: Session, *, day: date) -> tuple[int, bool] | None:
    """The deal's best possible score, if a review of any copy of it is stored already."""
    rows = session.execute(
        select(SolitaireReview.review)
        .join(DailyEntry, DailyEntry.deal_id == SolitaireReview.deal_id)
        .where(DailyEntry.day == day)
        .limit(20)
    ).scalars()
    return best_of_reviews(rows)
