"""The Golf hint: exactly the coach's move, honest (twin positions), with sound figures."""

from __future__ import annotations

import dataclasses
import random

import pytest

from app.players.golf import bots
from app.players.golf.hint import CLOSE, hint, makes_pair, option_values
from app.players.golf.knowledge import knowledge_of
from app.rules.golf import (
    DrawStock,
    Options,
    Phase,
    Pile,
    Swap,
    TakeDiscard,
    ThrowAway,
    apply,
    new_game,
    seat_view,
    seats_to_act,
)
from app.rules.golf.scoring import layout_score

# Every variation the new-game form offers, one at a time and a few together.
VARIATIONS = [
    {},
    {"seats": 3},
    {"seats": 5},  # two decks from five seats on
    {"last_turn": False},
    {"first_two": "same_column"},
    {"first_two": "different_columns"},
    {"first_two": "middle_and_end"},
    {"first_two": "peek_near_row"},
    {"turn_instead": True},
    {"forced_turn_after_throw": True},
    {"turn_all_to_go_out": True},
    {"jokers": True, "joker_points": -5},
    {"two_decks": True, "bonus_four_in_columns": True, "bonus_four_in_block": True,
     "bonus_six": True},
    {"seats": 4, "turn_instead": True, "forced_turn_after_throw": True, "jokers": True},
    {"game": "golf4"},
    {"game": "golf4", "seats": 3, "pairs_cancel": True, "knock_penalty": True},
]


def decisions(options: Options, seed: int, limit: int = 160):
    """(state, seat, move) for every decision of a game between the coach (even seats) and
    greedy, with the move that seat made."""
    state = new_game(options, seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if state.phase == Phase.GAME_OVER:
            return
        seat = seats_to_act(state)[0]
        name = "coach" if seat % 2 == 0 else "greedy"
        move = bots.choose(name, seat_view(state, seat), rng)
        yield state, seat, move
        state = apply(state, move)


def positions(options: Options, seed: int, limit: int = 160):
    """(state, seat) for every decision of a game between the coach and greedy."""
    for state, seat, _move in decisions(options, seed, limit):
        yield state, seat


@pytest.mark.parametrize("settings", VARIATIONS, ids=lambda s: ",".join(f"{k}={v}" for k, v in
                                                                      s.items()) or "standard")
def test_the_hint_is_the_coach_move(settings, monkeypatch):
    """Six-card: the Strong computer's move. Four-card: the Strong computer's move without its
    play-outs against a Steady-like opponent, which do change some of its moves heads-up."""
    from app.players.golf import coach4

    options = Options(**{"holes": 9, **settings})
    checked, searched = 0, 0
    for seed in (1, 2):
        for state, seat, move in decisions(options, seed):
            view = seat_view(state, seat)
            advice = hint(view)
            assert advice is not None
            # Whatever generator a caller gives the coach (the game's at its own seats, another
            # at every other position), its move must not vary.
            dice = random.Random(seed * 1000 + checked)
            if seat % 2:
                move = bots.choose("coach", view, dice)
            if options.four_card:
                with monkeypatch.context() as patch:
                    patch.setattr(coach4, "SEARCH", False)
                    unsearched = bots.choose("coach", view, dice)
                searched += move != unsearched
                move = unsearched
            assert advice.move == move
            checked += 1
    assert checked > 100
    if options.four_card and options.seats == 2:
        assert searched, "the play-outs never changed the computer's move"


def twin(state, seat: int, rng: random.Random):
    """The same position with every card the seat cannot see shuffled among themselves:
    the stock's order and the face-down cards it has not looked at."""
    hidden = [(s, i) for s in range(state.seats) for i in range(len(state.layouts[s]))
              if not state.face_up[s][i] and not (s == seat and state.known[s][i])]
    cards = [state.layouts[s][i] for s, i in hidden] + list(state.stock)
    rng.shuffle(cards)
    layouts = [list(layout) for layout in state.layouts]
    for (s, i), card in zip(hidden, cards, strict=False):
        layouts[s][i] = card
    stock = tuple(cards[len(hidden):])
    return dataclasses.replace(state, layouts=tuple(tuple(x) for x in layouts), stock=stock)


@pytest.mark.parametrize("settings", [{}, {"seats": 3, "turn_instead": True, "jokers": True},
                                      {"first_two": "peek_near_row"}, {"game": "golf4"}])
def test_the_hint_never_depends_on_a_hidden_card(settings):
    options = Options(**settings)
    rng = random.Random(3)
    compared = 0
    for state, seat in positions(options, 4, limit=120):
        if state.phase not in (Phase.DRAW, Phase.PLACE, Phase.TURN_UP):
            continue
        other = twin(state, seat, rng)
        assert other != state or not state.stock
        assert seat_view(other, seat) == seat_view(state, seat)
        assert hint(seat_view(other, seat)) == hint(seat_view(state, seat))
        compared += 1
    assert compared > 30


def test_figures_match_the_example_in_the_issue():
    """A 4 over a face-down card: the saving is about the hidden card's worth less 4."""
    options = Options()
    for state, seat in positions(options, 8, limit=400):
        view = seat_view(state, seat)
        advice = hint(view)
        if advice and advice.reason == "replaces_hidden" and advice.card[0] == "4":
            assert isinstance(advice.move, TakeDiscard | Swap)
            assert advice.replaces is None
            # Less than hidden - 4 exactly would be if the hidden card could pair the other.
            assert abs(advice.saving - (advice.worth_hidden - 4)) < 1.5
            return
    pytest.skip("no 4 put on a face-down card in this game")


def test_draw_reason_and_close_alternatives():
    reasons = set()
    for seed in range(1, 4):
        for state, seat in positions(Options(seats=3), seed):
            view = seat_view(state, seat)
            advice = hint(view)
            reasons.add(advice.reason)
            if advice.runner_up is not None:
                assert 0 <= advice.margin < CLOSE
                if type(advice.runner_up) is type(advice.move):  # only a place that pairs
                    assert isinstance(advice.runner_up, Swap)
                    known = knowledge_of(view).mine
                    assert makes_pair(view, known, view.drawn, advice.runner_up.index)
            if isinstance(advice.move, DrawStock) and view.discard_top:
                assert advice.reason in ("draw_discard_useless", "draw_better", "draw_better_last")
                assert advice.card == view.discard_top
            if isinstance(advice.move, ThrowAway):
                assert advice.reason in ("throw_useless", "throw_better")
            values = option_values(view)
            if values:
                best = min(v for v, _m in values)
                assert [v for v, m in values if m == advice.move][0] == pytest.approx(best)
    assert {"pairs", "replaces_hidden", "draw_discard_useless", "throw_useless"} <= reasons


def test_a_pair_is_named_when_the_move_makes_one_and_only_then():
    """A card of the rank it replaces leaves the pair as it was; a swap that goes out and
    pairs says both."""
    reasons = []
    for seed in range(1, 9):
        for state, seat in positions(Options(seats=3), seed, limit=400):
            view = seat_view(state, seat)
            advice = hint(view)
            if not isinstance(advice.move, Swap) or advice.card is None:
                continue
            reasons.append(advice.reason)
            known = knowledge_of(view).mine
            new_pair = makes_pair(view, known, advice.card, advice.move.index) and (
                advice.replaces is None or advice.replaces[0] != advice.card[0])
            if advice.reason in ("pairs", "pairs_go_out"):
                assert new_pair, advice
            if advice.reason == "go_out":
                assert not new_pair, advice
    assert {"pairs", "go_out"} <= set(reasons)


def test_no_hint_for_a_watcher_or_out_of_turn():
    state = new_game(Options(), 1)
    assert hint(seat_view(state, None)) is None
    for state, seat in positions(Options(), 1, limit=30):
        if state.phase == Phase.DRAW:
            assert hint(seat_view(state, 1 - seat)) is None
            return


def first_hole(players: list[str], seed: int, options: Options | None = None):
    options = options or Options(seats=len(players))
    state, rng, moves = new_game(options, seed), random.Random(seed), []
    while state.phase not in (Phase.HOLE_OVER, Phase.GAME_OVER):
        seat = seats_to_act(state)[0]
        move = bots.choose(players[seat], seat_view(state, seat), rng)
        moves.append(move)
        state = apply(state, move)
    return options, moves, state


def test_review_of_the_coach_own_play_finds_nothing_to_regret():
    from app.players.golf.hole_review import review

    options, moves, end = first_hole(["coach", "greedy"], 3)
    found = review(options, 3, moves, 1, 0)
    assert found.moments == () and found.choices > 5
    assert found.total_cost == pytest.approx(0.0)
    assert found.scores == end.scores[0]
    assert found.went_out in (0, 1)


def test_review_names_the_costliest_choices_with_the_coach_alternative():
    from app.players.golf.hole_review import MIN_COST, SHOWN, review

    options, moves, end = first_hole(["random", "coach"], 5, Options(seats=2, jokers=True))
    found = review(options, 5, moves, 1, 0)
    assert 0 < len(found.moments) <= SHOWN
    costs = [m.cost for m in found.moments]
    assert costs == sorted(costs, reverse=True) and min(costs) >= MIN_COST
    assert all(m.move != m.coach for m in found.moments)
    # Each shown moment carries the Hint of that moment, which advised the coach's move.
    assert all(m.advice is not None and m.advice.move == m.coach for m in found.moments)
    assert found.total_cost >= sum(costs)
    # Pairs are the columns of equal rank in the final, all face-up layouts.
    for pair in found.pairs:
        top, bottom = options.shape.column_lines[pair.column]
        layout = end.layouts[pair.seat]
        assert layout[top][0] == layout[bottom][0] or layout[top] == layout[bottom]
    # Nothing for the seat that did not play the hole's moves, or a hole not yet over.
    assert review(options, 5, moves[:-1], 1, 0) is None


def test_review_says_what_the_seats_own_swap_did():
    """A swap that broke up a face-up pair says so; one that raised the expected score says
    by how much (the coach's figures from the seat's view then)."""
    from tests.rules.golf6_helpers import playing, rig

    start = rig(dataclasses.replace(playing(Options(seats=2)), turn=0),
                [["8S", "AH", "KD", "8C", "4H", "5C"], ["9S", "9H", "9D", "TS", "TH", "TD"]],
                [(0, 3), (0, 1)], discard=["QC"])
    start = dataclasses.replace(start, stock=("QS", *start.stock))
    # Draw the queen and put it over the 8 of the pair of 8s; then over a face-down card.
    broke = _priced_moments(start, [DrawStock(0), Swap(0, 0)])[-1]
    assert broke.broke_pair == "8S" and broke.raised > 9
    hidden = _priced_moments(start, [DrawStock(0), Swap(0, 4)])[-1]
    assert hidden.broke_pair is None and hidden.raised > 0
    assert hidden.advice.move == hidden.coach
    # An 8 put over the 8 keeps the pair: nothing broken up.
    eight = dataclasses.replace(start, stock=("8D", *start.stock[1:]))
    kept = _priced_moments(eight, [DrawStock(0), Swap(0, 0)])
    assert all(moment.broke_pair is None for moment in kept)


def _priced_moments(start, moves):
    from app.players.golf.hole_review import _price, _with_reasons

    state, found = start, []
    for turn, move in enumerate(moves, start=1):
        moment = _price(seat_view(state, 0), move, turn)
        if moment is not None:
            found.append(_with_reasons(moment))
        state = apply(state, move)
    return found


def test_review_numbers_a_choice_by_the_seats_own_turns():
    """"Your turn 4" is the fourth time this seat drew or took a card, not the table's count."""
    from app.players.golf.hole_review import review

    options, moves, _end = first_hole(["random", "coach", "coach"], 5, Options(seats=3))
    state, own, numbered = new_game(options, 5), 0, set()
    for move in moves:
        if getattr(move, "seat", None) == 0:
            own += state.phase == Phase.DRAW
            numbered.add((move, own))
        state = apply(state, move)
    found = review(options, 5, moves, 1, 0)
    assert found.moments and max(m.turn for m in found.moments) <= own
    assert all((m.move, m.turn) in numbered for m in found.moments), found.moments


def knock_at_once(seed: int, penalty: bool):
    """Four-card Golf: the first seat to play knocks, the other draws and throws the card."""
    from app.rules.golf import Knock

    options = Options(game="golf4", seats=2, knock_penalty=penalty)
    state = new_game(options, seed)
    knocker, other = state.turn, 1 - state.turn
    moves = [Knock(knocker), DrawStock(other), ThrowAway(other)]
    for move in moves:
        state = apply(state, move)
    squares = [layout_score(layout, options.scoring) for layout in state.layouts]
    return options, moves, knocker, squares


@pytest.mark.parametrize("seed", range(9, 17))
def test_the_four_card_review_says_when_the_knocker_paid_the_penalty(seed):
    from app.players.golf.hole_review import review

    options, moves, knocker, squares = knock_at_once(seed, penalty=True)
    found = review(options, seed, moves, 1, 0)
    assert found.went_out == knocker
    lowest = squares[knocker] <= min(squares)
    assert found.penalised == (None if lowest else knocker)
    assert found.scores[knocker] == squares[knocker] + (0 if lowest else 10)
    # Without the option nobody pays, whatever the squares.
    options, moves, knocker, squares = knock_at_once(seed, penalty=False)
    assert review(options, seed, moves, 1, 0).penalised is None


def test_some_of_those_knockers_pay_and_some_do_not():
    # The seeds above hold both cases, so neither side of that test goes unchecked.
    paid = set()
    for seed in range(9, 17):  # 16 is a tie: sharing the lowest score is no penalty
        _options, _moves, knocker, squares = knock_at_once(seed, penalty=True)
        paid.add(squares[knocker] > min(squares))
    assert paid == {True, False}


@pytest.mark.parametrize("settings", [{}, {"pairs_cancel": True}])
def test_a_four_card_hint_gives_its_reason_when_the_square_makes_it_plain(settings):
    """Four-card hints name the move and, where the coach's square model makes it plain, why:
    the figures are the seat's own (cards it has not seen at their unseen mean)."""
    from app.players.golf.coach4 import SquareModel
    from app.players.golf.knowledge import placed, rank_of
    from app.rules.golf.scoring import card_points

    options = Options(game="golf4", seats=2, **settings)
    exact = not options.pairs_cancel  # without pairs each card's points are the whole story

    def worth(card: str) -> int:
        return card_points(card, options.scoring)

    reasons, takes = set(), []
    for state, seat in positions(options, 1, limit=300):
        view = seat_view(state, seat)
        advice = hint(view)
        if advice is None:
            continue
        reasons.add(advice.reason)
        known = knowledge_of(view)
        model = SquareModel(known, options.pairs_cancel)

        def saving(card: str, i: int, model=model, mine=known.mine) -> float:
            return model.ev(mine) - model.ev(placed(mine, i, rank_of(card)))

        if isinstance(advice.move, Swap) and advice.saving is not None and view.drawn:
            best = max(saving(view.drawn, i) for i in view.shape.positions)
            if advice.reason.startswith("spares"):
                # A place that saves less is explained by what the better one would give
                # away: the better place and how much more it saves.
                there = advice.there
                assert saving(view.drawn, there) == pytest.approx(best)
                assert advice.saving == pytest.approx(best - saving(view.drawn, advice.index))
                assert (known.mine[there] is None) == (advice.reason == "spares_hidden_gift")
            else:
                # Otherwise a saving is given only for the place that saves most.
                assert advice.saving >= best - 0.05
        if advice.reason == "pairs_with":
            assert known.mine[advice.mate] == rank_of(advice.card)
            assert advice.mate in model.partners[advice.index] and advice.saving > 0
        if advice.reason in ("knock_ahead", "knock_now"):
            # Only on a square it has fully seen: its score is the square's real score.
            assert None not in known.mine
            assert advice.score == pytest.approx(layout_score(list(view.mine), options.scoring))
            assert (advice.score <= advice.theirs) == (advice.reason == "knock_ahead")
        if advice.reason in ("draw_worth_more", "throw_better"):
            assert advice.saving == pytest.approx(
                max(saving(advice.card, i) for i in view.shape.positions)) and advice.saving > 0
        if isinstance(advice.move, TakeDiscard):  # the hint says where the card goes
            takes.append(advice)
            assert advice.card == view.discard_top and advice.index in view.shape.positions
        if advice.reason == "replaces_hidden":  # a card the seat has never seen
            assert isinstance(advice.move, Swap | TakeDiscard)
            assert view.mine[advice.index] is None
            assert advice.worth_hidden == pytest.approx(known.mean) and advice.saving > 0
            if exact:
                assert advice.saving == pytest.approx(known.mean - worth(advice.card))
        elif advice.reason == "replaces_higher":  # a card face up, or one it looked at
            old = view.mine[advice.index]
            assert old is not None and advice.saving > 0
            if exact:
                assert advice.saving == pytest.approx(worth(old) - worth(advice.card))
        elif advice.reason in ("throw_useless", "draw_discard_useless") and exact:
            # Nowhere would the card lower the square, not even over a card never seen.
            highest = max(known.mean if r is None else known.points[r] for r in known.mine)
            assert worth(advice.card) >= highest
    assert {"replaces_hidden", "replaces_higher", "throw_useless", "knock_ahead",
            "draw_worth_more"} <= reasons, reasons
    if options.pairs_cancel:
        assert "pairs_with" in reasons, reasons
    assert takes, "no position where the coach takes the discard"


def test_a_face_up_card_swapped_for_no_better_one_is_never_called_tempo():
    """"Turning your cards up sooner" explains a card put on a face-down one; swapping a face-up
    card turns nothing up, so such a hint gives the reason the coach really had."""
    from app.i18n import use_locale
    from app.web.golf.coach import hint_text

    seen = set()
    games = [positions(Options(), seed, limit=400) for seed in (1, 2, 3)]
    for state, seat in (position for game in games for position in game):
        view = seat_view(state, seat)
        advice = hint(view)
        if advice is None or advice.saving is None or advice.reason == "pairs":
            continue
        if advice.reason == "tempo":
            assert advice.replaces is None, advice
        if advice.replaces is not None and advice.saving <= 0:
            assert advice.reason in ("keeps_from_next", "same_score", "room_to_improve")
            seen.add(advice.reason)
            with use_locale("en"):
                said = hint_text(view, advice)
            assert "turning your cards up sooner" not in said
            if advice.reason == "keeps_from_next":
                assert "the next player could make more use of the" in said, said
    assert {"keeps_from_next", "same_score", "room_to_improve"} <= seen, seen


def test_a_close_place_that_makes_a_pair_is_named_beside_the_advice():
    """A learner sees a pair at once: a hint that puts the card elsewhere names the pair as
    the close alternative, with its cost, instead of passing it over."""
    from app.i18n import use_locale
    from app.web.golf.coach import hint_text

    named = []
    games = [positions(Options(), seed, limit=400) for seed in range(1, 9)]
    for state, seat in (position for game in games for position in game):
        view = seat_view(state, seat)
        advice = hint(view)
        if advice is None or not isinstance(advice.runner_up, Swap):
            continue
        if isinstance(advice.move, Swap):
            known = knowledge_of(view).mine
            assert makes_pair(view, known, view.drawn, advice.runner_up.index)
            with use_locale("en"):
                said = hint_text(view, advice)
            assert "It is close: the next best, to swap the" in said, said
            named.append(said)
    assert named, "no close pair passed over in these games"


def test_no_hint_speaks_of_a_cost_or_a_margin_that_rounds_to_nothing():
    from app.i18n import use_locale
    from app.web.golf.coach import hint_text

    games = [positions(Options(seats=3), seed, limit=400) for seed in range(1, 6)]
    for state, seat in (position for game in games for position in game):
        view = seat_view(state, seat)
        advice = hint(view)
        if advice is None:
            continue
        with use_locale("en"):
            said = hint_text(view, advice)
        assert "-0.0" not in said and "about 0.0 points" not in said, said
        if advice.reason == "keeps_from_next":
            assert advice.saving <= -0.05
        if advice.reason == "tempo" and advice.saving <= -0.05:
            assert "points higher than a hidden card there would" in said, said


def test_no_hint_speaks_of_tempo_where_there_is_none():
    """A card taken from the pile must go into the layout, and a last turn wins no tempo:
    there "turning your cards up sooner" is no reason (a QA pass found it on a last turn,
    holding a queen a player had taken from the pile)."""
    from app.i18n import use_locale
    from app.players.golf import coach as six
    from app.web.golf.coach import hint_text

    reasons = []
    games = [positions(Options(), seed, limit=400) for seed in range(1, 7)]
    for state, seat in (position for game in games for position in game):
        views = [seat_view(state, seat)]
        # Also as a player who took a high card from the pile, which the coach never does.
        if views[0].phase == Phase.DRAW and rank_points(views[0].discard_top) >= 9:
            views.append(seat_view(apply(state, TakeDiscard(seat)), seat))
        for view in views:
            advice = hint(view)
            if advice is None or not (view.held_from == Pile.DISCARD
                                      or six._plan(view).last_turns):
                continue
            with use_locale("en"):
                said = hint_text(view, advice)
            assert "cards up sooner" not in said and "card up sooner" not in said, said
            if six._plan(view).last_turns:  # nothing is still to come (a QA pass saw it)
                assert "the cards still to come" not in said, said
            reasons.append(advice.reason)
    assert {"least_cost", "draw_better_last"} <= set(reasons), reasons


def rank_points(card: str | None) -> int:
    return {"J": 10, "Q": 10, "T": 10, "9": 9}.get(card[0], 0) if card else 0


@pytest.mark.parametrize("pairs_cancel", [False, True])
def test_four_card_reasons_speak_of_pairs_only_where_pairs_cancel(pairs_cancel):
    from app.i18n import use_locale
    from app.web.golf.coach import hint_text
    from tests.players.golf4_helpers import positions as four_card_positions

    options = Options(game="golf4", pairs_cancel=pairs_cancel)
    said = []
    for seed in (1, 2, 3):
        for state, seat in four_card_positions(options, seed, moves=200):
            view = seat_view(state, seat)
            advice = hint(view)
            if advice is not None and advice.reason == "replaces_hidden":
                with use_locale("en"):
                    said.append(hint_text(view, advice))
    assert said
    assert all(("counting the pairs" in text) == pairs_cancel for text in said), said


@pytest.mark.parametrize(("mine_up", "keeps_jack"), [((0, 4), True), ((0, 1, 4), False)])
def test_the_strategy_page_on_a_drawn_jack_early_in_a_hole(mine_up, keeps_jack):
    """/rules/six-card-golf/strategy: on its very first turns, four cards still face down, the
    strong level may put a high card on one; with three (Example 1) it throws a jack away."""
    from tests.rules.golf6_helpers import playing, rig

    state = playing(Options(seats=2), seed=7)
    state = rig(state, [("KS", "TH", "9C", "5D", "3D", "7H"), ("2H", "9D", "QD", "4S", "6S", "AS")],
                up=[mine_up, (0, 4)], stock=["JC", *state.stock[1:]], discard=["QH"])
    state = apply(dataclasses.replace(state, turn=0, phase=Phase.DRAW, turns=2), DrawStock(0))
    advice = hint(seat_view(state, 0))
    assert isinstance(advice.move, Swap if keeps_jack else ThrowAway), advice
    if keeps_jack:
        assert advice.move.index in (2, 3, 5)  # a face-down place


# A card put on a face-down card though a face-up one elsewhere would save more now: the hint
# names that place and says why ("here it costs least" or the small saving alone would read
# as a mistake). A taken 7 spares the queen, which would hand the next player a pair of
# queens; a drawn 3 leaves the 10 of spades for later, as turning a card up matters more.
PASSED_OVER = {
    "gift": dict(seats=2, seed=7, take=True, up=[(0, 1, 3), (0, 4)], cards=[
        ("KD", "QH", "9C", "3S", "6D", "5D"), ("QC", "9D", "2D", "4S", "6S", "AS")]),
    "sooner": dict(seats=3, seed=1, take=False, up=[(0, 1), (0, 4), (1, 3)], cards=[
        ("TS", "8C", "9C", "5D", "6D", "7H"), ("2H", "9D", "QD", "4S", "6S", "AS"),
        ("KH", "4D", "JD", "2S", "6C", "AH")]),
}


@pytest.mark.parametrize(("case", "reason", "there", "english", "swedish"), [
    ("gift", "spares_gift", 1,
     "lower on your top-middle card, the queen of hearts, but then that card would go",
     "hjärter dam"),
    ("sooner", "reveals_sooner", 0,
     "putting it on your top-left card, the 10 of spades, would save about",
     "spader 10"),
])
def test_a_six_card_hint_says_why_it_passes_over_a_bigger_saving(case, reason, there, english,
                                                                 swedish):
    from app.i18n import use_locale
    from app.web.golf.coach import hint_text
    from tests.rules.golf6_helpers import playing, rig

    setup = PASSED_OVER[case]
    state = playing(Options(seats=setup["seats"]), seed=setup["seed"])
    card = "7C" if setup["take"] else "3D"
    state = rig(state, setup["cards"], up=setup["up"], stock=[card, *state.stock[1:]],
                discard=[card if setup["take"] else "QH"])
    first = TakeDiscard(0) if setup["take"] else DrawStock(0)
    state = apply(dataclasses.replace(state, turn=0, phase=Phase.DRAW, turns=2), first)
    view = seat_view(state, 0)
    advice = hint(view)
    assert isinstance(advice.move, Swap) and view.mine[advice.move.index] is None, advice
    assert advice.reason == reason and advice.there == there and advice.saving > 0
    with use_locale("en"):
        assert english in hint_text(view, advice)
    with use_locale("sv"):
        assert swedish in hint_text(view, advice)


@pytest.mark.parametrize(("their_up", "keeps_jack"), [((0, 4), True), ((0, 1, 2, 4), False)])
def test_the_strategy_page_on_a_jack_while_the_others_are_far_from_going_out(their_up,
                                                                            keeps_jack):
    """The strategy page: with three cards face down the strong level still puts a high card
    on one while the others are far from going out (a QA pass saw it with aces up), and throws
    it once they are near."""
    from tests.rules.golf6_helpers import playing, rig

    state = playing(Options(seats=2), seed=7)
    state = rig(state, [("AS", "AC", "9C", "7H", "3D", "5D"), ("2H", "9D", "QD", "4S", "6S", "AS")],
                up=[(0, 1, 3), their_up], stock=["JH", *state.stock[1:]], discard=["QH"])
    state = apply(dataclasses.replace(state, turn=0, phase=Phase.DRAW, turns=2), DrawStock(0))
    advice = hint(seat_view(state, 0))
    assert isinstance(advice.move, Swap if keeps_jack else ThrowAway), advice


def test_four_card_hints_say_why_in_both_languages():
    """Every four-card reason is worded in English and Swedish with its own figures: the
    knock with both squares' scores, a place that saves less with what the better place
    would give away."""
    from app.i18n import use_locale
    from app.web.golf.coach import hint_text
    from tests.players.golf4_helpers import positions as four_card_positions

    said: dict[str, list[tuple[str, str]]] = {}
    for pairs_cancel in (False, True):
        options = Options(game="golf4", pairs_cancel=pairs_cancel)
        for seed in (1, 2):
            for state, seat in four_card_positions(options, seed, moves=300):
                view = seat_view(state, seat)
                advice = hint(view)
                if advice is None or advice.reason in said and len(said[advice.reason]) > 2:
                    continue
                with use_locale("en"):
                    english = hint_text(view, advice)
                with use_locale("sv"):
                    swedish = hint_text(view, advice)
                assert english != swedish and "%(" not in english + swedish
                if advice.reason == "knock_ahead":
                    assert english.startswith(f"Knock: your cards score {round(advice.score)},")
                    assert "none of the others can expect to score below about" in english
                    assert swedish.startswith(f"Knacka: dina kort ger {round(advice.score)} ")
                said.setdefault(advice.reason, []).append((english, swedish))
    assert {"knock_ahead", "draw_worth_more", "pairs_with",
            "spares_hidden_gift"} <= set(said), sorted(said)
    english = said["spares_hidden_gift"][0][0]
    assert "but then that card, which you have not seen, would go face up on the" in english
    assert " from the discard pile " not in said["draw_worth_more"][0][1]  # Swedish words


@pytest.mark.parametrize("pairs_cancel", [False, True])
def test_a_four_card_take_hint_and_the_next_hint_name_the_same_place(pairs_cancel):
    """A QA pass took the discard as Hint said ("… and swap it for your top-right card") and
    the next Hint named another place. Both now come from the square model."""
    from tests.players.golf4_helpers import positions as four_card_positions

    options = Options(game="golf4", pairs_cancel=pairs_cancel)
    takes = 0
    for seed in (1, 2, 3):
        for state, seat in four_card_positions(options, seed, moves=300):
            advice = hint(seat_view(state, seat))
            if advice is None or not isinstance(advice.move, TakeDiscard):
                continue
            then = hint(seat_view(apply(state, advice.move), seat))
            assert then.move == Swap(seat, advice.index), (advice, then)
            takes += 1
    assert takes > 5
