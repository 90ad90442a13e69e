"""Four-card Golf: the 2x2 square, the peek, the knock, its scoring and its two options."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

import pytest

from app.rules import golf
from app.rules.golf import (
    FOUR_CARD,
    DrawStock,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Knock,
    NextHole,
    Options,
    OptionsError,
    Phase,
    Reveal,
    Swap,
    TakeDiscard,
    ThrowAway,
)
from app.rules.golf.scoring import layout_score
from tests.rules.golf6_helpers import rig, seat_names

GOLF4 = Options(game="golf4")


def _rules(**flags: bool) -> golf.scoring.ScoringRules:
    return Options(game="golf4", **flags).scoring


def test_each_place_knows_the_other_card_of_its_column():
    # Top row first: six-card 0 1 2 / 3 4 5, four-card 0 1 / 2 3.
    assert [golf.SIX_CARD.column_mate(i) for i in range(6)] == [3, 4, 5, 0, 1, 2]
    assert [FOUR_CARD.column_mate(i) for i in range(4)] == [2, 3, 0, 1]


def test_deal_gives_a_face_down_square_each_and_play_starts_left_of_the_dealer():
    state = golf.new_game(Options(game="golf4", seats=3), 11)
    assert state.options.shape == FOUR_CARD == golf.Shape(2, 2)
    assert [len(layout) for layout in state.layouts] == [4, 4, 4]
    assert not any(any(row) for row in state.face_up)
    assert len(state.discard) == 1 and len(state.stock) == 52 - 12 - 1
    assert Counter(state.all_cards()) == Counter(Options(game="golf4", seats=3).deck())
    assert state.phase == Phase.DRAW and state.turn == 1  # no flips: the peek replaces them
    assert golf.legal_moves(state) == [DrawStock(1), TakeDiscard(1), Knock(1)]


def test_one_deck_even_for_eight_seats():
    state = golf.new_game(Options(game="golf4", seats=8), 3)
    assert len(state.all_cards()) == 52 and len(state.stock) == 52 - 32 - 1


def test_each_seat_sees_its_own_bottom_row_and_only_its_own():
    state = golf.new_game(Options(game="golf4", seats=3), 4)
    for seat in range(3):
        view = golf.seat_view(state, seat)
        assert view.known == (None, None, *state.layouts[seat][2:])
        assert view.layouts == ((None,) * 4,) * 3
        seats = golf.view_for(state, seat, seat_names(state))["seats"]
        assert seats[seat]["known"] == [None, None, *state.layouts[seat][2:]]
        assert all(s["known"] == [None] * 4 for i, s in enumerate(seats) if i != seat)
    assert golf.seat_view(state, None).known == (None,) * 4


def test_the_peeked_cards_stay_shown_to_their_owner_for_the_whole_hole():
    state = golf.new_game(GOLF4, 4)
    seat = state.turn
    state = golf.apply(golf.apply(state, DrawStock(seat)), Swap(seat, 0))
    for _ in range(6):
        mover = state.turn
        state = golf.apply(golf.apply(state, DrawStock(mover)), ThrowAway(mover))
    assert golf.seat_view(state, seat).known == (None, None, *state.layouts[seat][2:])
    layout = state.layouts[seat]
    assert golf.seat_view(state, seat).mine == (layout[0], None, layout[2], layout[3])


def test_a_swapped_in_card_lies_face_up_and_the_old_one_goes_on_the_pile():
    state = golf.new_game(GOLF4, 9)
    seat, drawn, old = state.turn, state.stock[0], state.layouts[state.turn][3]
    state = golf.apply(golf.apply(state, DrawStock(seat)), Swap(seat, 3))
    assert state.layouts[seat][3] == drawn and state.face_up[seat][3]
    assert state.discard_top == old and state.turn != seat


def test_a_knock_gives_every_other_seat_exactly_one_more_turn():
    state = golf.new_game(Options(game="golf4", seats=3), 5)  # dealer 0: seat 1 starts
    state = golf.apply(state, Knock(1))
    assert state.knocker == 1 and state.turn == 2 and state.phase == Phase.DRAW
    assert Knock(2) not in golf.legal_moves(state)
    with pytest.raises(IllegalMoveError, match="already_knocked"):
        golf.apply(state, Knock(2))
    state = golf.apply(golf.apply(state, DrawStock(2)), ThrowAway(2))
    assert state.turn == 0
    state = golf.apply(golf.apply(state, TakeDiscard(0)), Swap(0, 1))
    assert state.phase == Phase.HOLE_OVER and len(state.scores) == 1
    assert all(all(row) for row in state.face_up)


def test_a_square_all_face_up_does_not_end_the_hole_its_owner_must_knock():
    state = golf.new_game(GOLF4, 6)
    seat = state.turn
    for index in range(4):
        state = golf.apply(golf.apply(state, DrawStock(seat)), Swap(seat, index))
        other = state.turn
        state = golf.apply(golf.apply(state, DrawStock(other)), ThrowAway(other))
    assert all(state.face_up[seat]) and state.went_out is None
    assert state.phase == Phase.DRAW and state.turn == seat
    assert Knock(seat) in golf.legal_moves(state)
    state = golf.apply(state, Knock(seat))
    other = state.turn
    state = golf.apply(golf.apply(state, DrawStock(other)), ThrowAway(other))
    assert state.phase == Phase.HOLE_OVER


def test_knocking_is_instead_of_taking_a_card():
    state = golf.new_game(GOLF4, 2)
    seat = state.turn
    state = golf.apply(state, DrawStock(seat))
    with pytest.raises(IllegalMoveError, match="holding"):
        golf.apply(state, Knock(seat))


def test_six_card_golf_has_no_knock_and_four_card_golf_no_flips():
    six = golf.new_game(Options(), 1)
    assert all(not isinstance(m, Knock) for m in golf.legal_moves(six))
    four = golf.new_game(GOLF4, 1)
    with pytest.raises(IllegalMoveError, match="reveal_only_at_start"):
        golf.apply(four, Reveal(four.turn, 0))
    with pytest.raises(InvalidMoveError, match="no_such_position"):
        golf.apply(golf.apply(four, DrawStock(four.turn)), Swap(four.turn, 4))


@pytest.mark.parametrize(
    ("layout", "score"),
    [
        (["7H", "KS", "AD", "QC"], 7 + 0 + 1 + 10),  # number face value, K 0, A 1, Q 10
        (["2H", "JS", "TD", "9C"], 2 + 10 + 10 + 9),  # a 2 scores 2 in four-card Golf
        (["5H", "5S", "5D", "5C"], 20),  # pairs do not cancel in the basic game
        (["KH", "KS", "AD", "AC"], 2),
    ],
)
def test_basic_scoring(layout, score):
    assert layout_score(layout, _rules()) == score


@pytest.mark.parametrize(
    ("layout", "score"),
    [
        (["5H", "5S", "3D", "KC"], 0 + 0 + 3 + 0),  # a pair in the top row
        (["9H", "4S", "9D", "JC"], 0 + 4 + 0 + 10),  # a pair in the left column
        (["7H", "7S", "7D", "3C"], 3),  # the 7 top-left pairs both ways, and counts once: 0
        (["8H", "8S", "8D", "8C"], 0),
        (["8H", "2S", "2D", "8C"], 20),  # a diagonal is not a row or a column
        (["JH", "QS", "QD", "JC"], 40),  # a jack and a queen are not a pair
    ],
)
def test_scoring_with_pairs_cancelling(layout, score):
    assert layout_score(layout, _rules(pairs_cancel=True)) == score


def _knocked_hole(options: Options, layouts: list[list[str]], knocker: int) -> golf.State:
    """Seat `knocker` knocks; everyone else throws a stock card away; the hole is scored."""
    state = golf.new_game(options, 1)
    state = replace(rig(state, layouts, stock=["KH", "KD", "KC"] + list(state.stock)),
                    turn=knocker)
    state = golf.apply(state, Knock(knocker))
    while state.phase == Phase.DRAW:
        mover = state.turn
        state = golf.apply(golf.apply(state, DrawStock(mover)), ThrowAway(mover))
    return state


SQUARES = [["AS", "2S", "3S", "4S"], ["5H", "5D", "KH", "QH"], ["TC", "9C", "8C", "7C"]]


def test_without_the_penalty_a_knocker_scores_the_square():
    state = _knocked_hole(Options(game="golf4", seats=3), SQUARES, knocker=1)
    assert state.scores == ((10, 20, 34),)


def test_a_knocker_without_the_lowest_score_adds_ten():
    state = _knocked_hole(Options(game="golf4", seats=3, knock_penalty=True), SQUARES, 1)
    assert state.scores == ((10, 30, 34),)  # 20 is not the lowest (10 is)


def test_a_knocker_with_the_lowest_score_adds_nothing():
    state = _knocked_hole(Options(game="golf4", seats=3, knock_penalty=True), SQUARES, 0)
    assert state.scores == ((10, 20, 34),)


def test_a_knocker_sharing_the_lowest_score_adds_nothing():
    squares = [["AS", "2S", "3S", "4S"], ["AH", "2H", "3H", "4H"]]
    state = _knocked_hole(Options(game="golf4", knock_penalty=True), squares, 1)
    assert state.scores == ((10, 10),)


def test_both_options_together():
    # pairs cancel: 5/5 in the top row scores 0, so seat 1 has 0 + 0 + 0 + 10 = 10: tied lowest
    options = Options(game="golf4", seats=3, pairs_cancel=True, knock_penalty=True)
    state = _knocked_hole(options, SQUARES, 1)
    assert state.scores == ((10, 10, 34),)
    state = _knocked_hole(options, SQUARES, 2)
    assert state.scores == ((10, 10, 44),)


def test_a_game_is_nine_holes_and_lowest_total_wins_ties_share():
    state = golf.new_game(GOLF4, 8)
    while not golf.is_over(state):
        if state.phase == Phase.HOLE_OVER:
            state = golf.apply(state, NextHole(0))
            continue
        state = golf.apply(state, Knock(state.turn))
        state = golf.apply(golf.apply(state, DrawStock(state.turn)), ThrowAway(state.turn))
    assert len(state.scores) == 9
    assert golf.winners(state) == golf.state.lowest(golf.totals(state))
    assert golf.winners(replace(state, scores=((4, 4),))) == (0, 1)


def test_options_round_trip_and_refuse_what_the_game_does_not_have():
    options = Options(game="golf4", seats=5, pairs_cancel=True, knock_penalty=True)
    assert Options.from_dict(json.loads(json.dumps(options.to_dict()))) == options
    assert options.to_dict()["game"] == "golf4"
    for bad in ({"game": "golf4", "turn_instead": True}, {"game": "golf4", "two_decks": True},
                {"game": "golf4", "first_two": "same_column"}, {"pairs_cancel": True},
                {"knock_penalty": True}, {"game": "golf9"}, {"game": ["golf4"]},
                {"game": "golf4", "knock_penalty": "yes"}):
        with pytest.raises(OptionsError):
            Options.from_dict(bad)


def test_six_card_settings_stored_before_four_card_golf_still_load_unchanged():
    stored = {"seats": 3, "holes": 18, "last_turn": True, "first_two": "same_column",
              "turn_instead": False, "forced_turn_after_throw": True,
              "turn_all_to_go_out": False, "jokers": True, "joker_points": -5,
              "two_decks": False, "bonus_four_in_columns": True, "bonus_four_in_block": False,
              "bonus_six": False}
    options = Options.from_dict(stored)
    assert options.game == Game.SIX_CARD and options.shape == golf.SIX_CARD
    assert {k: v for k, v in options.to_dict().items() if k in stored} == stored
    assert golf.new_game(options, 5) == golf.new_game(Options(**stored), 5)


def test_the_json_state_has_four_cards_a_seat_and_offers_the_knock():
    state = golf.new_game(Options(game="golf4", seats=3), 2)
    view = golf.view_for(state, state.turn, seat_names(state))
    assert all(len(seat["layout"]) == 4 for seat in view["seats"])
    assert {"kind": "knock", "seat": state.turn} in view["moves"]
    assert golf.move_to_json(Knock(2)) == {"kind": "knock", "seat": 2}
    assert golf.move_from_json({"kind": "knock", "seat": "2"}) == Knock(2)
    assert view["knocker"] is None
    knocked = golf.apply(state, Knock(state.turn))
    after = golf.view_for(knocked, None, seat_names(knocked))
    assert after["knocker"] == state.turn and after["moves"] == []


def test_no_face_down_or_peeked_card_reaches_another_seat_or_a_watcher():
    from tests.rules.test_golf6_view import _hidden_cards, _shown_cards

    rng = random.Random(5)
    options = Options(game="golf4", seats=4, pairs_cancel=True)
    state = golf.new_game(options, 17)
    for _ in range(300):
        for seat in [None, *range(options.seats)]:
            view = golf.view_for(state, seat, seat_names(state))
            assert [c for c in _shown_cards(view) if c in _hidden_cards(state, seat)] == []
        if golf.is_over(state):
            break
        state = golf.apply(state, rng.choice(golf.legal_moves(state)))


def test_the_hole_record_holds_what_everyone_saw_and_starts_again_each_hole():
    state = golf.new_game(GOLF4, 9)  # two seats
    first, second = state.turn, 1 - state.turn
    top, drawn = state.discard_top, state.stock[0]
    old = state.layouts[first][0]
    state = golf.apply(state, DrawStock(first))
    # The drawn card is its holder's secret: the record says only that a card was drawn.
    assert state.played == (golf.Played(DrawStock(first)),)
    state = golf.apply(state, Swap(first, 0))
    assert state.played[-1] == golf.Played(Swap(first, 0), card=drawn, old=old, was_face_down=True)
    state = golf.apply(golf.apply(state, TakeDiscard(second)), Swap(second, 2))
    assert state.played[-2:] == (
        golf.Played(TakeDiscard(second), card=old),
        golf.Played(Swap(second, 2), card=old, old=golf.new_game(GOLF4, 9).layouts[second][2],
                    was_face_down=True),
    )
    state = golf.apply(golf.apply(state, DrawStock(first)), ThrowAway(first))
    assert state.played[-1].card == state.discard_top
    state = golf.apply(state, Knock(second))
    assert state.played[-1] == golf.Played(Knock(second))
    assert top in state.discard  # the deal's discard is never in the record: it was dealt
    views = [golf.seat_view(state, seat) for seat in (None, 0, 1)]
    assert {view.played for view in views} == {state.played}
    state = golf.apply(golf.apply(state, DrawStock(first)), ThrowAway(first))
    assert state.phase == Phase.HOLE_OVER and len(state.played) == 9
    assert golf.apply(state, NextHole(0)).played == ()
