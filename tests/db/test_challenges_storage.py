"""Challenges and the deal of the day in storage: shared deals, seats, counts, and pruning."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from sqlalchemy import update

from app.db import Database
from app.rules.solitaire import STANDARD, legal_moves
from app.storage import solitaire
from app.storage.models import ChallengePlayer, SolitaireDeal, SolitaireRound, utcnow
from app.storage.prune import prune
from app.storage.solitaire import challenges, daily

DAY = date(2026, 11, 30)
PLAYER_NAME = ChallengePlayer.__table__.c.name


@pytest.fixture
def db(database_url: str):
    database = Database(database_url)
    yield database
    database.dispose()


def play_out(db: Database, deal_id: str) -> None:
    with db.write() as session:
        deal = solitaire.load_deal(session, deal_id=deal_id)
        while moves := legal_moves(deal.game.position):
            deal, _ = solitaire.apply_move(
                session, deal_id=deal_id, version=deal.version, move=moves[0]
            )


def make_old(db: Database, days: int = 60) -> None:
    """Age every row, as if nobody had touched anything for `days`."""
    moment = utcnow() - timedelta(days=days)
    with db.write() as session:
        session.execute(update(SolitaireDeal).values(updated_at=moment, created_at=moment))
        session.execute(update(SolitaireRound).values(created_at=moment))


def test_accepting_deals_all_nine_holes_from_the_challenge(db):
    with db.write() as session:
        round_id = solitaire.create_round(session, variant=STANDARD).round_id
        seat = challenges.create_challenge(
            session, round_id=round_id, name="Ann", player_key="k1"
        )
        friend = challenges.accept_challenge(
            session, challenge_id=seat.challenge_id, name="Bo", player_key="k2"
        )
        again = challenges.accept_challenge(
            session, challenge_id=seat.challenge_id, name="Bo", player_key="k2"
        )
    assert again == friend  # one seat per browser
    with pytest.raises(challenges.JoinedAlready) as joined, db.write() as session:
        challenges.accept_challenge(
            session, challenge_id=seat.challenge_id, name="Bo2", player_key="k2"
        )
    assert joined.value.name == "Bo"
    with db.read() as session:
        loaded = challenges.load_challenge(session, challenge_id=seat.challenge_id)
        ann = solitaire.load_round(session, round_id=round_id).deals
        bo = solitaire.load_round(session, round_id=friend.round_id).deals
    assert [e.name for e in loaded.entrants] == ["Ann", "Bo"]
    assert [d.deal_number for d in ann] == [d.deal_number for d in bo] == list(loaded.deal_numbers)
    assert len(set(loaded.deal_numbers)) == 9


def test_a_player_joining_while_the_challenge_loads_shows_next_time(db, monkeypatch):
    """On PostgreSQL each query of a read sees what was committed before it: a friend who
    joins between the players query and the scores query must not break the page."""
    with db.write() as session:
        round_id = solitaire.create_round(session, variant=STANDARD).round_id
        seat = challenges.create_challenge(session, round_id=round_id, name="Ann", player_key=None)
    with db.read() as session:
        execute, joined = session.execute, []

        def execute_then_let_bo_join(statement, *args, **kwargs):
            result = execute(statement, *args, **kwargs)
            columns = getattr(statement, "selected_columns", None)
            if not joined and columns is not None and columns.contains_column(PLAYER_NAME):
                with db.write() as other:  # right after the players query
                    joined.append(challenges.accept_challenge(
                        other, challenge_id=seat.challenge_id, name="Bo", player_key=None
                    ))
            return result

        monkeypatch.setattr(session, "execute", execute_then_let_bo_join)
        loading = challenges.load_challenge(session, challenge_id=seat.challenge_id)
    assert joined and [e.name for e in loading.entrants] == ["Ann"]
    with db.read() as session:
        loaded = challenges.load_challenge(session, challenge_id=seat.challenge_id)
    assert [e.name for e in loaded.entrants] == ["Ann", "Bo"]


@pytest.mark.parametrize("other", ["ANN", "Ａｎｎ", "\u0410nn", "ann "])
def test_a_taken_name_is_refused_and_nothing_is_kept(db, other):
    """Case, width and look-alike letters (Cyrillic А) are compared away, as at a golf table."""
    with db.write() as session:
        round_id = solitaire.create_round(session, variant=STANDARD).round_id
        seat = challenges.create_challenge(
            session, round_id=round_id, name="Ann", player_key=None
        )
    with pytest.raises(challenges.NameTaken), db.write() as session:
        challenges.accept_challenge(
            session, challenge_id=seat.challenge_id, name=other, player_key=None
        )
    with db.read() as session:
        assert len(challenges.load_challenge(session, challenge_id=seat.challenge_id).entrants) == 1


def test_names_stored_with_an_older_key_still_count(db):
    """Rows keyed before look-alikes counted are compared by their names, not their keys."""
    with db.write() as session:
        round_id = solitaire.create_round(session, variant=STANDARD).round_id
        seat = challenges.create_challenge(
            session, round_id=round_id, name="\u0410nn", player_key=None
        )
        session.execute(
            update(ChallengePlayer).where(ChallengePlayer.challenge_id == seat.challenge_id)
            .values(name_key="\u0430nn")
        )
    with pytest.raises(challenges.NameTaken), db.write() as session:
        challenges.accept_challenge(
            session, challenge_id=seat.challenge_id, name="Ann", player_key=None
        )


def test_day_results_count_each_finished_deal_once(db):
    with db.write() as session:
        deals = [daily.start_daily_deal(session, day=DAY, player_key=f"p{i}") for i in range(5)]
        assert daily.start_daily_deal(session, day=DAY, player_key="p0").id == deals[0].id
    for deal in deals[:4]:
        play_out(db, deal.id)
    with db.read() as session:
        results = daily.day_results(session, day=DAY)
        other_day = daily.day_results(session, day=DAY - timedelta(days=1))
    assert results.players == 4 and other_day.players == 0
    (only_score,) = results.counts  # same deal, same first-move play: one score
    # Each of the four tied the three others; a score nobody made has no share.
    assert results.others_matched_share(only_score) == 100
    assert results.others_matched_share(only_score + 1) is None


def test_the_share_counts_the_other_players_only():
    results = daily.DayResults(day=DAY, counts={12: 1, 35: 1, 20: 2})
    assert results.others_matched_share(35) == 0  # last of four: matched nobody else
    assert results.others_matched_share(20) == 67  # the other 20 and the 35, of three
    assert results.others_matched_share(12) == 100
    assert daily.DayResults(day=DAY, counts={7: 1}).others_matched_share(7) is None


def test_pruning_keeps_challenge_rounds_and_daily_deals(db):
    with db.write() as session:
        in_challenge = solitaire.create_round(session, variant=STANDARD).round_id
        challenges.create_challenge(
            session, round_id=in_challenge, name="Ann", player_key=None
        )
        lone = solitaire.create_round(session, variant=STANDARD).round_id
        daily_deal = daily.start_daily_deal(session, day=DAY, player_key="p").id
        single = solitaire.create_deal(session, variant=STANDARD).id
    make_old(db)
    prune(db, older_than_days=30)
    with db.read() as session:
        assert len(solitaire.load_round(session, round_id=in_challenge).deals) == 9
        assert solitaire.load_deal(session, deal_id=daily_deal).id == daily_deal
        with pytest.raises(solitaire.DealNotFound):
            solitaire.load_round(session, round_id=lone)
        with pytest.raises(solitaire.DealNotFound):
            solitaire.load_deal(session, deal_id=single)
