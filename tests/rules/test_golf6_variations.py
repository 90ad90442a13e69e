"""Every six-card Golf variation of SPEC.md, as an option of a game."""

from __future__ import annotations

from collections import Counter

import pytest

from app.rules import golf
from app.rules.golf import (
    DrawStock,
    IllegalMoveError,
    Options,
    OptionsError,
    Phase,
    Reveal,
    ThrowAway,
    TurnAll,
    TurnUp,
)
from app.rules.golf.scoring import layout_score
from tests.rules.golf6_helpers import playing, rig, seat_names


def _after_first(first_two: str, index: int) -> golf.State:
    return golf.apply(golf.new_game(Options(first_two=first_two), 1), Reveal(0, index))


@pytest.mark.parametrize(
    ("rule", "first", "refused", "allowed", "message"),
    [
        ("same_column", 0, 1, 3, "first_two_same_column"),
        ("different_columns", 0, 3, 4, "first_two_different_columns"),
        ("middle_and_end", 1, 4, 0, "first_two_middle_and_end"),
        ("middle_and_end", 0, 2, 4, "first_two_middle_and_end"),
    ],
)
def test_first_two_cards_rules(rule, first, refused, allowed, message):
    state = _after_first(rule, first)
    with pytest.raises(IllegalMoveError, match=message):
        golf.apply(state, Reveal(0, refused))
    assert Reveal(0, refused) not in golf.legal_moves(state)
    state = golf.apply(state, Reveal(0, allowed))
    assert sum(state.face_up[0]) == 2


def test_peek_at_near_row_turns_nothing_up_and_only_the_owner_sees_the_row():
    state = golf.new_game(Options(first_two="peek_near_row"), 4)
    assert state.phase == Phase.DRAW and state.turn == 1
    assert not any(any(row) for row in state.face_up)
    mine = golf.view_for(state, 0, seat_names(state))["seats"][0]
    assert mine["known"] == [None] * 3 + list(state.layouts[0][3:])
    assert mine["layout"] == [None] * 6
    assert golf.view_for(state, 1, seat_names(state))["seats"][0]["known"] == [None] * 6
    assert golf.view_for(state, None, seat_names(state))["seats"][0]["known"] == [None] * 6


def test_a_turn_may_be_spent_turning_a_card_up_when_allowed():
    state = playing(Options(turn_instead=True))
    seat = state.turn
    down = state.face_down(seat)
    assert TurnUp(seat, down[0]) in golf.legal_moves(state)
    after = golf.apply(state, TurnUp(seat, down[0]))
    assert after.face_up[seat][down[0]] and after.turn != seat


def test_turning_a_card_up_instead_of_drawing_is_refused_by_default():
    state = playing()
    with pytest.raises(IllegalMoveError, match="no_turn_instead"):
        golf.apply(state, TurnUp(state.turn, state.face_down(state.turn)[0]))


def test_throwing_away_forces_a_turn_up_when_the_option_is_on():
    state = playing(Options(forced_turn_after_throw=True))
    seat = state.turn
    state = golf.apply(golf.apply(state, DrawStock(seat)), ThrowAway(seat))
    assert state.phase == Phase.TURN_UP and state.turn == seat
    with pytest.raises(IllegalMoveError, match="turn_up_after_throw"):
        golf.apply(state, DrawStock(seat))
    index = state.face_down(seat)[0]
    state = golf.apply(state, TurnUp(seat, index))
    assert state.face_up[seat][index] and state.turn != seat


def test_no_forced_turn_up_when_only_one_card_is_face_down():
    state = playing(Options(forced_turn_after_throw=True))
    seat = state.turn
    layouts = [list(layout) for layout in state.layouts]
    up = [[0, 1, 2, 3, 4] if s == seat else [0, 1] for s in range(2)]
    state = rig(state, layouts, up)
    state = golf.apply(golf.apply(state, DrawStock(seat)), ThrowAway(seat))
    assert state.phase == Phase.DRAW and state.turn != seat
    assert not state.face_up[seat][5]


def test_going_out_in_one_go_turns_every_card_up():
    state = playing(Options(turn_all_to_go_out=True))
    seat = state.turn
    state = golf.apply(state, TurnAll(seat))
    assert all(state.face_up[seat]) and state.went_out == seat


def test_going_out_in_one_go_is_refused_by_default():
    state = playing()
    with pytest.raises(IllegalMoveError, match="no_turn_all"):
        golf.apply(state, TurnAll(state.turn))


def test_jokers_add_two_per_deck_and_change_the_twos():
    options = Options(jokers=True, seats=6)
    assert Counter(options.deck())["JK"] == 4 and len(options.deck()) == 108
    layout = ["JK", "2S", "KH", "5S", "6S", "KS"]
    assert layout_score(layout, Options(jokers=True).scoring) == 3 + 8 + 0
    assert layout_score(layout, Options(jokers=True, joker_points=-5).scoring) == 0 + 8 + 0


def test_two_jokers_in_a_column_pair_to_zero():
    layout = ["JK", "3S", "4S", "JK", "3H", "4H"]
    assert layout_score(layout, Options(jokers=True, joker_points=-5).scoring) == 0


def test_two_decks_even_for_two_players():
    state = golf.new_game(Options(two_decks=True), 2)
    assert len(state.all_cards()) == 104


@pytest.mark.parametrize(
    ("flags", "layout", "expected"),
    [
        # Four 7s in two columns that are not side by side: -10, or block bonus does not apply
        ({"bonus_four_in_columns": True}, ["7S", "KH", "7H", "7D", "KC", "7C"], -10),
        ({"bonus_four_in_block": True}, ["7S", "KH", "7H", "7D", "KC", "7C"], 0),
        # Side by side (a 2x2 block): -20 when that bonus is on
        ({"bonus_four_in_block": True}, ["7S", "7H", "5H", "7D", "7C", "5C"], -20),
        ({"bonus_four_in_columns": True}, ["7S", "7H", "5H", "7D", "7C", "5C"], -10),
        ({}, ["7S", "7H", "5H", "7D", "7C", "5C"], 0),
        ({"bonus_six": True, "two_decks": True}, ["9S", "9H", "9D", "9C", "9S", "9H"], -20),
    ],
)
def test_bonuses(flags, layout, expected):
    assert layout_score(layout, Options(**flags).scoring) == expected


def test_options_round_trip_through_json_form():
    options = Options(seats=6, holes=None, first_two="middle_and_end", jokers=True,
                      joker_points=-3, bonus_six=True)
    assert Options.from_dict(options.to_dict()) == options


@pytest.mark.parametrize(
    "data",
    [
        None, [], {"seats": 9}, {"seats": 1}, {"seats": "4"}, {"holes": 10}, {"holes": 9.0},
        {"last_turn": "yes"}, {"first_two": "all"}, {"joker_points": -4}, {"colour": "red"},
        {"jokers": 1},
    ],
)
def test_garbage_options_are_refused_with_a_typed_error(data):
    with pytest.raises(OptionsError):
        Options.from_dict(data)


@pytest.mark.parametrize("points", [-2, -5, -3, 0])
def test_each_joker_scoring_choice(points):
    # joker/5, 2/6 (a 2 scores +2 with jokers), king/king
    layout = ["JK", "2S", "KH", "5S", "6S", "KS"]
    assert layout_score(layout, Options(jokers=True, joker_points=points).scoring) == (
        points + 5 + 8
    )
