"""Per-seat views hide every face-down card and the stock; the live-region sentences."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from app.rules import golf
from app.rules.golf import DrawStock, Options, Phase, Reveal, Swap, TakeDiscard
from tests.rules.golf6_helpers import playing, rig, seat_names

NAMES = ["Maria", "Ben", "Chloe"]


def _hidden_cards(state: golf.State, seat: int | None) -> set[str]:
    """Cards whose identity `seat` may not know: face-down, stock, someone else's drawn card."""
    hidden = {
        card
        for s, layout in enumerate(state.layouts)
        for i, card in enumerate(layout)
        if not state.face_up[s][i] and not (s == seat and state.known[s][i])
    }
    hidden |= set(state.stock)
    if state.held and state.turn != seat:
        hidden.add(state.held)
    return hidden


def _shown_cards(view: dict) -> list[str]:
    cards = [c for seat in view["seats"] for c in seat["layout"] + seat["known"] if c]
    return cards + view["discard"] + ([view["drawn"]] if view["drawn"] else [])


def test_view_has_the_contract_keys_and_json_types():
    view = golf.view_for(playing(Options(seats=3)), 1, NAMES)
    for key in ("hole", "holes", "phase", "turn", "you", "seats", "discard_top", "stock", "drawn"):
        assert key in view
    assert view["you"] == 1 and view["phase"] == "draw"
    assert [seat["name"] for seat in view["seats"]] == NAMES
    assert all(len(seat["layout"]) == 6 for seat in view["seats"])
    assert json.loads(json.dumps(view)) == view


def test_no_face_down_card_reaches_another_seat_or_a_watcher_in_random_play():
    rng = random.Random(5)
    for options in (Options(seats=3), Options(seats=4, first_two="peek_near_row")):
        state = golf.new_game(options, 17)
        for _ in range(300):
            for seat in [None, *range(options.seats)]:
                view = golf.view_for(state, seat, seat_names(state))
                leaked = [c for c in _shown_cards(view) if c in _hidden_cards(state, seat)]
                assert leaked == []
                assert view["seats"][0]["layout"].count(None) == 6 - sum(state.face_up[0])
            if golf.is_over(state):
                break
            state = golf.apply(state, rng.choice(golf.legal_moves(state)))


def test_drawn_card_is_shown_only_to_the_seat_that_drew_it():
    state = playing(Options(seats=3))
    seat = state.turn
    state = golf.apply(state, DrawStock(seat))
    assert golf.view_for(state, seat, seat_names(state))["drawn"] == state.held
    for other in [None, *(s for s in range(3) if s != seat)]:
        assert golf.view_for(state, other, seat_names(state))["drawn"] is None
        assert state.held not in json.dumps(golf.view_for(state, other, seat_names(state)))


def test_views_do_not_change_when_hidden_cards_do():
    state = playing(Options(seats=2))
    seat = state.turn
    down = state.face_down(seat)[0]
    other_layout = list(state.layouts[seat])
    other_layout[down], stock = state.stock[0], (state.layouts[seat][down],) + state.stock[1:]
    twin = replace(
        state,
        layouts=tuple(tuple(other_layout) if s == seat else lay
                      for s, lay in enumerate(state.layouts)),
        stock=tuple(reversed(stock)),
    )
    names = seat_names(state)
    for viewer in (None, 0, 1):
        assert golf.view_for(state, viewer, names) == golf.view_for(twin, viewer, names)


def test_the_json_view_offers_the_moves_of_the_seat_view():
    rng = random.Random(3)
    options = Options(seats=3, turn_instead=True, forced_turn_after_throw=True,
                      turn_all_to_go_out=True, first_two="middle_and_end")
    state = golf.new_game(options, 8)
    while not golf.is_over(state):
        for seat in range(3):
            expected = [m for m in golf.legal_moves(state) if m.seat == seat]
            assert golf.legal_moves_for(golf.seat_view(state, seat)) == expected
            offered = golf.view_for(state, seat, seat_names(state))["moves"]
            assert [golf.move_from_json(m) for m in offered] == expected
        assert golf.view_for(state, None, seat_names(state))["moves"] == []
        state = golf.apply(state, rng.choice(golf.legal_moves(state)))


def test_describe_gives_the_public_facts_of_a_move():
    state = playing(Options(seats=2))
    state = rig(state, [["QH", "5S", "KH", "9S", "6D", "AC"], ["4S"] * 6], [[1, 2], [0, 1]],
                discard=["7C"])
    state = replace(state, turn=0)
    took = golf.apply(state, TakeDiscard(0))
    assert golf.describe(TakeDiscard(0), state, took) == golf.Event(
        "took_discard", 0, {"card": "7C"})
    swapped = golf.apply(took, Swap(0, 0))
    assert golf.describe(Swap(0, 0), took, swapped) == golf.Event(
        "swapped", 0, {"card": "7C", "index": 0, "shape": golf.SIX_CARD, "old": "QH",
                       "was_face_down": True, "hole": 1})


def test_describe_names_a_stock_card_only_to_its_drawer():
    state = playing()
    seat = state.turn
    after = golf.apply(state, DrawStock(seat))
    assert golf.describe(DrawStock(seat), state, after, seat).params == {"card": after.held}
    for viewer in (None, 1 - seat):
        assert golf.describe(DrawStock(seat), state, after, viewer).params == {"card": None}


def test_describe_a_start_of_hole_flip():
    state = golf.new_game(Options(), 1)
    after = golf.apply(state, Reveal(1, 4))
    event = golf.describe(Reveal(1, 4), state, after)
    assert (event.code, event.seat, event.params["index"]) == ("revealed", 1, 4)
    assert event.params["card"] == after.layouts[1][4] and event.ending is None
    assert after.phase == Phase.FLIP


def test_describe_says_when_the_others_get_their_last_turn_and_when_the_hole_ends():
    state = replace(playing(Options(seats=2)), turn=0)
    state = rig(state, [["AS", "2S", "3S", "4S", "5S", "6S"], ["9H"] * 6], [[0, 1, 2, 3, 4], [0]],
                discard=["KC"])
    took = golf.apply(state, TakeDiscard(0))
    out = golf.apply(took, Swap(0, 5))
    assert golf.describe(Swap(0, 5), took, out).ending == "last_turns"
    drew = golf.apply(out, DrawStock(1))
    over = golf.apply(drew, golf.ThrowAway(1))
    event = golf.describe(golf.ThrowAway(1), drew, over)
    assert (event.code, event.ending, event.params["hole"]) == ("threw_away", "hole_over", 1)
