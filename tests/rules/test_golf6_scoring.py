"""The scoring table and the worked examples of SPEC.md."""

from __future__ import annotations

import pytest

from app.rules.golf.scoring import card_points, layout_score


@pytest.mark.parametrize(
    ("card", "points"),
    [("AS", 1), ("2H", -2), ("3D", 3), ("9C", 9), ("TS", 10), ("JH", 10), ("QD", 10),
     ("KC", 0)],
)
def test_card_points(card, points):
    assert card_points(card) == points


@pytest.mark.parametrize(
    ("layout", "score"),
    [
        (["QH", "2S", "KH", "QS", "6D", "AC"], 5),  # Q/Q, 2/6, K/A
        (["KH", "7S", "AD", "KS", "2D", "TC"], 16),  # K/K, 7/2, A/10
        (["2H", "QS", "9D", "2S", "5D", "KC"], 24),  # 2/2, Q/5, 9/K
        (["2H", "2S", "2D", "KS", "KD", "KC"], -6),  # best possible
        (["JH", "JS", "JD", "QS", "QD", "QC"], 60),  # worst: J+Q is not a pair
        (["7H", "7S", "KD", "AS", "AD", "KC"], 16),  # two 7s in a row do not pair
    ],
)
def test_layout_scores_from_the_spec(layout, score):
    assert layout_score(layout) == score
