"""Golf solitaire deals and rounds in the database. Keyword-only functions; rules stay pure.

A deal row holds its card order (and deal number, if it has one), its variant and its move log;
the board is rebuilt by replaying the log. Every change is a compare-and-set UPDATE on
`version`, so two requests that raced each other (two tabs, two workers, a double click) cannot
both win, on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from datetime import date
from functools import cached_property

from sqlalchemy import bindparam, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.rules.dealnum import MAX_SHORT_DEAL_NUMBER
from app.rules.solitaire import (
    Draw,
    Game,
    Move,
    Variant,
    deal_for_number,
    is_over,
    parse_move,
    score,
)
from app.storage.models import MOVE_LOG_SCHEMA, DailyEntry, SolitaireDeal, SolitaireRound
from app.tokens import new_token

HOLES = 9


class DealNotFound(LookupError):
    """No deal (or round) with this id."""


class StaleDeal(Exception):
    """The form was made from an older version of the deal; nothing was changed."""

    def __init__(self, current: StoredDeal) -> None:
        super().__init__("The deal moved on since this page was loaded")
        self.current = current


class DealIsFinal(Exception):
    """The deal is over and its score counts (a hole of a round, a deal of the day): its moves
    are never taken back, or a player could finish, look at the review or a friend's replay
    (which show the draw pile), and play it again."""

    def __init__(self, current: StoredDeal) -> None:
        super().__init__("The deal is over and its score counts")
        self.current = current


class DrawIsKept(Exception):
    """The deal's score counts and the change would take back a card turned from the draw
    pile: the player has seen it, and could play those moves again knowing what comes next."""

    def __init__(self, current: StoredDeal) -> None:
        super().__init__("A card drawn in a deal whose score counts is never taken back")
        self.current = current


@dataclass(frozen=True)
class StoredDeal:
    """A deal as stored: everything needed to rebuild its board, plus its version."""

    id: str
    deal_number: int | None
    cards: tuple[str, ...]
    variant: Variant
    moves: tuple[Move, ...]
    version: int
    round_id: str | None = None
    hole: int | None = None
    coach_moves: int = 0  # positions where the coach showed its move (see note_coach_move)

    @cached_property
    def game(self) -> Game:
        return Game(self.cards, self.variant, self.moves)


@dataclass(frozen=True)
class StoredRound:
    id: str
    variant: Variant
    deals: tuple[StoredDeal, ...]  # in hole order
    scores: tuple[int | None, ...]  # one per dealt hole; None while a hole is in play

    @property
    def hole_in_play(self) -> int:
        """The first hole not yet over (the last one dealt once all are over).

        A challenge's round has all nine dealt from the start, and is still played in order.
        """
        return next((hole for hole, score in enumerate(self.scores, 1) if score is None),
                    len(self.deals))

    @property
    def open_deals(self) -> tuple[StoredDeal, ...]:
        """The holes a player may open: those over, and the one in play."""
        return self.deals[: self.hole_in_play]


# A move is the hot path: it reads and writes one row with Core statements built once, which
# costs a fraction of the ORM's identity map and per-call statement building.
_DEALS = SolitaireDeal.__table__
_LOAD_DEAL = select(
    *(_DEALS.c[name] for name in (
        "id", "round_id", "hole", "deal_number", "cards", "variant", "moves", "log_schema",
        "version", "coach_moves",
    ))
).where(_DEALS.c.id == bindparam("deal_id"))  # fmt: skip
_SAVE_MOVES = (
    update(_DEALS)
    .where(_DEALS.c.id == bindparam("deal_id"), _DEALS.c.version == bindparam("old_version"))
    .values(
        moves=bindparam("new_moves", type_=_DEALS.c.moves.type),
        version=bindparam("new_version"),
        score=bindparam("new_score"),
    )
)


def random_deal_number() -> int:
    return secrets.randbelow(MAX_SHORT_DEAL_NUMBER) + 1


def _to_stored(row: SolitaireDeal) -> StoredDeal:
    if row.log_schema != MOVE_LOG_SCHEMA:
        raise ValueError(f"Deal {row.id} has move-log schema {row.log_schema}")
    return StoredDeal(
        id=row.id,
        deal_number=row.deal_number,
        cards=tuple(row.cards),
        variant=Variant.from_dict(row.variant),
        moves=tuple(parse_move(m) for m in row.moves),
        version=row.version,
        round_id=row.round_id,
        hole=row.hole,
        coach_moves=row.coach_moves or 0,
    )


def create_deal(
    session: Session,
    *,
    variant: Variant,
    deal_number: int | None = None,
    cards: tuple[str, ...] | None = None,
    round_id: str | None = None,
    hole: int | None = None,
) -> StoredDeal:
    """A new deal from its number (or an explicit card order already checked by the rules)."""
    if cards is None:
        deal_number = deal_number or random_deal_number()
        cards = deal_for_number(deal_number, variant)
    row = SolitaireDeal(
        id=new_token(),
        round_id=round_id,
        hole=hole,
        deal_number=deal_number,
        cards=list(cards),
        variant=variant.to_dict(),
        moves=[],
        log_schema=MOVE_LOG_SCHEMA,
        version=0,
    )
    session.add(row)
    session.flush()
    return _to_stored(row)


def load_deal(session: Session, *, deal_id: str) -> StoredDeal:
    row = None
    if len(deal_id) <= 32:
        row = session.connection().execute(_LOAD_DEAL, {"deal_id": deal_id}).one_or_none()
    if row is None:
        raise DealNotFound(deal_id)
    return _to_stored(row)


def _save(session: Session, *, current: StoredDeal, game: Game) -> StoredDeal:
    """Write the new move log if nobody else wrote since `current` was read (else StaleDeal)."""
    position = game.position
    result = session.connection().execute(
        _SAVE_MOVES,
        {
            "deal_id": current.id,
            "old_version": current.version,
            "new_moves": [m.to_json() for m in game.moves],
            "new_version": current.version + 1,
            "new_score": score(position) if is_over(position) else None,
        },
    )
    if result.rowcount != 1:
        raise StaleDeal(load_deal(session, deal_id=current.id))
    saved = StoredDeal(
        current.id, current.deal_number, current.cards, current.variant, game.moves,
        current.version + 1, current.round_id, current.hole, current.coach_moves,
    )
    saved.__dict__["game"] = game  # what cached_property stores: its position is known already
    return saved


def note_coach_move(session: Session, *, deal: StoredDeal) -> StoredDeal:
    """Count the coach showing its move in this position (a Hint, or Watch's next move).

    Once per position however often it is shown: one atomic UPDATE that counts only a version
    not counted yet. It leaves the version alone, so no open form of the deal goes stale.
    """
    counted = session.execute(
        update(SolitaireDeal)
        .where(
            SolitaireDeal.id == deal.id,
            or_(
                SolitaireDeal.coached_version.is_(None),
                SolitaireDeal.coached_version != deal.version,
            ),
        )
        .values(coach_moves=SolitaireDeal.coach_moves + 1, coached_version=deal.version)
        .execution_options(synchronize_session=False)
    ).rowcount
    return replace(deal, coach_moves=deal.coach_moves + 1) if counted else deal


def _check_version(current: StoredDeal, version: int) -> None:
    if current.version != version:
        raise StaleDeal(current)


def in_play_for_score(session: Session, *, deal_number: int) -> bool:
    """Whether a round, a challenge or a deal of the day (one begun before midnight, say)
    still plays this deal number for score: practised freely first, with Undo, it would show
    that deal's draw pile before it counts."""
    unfinished = select(SolitaireDeal.id).where(
        SolitaireDeal.deal_number == deal_number,
        SolitaireDeal.score.is_(None),
        SolitaireDeal.round_id.is_not(None)
        | SolitaireDeal.id.in_(select(DailyEntry.deal_id)),
    )
    return session.scalar(unfinished.limit(1)) is not None


def day_of_deal(session: Session, *, deal_id: str) -> date | None:
    """The day this deal is the deal of the day for, or None for any other deal."""
    return session.scalar(select(DailyEntry.day).where(DailyEntry.deal_id == deal_id))


def score_counts(session: Session, *, deal: StoredDeal) -> bool:
    """Whether the deal's score counts somewhere: a hole of a round, or a deal of the day."""
    return deal.round_id is not None or day_of_deal(session, deal_id=deal.id) is not None


def _check_taking_back(session: Session, current: StoredDeal, keep: int) -> None:
    """Keeping only the first `keep` moves of a deal whose score counts: refused once it is over
    (DealIsFinal), and in play if it would take back a draw (DrawIsKept). One question to the
    database, and only when either could apply."""
    over = is_over(current.game.position)
    drawn = keep >= 0 and any(isinstance(move, Draw) for move in current.moves[keep:])
    if (over or drawn) and score_counts(session, deal=current):
        raise DealIsFinal(current) if over else DrawIsKept(current)


def _current(session: Session, deal_id: str, read: StoredDeal | None) -> StoredDeal:
    """The deal as the caller already read it (its version guards the write), else loaded now."""
    if read is not None and read.id == deal_id:
        return read
    return load_deal(session, deal_id=deal_id)


def apply_move(
    session: Session,
    *,
    deal_id: str,
    version: int,
    move: Move,
    seen_moves: int | None = None,
    read: StoredDeal | None = None,
) -> tuple[StoredDeal, bool]:
    """Apply a move made from `version`; returns the deal and whether the move was applied.

    A replay of the move that made the current version (a double click) is answered with the
    current deal and not applied twice; other stale forms raise StaleDeal.
    """
    current = _current(session, deal_id, read)
    if _is_replay(current, version, move, seen_moves):
        return current, False
    _check_version(current, version)
    game = current.game.push(move)
    try:
        return _save(session, current=current, game=game), True
    except StaleDeal as stale:  # the same click, sent twice at once, saved by the other request
        if _is_replay(stale.current, version, move, seen_moves):
            return stale.current, False
        raise


def _is_replay(current: StoredDeal, version: int, move: Move, seen_moves: int | None) -> bool:
    # Only a move makes the log one longer, so this identifies the change exactly.
    return (
        seen_moves is not None
        and current.version == version + 1
        and len(current.moves) == seen_moves + 1
        and current.moves[-1] == move
    )


def undo(
    session: Session,
    *,
    deal_id: str,
    version: int,
    seen_moves: int | None = None,
    read: StoredDeal | None = None,
) -> tuple[StoredDeal, bool]:
    """Take back the last move; a double-clicked Undo takes back only one.

    A finished deal whose score counts raises DealIsFinal; a draw in one raises DrawIsKept.
    """
    current = _current(session, deal_id, read)
    if _is_undone(current, version, seen_moves):
        return current, False
    _check_version(current, version)
    _check_taking_back(session, current, keep=len(current.moves) - 1)
    game = current.game.pop()
    try:
        return _save(session, current=current, game=game), True
    except StaleDeal as stale:
        if _is_undone(stale.current, version, seen_moves):
            return stale.current, False
        raise


def _is_undone(current: StoredDeal, version: int, seen_moves: int | None) -> bool:
    # Only an undo makes the log one shorter in one version.
    return (
        seen_moves is not None
        and current.version == version + 1
        and len(current.moves) == seen_moves - 1
    )


def rewind(
    session: Session, *, deal_id: str, version: int, keep: int, read: StoredDeal | None = None
) -> StoredDeal:
    """Keep the first `keep` moves, like several undos at once."""
    current = _current(session, deal_id, read)
    _check_version(current, version)
    _check_taking_back(session, current, keep)
    if not 0 <= keep <= len(current.moves):
        raise ValueError(f"Choose between 0 and {len(current.moves)} moves to keep")
    if keep == len(current.moves):
        return current
    game = Game(current.cards, current.variant, current.moves[:keep])
    return _save(session, current=current, game=game)


# --- Rounds of nine ---------------------------------------------------------------------


def create_round(session: Session, *, variant: Variant) -> StoredDeal:
    """A new round and its first hole; returns the first hole's deal."""
    row = SolitaireRound(id=new_token(), variant=variant.to_dict())
    session.add(row)
    session.flush()
    return create_deal(session, variant=variant, round_id=row.id, hole=1)


def load_round(session: Session, *, round_id: str) -> StoredRound:
    row = session.get(SolitaireRound, round_id) if len(round_id) <= 32 else None
    if row is None:
        raise DealNotFound(round_id)
    rows = session.scalars(
        select(SolitaireDeal).where(SolitaireDeal.round_id == round_id).order_by(SolitaireDeal.hole)
    ).all()
    return StoredRound(
        id=row.id,
        variant=Variant.from_dict(row.variant),
        deals=tuple(_to_stored(r) for r in rows),
        scores=tuple(r.score for r in rows),
    )


class HoleNotReady(Exception):
    """The next hole cannot be dealt yet (the current one is still in play, or it was the 9th)."""


def next_hole(
    session: Session, *, round_id: str, hole: int, read: StoredRound | None = None
) -> StoredDeal:
    """Deal hole `hole` of a round once the one before is over; dealing it twice is harmless.

    `read` is the round as the caller already read it: a hole dealt since is found by the
    unique (round, hole) key below.
    """
    current = read if read is not None and read.id == round_id else load_round(
        session, round_id=round_id
    )
    existing = {d.hole: d for d in current.deals}
    if not 2 <= hole <= HOLES or any(h not in existing for h in range(1, hole)):
        raise HoleNotReady(f"There is no hole {hole} to deal in this round")
    unfinished = [h for h in range(1, hole) if not is_over(existing[h].game.position)]
    if unfinished:
        raise HoleNotReady(f"Finish hole {unfinished[0]} before dealing the next one")
    if hole in existing:  # dealt a moment ago, or from the start in a challenge
        return existing[hole]
    try:
        with session.begin_nested():
            return create_deal(session, variant=current.variant, round_id=round_id, hole=hole)
    except IntegrityError:
        # Another request dealt this hole a moment ago: show that one.
        return load_round(session, round_id=round_id).deals[hole - 1]
