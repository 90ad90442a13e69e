"""ORM rows. They hold deals, options and move logs; rule objects are rebuilt from them."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

# Version of the JSON move-log format stored in every game row.
MOVE_LOG_SCHEMA = 1


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}


class SolitaireRound(Base):
    __tablename__ = "solitaire_rounds"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    variant: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SolitaireDeal(Base):
    __tablename__ = "solitaire_deals"
    # One deal per hole of a round, so a double-clicked "Next hole" cannot deal it twice.
    __table_args__ = (UniqueConstraint("round_id", "hole"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    round_id: Mapped[str | None] = mapped_column(
        ForeignKey("solitaire_rounds.id", ondelete="CASCADE"), index=True
    )
    hole: Mapped[int | None] = mapped_column(Integer)
    deal_number: Mapped[int | None] = mapped_column(BigInteger, index=True)
    cards: Mapped[list[Any]] = mapped_column(JSON)
    variant: Mapped[dict[str, Any]] = mapped_column(JSON)
    moves: Mapped[list[Any]] = mapped_column(JSON, default=list)
    log_schema: Mapped[int] = mapped_column(Integer, default=MOVE_LOG_SCHEMA)
    version: Mapped[int] = mapped_column(Integer, default=0)
    score: Mapped[int | None] = mapped_column(Integer)
    # Positions where the coach showed its move (Hint, or Watch's next move), each counted once:
    # `coached_version` is the deal version counted last.
    coach_moves: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    coached_version: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, onupdate=utcnow, index=True
    )


class SolitaireReview(Base):
    """The review of a finished deal, worked out once (it costs up to a second of CPU).

    `deal_version` is the deal's version it describes: a deal rewound and finished again gets
    a new review.
    """

    __tablename__ = "solitaire_reviews"

    deal_id: Mapped[str] = mapped_column(
        ForeignKey("solitaire_deals.id", ondelete="CASCADE"), primary_key=True
    )
    deal_version: Mapped[int] = mapped_column(Integer)
    review: Mapped[dict[str, Any]] = mapped_column(JSON)
    # What an honest player could expect from the start of the deal; NULL in older reviews.
    expected: Mapped[float | None] = mapped_column(Float, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

class QuizAnswer(Base):
    """One anonymous answer to one quiz question: no personal data."""

    __tablename__ = "quiz_answers"
    # One answer per question from each page the quiz was shown on: a double submit counts
    # once (None: a form from before pages carried one).
    __table_args__ = (
        Index("ix_quiz_answers_question_attempt", "question", "attempt", unique=True),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    question: Mapped[int] = mapped_column(Integer, index=True)
    choice: Mapped[str] = mapped_column(String(16))
    attempt: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ScoreSheet(Base):
    __tablename__ = "score_sheets"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)  # private: edit link
    read_id: Mapped[str] = mapped_column(String(32), unique=True)  # public: read-only link
    length: Mapped[str] = mapped_column(String(16))  # an app.rules.golf.Length value
    players: Mapped[list[Any]] = mapped_column(JSON)
    scores: Mapped[list[Any]] = mapped_column(JSON, default=list)  # one list per hole
    # Which Golf the layout helper adds up ("golf6", "golf4"), and the four-card options.
    game: Mapped[str] = mapped_column(String(16), default="golf6", server_default="golf6")
    pairs_cancel: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    knock_penalty: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    version: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, onupdate=utcnow
    )


class Golf6Game(Base):
    __tablename__ = "golf6_games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)  # public: watch link
    invite_id: Mapped[str] = mapped_column(String(32), unique=True)  # join link
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), default="lobby")  # storage.golf.GameStatus
    # The moves are rows of golf6_moves, so a move appends one row instead of rewriting a log.
    # `deal` counts the rematches (it keys the rows of each deal); `move_count` is the current
    # deal's number of moves.
    deal: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    move_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    log_schema: Mapped[int] = mapped_column(Integer, default=MOVE_LOG_SCHEMA)
    version: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, onupdate=utcnow, index=True
    )


class Golf6Move(Base):
    """One move of a Golf game's deal, numbered from 0 (the JSON of rules.golf.move_to_json)."""

    __tablename__ = "golf6_moves"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("golf6_games.id", ondelete="CASCADE"), primary_key=True
    )
    deal: Mapped[int] = mapped_column(Integer, primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    move: Mapped[dict[str, Any]] = mapped_column(JSON)


class Golf6Seat(Base):
    __tablename__ = "golf6_seats"
    # Two people at one table never answer to the same name, even when they join at once.
    __table_args__ = (
        UniqueConstraint("game_id", "seat"),
        Index("uq_golf6_seats_name_key", "game_id", "name_key", unique=True),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(
        ForeignKey("golf6_games.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str | None] = mapped_column(String(40))
    # The name as compared (storage.golf.name_key); None for a seat nobody named.
    name_key: Mapped[str | None] = mapped_column(String(120))
    kind: Mapped[str] = mapped_column(String(16))  # "human", "open" or a bot name
    secret_hash: Mapped[str | None] = mapped_column(String(64), unique=True)
    last_seen: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # Hints this seat asked the coach for (shown to every seat; storage.golf.coach).
    hints_used: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class RateLimitHit(Base):
    """One counted request of a rate limit (storage.ratelimit), kept only while in its window."""

    __tablename__ = "rate_limit_hits"

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer(), "sqlite"), primary_key=True, autoincrement=True
    )
    key: Mapped[str] = mapped_column(String(128), index=True)  # action and hashed client
    at_ms: Mapped[int] = mapped_column(BigInteger, index=True)  # Unix time in milliseconds


class Challenge(Base):
    """Nine Golf solitaire deals (numbers and variations) that several players each play."""

    __tablename__ = "challenges"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)  # public: the challenge link
    variant: Mapped[dict[str, Any]] = mapped_column(JSON)
    deal_numbers: Mapped[list[Any]] = mapped_column(JSON)  # one per hole, in hole order
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ChallengePlayer(Base):
    """A player of a challenge: a display name and their own round of the challenge's deals."""

    __tablename__ = "challenge_players"
    __table_args__ = (UniqueConstraint("challenge_id", "name_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    challenge_id: Mapped[str] = mapped_column(
        ForeignKey("challenges.id", ondelete="CASCADE"), index=True
    )
    # The round's id is its private link: never shown to anyone but its player.
    round_id: Mapped[str] = mapped_column(
        ForeignKey("solitaire_rounds.id", ondelete="CASCADE"), unique=True
    )
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(120))  # the name as compared
    player_key: Mapped[str | None] = mapped_column(String(64), index=True)  # hashed browser id
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class DailyEntry(Base):
    """One browser's deal of the day: counted in the day's results once the deal is over."""

    __tablename__ = "daily_entries"
    __table_args__ = (UniqueConstraint("day", "player_key"),)

    deal_id: Mapped[str] = mapped_column(
        ForeignKey("solitaire_deals.id", ondelete="CASCADE"), primary_key=True
    )
    day: Mapped[date] = mapped_column(Date, index=True)  # the UTC day
    player_key: Mapped[str] = mapped_column(String(64))  # hashed browser id
