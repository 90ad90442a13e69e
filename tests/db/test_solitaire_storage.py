"""Solitaire deals round-trip through the database; the version check refuses stale forms."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.db import Database
from app.rules.solitaire import (
    DRAW,
    STANDARD,
    Game,
    IllegalMoveError,
    Play,
    Variant,
    deal_for_number,
    legal_moves,
    playable_columns,
    start,
)
from app.storage.models import SolitaireDeal
from app.storage.solitaire import (
    DealIsFinal,
    DealNotFound,
    DrawIsKept,
    HoleNotReady,
    StaleDeal,
    apply_move,
    create_deal,
    create_round,
    load_deal,
    load_round,
    next_hole,
    rewind,
    score_counts,
    undo,
)
from app.storage.solitaire.daily import start_daily_deal


@pytest.fixture
def db(database_url: str):
    database = Database(database_url)
    yield database
    database.dispose()


def new_deal(db: Database, number: int = 1, variant: Variant = STANDARD) -> str:
    with db.write() as session:
        return create_deal(session, variant=variant, deal_number=number).id


def test_deal_round_trips_and_survives_a_new_connection(db, database_url):
    variant = Variant(queen_on_king=True, jokers=1)
    deal_id = new_deal(db, 77, variant)
    with db.write() as session:
        apply_move(session, deal_id=deal_id, version=0, move=DRAW)
    db.dispose()
    fresh = Database(database_url)  # as after a server restart
    with fresh.read() as session:
        deal = load_deal(session, deal_id=deal_id)
    fresh.dispose()
    assert deal.deal_number == 77 and deal.variant == variant
    assert deal.cards == deal_for_number(77, variant)
    assert deal.moves == (DRAW,) and deal.version == 1


def test_explicit_card_order_is_stored_without_a_number(db):
    cards = tuple(reversed(deal_for_number(3)))
    with db.write() as session:
        deal = create_deal(session, variant=Variant(), cards=cards)
    with db.read() as session:
        stored = load_deal(session, deal_id=deal.id)
    assert stored.deal_number is None and stored.cards == cards


def test_unknown_or_forged_ids_are_not_found(db):
    with db.read() as session, pytest.raises(DealNotFound):
        load_deal(session, deal_id="nope")
    with db.read() as session, pytest.raises(DealNotFound):
        load_deal(session, deal_id="x" * 500)


def test_stale_version_is_refused_and_changes_nothing(db):
    deal_id = new_deal(db)
    with db.write() as session:
        apply_move(session, deal_id=deal_id, version=0, move=DRAW)
    with pytest.raises(StaleDeal) as refused, db.write() as session:
        apply_move(session, deal_id=deal_id, version=0, move=DRAW, seen_moves=5)
    assert refused.value.current.version == 1
    with db.read() as session:
        assert load_deal(session, deal_id=deal_id).moves == (DRAW,)


def test_double_click_applies_the_move_once(db):
    deal_id = new_deal(db)
    for _ in range(2):
        with db.write() as session:
            deal, applied = apply_move(
                session, deal_id=deal_id, version=0, move=DRAW, seen_moves=0
            )
    assert not applied and deal.moves == (DRAW,) and deal.version == 1


def test_a_deal_read_before_another_request_saved_is_checked_when_saving(db):
    """What a request read (DealDep) may be out of date by the time it saves."""
    deal_id = new_deal(db)
    with db.read() as session:
        read = load_deal(session, deal_id=deal_id)
    with db.write() as session:  # the same click, sent twice at once: the other one saved
        apply_move(session, deal_id=deal_id, version=0, move=DRAW, seen_moves=0)
    with db.write() as session:
        deal, applied = apply_move(
            session, deal_id=deal_id, version=0, move=DRAW, seen_moves=0, read=read
        )
    assert not applied and deal.version == 1 and deal.moves == (DRAW,)
    with pytest.raises(StaleDeal) as stale, db.write() as session:  # another tab's move
        apply_move(session, deal_id=deal_id, version=0, move=DRAW, read=read)
    assert stale.value.current.version == 1
    with db.read() as session:
        assert load_deal(session, deal_id=deal_id).moves == (DRAW,)


def test_stale_form_after_an_undo_is_not_mistaken_for_a_double_click(db):
    deal_id = new_deal(db)
    with db.write() as session:
        apply_move(session, deal_id=deal_id, version=0, move=DRAW)
        apply_move(session, deal_id=deal_id, version=1, move=DRAW)
        undo(session, deal_id=deal_id, version=2)
    # A tab still showing version 2 (two moves made) asks to draw.
    with pytest.raises(StaleDeal), db.write() as session:
        apply_move(session, deal_id=deal_id, version=2, move=DRAW, seen_moves=2)


def test_illegal_move_changes_nothing(db):
    deal_id = new_deal(db)
    with db.read() as session:
        position = load_deal(session, deal_id=deal_id).game.position
    bad = next(c for c in range(7) if c not in playable_columns(position))
    with pytest.raises(IllegalMoveError), db.write() as session:
        apply_move(session, deal_id=deal_id, version=0, move=Play(bad))
    with db.read() as session:
        assert load_deal(session, deal_id=deal_id).version == 0


def test_undo_is_unlimited_and_double_undo_takes_back_one(db):
    deal_id = new_deal(db)
    with db.write() as session:
        for version in range(3):
            apply_move(session, deal_id=deal_id, version=version, move=DRAW)
    with db.write() as session:
        deal, applied = undo(session, deal_id=deal_id, version=3, seen_moves=3)
    with db.write() as session:
        again, applied_again = undo(session, deal_id=deal_id, version=3, seen_moves=3)
    assert applied and not applied_again and again.moves == (DRAW, DRAW)
    with db.write() as session:
        undo(session, deal_id=deal_id, version=4)
        deal, _ = undo(session, deal_id=deal_id, version=5)
    assert deal.moves == () and deal.game.position == start(deal_for_number(1))
    with pytest.raises(IllegalMoveError, match="nothing_to_undo"), db.write() as session:
        undo(session, deal_id=deal_id, version=6)


def test_rewind_keeps_the_first_moves(db):
    deal_id = new_deal(db)
    with db.write() as session:
        for version in range(4):
            apply_move(session, deal_id=deal_id, version=version, move=DRAW)
        deal = rewind(session, deal_id=deal_id, version=4, keep=1)
    assert deal.moves == (DRAW,) and deal.version == 5
    with pytest.raises(StaleDeal), db.write() as session:
        rewind(session, deal_id=deal_id, version=4, keep=0)
    with pytest.raises(ValueError), db.write() as session:
        rewind(session, deal_id=deal_id, version=5, keep=3)


def _play_out(session, deal):
    while moves := legal_moves(deal.game.position):
        deal, _ = apply_move(session, deal_id=deal.id, version=deal.version, move=moves[0])
    return deal


def test_a_finished_deal_whose_score_counts_is_never_taken_back(db):
    with db.write() as session:
        practice = _play_out(session, create_deal(session, variant=STANDARD, deal_number=7))
        hole = _play_out(session, create_round(session, variant=STANDARD))
        daily = start_daily_deal(session, day=date(2026, 12, 3), player_key="k" * 16)
        assert score_counts(session, deal=daily) and not score_counts(session, deal=practice)
        daily = _play_out(session, daily)
    for deal in (hole, daily):
        assert_nothing_taken_back(db, deal, DealIsFinal)
    # A deal played for practice stays open to "Try again from move N" once it is over.
    with db.write() as session:
        again = rewind(session, deal_id=practice.id, version=practice.version, keep=0)
    assert again.moves == ()



def test_a_draw_in_a_deal_whose_score_counts_is_never_taken_back(db):
    """Drawing shows the next card; undoing the draw would let the player play on knowing it."""
    with db.write() as session:
        practice = create_deal(session, variant=STANDARD, deal_number=7)
        hole = create_round(session, variant=STANDARD)
        daily = start_daily_deal(session, day=date(2026, 12, 3), player_key="k" * 16)
    for deal in (practice, hole, daily):
        with db.write() as session:
            drawn, _ = apply_move(session, deal_id=deal.id, version=0, move=DRAW)
            played = drawn
            while not playable_columns(played.game.position):  # a play after the draw
                played, _ = apply_move(session, deal_id=deal.id, version=played.version,
                                       move=DRAW)
            column = playable_columns(played.game.position)[0]
            played, _ = apply_move(session, deal_id=deal.id, version=played.version,
                                   move=Play(column))
        with db.write() as session:  # a play is taken back wherever the score counts
            back, applied = undo(session, deal_id=deal.id, version=played.version)
        assert applied and back.moves == played.moves[:-1]
        if deal is practice:
            with db.write() as session:
                again = rewind(session, deal_id=deal.id, version=back.version, keep=0)
            assert again.moves == ()
            continue
        assert_nothing_taken_back(db, back, DrawIsKept)


def assert_nothing_taken_back(db, deal, refusal: type[Exception]) -> None:
    """Undo and rewind to the start are both refused with `refusal`, and change nothing."""
    with pytest.raises(refusal), db.write() as session:
        undo(session, deal_id=deal.id, version=deal.version)
    with pytest.raises(refusal), db.write() as session:
        rewind(session, deal_id=deal.id, version=deal.version, keep=0)
    with db.read() as session:
        assert load_deal(session, deal_id=deal.id) == deal


def test_score_is_stored_when_the_deal_ends(db):
    deal_id = new_deal(db, 1)
    with db.write() as session:
        deal = load_deal(session, deal_id=deal_id)
        while moves := legal_moves(deal.game.position):
            deal, _ = apply_move(session, deal_id=deal_id, version=deal.version, move=moves[-1])
    with db.read() as session:
        assert session.get(SolitaireDeal, deal_id).score == deal.game.position.cards_left


def test_round_deals_holes_in_order_once_each(db):
    with db.write() as session:
        first = create_round(session, variant=Variant(round_the_corner=True))
    with pytest.raises(HoleNotReady, match="Finish hole 1"), db.write() as session:
        next_hole(session, round_id=first.round_id, hole=2)
    with db.write() as session:
        deal = first
        while moves := legal_moves(deal.game.position):
            deal, _ = apply_move(session, deal_id=deal.id, version=deal.version, move=moves[-1])
        second = next_hole(session, round_id=first.round_id, hole=2)
        again = next_hole(session, round_id=first.round_id, hole=2)
    assert second.id == again.id and second.hole == 2 and second.variant == first.variant
    with db.read() as session:
        stored = load_round(session, round_id=first.round_id)
    assert [d.hole for d in stored.deals] == [1, 2]
    assert stored.scores[0] is not None and stored.scores[1] is None
    with pytest.raises(HoleNotReady), db.write() as session:
        next_hole(session, round_id=first.round_id, hole=10)


# One database for all examples is fine: each example makes its own deal.
@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_random_play_and_undo_round_trip_through_storage(db, data):
    """Moves and undos in any mix: the stored log always rebuilds the in-memory game."""
    number = data.draw(st.integers(1, 2**31 - 1))
    deal_id = new_deal(db, number)
    game = Game(deal_for_number(number))
    for version in range(data.draw(st.integers(1, 40))):
        moves = legal_moves(game.position)
        undo_now = game.moves and (not moves or data.draw(st.booleans()))
        with db.write() as session:
            if undo_now:
                undo(session, deal_id=deal_id, version=version)
                game = game.pop()
            else:
                move = data.draw(st.sampled_from(moves))
                apply_move(session, deal_id=deal_id, version=version, move=move)
                game = game.push(move)
        with db.read() as session:
            stored = load_deal(session, deal_id=deal_id)
        assert stored.moves == game.moves and stored.game.position == game.position
