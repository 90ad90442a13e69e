"""Hints follow the spec's worked examples and explain themselves in a player's terms."""

from __future__ import annotations

from app.players.solitaire import hint, sampling
from app.players.solitaire.accel import library
from app.players.solitaire.hint import advise
from app.players.solitaire.thumb import thumb_move
from app.rules.solitaire import DRAW, Play, Variant, apply, deal_for_number, start
from app.web.solitaire.coach_words import advice_text, move_phrase, reason_text
from tests.coach.positions import position, spec_king_example, spec_run_example


def test_hint_plays_the_eight_that_keeps_the_run_going() -> None:
    advice = advise(spec_run_example(), budget_ms=60)
    assert advice.move == Play(0)
    said = advice_text(advice)
    assert "8 of spades" in said and "9 of clubs" in said


def test_hint_plays_the_jack_before_the_king() -> None:
    advice = advise(spec_king_example(), budget_ms=60)
    assert advice.move == Play(1)
    said = advice_text(advice)
    assert "jack" in said and "king" in said


def test_hint_turns_over_a_card_when_nothing_fits_the_king() -> None:
    advice = advise(position(["3H QS", "TC 5C", "4C", "6D", "7D", "8D", "2D"], "KD", "4D 5H"))
    assert advice.move == DRAW
    assert advice_text(advice) == "Turn over a card. Nothing goes on a king."


def test_hint_falls_back_to_the_rules_of_thumb_when_no_search_fits(monkeypatch) -> None:
    """Every search of a hint has a limit; past all of them the advice is still a good move."""
    monkeypatch.setattr(hint, "FAST_NODES", 1)
    monkeypatch.setattr(hint, "PURE_NODES", 1)
    variant = Variant(round_the_corner=True, jokers=2)
    position = start(deal_for_number(7000, variant), variant)
    advice = hint.advise(position)
    assert advice.move == thumb_move(position)
    assert advice_text(advice)


def test_the_tallest_column_reason_compares_the_columns_whose_card_fits() -> None:
    from app.i18n import use_locale
    from app.players.solitaire.explain import reason
    from app.rules.solitaire import Play

    # The 8 of spades and the 6 of diamonds fit the 7 of hearts; column 1 is taller than
    # either, but its queen does not fit.
    board = position(["2C 3C 4C 5C QC", "AD 2D 8S", "3H 6D", "KS", "4S", "JH", "2S"], "7H",
                     "4D")
    with use_locale("en"):
        assert reason_text(reason(board, Play(1))) == (
            "Play the 8 of spades. Of the columns whose card fits, column 2 has the most "
            "cards, and freeing tall columns helps most.")


def test_a_gain_that_rounds_to_nothing_is_not_named() -> None:
    from app.i18n import use_locale
    from app.players.solitaire.hint import advice_from
    from app.players.solitaire.sampling import Estimate
    from app.players.solitaire.thumb import thumb_move
    from app.rules.solitaire import legal_moves

    board = spec_run_example()
    usual = thumb_move(board)
    other = next(m for m in legal_moves(board) if m != usual)
    # 0.2: a close call, whose runner-up is the usual move: named once, not twice.
    for gap, named in ((0.04, False), (0.2, False), (0.3, True)):
        estimate = Estimate(moves=[other, usual], totals=[5.0, 5.0 + gap], samples=1)
        advice = advice_from(board, estimate)
        with use_locale("en"):
            said = advice_text(advice)
        assert advice.move == other
        assert ("fewer on average" in said) is named, said
        assert "0.0" not in said
        assert ("close call" in said) is (gap < 0.25), said


def test_the_same_view_gets_the_same_advice_however_slow_the_machine(monkeypatch) -> None:
    """The budget counts states, not time: a clock that leaps ahead changes nothing, so Hint
    and the review (which checks its moments with Hint's estimate) always agree."""
    import time

    position = start(deal_for_number(1234))
    calm = hint.hint_estimate(position)
    ticks = iter(range(0, 10**9, 10))
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(ticks)))
    monkeypatch.setattr(time, "thread_time", lambda: float(next(ticks)))
    busy = hint.hint_estimate(position)
    assert calm is not None and busy is not None
    assert busy.samples == calm.samples > 1
    assert busy.ranked() == calm.ranked()


def test_a_hint_stops_sampling_at_its_budget_of_states(monkeypatch) -> None:
    from app.players.solitaire.solver import Solver

    visited = []
    values = Solver.action_values

    def counted(self, *args):
        before = self.nodes
        result = values(self, *args)
        visited.append(self.nodes - before)
        return result

    monkeypatch.setattr(Solver, "action_values", counted)
    sampler = hint.plain_sampler(samples=hint.MAX_SAMPLES, horizon=2)
    budget = 20_000
    estimate = sampler.estimate(start(deal_for_number(5)), node_limit=budget, state_budget=budget)
    assert sampling.MIN_BUDGET_SAMPLES < estimate.samples < hint.MAX_SAMPLES
    assert sum(visited[:-1]) < budget <= sum(visited)


def test_a_hint_takes_enough_samples_to_speak_of_a_mean_however_small_its_budget() -> None:
    # Deal 42 after its first card: the deeper horizons each prove too big after using up the
    # budget, and one order alone once advised the move that 400 orders put 2 cards behind.
    after_first = apply(start(deal_for_number(42)), Play(0))
    for budget_ms in (1, 150):
        estimate = hint.hint_estimate(after_first, budget_ms=budget_ms)
        assert estimate is not None and estimate.samples >= sampling.MIN_BUDGET_SAMPLES
        assert estimate.ranked()[0][1] == Play(1)  # the 3 of hearts, not a draw


def test_the_last_joker_played_is_no_longer_to_come_when_the_king_under_it_is_named() -> None:
    from app.i18n import use_locale
    from app.players.solitaire.explain import reason

    # Anything fits on a joker; with only kings to follow it, none keeps the run going.
    board = position(["KC JK", "KD", "KH", "KS", "", "", ""], "7H", "9S", Variant(jokers=1))
    with use_locale("en"):
        assert reason_text(reason(board, Play(0))) == (
            "Play the joker. The king of clubs under it fits next: one more card off the "
            "table, though nothing goes on a king.")


def test_the_tallest_column_is_not_the_reason_when_another_card_would_start_a_run() -> None:
    from app.i18n import use_locale
    from app.players.solitaire.explain import reason

    # The king of spades (column 1, the tallest) and the jack of clubs both fit the queen;
    # the 10 under the jack would go on, so height is not what decides.
    board = position(["2H 3H 4H KS", "TC JC", "2D", "5H", "5S", "5C", "AS"], "QD", "4D")
    with use_locale("en"):
        text = reason_text(reason(board, Play(0)))
    assert text.startswith("Play the king of spades.")
    assert "most cards" not in text


def test_turning_over_a_card_names_every_card_that_fits_and_keeps_them() -> None:
    from app.i18n import use_locale
    from app.players.solitaire.explain import reason

    board = position(["AH", "3D", "9C", "9S", "QH", "QS", "KS"], "2C", "4D")
    with use_locale("en"):
        assert reason_text(reason(board, DRAW)) == (
            "Turn over a card. The ace of hearts or the 3 of diamonds fits, but keeping them "
            "for later leaves fewer cards in the end.")
    with use_locale("sv"):
        said = reason_text(reason(board, DRAW))
        assert "spara dem" in said or "spara korten" in said


def test_three_cards_that_fit_are_one_list_with_one_or() -> None:
    from app.i18n import use_locale
    from app.players.solitaire.explain import reason

    board = position(["AH", "3D", "3C", "9S", "QH", "QS", "KS"], "2C", "4D")
    with use_locale("en"):
        assert reason_text(reason(board, DRAW)).startswith(
            "Turn over a card. The ace of hearts, the 3 of diamonds or the 3 of clubs fits")
    with use_locale("sv"):
        assert "hjärter ess, ruter 3 eller klöver 3" in reason_text(reason(board, DRAW))


def test_with_nothing_left_to_draw_height_is_not_the_reason() -> None:
    from app.i18n import use_locale
    from app.players.solitaire.explain import reason

    # The king of spades (the tallest column) and the jack of hearts fit the queen, and nothing
    # is left to draw: the last plays decide, not the heights.
    board = position(["2H 3H 4H KS", "JH", "2D", "5H", "5S", "5C", "AS"], "QD", "")
    with use_locale("en"):
        assert "Nothing is left to draw" in reason_text(reason(board, Play(0)))


def test_a_king_keeps_no_run_going_while_no_joker_lies_ready_to_follow_it() -> None:
    from app.i18n import use_locale
    from app.players.solitaire.explain import reason

    jokers = Variant(jokers=1)
    # The queen of spades fits the jack; the king of spades under it fits next. A joker is
    # still to come (in the draw pile), but none lies ready to go on the king.
    waiting = position(["KS QS", "8C", "TC", "TH", "6D", "7H", "AH"], "JD", "JK 4D", jokers)
    with use_locale("en"):
        said = reason_text(reason(waiting, Play(0)))
    assert said == ("Play the queen of spades. The king of spades under it fits next: one more "
                    "card off the table, though only a joker goes on a king.")
    # With the joker at the bottom of a column, it follows the king: the run goes on.
    ready = position(["KS QS", "8C", "TC", "TH", "6D", "7H", "JK"], "JD", "AH 4D", jokers)
    with use_locale("en"):
        assert reason_text(reason(ready, Play(0))).endswith("and that keeps the run going.")
    with use_locale("sv"):
        assert "men bara en joker får läggas på en kung" in reason_text(reason(waiting, Play(0)))


def test_two_jokers_that_fit_are_told_apart_by_their_columns() -> None:
    from app.i18n import use_locale
    from app.players.solitaire.explain import choice, reason

    twins = position(["8C JK", "TC", "JK", "TH", "6D", "7H", "2S"], "5D", "4D",
                     Variant(jokers=2))
    with use_locale("en"):
        assert reason_text(reason(twins, Play(0))).startswith("Play the joker in column 1.")
        assert move_phrase(choice(twins, Play(2))) == "playing the joker in column 3"
        assert move_phrase(choice(twins, Play(3))) == "playing the 10 of hearts"  # one of a kind
    with use_locale("sv"):
        assert reason_text(reason(twins, Play(0))).startswith("Spela jokern i kolumn 1.")


def test_a_draw_names_the_card_it_keeps_once() -> None:
    """"The joker fits, but keeping it for later…": the count that follows names no move."""
    from app.i18n import use_locale
    from app.players.solitaire.hint import advice_from
    from app.players.solitaire.sampling import Estimate

    board = spec_run_example()
    usual = thumb_move(board)
    assert isinstance(usual, Play)
    estimate = Estimate(moves=[DRAW, usual], totals=[5.0, 6.0], samples=1)
    with use_locale("en"):
        said = advice_text(advice_from(board, estimate))
    assert said.startswith("Turn over a card.")
    assert said.endswith("this leaves about 1.0 card fewer on average."), said
    assert "than playing" not in said


def test_the_last_resort_of_a_hint_stays_bounded(monkeypatch):
    """Round the corner with two jokers: no horizon fits, and the last resort (one draw
    ahead) played 16 orders of about 32,000 states each, 0.6 s of CPU (a hardening pass saw
    about a second a request). Its samples now stay within 400,000 states all told."""
    from app.players.solitaire import hint as hint_module
    from app.rules.solitaire import Variant, apply, deal_for_number, start

    made = []
    real = hint_module.plain_sampler
    monkeypatch.setattr(hint_module, "plain_sampler",
                        lambda **options: made.append(real(**options)) or made[-1])
    variant = Variant(jokers=2, round_the_corner=True)
    position = start(deal_for_number(7590196, variant), variant)
    for _ in range(5):
        position = apply(position, hint_module.advise(position).move)
    made.clear()
    hint_module.advise(position)
    last = made[-1]
    if library() is not None:  # pure Python has smaller limits and reaches it elsewhere
        assert (last.horizon, last.samples) == (1, hint_module.LAST_RESORT_SAMPLES)
    assert all(coach._solver.nodes <= 400_000 for coach in made if coach._solver is not None)
