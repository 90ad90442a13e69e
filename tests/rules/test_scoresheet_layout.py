"""The layout helper scores six tapped ranks with the column-pair rule (SPEC examples)."""

from __future__ import annotations

import pytest

from app.rules.scoresheet import InvalidEntryError, SheetGame, layout_points, new_sheet


def layout(*columns: str) -> list[str]:
    """Columns written top/bottom, as in SPEC ("Q/Q", "2/6"), as top row then bottom row."""
    pairs = [column.split("/") for column in columns]
    return [top for top, _ in pairs] + [bottom for _, bottom in pairs]


@pytest.mark.parametrize(
    ("columns", "score"),
    [
        (("Q/Q", "2/6", "K/A"), 5),
        (("K/K", "7/2", "A/10"), 16),
        (("2/2", "Q/5", "9/K"), 24),
    ],
)
def test_spec_worked_examples(columns, score):
    assert layout_points(layout(*columns)) == score


def test_two_twos_in_a_column_count_zero_not_minus_four():
    assert layout_points(layout("2/2", "K/K", "K/K")) == 0


def test_best_and_worst_holes():
    assert layout_points(layout("2/K", "K/2", "2/K")) == -6
    assert layout_points(layout("J/Q", "Q/J", "J/Q")) == 60


def test_only_columns_pair_not_rows():
    assert layout_points(["7", "7", "K", "A", "A", "K"]) == 7 + 1 + 7 + 1 + 0


def test_jack_and_queen_are_not_a_pair():
    assert layout_points(layout("J/Q", "K/K", "K/K")) == 20


@pytest.mark.parametrize("ranks", [["A"] * 5, ["A"] * 7, ["A", "2", "3", "4", "5", "1"], []])
def test_incomplete_or_unknown_ranks_refused(ranks):
    with pytest.raises(InvalidEntryError, match="pick_all_cards") as refused:
        layout_points(ranks)
    assert refused.value.params == {"count": 6}


# Four-card Golf: a 2x2 square, top row then bottom row; number cards (twos too) face value.


def test_four_card_basic_game_pairs_nothing():
    assert layout_points(["7", "7", "7", "7"], SheetGame.FOUR_CARD) == 28
    assert layout_points(["2", "K", "A", "Q"], SheetGame.FOUR_CARD) == 2 + 0 + 1 + 10


@pytest.mark.parametrize(
    ("ranks", "score"),
    [
        (["9", "9", "3", "4"], 7),  # a pair in the top row
        (["9", "3", "9", "4"], 7),  # a pair in the left column
        (["9", "9", "9", "4"], 4),  # three nines: each is in a row or column pair
        (["Q", "Q", "Q", "Q"], 0),
        (["9", "3", "4", "9"], 25),  # a diagonal is no pair
        (["J", "Q", "Q", "J"], 40),  # jack and queen are different ranks
    ],
)
def test_four_card_pairs_cancel_in_rows_and_columns(ranks, score):
    assert layout_points(ranks, SheetGame.FOUR_CARD, pairs_cancel=True) == score


@pytest.mark.parametrize("ranks", [["A"] * 3, ["A"] * 5, ["A", "2", "3", "Z"]])
def test_four_card_needs_all_four_cards(ranks):
    with pytest.raises(InvalidEntryError, match="pick_all_cards") as refused:
        layout_points(ranks, SheetGame.FOUR_CARD)
    assert refused.value.params == {"count": 4}


def test_pairs_option_is_only_kept_for_four_card_sheets():
    assert not new_sheet(["Ann", "Bo"], "9", pairs_cancel=True).pairs_cancel
    four = new_sheet(["Ann", "Bo"], "9", SheetGame.FOUR_CARD, pairs_cancel=True)
    assert four.game is SheetGame.FOUR_CARD and four.pairs_cancel
