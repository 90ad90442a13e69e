"""The four-card paired benchmark (tests/bench/golf4_paired.py): its options and its sums."""

from __future__ import annotations

import argparse
import json

import pytest

from app.players.golf import coach4_search
from app.rules import golf
from app.rules.golf import Options
from tests.bench.golf4_paired import COACH_SEAT, compare, setting, told_own_cards


def test_a_setting_names_a_constant_of_a_player_module_and_a_python_value() -> None:
    assert setting("coach4_search.READ_GREEDY=False") == (coach4_search, "READ_GREEDY", False)
    assert setting("coach4_search.DEALS=96")[2] == 96
    for garbage in ("coach4_search.NOPE=1", "nomodule.X=1", "coach4_search.DEALS=x", "²",
                    "coach4_search.DEALS", "coach4_search.__import__('os')=1"):
        with pytest.raises(argparse.ArgumentTypeError):
            setting(garbage)


def test_compare_pairs_the_games_both_runs_played(tmp_path) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a = [[0], [0], [1], [0, 1]]  # winners of games 0-3: seat 0 wins 2.5 games
    b = [[1], [0], [1], [1], [0]]  # game 4 is not in the first run
    first.write_text("".join(json.dumps({"deal": i, "winners": w}) + "\n" for i, w in enumerate(a)))
    second.write_text("".join(json.dumps({"deal": i, "winners": w}) + "\n"
                              for i, w in enumerate(b)))
    # Differences game by game: 1, 0, 0, 0.5 -> mean 0.375.
    assert compare(first, second).startswith("4 games: 62.5 % against 25.0 %, difference +37.5")


def test_the_own_cards_diagnostic_shows_the_coach_its_whole_square_and_nobody_else_more() -> None:
    state = golf.new_game(Options(game="golf4", seats=3), 11)
    honest = golf.seat_view(state, COACH_SEAT)
    assert sum(card is None for card in honest.mine) == 2  # the far row, never looked at
    told = told_own_cards(state, COACH_SEAT)
    assert list(told.mine) == list(state.layouts[COACH_SEAT])
    assert told.layouts == honest.layouts  # nothing turns face up for the others to see
    for seat in range(1, 3):
        assert told_own_cards(state, seat) == golf.seat_view(state, seat)
