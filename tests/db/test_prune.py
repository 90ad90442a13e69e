"""`golf prune`: old unfinished games go; finished, recent and in-play ones stay."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from app import cli
from app.db import Database
from app.storage.models import (
    Golf6Game,
    Golf6Seat,
    RateLimitHit,
    ScoreSheet,
    SolitaireDeal,
    SolitaireRound,
    utcnow,
)
from app.storage.prune import PruneError, prune
from app.upkeep import pruning
from tests.asgi_client import run

CARDS = ["AS"] * 52


def _deal(
    id_: str,
    age_days: int,
    *,
    score: int | None = None,
    round_id: str | None = None,
    hole: int | None = None,
) -> SolitaireDeal:
    moment = utcnow() - timedelta(days=age_days)
    return SolitaireDeal(
        id=id_,
        round_id=round_id,
        hole=hole,
        cards=CARDS,
        variant={},
        moves=[],
        score=score,
        created_at=moment,
        updated_at=moment,
    )


def _game(id_: str, age_days: int, status: str) -> Golf6Game:
    moment = utcnow() - timedelta(days=age_days)
    return Golf6Game(
        id=id_,
        invite_id=f"inv-{id_}",
        settings={},
        seed=1,
        status=status,
        created_at=moment,
        updated_at=moment,
    )


def _sheet(id_: str, age_days: int, length: str, scores: list) -> ScoreSheet:
    moment = utcnow() - timedelta(days=age_days)
    return ScoreSheet(
        id=id_,
        read_id=f"r-{id_}",
        length=length,
        players=["Ann", "Bo"],
        scores=scores,
        created_at=moment,
        updated_at=moment,
    )


def _round_deals(id_: str, scored_holes: int, last_active_days: int) -> list:
    rows: list = [
        _deal(f"{id_}-{h}", last_active_days, score=3, round_id=id_, hole=h)
        for h in range(1, scored_holes + 1)
    ]
    return rows


@pytest.fixture
def db(database_url):
    database = Database(database_url)
    with database.write() as session:
        # No ORM relationships, so parents are flushed first by hand.
        session.add_all(
            [
                SolitaireRound(id=r, variant={}, created_at=utcnow() - timedelta(days=40))
                for r in ("round-old-open", "round-old-done", "round-recent")
            ]
        )
        session.add_all([_game("g-old-playing", 30, "playing")])
        session.flush()
        session.add_all(
            [
                _deal("old-open", 30),
                _deal("old-done", 30, score=4),
                _deal("new-open", 1),
                *_round_deals("round-old-open", 4, 30),
                *_round_deals("round-old-done", 9, 30),
                *_round_deals("round-recent", 4, 1),
                _game("g-old-lobby", 30, "lobby"),
                _game("g-old-finished", 30, "over"),
                _game("g-new", 1, "playing"),
                _sheet("s-old-open", 30, "9", [[1, 2]] * 3),
                _sheet("s-old-done", 30, "9", [[1, 2]] * 9),
                _sheet("s-old-100", 30, "100", [[60, 3], [50, 4]]),
                _sheet("s-new", 1, "18", []),
                RateLimitHit(key="create:old", at_ms=1000),
                RateLimitHit(key="create:now", at_ms=int(utcnow().timestamp() * 1000)),
            ]
        )
        session.add(Golf6Seat(game_id="g-old-playing", seat=0, kind="human", secret_hash="x"))
    yield database
    database.dispose()


def _ids(database: Database, model) -> set[str]:
    with database.read() as session:
        return set(session.scalars(select(model.id)))


def test_prune_removes_only_old_unfinished_games(db):
    counts = prune(db, older_than_days=7)
    assert counts == {
        "solitaire rounds": 1,
        "solitaire deals": 1,
        "six-card games": 2,
        "score sheets": 1,
        "rate-limit hits": 1,
    }
    deals = _ids(db, SolitaireDeal)
    assert "old-open" not in deals and {"old-done", "new-open"} <= deals
    assert not any(d.startswith("round-old-open") for d in deals)
    assert _ids(db, SolitaireRound) == {"round-old-done", "round-recent"}
    assert _ids(db, Golf6Game) == {"g-old-finished", "g-new"}
    assert _ids(db, ScoreSheet) == {"s-old-done", "s-old-100", "s-new"}
    with db.read() as session:
        assert session.scalar(select(func.count()).select_from(Golf6Seat)) == 0
        assert set(session.scalars(select(RateLimitHit.key))) == {"create:now"}


def test_prune_twice_removes_nothing_more(db):
    prune(db, older_than_days=7)
    again = prune(db, older_than_days=7)
    assert set(again.values()) == {0}


def test_prune_with_long_horizon_keeps_everything(db):
    counts = prune(db, older_than_days=365)
    assert counts["solitaire deals"] == counts["six-card games"] == counts["score sheets"] == 0


def test_the_shortest_horizon_keeps_games_in_play(db):
    # A day is the floor: a game touched an hour ago is being played, whatever it says.
    with db.write() as session:
        session.add(_game("g-playing-now", 0, "playing"))
        session.add(_deal("deal-playing-now", 0))
    prune(db, older_than_days=1)
    assert "g-playing-now" in _ids(db, Golf6Game)
    assert "deal-playing-now" in _ids(db, SolitaireDeal)


@pytest.mark.parametrize("days", [0, -1])
def test_prune_refuses_a_horizon_that_reaches_games_in_play(db, days):
    with pytest.raises(PruneError, match="at least 1 day"):
        prune(db, older_than_days=days)
    assert "g-new" in _ids(db, Golf6Game)


def test_golf_prune_command(db, database_url, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", database_url)
    assert cli.main(["prune", "--older-than", "7"]) == 0
    out = capsys.readouterr().out
    assert "six-card games: 2" in out
    assert _ids(db, Golf6Game) == {"g-old-finished", "g-new"}


@pytest.mark.parametrize(
    ("days", "message"),
    [("0", "at least 1 day"), ("-1", "at least 1 day"), ("7d", "expected a whole number"),
     ("²", "expected a whole number"), ("1000000", "36500"),  # an OverflowError once
     ("9" * 20, "expected a whole number")],
)
def test_golf_prune_explains_a_bad_horizon_without_a_traceback(db, database_url, days, message):
    env = {**os.environ, "DATABASE_URL": database_url}
    result = subprocess.run(
        [sys.executable, "-m", "app.cli", "prune", "--older-than", days],
        env=env, capture_output=True, text=True, timeout=60, check=False,
    )
    assert result.returncode == 2 and message in result.stderr
    assert "Traceback" not in result.stderr
    assert "g-old-lobby" in _ids(db, Golf6Game)


def test_golf_prune_on_an_unmigrated_database_says_to_migrate(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'empty.db'}")
    assert cli.main(["prune", "--older-than", "7"]) == 1
    assert "golf migrate" in capsys.readouterr().err


def test_the_app_prunes_by_itself_at_most_once_per_interval(db, monkeypatch):
    runs: list[float] = []
    monkeypatch.setattr("app.upkeep.prune", lambda database, older_than_days: runs.append(1))

    async def serve_for(seconds: float) -> None:
        async with pruning(db, 7, interval=0.1):
            await asyncio.sleep(seconds)

    run(serve_for(0.55))
    # A first run within one interval, then one per interval: never more than six in 0.55 s.
    assert 1 <= len(runs) <= 6


def test_the_app_prunes_old_games_for_real(db):
    async def serve_until_pruned() -> None:
        async with pruning(db, 7, interval=0.05):
            for _ in range(200):  # ten seconds at most, on a busy machine
                if "g-old-lobby" not in _ids(db, Golf6Game):
                    return
                await asyncio.sleep(0.05)

    run(serve_until_pruned())
    assert _ids(db, Golf6Game) == {"g-old-finished", "g-new"}


def test_pruning_in_the_app_can_be_left_to_cron(db, monkeypatch):
    monkeypatch.setattr("app.upkeep.prune", lambda *a, **k: pytest.fail("pruned"))

    async def serve_for(seconds: float) -> None:
        async with pruning(db, 0, interval=0.01):
            await asyncio.sleep(seconds)

    run(serve_for(0.1))
