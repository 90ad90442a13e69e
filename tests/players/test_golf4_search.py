"""The coach's Monte Carlo search (coach4_search): honest deals, fair candidates, legal moves."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from app.players.golf import coach4
from app.players.golf.coach4_search import Table, candidates, search
from app.players.golf.golf4_rollout import POINTS, RANK_OF, greedy_place, greedy_turn
from app.players.golf.greedy4_reading import near_card_guesses
from app.rules import golf
from app.rules.golf import DrawStock, Knock, Options, Phase, Swap, ThrowAway
from tests.players.golf4_helpers import positions
from tests.rules.golf6_helpers import rig


def _hidden_dealt_anew(state: golf.State, seat: int, rng: random.Random) -> golf.State:
    """The same table for `seat`: every card it may not know (its own unseen cards, the other
    seat's face-down cards, peeked or not, and the stock order) dealt anew."""
    hidden = [
        c
        for s, layout in enumerate(state.layouts)
        for i, c in enumerate(layout)
        if not state.face_up[s][i] and not (s == seat and state.known[s][i])
    ] + list(state.stock)
    rng.shuffle(hidden)
    layouts = tuple(
        tuple(
            c if state.face_up[s][i] or (s == seat and state.known[s][i]) else hidden.pop()
            for i, c in enumerate(layout)
        )
        for s, layout in enumerate(state.layouts)
    )
    return replace(state, layouts=layouts, stock=tuple(hidden))


@pytest.mark.parametrize("options", [Options(game="golf4", pairs_cancel=True, knock_penalty=True)])
def test_the_search_deals_and_chooses_alike_on_tables_that_look_alike(options):
    rng, compared = random.Random(2), 0
    for state, seat in positions(options, 4, moves=60):
        if seat != 0 or state.phase not in (Phase.DRAW, Phase.PLACE):
            continue
        twin = _hidden_dealt_anew(state, seat, rng)
        assert twin.layouts != state.layouts or twin.stock != state.stock
        view, twin_view = golf.seat_view(state, seat), golf.seat_view(twin, seat)
        for k in range(3):
            a, b = Table(view).deal(random.Random(k)), Table(twin_view).deal(random.Random(k))
            assert (a.cards, a.stock, a.discard) == (b.cards, b.stock, b.discard)
        move = search(view, random.Random(3), greedy_turn, greedy_place, deals=8)
        assert search(twin_view, random.Random(3), greedy_turn, greedy_place, deals=8) == move
        compared += 1
    assert compared > 10


@pytest.mark.parametrize(
    "options",
    [Options(game="golf4"), Options(game="golf4", pairs_cancel=True, knock_penalty=True)],
    ids=["basic", "both options"],
)
def test_every_move_of_the_searching_coach_is_legal(options):
    played = 0
    for state, seat in positions(options, 9, moves=150):
        if seat == 0:
            move = coach4.choose(golf.seat_view(state, seat), random.Random(played))
            assert move in golf.legal_moves(state)
            played += 1
    assert played > 40


def _table(mine, discard="9C", theirs=("9S", "9H", "8D", "8S"), mine_up=(), their_up=()):
    state = replace(golf.new_game(Options(game="golf4"), 5), turn=0, dealer=1)
    return rig(state, [mine, list(theirs)], [mine_up, their_up], discard=[discard])


def test_candidates_count_alike_places_once_and_skip_lower_cards():
    state = golf.apply(_table(["5S", "6H", "QD", "3C"]), DrawStock(0))
    state = replace(state, held="4D")
    moves = [a.move for a in candidates(golf.seat_view(state, 0))]
    # Two unseen top cards are alike; the 3 is lower than the 4: the queen or an unseen card.
    assert moves == [Swap(0, 0), Swap(0, 2), ThrowAway(0)]
    draw_moves = [a.move for a in candidates(golf.seat_view(_table(["5S", "6H", "QD", "3C"]), 0))]
    assert draw_moves[:2] == [DrawStock(0), Knock(0)]


def test_the_coach_swaps_a_drawn_king_for_its_known_queen():
    state = golf.apply(_table(["5S", "6H", "QD", "3C"], mine_up=(0, 1)), DrawStock(0))
    state = replace(state, held="KD")
    assert coach4.choose(golf.seat_view(state, 0), random.Random(0)) == Swap(0, 2)


def test_a_deal_puts_only_low_cards_where_greedy_kept_a_card_it_had_looked_at():
    # Greedy has played on its top row and kept both near cards: neither was above the mean.
    state = _table(["5S", "6H", "QD", "3C"], theirs=("AS", "7H", "KD", "9S"), their_up=(0, 1))
    table = Table(golf.seat_view(state, 0))
    assert table.capped == [(1, 2), (1, 3)]
    for k in range(50):
        cards = table.deal(random.Random(k)).cards[1]
        assert POINTS[cards[2]] <= table.cap and POINTS[cards[3]] <= table.cap
        assert cards[:2] == [RANK_OF["A"], RANK_OF["7"]]


def test_a_clearly_poor_heuristic_move_is_overruled_and_a_good_one_stands():
    high = golf.seat_view(_table(["QS", "JH", "9D", "8C"], mine_up=(0, 1)), 0)
    # Knocking on 37 points against four unseen cards loses nearly always.
    assert search(high, random.Random(1), greedy_turn, greedy_place, prior=("knock", -1)) in (
        DrawStock(0),
        *[a.move for a in candidates(high) if a.kind == "take"],
    )
    drew = golf.apply(_table(["5S", "6H", "QD", "3C"], mine_up=(0, 1)), DrawStock(0))
    king = golf.seat_view(replace(drew, held="KD"), 0)
    assert search(king, random.Random(1), greedy_turn, greedy_place, prior=("swap", 2)) == Swap(
        0, 2
    )


def test_the_number_of_deals_is_read_when_the_coach_searches(monkeypatch):
    # `golf4_paired --set coach4_search.DEALS=...` must reach the search, not a default fixed
    # at import. Fewer deals than a batch: no candidate is dropped, so every deal is played.
    from app.players.golf import coach4_search

    view = golf.seat_view(_table(["QS", "JH", "9D", "8C"], mine_up=(0, 1)), 0)
    assert len(candidates(view)) > 1
    dealt, deal = [], Table.deal
    monkeypatch.setattr(Table, "deal", lambda table, rng: dealt.append(rng) or deal(table, rng))
    for deals in (3, 5):
        dealt.clear()
        monkeypatch.setattr(coach4_search, "DEALS", deals)
        search(view, random.Random(1), greedy_turn, greedy_place)
        assert len(dealt) == deals


def test_a_deal_gives_greedy_near_cards_only_from_what_its_moves_allow():
    read = 0
    for state, seat in positions(Options(game="golf4"), 6, moves=150):
        if seat != 0:
            continue
        reading = near_card_guesses(golf.seat_view(state, 0))
        if reading is None:
            continue
        hidden, guesses = reading
        allowed = {guess for guess, _ in guesses}
        table = Table(golf.seat_view(state, 0))
        assert table.capped == []
        for k in range(10):
            cards = table.deal(random.Random(k)).cards[1]
            assert tuple(cards[i] for i in hidden) in allowed
        read += 1
    assert read > 20
