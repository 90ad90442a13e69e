"""Golf games (six- and four-card) in the database: reading a game and changing it.

A game row holds its settings, the seed of the current deal and a version; its moves are rows
of their own (one per move), so a move appends a row instead of rewriting a growing log. Every
change is one function here: load → rules → save, where the save is a compare-and-set UPDATE on
`version`, so two requests (or two workers) that raced each other cannot both win. Functions
are keyword-only and return the frozen dataclasses below, never ORM rows.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.orm import Session

from app.rules.golf import (
    Move,
    Options,
    State,
    apply,
    is_over,
    move_from_json,
    move_to_json,
    totals,
)
from app.rules.golf import new_game as deal_game
from app.rules.names import name_key
from app.storage.golf.identity import hash_secret
from app.storage.models import MOVE_LOG_SCHEMA, Golf6Game, Golf6Move, Golf6Seat, utcnow
from app.tokens import new_token

HUMAN = "human"
OPEN = "open"
# A cap so that no game grows without end (a long "until 100" game needs about 3,000).
MAX_MOVES = 6000
# A seat's last_seen is written at most this often, so polling does not mean a write a second.
TOUCH_EVERY = timedelta(seconds=10)
# A friend whose browser has not polled for this long may be replaced by a computer player.
AWAY_AFTER = timedelta(seconds=60)
RECENT = 8  # moves remembered with their states, for saying what just happened
CACHE_SIZE = 256


class GameStatus(StrEnum):
    LOBBY = "lobby"  # seats being filled; only the creator may start
    PLAYING = "playing"
    OVER = "over"  # every hole played; a rematch deals a new game in the same row


class Refusal(StrEnum):
    """Why a change was not made (the web layer words it)."""

    STALE = "stale"  # the game changed since the caller read it
    STARTED = "started"  # seats are settled once the game starts
    NOT_PLAYING = "not_playing"
    STILL_PLAYING = "still_playing"
    SEATS_FULL = "seats_full"
    NAME_TAKEN = "name_taken"
    SEAT_IN_USE = "seat_in_use"  # a hand-over of a seat whose browser is still there
    NOT_A_FRIEND = "not_a_friend"  # a hand-over of one's own seat, or a computer's
    TOO_LONG = "too_long"


class GameNotFound(LookupError):
    """No game with this id (or invite)."""


class Refused(Exception):
    def __init__(self, reason: Refusal) -> None:
        super().__init__(reason.value)
        self.reason = reason


@dataclass(frozen=True)
class Seat:
    seat: int
    name: str | None
    kind: str  # HUMAN, OPEN or a computer player's name
    last_seen: datetime | None
    hints_used: int = 0  # hints this seat asked for, in this game (everyone may see it)

    @property
    def is_bot(self) -> bool:
        return self.kind not in (HUMAN, OPEN)

    def is_away(self, now: datetime) -> bool:
        """A person whose browser has stopped polling."""
        return self.kind == HUMAN and (self.last_seen is None or now - self.last_seen > AWAY_AFTER)


@dataclass(frozen=True)
class Step:
    """One move with the states around it (for describing it)."""

    move: Move
    before: State
    after: State


@dataclass(frozen=True)
class Replay:
    """The state after `count` moves of deal number `deal`, and its last few steps."""

    deal: int
    seed: int
    count: int
    state: State
    recent: tuple[Step, ...]

    def extended(self, moves: Sequence[Move]) -> Replay:
        """The replay after `moves`; the rules refuse an illegal one (RuleError)."""
        state, recent = self.state, list(self.recent)
        for move in moves:
            after = apply(state, move)
            recent.append(Step(move, state, after))
            state = after
        return Replay(self.deal, self.seed, self.count + len(moves), state, tuple(recent[-RECENT:]))


@dataclass(frozen=True)
class Game:
    """A game as stored, with its seats and (once started) its rule state."""

    id: str
    invite_id: str
    settings: dict[str, Any]
    status: GameStatus
    version: int
    updated_at: datetime
    seats: tuple[Seat, ...]
    replay: Replay | None  # None in the lobby

    @property
    def options(self) -> Options:
        return Options.from_dict(self.settings["options"])

    @property
    def bot(self) -> str:
        """The computer player that takes free seats and handed-over ones."""
        return str(self.settings["bot"])


@dataclass(frozen=True)
class Joined:
    game_id: str
    seat: int
    secret: str


# --- Reading ------------------------------------------------------------------------------

_cache: OrderedDict[str, Replay] = OrderedDict()
_cache_lock = threading.Lock()


def aware(moment: datetime | None) -> datetime | None:
    """SQLite hands datetimes back without a zone; they were stored in UTC."""
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


def load_game(session: Session, *, game_id: str) -> Game:
    """The game with its seats and rule state; GameNotFound for an unknown id."""
    row = session.get(Golf6Game, game_id) if len(game_id) <= 32 else None
    if row is None:
        raise GameNotFound(game_id)
    if row.log_schema != MOVE_LOG_SCHEMA:
        raise ValueError(f"Game {row.id} has move-log schema {row.log_schema}")
    query = select(Golf6Seat).where(Golf6Seat.game_id == game_id).order_by(Golf6Seat.seat)
    seats = tuple(
        Seat(
            seat=s.seat,
            name=s.name,
            kind=s.kind,
            last_seen=aware(s.last_seen),
            hints_used=s.hints_used or 0,
        )
        for s in session.scalars(query)
    )
    status = GameStatus(row.status)
    return Game(
        id=row.id,
        invite_id=row.invite_id,
        settings=row.settings,
        status=status,
        version=row.version,
        updated_at=aware(row.updated_at) or utcnow(),
        seats=seats,
        replay=None if status == GameStatus.LOBBY else _replay(session, row),
    )


def _replay(session: Session, row: Golf6Game) -> Replay:
    """The rule state of the current deal: the cached one, plus the moves stored since."""
    with _cache_lock:
        cached = _cache.get(row.id)
    fresh = cached is None or (cached.deal, cached.seed) != (row.deal, row.seed)
    if fresh or cached is None or cached.count > row.move_count:
        options = Options.from_dict(row.settings["options"])
        cached = Replay(row.deal, row.seed, 0, deal_game(options, row.seed), ())
    if cached.count < row.move_count:
        query = (
            select(Golf6Move.move)
            .where(
                Golf6Move.game_id == row.id,
                Golf6Move.deal == row.deal,
                Golf6Move.number >= cached.count,
                Golf6Move.number < row.move_count,
            )
            .order_by(Golf6Move.number)
        )
        cached = cached.extended([move_from_json(data) for data in session.scalars(query)])
        _remember(row.id, cached)
    return cached


def _remember(game_id: str, replay: Replay) -> None:
    with _cache_lock:
        _cache[game_id] = replay
        _cache.move_to_end(game_id)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


# --- Changing -----------------------------------------------------------------------------


def create_game(
    session: Session, *, settings: dict[str, Any], seed: int, creator: str, kinds: list[str]
) -> Joined:
    """A new game in the lobby: seat 0 is the creator, then one seat per kind (OPEN or a bot).

    Returns the creator's seat and secret (only its hash is stored).
    """
    secret = new_token()
    game = Golf6Game(
        id=new_token(),
        invite_id=new_token(),
        settings=settings,
        seed=seed,
        status=GameStatus.LOBBY.value,
        log_schema=MOVE_LOG_SCHEMA,
        version=0,
    )
    session.add(game)
    session.flush()
    session.add(
        Golf6Seat(
            game_id=game.id,
            seat=0,
            name=creator,
            name_key=name_key(creator),
            kind=HUMAN,
            secret_hash=hash_secret(secret),
            last_seen=utcnow(),
        )
    )
    for number, kind in enumerate(kinds, start=1):
        session.add(Golf6Seat(game_id=game.id, seat=number, name=None, kind=kind))
    session.flush()
    return Joined(game.id, 0, secret)


def start_game(session: Session, *, game: Game) -> None:
    """Deal the first hole; free seats go to the computer. STALE when someone joined meanwhile."""
    if game.status != GameStatus.LOBBY:
        raise Refused(Refusal.STARTED)
    for seat in game.seats:
        if seat.kind == OPEN:
            set_kind(session, game.id, seat.seat, game.bot)
    _save(session, game, status=GameStatus.PLAYING, move_count=0)


def play(session: Session, *, game: Game, moves: Sequence[Move]) -> Replay:
    """Play moves on the game as it was read; the rules refuse an illegal one (RuleError).

    Refused: NOT_PLAYING, TOO_LONG, STALE (another move was stored since `game` was read).
    """
    if not moves:
        raise ValueError("play() needs at least one move")
    if game.status != GameStatus.PLAYING or game.replay is None:
        raise Refused(Refusal.NOT_PLAYING)
    if game.replay.count + len(moves) > MAX_MOVES:
        raise Refused(Refusal.TOO_LONG)
    after = game.replay.extended(moves)
    status = GameStatus.OVER if is_over(after.state) else GameStatus.PLAYING
    _save(session, game, status=status, move_count=after.count)
    session.execute(
        insert(Golf6Move),
        [
            {
                "game_id": game.id,
                "deal": after.deal,
                "number": game.replay.count + i,
                "move": move_to_json(move),
            }
            for i, move in enumerate(moves)
        ],
    )
    # Not cached here: the transaction may still roll back. The next read appends these rows.
    return after


LAST_GAME = "last_game"  # in a rematch's settings: {"deal": its deal, "totals": the last game's}


def last_game_totals(game: Game) -> tuple[int, ...] | None:
    """The totals of the game this rematch followed, while its first deal is being played."""
    last = game.settings.get(LAST_GAME)
    if game.replay is None or not isinstance(last, dict) or last.get("deal") != game.replay.deal:
        return None
    return tuple(last["totals"])


def play_again(session: Session, *, game: Game, seed: int) -> None:
    """A rematch: same seats and settings, a new deal (its moves are numbered afresh)."""
    if game.status != GameStatus.OVER or game.replay is None:
        raise Refused(Refusal.STILL_PLAYING)
    deal = game.replay.deal + 1
    # The finished game's totals stay with the rematch, for players still reading them: its
    # seed gives way to the new deal's, so it could not be replayed.
    last_game = {"deal": deal, "totals": list(totals(game.replay.state))}
    _save(
        session, game, status=GameStatus.PLAYING, move_count=0, deal=deal, seed=seed,
        settings={**game.settings, LAST_GAME: last_game},
    )
    # Hints are counted per game: the rematch starts with none used.
    session.execute(
        update(Golf6Seat).where(Golf6Seat.game_id == game.id).values(hints_used=0)
        .execution_options(synchronize_session=False)
    )


def _save(session: Session, game: Game, **values: Any) -> None:
    """Compare-and-set: write only if the game is still at the version it was read at."""
    result = session.execute(
        update(Golf6Game)
        .where(Golf6Game.id == game.id, Golf6Game.version == game.version)
        .values(
            version=game.version + 1,
            updated_at=utcnow(),
            **{
                key: value.value if isinstance(value, StrEnum) else value
                for key, value in values.items()
            },
        )
        .execution_options(synchronize_session=False)
    )
    if result.rowcount != 1:
        raise Refused(Refusal.STALE)


def bump(session: Session, game_id: str) -> None:
    """Seats changed: let every poller know (no version check: seat changes are atomic)."""
    session.execute(
        update(Golf6Game)
        .where(Golf6Game.id == game_id)
        .values(version=Golf6Game.version + 1, updated_at=utcnow())
        .execution_options(synchronize_session=False)
    )


def set_kind(session: Session, game_id: str, seat: int, kind: str) -> None:
    """A seat becomes `kind`. A person's secret stays on a seat handed to the computer: it can
    no longer act (seat_for_secret wants a person's seat), but its rejoin link still leads to
    the table, which tells its browser why it only watches (handed_over_seat)."""
    session.execute(
        update(Golf6Seat)
        .where(Golf6Seat.game_id == game_id, Golf6Seat.seat == seat)
        .values(kind=kind)
        .execution_options(synchronize_session=False)
    )
