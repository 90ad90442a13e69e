"""Six-card Golf rules: the deal, the flips, turns, going out, holes and the game."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from app.rules import golf
from app.rules.golf import (
    DrawStock,
    IllegalMoveError,
    InvalidMoveError,
    NextHole,
    Options,
    Phase,
    Reveal,
    Swap,
    TakeDiscard,
    ThrowAway,
)
from tests.rules.golf6_helpers import flipped, playing, rig

LOW = ["AS", "2S", "3S", "4S", "5S", "6S"]
HIGH = ["9H", "TH", "JH", "QH", "8H", "7H"]


def test_deal_gives_six_face_down_cards_each_and_starts_the_discard_pile():
    state = golf.new_game(Options(seats=4), 11)
    assert [len(layout) for layout in state.layouts] == [6, 6, 6, 6]
    assert not any(any(row) for row in state.face_up)
    assert len(state.discard) == 1 and len(state.stock) == 52 - 24 - 1
    assert Counter(state.all_cards()) == Counter(Options(seats=4).deck())
    assert state.phase == Phase.FLIP and state.turn is None
    assert golf.seats_to_act(state) == (0, 1, 2, 3)


def test_five_seats_play_with_two_decks():
    state = golf.new_game(Options(seats=5), 3)
    assert len(state.all_cards()) == 104
    assert len(state.stock) == 104 - 30 - 1


def test_same_seed_deals_the_same_cards_and_another_seed_does_not():
    first, again = golf.new_game(Options(), 99), golf.new_game(Options(), 99)
    assert first == again
    assert golf.new_game(Options(), 100).layouts != first.layouts


def test_each_seat_turns_up_two_cards_in_any_order_then_left_of_dealer_starts():
    state = golf.new_game(Options(seats=3), 5)
    state = golf.apply(state, Reveal(2, 0))
    state = golf.apply(state, Reveal(0, 4))
    state = golf.apply(state, Reveal(2, 5))
    assert golf.seats_to_act(state) == (0, 1)
    with pytest.raises(IllegalMoveError, match="wait_for_flips"):
        golf.apply(state, Reveal(2, 1))
    for move in (Reveal(1, 1), Reveal(0, 2), Reveal(1, 3)):
        state = golf.apply(state, move)
    assert state.phase == Phase.DRAW and state.turn == 1  # dealer is seat 0


def test_turning_up_a_face_up_card_names_it():
    state = golf.apply(golf.new_game(Options(), 5), Reveal(0, 0))
    with pytest.raises(IllegalMoveError) as refused:
        golf.apply(state, Reveal(0, 0))
    assert refused.value.code == "already_face_up"
    assert refused.value.params == {"index": 0, "shape": golf.SIX_CARD,
                                    "card": state.layouts[0][0]}


def test_drawn_stock_card_can_be_swapped_in_and_the_old_card_lands_face_up_on_the_pile():
    state = playing()
    seat, top_of_stock = state.turn, state.stock[0]
    old = state.layouts[seat][5]
    state = golf.apply(state, DrawStock(seat))
    assert state.held == top_of_stock and state.phase == Phase.PLACE
    state = golf.apply(state, Swap(seat, 5))
    assert state.layouts[seat][5] == top_of_stock and state.face_up[seat][5]
    assert state.discard_top == old
    assert state.turn == (seat + 1) % 2 and state.phase == Phase.DRAW


def test_drawn_stock_card_can_be_thrown_away():
    state = playing()
    seat = state.turn
    state = golf.apply(golf.apply(state, DrawStock(seat)), ThrowAway(seat))
    assert state.discard_top == golf.new_game(Options(), 7).stock[0]
    assert state.turn != seat


def test_discard_card_must_go_into_the_layout():
    state = playing()
    seat = state.turn
    state = rig(state, [LOW, HIGH], [[0, 1], [0, 1]], discard=["7C"])
    state = golf.apply(state, TakeDiscard(seat))
    with pytest.raises(IllegalMoveError) as refused:
        golf.apply(state, ThrowAway(seat))
    assert refused.value.code == "discard_must_be_placed"
    assert refused.value.params == {"card": "7C"}


def test_out_of_turn_move_is_refused_and_nothing_changes():
    state = playing()
    other = (state.turn + 1) % 2
    before = state
    with pytest.raises(IllegalMoveError, match="not_your_turn"):
        golf.apply(state, DrawStock(other))
    assert state == before


def test_swap_before_taking_a_card_is_refused():
    state = playing()
    with pytest.raises(IllegalMoveError, match="take_first"):
        golf.apply(state, Swap(state.turn, 0))


def test_taking_a_second_card_is_refused_naming_the_card_held():
    state = playing()
    seat = state.turn
    state = golf.apply(state, DrawStock(seat))
    with pytest.raises(IllegalMoveError) as refused:
        golf.apply(state, TakeDiscard(seat))
    assert refused.value.code == "holding"
    assert refused.value.params == {"card": state.held, "may_throw": True}


@pytest.mark.parametrize(
    "move",
    [Swap(5, 0), Swap(0, 6), Swap(0, -1), Reveal(True, 0), "draw", None, DrawStock("0")],
)
def test_malformed_moves_are_invalid(move):
    with pytest.raises(InvalidMoveError):
        golf.apply(playing(), move)


def _one_card_from_out(seats: int = 3, last_turn: bool = True) -> golf.State:
    state = playing(Options(seats=seats, last_turn=last_turn))
    layouts = [LOW, HIGH, HIGH][:seats]
    return rig(state, layouts, [[0, 1, 2, 3, 4], [0], [0]][:seats], discard=["KC"])


def test_going_out_gives_every_other_seat_one_last_turn():
    state = _one_card_from_out()
    assert state.turn == 1 and state.dealer == 0
    state = replace(state, turn=0)
    state = golf.apply(golf.apply(state, TakeDiscard(0)), Swap(0, 5))
    assert state.went_out == 0 and state.turn == 1
    for seat in (1, 2):
        state = golf.apply(golf.apply(state, DrawStock(seat)), ThrowAway(seat))
    assert state.phase == Phase.HOLE_OVER
    assert all(all(row) for row in state.face_up)  # every card shown for scoring
    # LOW with a king at bottom-right: A/4, 2/5, 3/K = 5 + 3 + 3
    assert state.scores[0][0] == 11


def test_without_last_turn_the_hole_ends_when_someone_goes_out():
    state = replace(_one_card_from_out(last_turn=False), turn=0)
    state = golf.apply(golf.apply(state, TakeDiscard(0)), Swap(0, 5))
    assert state.phase == Phase.HOLE_OVER and len(state.scores) == 1


def test_hole_scores_use_column_pairs():
    state = replace(_one_card_from_out(), turn=0)
    state = rig(state, [["QH", "2S", "KH", "QS", "6S", "AS"], HIGH, HIGH], [[0, 1, 2, 3, 4]],
                discard=["AC"])
    state = golf.apply(golf.apply(state, TakeDiscard(0)), Swap(0, 5))
    for seat in (1, 2):
        state = golf.apply(golf.apply(state, DrawStock(seat)), ThrowAway(seat))
    # SPEC example: Q/Q, 2/6, K/A -> 0 + 4 + 1; HIGH: 9/Q, 10/8, J/7 -> 19 + 18 + 17
    assert state.scores == ((5, 54, 54),)


def test_stock_is_reshuffled_from_the_discard_pile_except_its_top():
    state = playing()
    seat = state.turn
    pile = ("5C", "6C", "7C", "8C")
    state = replace(state, stock=state.stock[:1], discard=pile)
    drawn = state.stock[0]
    state = golf.apply(golf.apply(state, DrawStock(seat)), ThrowAway(seat))
    assert state.discard == (drawn,)
    assert sorted(state.stock) == sorted(pile)
    assert state.reshuffles == 1


def test_the_deal_passes_left_each_hole():
    state = _finish_hole(playing(Options(seats=3)))
    assert state.phase == Phase.HOLE_OVER and state.dealer == 0
    state = golf.apply(state, NextHole(2))
    assert state.hole == 2 and state.dealer == 1 and state.phase == Phase.FLIP
    state = flipped(state)
    assert state.turn == 2


def _finish_hole(state: golf.State) -> golf.State:
    """Play greedy-free: each turn swap the drawn card into the first face-down place."""
    while state.phase not in (Phase.HOLE_OVER, Phase.GAME_OVER):
        seat = state.turn
        down = state.face_down(seat)
        state = golf.apply(state, DrawStock(seat))
        state = golf.apply(state, Swap(seat, down[0] if down else 0))
    return state


def _play_game(options: Options, seed: int = 1) -> golf.State:
    state = golf.new_game(options, seed)
    while not golf.is_over(state):
        state = _finish_hole(flipped(state))
        if state.phase == Phase.HOLE_OVER:
            state = golf.apply(state, NextHole(0))
    return state


@pytest.mark.parametrize("holes", [9, 18])
def test_a_game_lasts_its_number_of_holes(holes):
    state = _play_game(Options(holes=holes))
    assert len(state.scores) == holes and state.phase == Phase.GAME_OVER
    assert golf.legal_moves(state) == []
    with pytest.raises(IllegalMoveError, match="game_over"):
        golf.apply(state, NextHole(0))


def test_until_100_ends_after_the_hole_where_someone_reaches_100():
    state = _play_game(Options(holes=None))
    sums = [sum(hole[s] for hole in state.scores[:-1]) for s in range(2)]
    assert max(golf.totals(state)) >= 100 and max(sums) < 100


def test_winners_share_a_tie():
    state = _play_game(Options())
    assert golf.winners(replace(state, scores=((3, 4),))) == (0,)
    assert golf.winners(replace(state, scores=((4, 4),))) == (0, 1)
    assert golf.winners(playing()) == ()


def test_replay_reaches_the_same_state():
    state, moves = golf.new_game(Options(seats=3), 21), []
    while len(moves) < 60:
        move = golf.legal_moves(state)[len(moves) % len(golf.legal_moves(state))]
        moves.append(move)
        state = golf.apply(state, move)
    stored = [golf.move_to_json(m) for m in moves]
    again = golf.replay(Options(seats=3), 21, [golf.move_from_json(m) for m in stored])
    assert again == state


def test_moves_serialise_to_small_json_and_back():
    assert golf.move_to_json(Swap(1, 4)) == {"kind": "swap", "seat": 1, "index": 4}
    assert golf.move_to_json(DrawStock(0)) == {"kind": "draw_stock", "seat": 0}
    assert golf.move_from_json({"kind": "swap", "seat": "1", "index": "4"}) == Swap(1, 4)


@pytest.mark.parametrize(
    "data",
    [None, [], {"kind": "fly", "seat": 0}, {"kind": "swap", "seat": 0},
     {"kind": "swap", "seat": 0, "index": 6}, {"kind": "draw_stock", "seat": -1},
     {"kind": "draw_stock", "seat": True}, {"kind": ["swap"], "seat": 0},
     {"kind": "swap", "seat": "9" * 5000, "index": 0}, {"kind": "swap", "seat": "²", "index": 0},
     {"kind": "swap", "seat": 0, "index": "0" * 5000}],
)
def test_garbage_moves_are_refused_with_invalid_move_error(data):
    with pytest.raises(InvalidMoveError):
        golf.move_from_json(data)


def test_new_game_refuses_bad_seeds():
    for seed in (-1, 2**60, "7", True):
        with pytest.raises(InvalidMoveError):
            golf.new_game(Options(), seed)
