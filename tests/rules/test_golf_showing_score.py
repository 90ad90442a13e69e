"""What a layout's face-up cards score as they lie, shown beside each player during a hole."""

from __future__ import annotations

import pytest

from app.rules.golf import Options
from app.rules.golf.scoring import layout_score

SIX = Options().scoring
FOUR = Options(game="golf4").scoring
FOUR_PAIRS = Options(game="golf4", pairs_cancel=True).scoring
BONUS_FOUR = Options(bonus_four_in_columns=True).scoring


@pytest.mark.parametrize(
    ("layout", "rules", "score"),
    [
        ([None] * 6, SIX, 0),
        (["KS", "4C", None, None, None, None], SIX, 4),  # the start of a hole: K 0, 4 4
        (["QH", None, None, None, "6D", None], SIX, 16),  # no column complete, nothing pairs
        (["QH", None, None, "QS", None, None], SIX, 0),  # a column of queens shows: a pair
        (["2H", None, None, "2S", None, None], SIX, 0),  # two 2s pair to 0, not -4
        (["2H", "9D", None, None, None, None], SIX, 7),
        # Two columns of 7s: the bonus counts once both columns show...
        (["7H", "7D", None, "7S", "7C", None], BONUS_FOUR, -10),
        # ...and not while one of its cards is face down.
        (["7H", "7D", None, "7S", None, None], BONUS_FOUR, 7),  # one column of 7s pairs
        ([None, None, "JH", None], FOUR, 10),
        (["5H", None, "5S", None], FOUR, 10),  # the basic game pairs nothing
        (["5H", None, "5S", None], FOUR_PAIRS, 0),  # a column of 5s, pairs cancelling
        (["5H", "5D", None, None], FOUR_PAIRS, 0),  # a row of 5s
        (["5H", None, "8S", "5C"], FOUR_PAIRS, 18),  # 5s on a diagonal do not pair
    ],
)
def test_face_up_cards_score_as_they_lie(layout, rules, score):
    assert layout_score(layout, rules) == score


def test_a_layout_of_the_wrong_size_is_refused():
    with pytest.raises(ValueError, match="layout_size"):
        layout_score(["KS", None, None, None], SIX)
