"""Six-card Golf storage: secrets stored hashed, seats taken once, version checks, replay."""

from __future__ import annotations

import random

import pytest

from app.db import Database
from app.players.golf import bots
from app.rules.golf import Options, apply, new_game, seat_view
from app.rules.golf.moves import move_to_json
from app.storage import golf as store
from app.storage.models import Golf6Game
from app.web.golf.state import replayed


@pytest.fixture
def db(database_url: str):
    database = Database(database_url)
    yield database
    database.dispose()


def make_game(db: Database, kinds: list[str] | None = None) -> tuple[str, str]:
    options = Options(seats=1 + len(kinds or ["open"])).to_dict()
    with db.write() as session:
        game, secret = store.create_game(
            session, settings={"options": options, "bot": "greedy", "length": "9"},
            seed=42, creator="Ann", kinds=kinds or ["open"],
        )
        return game.id, secret


def test_only_the_hash_of_a_seat_secret_is_stored(db):
    game_id, secret = make_game(db)
    with db.read() as session:
        seats = store.list_seats(session, game_id=game_id)
        assert seats[0].secret_hash == store.hash_secret(secret) != secret
        assert store.seat_for_secret(session, game_id=game_id, secret=secret).seat == 0
        assert store.seat_for_secret(session, game_id=game_id, secret="guess") is None
        assert store.seat_for_secret(session, game_id="other", secret=secret) is None


def test_ids_and_secrets_are_long_and_distinct(db):
    game_id, secret = make_game(db)
    with db.read() as session:
        game = store.get_game(session, game_id=game_id)
    assert len({game.id, game.invite_id, secret}) == 3
    assert all(len(value) >= 22 for value in (game.id, game.invite_id, secret))


def test_a_free_seat_is_taken_once(db):
    game_id, _ = make_game(db, ["open", "greedy"])
    with db.write() as session:
        first = store.take_open_seat(session, game_id=game_id, name="Maria")
    with db.write() as session:
        second = store.take_open_seat(session, game_id=game_id, name="Bo")
        game = store.get_game(session, game_id=game_id)
        assert game.version == 1  # the join bumped the version, so pollers notice
    assert first is not None and first[0] == 1 and second is None


def test_save_progress_refuses_a_stale_version(db):
    game_id, _ = make_game(db)
    with db.write() as session:
        assert store.save_progress(session, game_id=game_id, expected_version=0, moves=[],
                                   status="playing")
    with db.write() as session:
        assert not store.save_progress(session, game_id=game_id, expected_version=0,
                                       moves=[{"kind": "reveal", "seat": 0, "index": 0}],
                                       status="playing")
    with db.read() as session:
        game = store.get_game(session, game_id=game_id)
        assert game.version == 1 and game.moves == [] and game.status == "playing"


def test_a_stored_game_replays_to_the_same_state(db):
    """Seeded random play, saved move by move, round-trips through the database."""
    game_id, _ = make_game(db, ["random", "random"])
    options = Options(seats=3)
    state = new_game(options, 42)
    rng = random.Random(7)
    log: list[dict] = []
    for number in range(120):
        seat = state.turn if state.turn is not None else (
            [s for s in range(3) if sum(state.face_up[s]) < 2] or [0])[0]
        move = bots.choose("random", seat_view(state, seat), rng)
        state = apply(state, move)
        log.append(move_to_json(move))
        with db.write() as session:
            assert store.save_progress(session, game_id=game_id, expected_version=number,
                                       moves=log, status="playing")
        if number % 37 == 0:  # the cache then only applies the moves made since
            with db.read() as session:
                assert replayed(session.get(Golf6Game, game_id)).state == state
    with db.read() as session:
        game = session.get(Golf6Game, game_id)
    assert replayed(game).state == state
