"""The layout helper scores six tapped ranks with the column-pair rule (SPEC examples)."""

from __future__ import annotations

import pytest

from app.rules.scoresheet import InvalidEntryError, layout_points


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
    with pytest.raises(InvalidEntryError, match="all six"):
        layout_points(ranks)
