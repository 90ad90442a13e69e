"""Review: best possible score and the moments the honest coach would have played otherwise."""

from __future__ import annotations

import time

from app.players.solitaire.review import (
    MIN_LOSS,
    Judge,
    best_bound,
    best_possible,
    moment_facts,
    review,
)
from app.players.solitaire.thumb import thumb_move
from app.rules.solitaire import (
    DRAW,
    STANDARD,
    Draw,
    Play,
    Variant,
    apply,
    deal_for_number,
    is_over,
    legal_moves,
    replay,
    start,
)
from app.simulate.solitaire import play_deal
from app.web.solitaire.coach_words import moment_text
from tests.coach.positions import spec_run_example


def test_review_best_score_is_the_exact_solve_and_never_worse_than_the_player() -> None:
    cards = deal_for_number(16)  # a small search: exact within the budget, in C or in Python
    moves, final = play_deal(cards, STANDARD, thumb_move)
    result = review(cards, STANDARD, moves)
    assert result.score == final
    assert result.best_score == best_possible(start(cards))
    assert result.best_score <= final


def test_flagged_moments_are_where_the_judge_and_hints_own_estimate_both_differ(
        monkeypatch) -> None:
    from app.players.solitaire import review as reviewing

    seen = {}

    def hints_estimate(position, **options):  # Hint's estimate, kept to compare with what is named
        seen[position] = reviewing.hint_estimate.__wrapped__(position, **options)
        return seen[position]

    hints_estimate.__wrapped__ = reviewing.hint_estimate
    monkeypatch.setattr(reviewing, "hint_estimate", hints_estimate)
    cards, moves = careless_game(2)
    result = review(cards, STANDARD, moves)
    positions = replay(cards, STANDARD, moves)
    assert result.moments and seen
    # The judge reuses its searches from move to move: judge the moves again in the same order.
    judge = Judge()
    verdicts = [judge.verdict(p, move) for p, move in zip(positions, moves, strict=False)]
    for moment in result.moments:
        assert moves[moment.keep] == moment.played
        verdict = verdicts[moment.keep]
        assert verdict is not None and verdict[1] >= MIN_LOSS  # the judge found it first
        ranked = seen[positions[moment.keep]].ranked()  # and Hint's estimate agrees
        values = {move: value for value, move in ranked}
        assert ranked[0][1] == moment.better != moment.played
        assert round(values[moment.played] - ranked[0][0], 1) == moment.loss >= MIN_LOSS
    for facts in moment_facts(result, cards, STANDARD, moves):
        assert moment_text(facts).startswith(f"Move {facts.moment.number}: ")
    losses = [m.loss for m in result.moments]
    assert losses == sorted(losses, reverse=True)


def test_a_moment_hint_would_have_played_is_never_named(monkeypatch) -> None:
    """The quick judge may fault any move; a move Hint's estimate ranks best is not named."""
    from app.players.solitaire import review as reviewing
    from app.players.solitaire.sampling import Estimate

    cards, moves = careless_game(2)

    def faults_everything(self, position, played):
        others = [m for m in legal_moves(position) if m != played]
        return (others[0], 3.0) if others else None

    def hint_agrees_on_even_moves(position, **_options):
        played = moves[positions.index(position)]
        other = next(m for m in legal_moves(position) if m != played)
        number = positions.index(position) + 1
        best, second = (played, other) if number % 2 else (other, played)
        return Estimate(moves=[best, second], totals=[4.0, 4.8], samples=1)

    positions = replay(cards, STANDARD, moves)
    monkeypatch.setattr(reviewing.Judge, "verdict", faults_everything)
    monkeypatch.setattr(reviewing, "hint_estimate", hint_agrees_on_even_moves)
    named = review(cards, STANDARD, moves).moments
    faulted = [n for n, p in enumerate(positions[:-1], start=1) if len(legal_moves(p)) > 1]
    checked = faulted[:reviewing.CHECKED_MOMENTS]  # all faulted alike: the earliest first
    assert [m.number for m in named] == [n for n in checked if n % 2 == 0]
    assert named and all(m.loss == 0.8 for m in named)


def careless_game(number: int) -> tuple[tuple[str, ...], list]:
    """Rules of thumb, except: turn over a card the first time a card fits."""
    cards = deal_for_number(number)
    position, moves, careless = start(cards), [], True
    while not is_over(position):
        move = thumb_move(position)
        if careless and move != DRAW and position.stock:
            move, careless = DRAW, False
        moves.append(move)
        position = apply(position, move)
    return cards, moves


def test_a_draw_that_costs_names_the_cards_that_fitted() -> None:
    cards, moves = careless_game(2)
    result = review(cards, STANDARD, moves)
    drawn = [f for f in moment_facts(result, cards, STANDARD, moves)
             if isinstance(f.moment.played, Draw)]
    assert drawn
    for facts in drawn:
        assert facts.fitting
        text = moment_text(facts)
        assert "you turned over a card while the " in text
        assert text.endswith("more cards left on average.")


def test_turning_over_while_the_eight_fits_is_judged_costly() -> None:
    verdict = Judge().verdict(spec_run_example(), DRAW)
    assert verdict is not None
    better, loss = verdict
    assert better == Play(0)
    assert loss >= MIN_LOSS


def test_review_of_a_hard_deal_stops_within_its_bound_and_says_so() -> None:
    """Deal 7000 with two jokers, round the corner and queen on king: minutes to solve exactly."""
    hard = Variant(queen_on_king=True, round_the_corner=True, jokers=2)
    cards = deal_for_number(7000, hard)
    moves, final = play_deal(cards, hard, thumb_move)
    began = time.thread_time()
    result = review(cards, hard, moves)
    assert time.thread_time() - began < 1.5  # about a second, and a last judgement
    assert result.best_exact is False
    assert result.best_score <= final == result.score


def test_an_easy_deal_is_reviewed_exactly() -> None:
    cards = deal_for_number(5)
    moves, _ = play_deal(cards, STANDARD, thumb_move)
    result = review(cards, STANDARD, moves)
    assert result.best_exact and result.complete
    assert result.best_score == best_possible(start(cards))


def test_the_bound_is_a_score_the_cards_allow() -> None:
    """Past its budget the solver answers with a line it found: never better than the truth."""
    cards = deal_for_number(7)
    position = start(cards)
    exact = best_possible(position)
    bound, is_exact = best_bound(position, node_budget=200)
    assert not is_exact
    assert bound >= exact
