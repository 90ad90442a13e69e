"""Invariants of the score sheet over many random games (hypothesis)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from app.rules.golf import TARGET_TOTAL
from app.rules.scoresheet import (
    MIN_SCORE,
    SheetRuleError,
    add_hole,
    edit_hole,
    end_hole,
    is_finished,
    leaders,
    new_sheet,
    remove_hole,
    totals,
    winners,
)

scores = st.integers(min_value=-6, max_value=60)


@st.composite
def games(draw):
    """A sheet played hole by hole until it ends or the drawn holes run out."""
    players = draw(st.integers(min_value=2, max_value=8))
    length = draw(st.sampled_from(["9", "18", "100"]))
    sheet = new_sheet([f"P{i}" for i in range(players)], length)
    for hole in draw(st.lists(st.lists(scores, min_size=players, max_size=players), max_size=25)):
        if is_finished(sheet):
            break
        sheet = add_hole(sheet, hole)
    return sheet


@given(games())
def test_totals_are_column_sums_and_leaders_hold_the_lowest(sheet):
    expected = [sum(hole[i] for hole in sheet.holes) for i in range(len(sheet.players))]
    assert list(totals(sheet)) == expected
    if sheet.holes:
        low = min(expected)
        assert {expected[i] for i in leaders(sheet)} == {low}
        assert len(leaders(sheet)) == expected.count(low)  # every tied player shares
    else:
        assert leaders(sheet) == ()


@given(games())
def test_the_game_ends_exactly_when_the_rules_say(sheet):
    planned = sheet.length.planned_holes
    if planned is not None:
        assert is_finished(sheet) == (len(sheet.holes) == planned)
    else:
        reached = [
            any(sum(h[i] for h in sheet.holes[:n]) >= TARGET_TOTAL
                for i in range(len(sheet.players)))
            for n in range(1, len(sheet.holes) + 1)
        ]
        assert is_finished(sheet) == (bool(reached) and reached[-1])
        assert not any(reached[:-1])  # the game never went on past its end
    assert winners(sheet) == (leaders(sheet) if is_finished(sheet) else ())
    assert end_hole(sheet) in (None, len(sheet.holes))


@given(games(), st.data())
def test_edit_then_restore_gives_back_the_same_sheet(sheet, data):
    if not sheet.holes:
        return
    number = data.draw(st.integers(min_value=1, max_value=len(sheet.holes)))
    row = data.draw(st.lists(st.integers(MIN_SCORE, sheet.max_score), min_size=len(sheet.players),
                             max_size=len(sheet.players)))
    try:
        changed = edit_hole(sheet, number, row)
    except SheetRuleError:
        return  # refused: it would have ended an "until 100" game early
    assert changed.holes[number - 1] == tuple(row)
    assert edit_hole(changed, number, sheet.holes[number - 1]) == sheet


@given(games(), st.data())
def test_remove_then_insert_gives_back_the_same_sheet(sheet, data):
    if not sheet.holes or is_finished(sheet):
        return
    number = data.draw(st.integers(min_value=1, max_value=len(sheet.holes)))
    try:
        shorter = remove_hole(sheet, number)
    except SheetRuleError:
        return
    if is_finished(shorter):
        return  # without a minus score someone now reaches 100 on the last hole: game over
    before = number if number <= len(shorter.holes) else None
    assert add_hole(shorter, sheet.holes[number - 1], before=before) == sheet
