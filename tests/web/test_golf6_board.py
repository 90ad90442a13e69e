"""The table's words: card names by owner and position, whose turn, shared wins."""

from __future__ import annotations

import pytest

from app.rules.golf import Options, apply, new_game
from app.rules.golf.moves import KINDS, DrawStock, InvalidMoveError, Reveal, Swap
from app.rules.golf.view import view_for
from app.web.golf.board import (
    board,
    card_label,
    leaders_text,
    move_code,
    move_from_code,
    possessive,
    score_sheet,
    turn_line,
    winners_text,
)

NAMES = ["Ann", "Maria", "James"]


def test_card_labels_follow_the_contract():
    assert card_label("Your", 0, None) == "Your card, top row, left: face down"
    assert card_label("Maria’s", 5, "7C") == "Maria’s card, bottom row, right: 7 of clubs"
    assert possessive("James") == "James’" and possessive("Maria") == "Maria’s"
    assert possessive("Klas B.") == "Klas B.’s"
    assert possessive("Klas B.", "sv") == "Klas B:s" and possessive("Dator 2", "sv") == "Dator 2:s"
    assert possessive("Klas B", "sv") == "Klas B:s" and possessive("Ann-Li", "sv") == "Ann-Lis"
    assert possessive("Fay (dator)", "sv") == "Fays (dator)"  # a seat handed to the computer
    assert possessive("Fay (computer)") == "Fay (computer)’s"


def test_move_codes_are_what_the_forms_send():
    assert move_code(DrawStock(1)) == "draw_stock"
    assert move_code(Swap(1, 4)) == "swap:4"


@pytest.mark.parametrize("kind", KINDS.values())
def test_every_move_code_reads_back_as_its_move(kind):
    for move in [kind(2, 5)] if "index" in kind.__dataclass_fields__ else [kind(2)]:
        assert move_from_code(move_code(move), 2, 6) == move


@pytest.mark.parametrize(
    "code", ["", "fly", "swap", "swap:", "swap:6", "swap:x", "swap:²", "swap:٣", "swap:-1",
             "swap:-0", "swap:03", "swap: 3", "reveal:" + "9" * 5000, "draw_stock:1", "draw_stock:",
             "ｓｗａｐ:1", "Swap:1", " swap:1", "x" * 5000, None, 7])
def test_anything_but_a_move_code_is_not_a_move(code):
    with pytest.raises(InvalidMoveError) as refused:
        move_from_code(code, 0, 6)
    assert refused.value.code == "not_a_move"


def test_a_move_code_without_a_seat_is_not_a_move():
    with pytest.raises(InvalidMoveError):
        move_from_code("draw_stock", None, 6)


def played_to_draw():
    state = new_game(Options(seats=3), 5)
    for seat in range(3):
        for index in (0, 3):
            state = apply(state, Reveal(seat, index))
    return state


def test_board_offers_your_moves_only_on_your_turn():
    state = played_to_draw()
    turn = state.turn
    mine = board(view_for(state, turn, NAMES), away=set())
    assert [a["label"] for a in mine["actions"]] == ["Draw from the stock", "Take the discard"]
    other = board(view_for(state, (turn + 1) % 3, NAMES), away=set())
    assert other["actions"] == [] and other["hint"] == ""
    assert turn_line(view_for(state, (turn + 1) % 3, NAMES)) == f"{possessive(NAMES[turn])} turn."
    assert turn_line(view_for(state, turn, NAMES)) == "Your turn."


def test_after_drawing_every_own_card_is_a_swap():
    state = played_to_draw()
    state = apply(state, DrawStock(state.turn))
    view = board(view_for(state, state.turn, NAMES), away=set())
    you = view["seats"][state.turn]
    assert [card["move"] for card in you["cards"]] == [f"swap:{i}" for i in range(6)]
    assert [a["label"] for a in view["actions"]] == ["Throw it away"]
    watcher = board(view_for(state, None, NAMES), away=set())
    assert watcher["drawn"] is None and not any(
        card["move"] for seat in watcher["seats"] for card in seat["cards"])


def test_ties_share_the_win():
    view = {"winners": [0, 2], "you": 1, "seats": [
        {"name": "Ann", "totals": 20}, {"name": "Maria", "totals": 31},
        {"name": "James", "totals": 20}]}
    assert winners_text(view) == "Ann and James share the win with 20 points each."
    view["you"] = None  # a watcher
    view["winners"] = [0, 1, 2]
    assert winners_text(view).startswith("Ann, Maria and James share the win")
    view["you"] = 1
    assert winners_text(view) == "You share the win with Ann and James: 20 points each."
    view["winners"] = [1]
    assert winners_text(view) == "You win with 31 points."
    view["winners"] = [0]
    assert winners_text(view) == "Ann wins with 20 points."


def test_score_sheet_keeps_running_totals_and_names_the_leader():
    view = {"scores": [[5, 9], [-2, 0]], "you": 1, "seats": [
        {"name": "Ann", "totals": 3}, {"name": "Maria", "totals": 9}]}
    assert score_sheet(view)["rows"] == [(1, [(5, 5), (9, 9)]), (2, [(-2, 3), (0, 9)])]
    assert leaders_text(view) == "Ann leads with 3 points."
    view["seats"][1]["totals"] = 3
    assert leaders_text(view) == "You share the lead with Ann: 3 points each."
    view["you"] = None  # a watcher
    assert leaders_text(view) == "Ann and Maria share the lead with 3 points."
    view["seats"][0]["totals"] = 4
    view["you"] = 1
    assert leaders_text(view) == "You lead with 3 points."
    view["seats"][1]["totals"] = 1
    assert leaders_text(view) == "You lead with 1 point."
    view["you"] = 0
    assert leaders_text(view) == "Maria leads with 1 point."
    view["winners"] = [1]
    assert winners_text(view) == "Maria wins with 1 point."
