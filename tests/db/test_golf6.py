"""Golf storage: secrets stored hashed, seats and names taken once, version checks, move rows."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import event, select, update
from sqlalchemy.exc import IntegrityError

from app.db import Database
from app.players.golf import bots
from app.rules.golf import (
    DrawStock,
    Options,
    Reveal,
    ThrowAway,
    apply,
    move_to_json,
    new_game,
    seat_view,
)
from app.storage import golf as store
from app.storage.golf import games
from app.storage.models import Golf6Move, Golf6Seat


@pytest.fixture
def db(database_url: str):
    database = Database(database_url)
    yield database
    database.dispose()


def make_game(db: Database, kinds: list[str] | None = None, seed: int = 42) -> store.Joined:
    options = Options(seats=1 + len(kinds or ["open"])).to_dict()
    with db.write() as session:
        return store.create_game(
            session, settings={"options": options, "bot": "greedy", "length": "9"},
            seed=seed, creator="Ann", kinds=kinds or ["open"],
        )


def load(db: Database, game_id: str) -> store.Game:
    with db.read() as session:
        return store.load_game(session, game_id=game_id)


def started(db: Database, kinds: list[str]) -> store.Game:
    made = make_game(db, kinds)
    with db.write() as session:
        store.start_game(session, game=load(db, made.game_id))
    return load(db, made.game_id)


def test_only_the_hash_of_a_seat_secret_is_stored(db):
    made = make_game(db)
    with db.read() as session:
        stored = session.scalar(select(Golf6Seat.secret_hash).where(Golf6Seat.seat == 0))
        assert stored == store.hash_secret(made.secret) != made.secret
        assert store.seat_for_secret(session, game_id=made.game_id, secret=made.secret) == 0
        assert store.seat_for_secret(session, game_id=made.game_id, secret="guess") is None
        assert store.seat_for_secret(session, game_id="other", secret=made.secret) is None


def test_ids_and_secrets_are_long_and_distinct(db):
    made = make_game(db)
    game = load(db, made.game_id)
    assert len({game.id, game.invite_id, made.secret}) == 3
    assert all(len(value) >= 22 for value in (game.id, game.invite_id, made.secret))


def test_unknown_game_or_invite_is_not_found(db):
    with db.read() as session, pytest.raises(store.GameNotFound):
        store.load_game(session, game_id="nope")
    with db.read() as session, pytest.raises(store.GameNotFound):
        store.game_id_for_invite(session, invite_id="x" * 40)


def test_a_free_seat_is_taken_once(db):
    made = make_game(db, ["open", "greedy"])
    invite = load(db, made.game_id).invite_id
    with db.write() as session:
        first = store.join_game(session, invite_id=invite, name="Maria")
    with db.write() as session, pytest.raises(store.Refused) as refused:
        store.join_game(session, invite_id=invite, name="Bo")
    assert refused.value.reason == store.Refusal.SEATS_FULL
    assert first.seat == 1
    assert load(db, made.game_id).version == 1  # the join bumped the version, so pollers notice


@pytest.mark.parametrize("name", ["ann", "ANN", " Ann ", "Ａｎｎ", "Аnn"])  # Cyrillic А
def test_a_name_already_at_the_table_is_refused(db, name):
    made = make_game(db, ["open"])
    with db.write() as session, pytest.raises(store.Refused) as refused:
        store.join_game(session, invite_id=load(db, made.game_id).invite_id, name=name)
    assert refused.value.reason == store.Refusal.NAME_TAKEN


def test_the_database_itself_refuses_a_second_name(db):
    """Two workers that both checked "no Bob yet" cannot both write a Bob."""
    made = make_game(db, ["open", "open"])
    with db.write() as session:
        session.execute(update(Golf6Seat).where(Golf6Seat.seat == 1).values(
            name="Bob", name_key=store.name_key("Bob"), kind="human"))
    with pytest.raises(IntegrityError), db.write() as session:
        session.execute(update(Golf6Seat).where(Golf6Seat.seat == 2).values(
            name="BOB", name_key=store.name_key("BOB"), kind="human"))
    assert made.game_id


def test_ten_joining_at_once_leave_one_bob(db):
    made = make_game(db, ["open"] * 7)
    invite = load(db, made.game_id).invite_id
    names = ["Bob", "Cy", "bob", "Di", "BOB", "Ed", "Bob ", "Fay", "bob", "Gus"]  # 6 names

    def join(name: str) -> str:
        try:
            with db.write() as session:
                store.join_game(session, invite_id=invite, name=name.strip())
            return "joined"
        except store.Refused as refused:
            return refused.reason.value

    with ThreadPoolExecutor(10) as pool:
        results = list(pool.map(join, names))
    seated = [seat.name for seat in load(db, made.game_id).seats if seat.name]
    assert [store.name_key(name) for name in seated].count("bob") == 1
    assert results.count("joined") == 6 and results.count("name_taken") == 4
    assert len(seated) == 7  # Ann and the six


def test_start_refuses_a_stale_game(db):
    made = make_game(db, ["open", "open"])
    before = load(db, made.game_id)
    with db.write() as session:
        store.join_game(session, invite_id=before.invite_id, name="Maria")
    with db.write() as session, pytest.raises(store.Refused) as refused:
        store.start_game(session, game=before)
    assert refused.value.reason == store.Refusal.STALE
    assert load(db, made.game_id).status == store.GameStatus.LOBBY


def test_play_refuses_a_stale_game_and_stores_nothing(db):
    game = started(db, ["greedy"])
    with db.write() as session:
        store.play(session, game=game, moves=[Reveal(0, 0)])
    with db.write() as session, pytest.raises(store.Refused) as refused:
        store.play(session, game=game, moves=[Reveal(0, 1)])
    assert refused.value.reason == store.Refusal.STALE
    now = load(db, game.id)
    assert now.replay is not None and now.replay.count == 1
    with db.read() as session:
        assert len(session.scalars(select(Golf6Move)).all()) == 1


def test_an_illegal_move_stores_nothing(db):
    from app.rules.golf import RuleError

    game = started(db, ["greedy"])
    with db.write() as session, pytest.raises(RuleError):
        store.play(session, game=game, moves=[DrawStock(0)])  # the first two cards come first
    assert load(db, game.id).version == game.version


def test_a_stored_game_replays_to_the_same_state(db):
    """Seeded random play, saved move by move, round-trips through the database."""
    game = started(db, ["random", "random"])
    state = new_game(Options(seats=3), 42)
    rng = random.Random(7)
    for number in range(120):
        seat = state.turn if state.turn is not None else (
            [s for s in range(3) if sum(state.face_up[s]) < 2] or [0])[0]
        move = bots.choose("random", seat_view(state, seat), rng)
        state = apply(state, move)
        with db.write() as session:
            store.play(session, game=game, moves=[move])
        if number % 37 == 0:
            games._cache.clear()  # a cold cache (another worker) replays the rows from the start
        game = load(db, game.id)
        assert game.replay is not None and game.replay.state == state


def test_a_rematch_deals_afresh_and_keeps_the_old_moves_apart(db, monkeypatch):
    game = started(db, ["greedy"])
    monkeypatch.setattr(games, "is_over", lambda state: True)  # end after any move
    with db.write() as session:
        store.play(session, game=game, moves=[Reveal(0, 0)])
    monkeypatch.undo()
    over = load(db, game.id)
    assert over.status == store.GameStatus.OVER
    with db.write() as session:
        store.play_again(session, game=over, seed=7)
    again = load(db, game.id)
    assert again.status == store.GameStatus.PLAYING and again.replay is not None
    assert again.replay.count == 0 and again.replay.state == new_game(again.options, 7)
    with db.write() as session, pytest.raises(store.Refused):
        store.play_again(session, game=again, seed=8)


def _bytes_written(db: Database, game: store.Game, moves: list) -> int:
    """How many bytes of parameters storing `moves` sends to the database."""
    sent = []

    def count(conn, cursor, statement, parameters, context, executemany):  # noqa: ARG001
        sent.append(len(repr(parameters)))

    event.listen(db.engine, "before_cursor_execute", count)
    try:
        with db.write() as session:
            store.play(session, game=game, moves=moves)
    finally:
        event.remove(db.engine, "before_cursor_execute", count)
    return sum(sent)


def throwing_away(count: int, start: int = 0) -> list:
    """Two seats that turn up two cards each, then draw and throw away for ever."""
    flips = [Reveal(0, 0), Reveal(0, 1), Reveal(1, 0), Reveal(1, 1)]
    turns = [move for seat in (1, 0) * (start + count)
             for move in (DrawStock(seat), ThrowAway(seat))]
    return (flips + turns)[start:start + count]


def test_a_move_writes_as_much_at_move_3000_as_at_move_5(db, monkeypatch):
    """Moves are appended as rows: nothing rewrites the log, however long it is."""
    game = started(db, ["greedy"])
    monkeypatch.setattr(games, "MAX_MOVES", 10_000)
    with db.write() as session:
        store.play(session, game=game, moves=throwing_away(5))
    early = _bytes_written(db, load(db, game.id), throwing_away(1, 5))
    with db.write() as session:
        store.play(session, game=load(db, game.id), moves=throwing_away(2994, 6))
    late = _bytes_written(db, load(db, game.id), throwing_away(1, 3000))
    assert load(db, game.id).replay.count == 3001
    assert late <= early + 40  # a few more digits in the numbers, not 3,000 moves' worth


def test_the_migration_moves_each_stored_log_into_rows(tmp_path):
    """A game saved with the whole log in its row plays on from the same state afterwards."""
    import json

    from sqlalchemy import create_engine, text

    from app.migrate import upgrade

    url = f"sqlite:///{tmp_path / 'old.db'}"
    upgrade(url, "0003")
    options = Options(seats=2).to_dict()
    log = throwing_away(9)
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO golf6_games (id, invite_id, settings, seed, status, moves, log_schema,"
            " version, created_at, updated_at) VALUES ('g', 'i', :settings, 42, 'playing', :log,"
            " 1, 10, '2026-01-01', '2026-01-01')"),
            {"settings": json.dumps({"options": options, "bot": "greedy", "length": "9"}),
             "log": json.dumps([move_to_json(move) for move in log])})
        connection.execute(text(
            "INSERT INTO golf6_seats (game_id, seat, name, kind) VALUES"
            " ('g', 0, 'Ann', 'human'), ('g', 1, 'ann', 'human')"))
    engine.dispose()
    upgrade(url)
    db = Database(url)
    try:
        game = load(db, "g")
        expected = new_game(Options(seats=2), 42)
        for move in log:
            expected = apply(expected, move)
        assert game.replay is not None and game.replay.count == 9
        assert game.replay.state == expected and game.version == 10
        assert [seat.name for seat in game.seats] == ["Ann", "ann"]  # kept, though alike
        with db.write() as session:
            store.play(session, game=game, moves=throwing_away(1, 9))
        assert load(db, "g").replay.count == 10
    finally:
        db.dispose()
