"""Golf games (six- and four-card) and their seats in the database. Keyword-only functions.

A game row holds its settings, the seed of the current deal and a version; its moves are rows
of their own (one per move), so a move appends a row instead of rewriting a growing log. Every
change is one function here: load → rules → save, where the save is a compare-and-set UPDATE on
`version`, so two requests (or two workers) that raced each other cannot both win. Functions
return the frozen dataclasses below, never ORM rows.
"""

from __future__ import annotations

import hashlib
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.rules.golf import Move, Options, State, apply, is_over, move_from_json, move_to_json
from app.rules.golf import new_game as deal_game
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
        """A friend (never the creator) whose browser has stopped polling."""
        return self.kind == HUMAN and self.seat != 0 and (
            self.last_seen is None or now - self.last_seen > AWAY_AFTER
        )


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


# --- Names --------------------------------------------------------------------------------

# Letters that look like Latin ones in common fonts: "Аnn" (Cyrillic А) would pass for "Ann".
_LOOK_ALIKES = str.maketrans({
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "і": "i", "ј": "j",
    "ѕ": "s", "һ": "h", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ɡ": "g", "ο": "o", "α": "a", "ν": "v",
    "ι": "i", "κ": "k", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ı": "i", "ℓ": "l",
})


def name_key(name: str) -> str:
    """How names are compared at one table: case, width and look-alike letters ignored."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.translate(_LOOK_ALIKES).split())


# --- Reading ------------------------------------------------------------------------------

_cache: OrderedDict[str, Replay] = OrderedDict()
_cache_lock = threading.Lock()


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


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
        Seat(seat=s.seat, name=s.name, kind=s.kind, last_seen=aware(s.last_seen),
             hints_used=s.hints_used or 0)
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


def game_id_for_invite(session: Session, *, invite_id: str) -> str:
    """The game an invite link belongs to; GameNotFound for an unknown one."""
    found = None
    if len(invite_id) <= 32:
        found = session.scalar(select(Golf6Game.id).where(Golf6Game.invite_id == invite_id))
    if found is None:
        raise GameNotFound(invite_id)
    return found


def seat_for_secret(session: Session, *, game_id: str, secret: str | None) -> int | None:
    """The human seat of this game that the secret belongs to, if any."""
    if not secret or len(secret) > 64:
        return None
    query = select(Golf6Seat.seat).where(
        Golf6Seat.game_id == game_id,
        Golf6Seat.secret_hash == hash_secret(secret),
        Golf6Seat.kind == HUMAN,
    )
    return session.scalar(query)


# --- Changing -----------------------------------------------------------------------------


def create_game(
    session: Session, *, settings: dict[str, Any], seed: int, creator: str, kinds: list[str]
) -> Joined:
    """A new game in the lobby: seat 0 is the creator, then one seat per kind (OPEN or a bot).

    Returns the creator's seat and secret (only its hash is stored).
    """
    secret = new_token()
    game = Golf6Game(
        id=new_token(), invite_id=new_token(), settings=settings, seed=seed,
        status=GameStatus.LOBBY.value, log_schema=MOVE_LOG_SCHEMA, version=0,
    )
    session.add(game)
    session.flush()
    session.add(Golf6Seat(
        game_id=game.id, seat=0, name=creator, name_key=name_key(creator), kind=HUMAN,
        secret_hash=hash_secret(secret), last_seen=utcnow(),
    ))
    for number, kind in enumerate(kinds, start=1):
        session.add(Golf6Seat(game_id=game.id, seat=number, name=None, kind=kind))
    session.flush()
    return Joined(game.id, 0, secret)


def join_game(session: Session, *, invite_id: str, name: str) -> Joined:
    """Give the first free seat to a person called `name`.

    Refused: STARTED, NAME_TAKEN (also when a racing joiner took the name first: the unique
    key on the seats decides), SEATS_FULL.
    """
    game = load_game(session, game_id=game_id_for_invite(session, invite_id=invite_id))
    if game.status != GameStatus.LOBBY:
        raise Refused(Refusal.STARTED)
    key = name_key(name)
    if any(seat.name and name_key(seat.name) == key for seat in game.seats):
        raise Refused(Refusal.NAME_TAKEN)
    secret = new_token()
    for seat in game.seats:
        if seat.kind != OPEN:
            continue
        # Conditional on the seat still being open: a racing joiner takes the next one.
        change = (
            update(Golf6Seat)
            .where(Golf6Seat.game_id == game.id, Golf6Seat.seat == seat.seat,
                   Golf6Seat.kind == OPEN)
            .values(kind=HUMAN, name=name, name_key=key, secret_hash=hash_secret(secret),
                    last_seen=utcnow())
            .execution_options(synchronize_session=False)
        )
        try:
            taken = session.execute(change).rowcount == 1
        except IntegrityError as error:
            raise Refused(Refusal.NAME_TAKEN) from error
        if taken:
            _bump(session, game.id)
            return Joined(game.id, seat.seat, secret)
    raise Refused(Refusal.SEATS_FULL)


def start_game(session: Session, *, game: Game) -> None:
    """Deal the first hole; free seats go to the computer. STALE when someone joined meanwhile."""
    if game.status != GameStatus.LOBBY:
        raise Refused(Refusal.STARTED)
    for seat in game.seats:
        if seat.kind == OPEN:
            _set_kind(session, game.id, seat.seat, game.bot)
    _save(session, game, status=GameStatus.PLAYING, move_count=0)


def hand_over(session: Session, *, game: Game, seat: int) -> None:
    """Give a friend's seat whose browser went quiet to a computer player (its secret dies)."""
    target = next((s for s in game.seats if s.seat == seat), None)
    if target is None or not target.is_away(utcnow()):
        raise Refused(Refusal.SEAT_IN_USE)
    _set_kind(session, game.id, seat, game.bot)
    _bump(session, game.id)


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
    session.execute(insert(Golf6Move), [
        {"game_id": game.id, "deal": after.deal, "number": game.replay.count + i,
         "move": move_to_json(move)}
        for i, move in enumerate(moves)
    ])
    # Not cached here: the transaction may still roll back. The next read appends these rows.
    return after


def play_again(session: Session, *, game: Game, seed: int) -> None:
    """A rematch: same seats and settings, a new deal (its moves are numbered afresh)."""
    if game.status != GameStatus.OVER or game.replay is None:
        raise Refused(Refusal.STILL_PLAYING)
    _save(session, game, status=GameStatus.PLAYING, move_count=0,
          deal=game.replay.deal + 1, seed=seed)


def touch_seat(session: Session, *, game_id: str, seat: int) -> None:
    """Note that this seat's browser is still there."""
    session.execute(
        update(Golf6Seat)
        .where(Golf6Seat.game_id == game_id, Golf6Seat.seat == seat)
        .values(last_seen=utcnow())
        .execution_options(synchronize_session=False)
    )


def seen_recently(seat: Seat) -> bool:
    return seat.last_seen is not None and utcnow() - seat.last_seen < TOUCH_EVERY


def _save(session: Session, game: Game, **values: Any) -> None:
    """Compare-and-set: write only if the game is still at the version it was read at."""
    result = session.execute(
        update(Golf6Game)
        .where(Golf6Game.id == game.id, Golf6Game.version == game.version)
        .values(version=game.version + 1, updated_at=utcnow(), **{
            key: value.value if isinstance(value, StrEnum) else value
            for key, value in values.items()
        })
        .execution_options(synchronize_session=False)
    )
    if result.rowcount != 1:
        raise Refused(Refusal.STALE)


def _bump(session: Session, game_id: str) -> None:
    """Seats changed: let every poller know."""
    session.execute(
        update(Golf6Game)
        .where(Golf6Game.id == game_id)
        .values(version=Golf6Game.version + 1, updated_at=utcnow())
        .execution_options(synchronize_session=False)
    )


def _set_kind(session: Session, game_id: str, seat: int, kind: str) -> None:
    session.execute(
        update(Golf6Seat)
        .where(Golf6Seat.game_id == game_id, Golf6Seat.seat == seat)
        .values(kind=kind, secret_hash=None)
        .execution_options(synchronize_session=False)
    )
