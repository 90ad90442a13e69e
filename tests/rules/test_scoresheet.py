"""The score sheet: totals, leaders, ties, the end of a game (incl. until 100), edits."""

from __future__ import annotations

import pytest

from app.i18n import use_locale
from app.rules.golf import Length
from app.rules.scoresheet import (
    InvalidEntryError,
    Sheet,
    SheetGame,
    SheetRuleError,
    add_hole,
    clean_name,
    edit_hole,
    end_hole,
    is_finished,
    knock_penalised,
    leaders,
    new_sheet,
    remove_hole,
    running_totals,
    summary,
    totals,
    winners,
)
from app.web.golf.words import length_label
from app.web.scorekeeper.words import error_text, standing_text


def said(sheet: Sheet) -> str:
    """The standing as the live region words it in English (the rules give only facts)."""
    with use_locale("en"):
        return standing_text(summary(sheet))


def sheet_with(holes: list[list[int]], length: str = "9", players=("Ann", "Bo", "Cy")) -> Sheet:
    sheet = new_sheet(players, length)
    for hole in holes:
        sheet = add_hole(sheet, hole)
    return sheet


def test_totals_add_every_hole_including_negative_scores():
    sheet = sheet_with([[5, -2, 10], [16, 0, -6], [24, 3, 4]])
    assert totals(sheet) == (45, 1, 8)
    assert running_totals(sheet) == [(5, -2, 10), (21, -2, 4), (45, 1, 8)]


def test_blank_sheet_has_zero_totals_and_no_leader():
    sheet = new_sheet(["Ann", "Bo"], "18")
    assert totals(sheet) == (0, 0)
    assert leaders(sheet) == ()
    assert said(sheet) == "Ready for hole 1. Ann and Bo are playing."


def test_lowest_total_leads():
    sheet = sheet_with([[5, -2, 10]])
    assert leaders(sheet) == (1,)
    assert said(sheet) == "After hole 1, Bo leads with -2."
    assert winners(sheet) == ()


def test_equal_lowest_totals_share_the_lead():
    sheet = sheet_with([[4, 4, 9]])
    assert leaders(sheet) == (0, 1)
    assert said(sheet) == "After hole 1, Ann and Bo share the lead with 4."


def test_nine_hole_game_ends_after_ninth_hole_with_winner():
    sheet = sheet_with([[3, 4, 5]] * 8)
    assert not is_finished(sheet)
    sheet = add_hole(sheet, [10, 0, 0])
    assert end_hole(sheet) == 9
    assert winners(sheet) == (1,)
    assert totals(sheet) == (34, 32, 40)
    assert said(sheet) == "Game over after hole 9. Bo wins with 32."


def test_tied_winners_share_the_win():
    sheet = sheet_with([[5, 5, 7]] * 9, players=("Ann", "Bo", "Cy"))
    assert winners(sheet) == (0, 1)
    assert said(sheet) == "Game over after hole 9. Ann and Bo share the win with 45."


def test_eighteen_hole_game_goes_on_after_nine():
    sheet = sheet_with([[1, 2]] * 9, length="18", players=("Ann", "Bo"))
    assert not is_finished(sheet)
    sheet = sheet_with([[1, 2]] * 18, length="18", players=("Ann", "Bo"))
    assert end_hole(sheet) == 18 and winners(sheet) == (0,)


def test_no_hole_after_the_game_is_over():
    sheet = sheet_with([[1, 2, 3]] * 9)
    with pytest.raises(SheetRuleError, match="game_over"):
        add_hole(sheet, [1, 1, 1])


def test_until_100_ends_after_the_hole_in_which_someone_reaches_100():
    sheet = sheet_with([[30, 20, 10]] * 3, length="100")
    assert totals(sheet) == (90, 60, 30) and not is_finished(sheet)
    sheet = add_hole(sheet, [10, 5, 5])  # Ann reaches exactly 100
    assert end_hole(sheet) == 4
    assert winners(sheet) == (2,)  # lowest total wins, not the one who reached 100
    assert said(sheet) == "Game over after hole 4: Ann reached 100. Cy wins with 35."
    with pytest.raises(SheetRuleError):
        add_hole(sheet, [0, 0, 0])


def test_until_100_goes_on_below_100():
    sheet = sheet_with([[33, 0, 0]] * 3, length="100")
    assert totals(sheet)[0] == 99 and not is_finished(sheet)


def test_until_100_ties_share_the_win():
    sheet = sheet_with([[60, 20, 20], [45, 1, 1]], length="100")
    assert winners(sheet) == (1, 2)


def test_edit_fixes_a_mistyped_score():
    sheet = sheet_with([[5, 6, 7], [50, 1, 1]])
    fixed = edit_hole(sheet, 2, [5, 1, 1])
    assert totals(fixed) == (10, 7, 8)
    assert fixed.holes[0] == sheet.holes[0]
    assert totals(sheet) == (55, 7, 8)  # the old sheet is unchanged


def test_edit_refused_for_a_hole_not_entered():
    sheet = sheet_with([[5, 6, 7]])
    with pytest.raises(SheetRuleError, match="no_such_hole"):
        edit_hole(sheet, 2, [1, 1, 1])


def test_edit_that_would_end_until_100_earlier_is_refused():
    sheet = sheet_with([[45, 0, 0], [30, 0, 0], [20, 0, 0]], length="100")
    with pytest.raises(SheetRuleError, match="ended_earlier") as refused:
        edit_hole(sheet, 2, [60, 0, 0])
    assert refused.value.params == {"target": 100, "end": 2, "entered": 3}
    with use_locale("en"):
        assert error_text(refused.value).startswith(
            "With these scores someone reaches 100 at hole 2, which ends the game")
    trimmed = remove_hole(sheet, 3)
    assert is_finished(edit_hole(trimmed, 2, [60, 0, 0]))


def test_forgotten_hole_inserted_before_a_later_one():
    sheet = sheet_with([[1, 1, 1], [3, 3, 3]])
    sheet = add_hole(sheet, [2, 2, 2], before=2)
    assert sheet.holes == ((1, 1, 1), (2, 2, 2), (3, 3, 3))


def test_insert_refused_when_all_holes_are_entered():
    sheet = sheet_with([[1, 1, 1]] * 9)
    with pytest.raises(SheetRuleError):
        add_hole(sheet, [2, 2, 2], before=3)


def test_remove_hole_moves_later_holes_up():
    sheet = remove_hole(sheet_with([[1, 1, 1], [2, 2, 2], [3, 3, 3]]), 1)
    assert sheet.holes == ((2, 2, 2), (3, 3, 3))


@pytest.mark.parametrize("names", [["Ann"], [], ["", "  "], [f"P{i}" for i in range(9)]])
def test_sheet_needs_two_to_eight_players(names):
    with pytest.raises(InvalidEntryError, match="player_count"):
        new_sheet(names, "9")


def test_empty_name_fields_are_skipped_and_spaces_tidied():
    sheet = new_sheet(["  Ann  ", "", "Bo   Lee", ""], "9")
    assert sheet.players == ("Ann", "Bo Lee")


@pytest.mark.parametrize("other", ["ann", " ANN ", "Ａｎｎ", "\u0410nn", "Ann\u00a0"])
def test_names_that_pass_for_one_another_are_refused(other):
    # Compared as every game compares names (app.rules.names): case, width, Cyrillic А.
    with pytest.raises(InvalidEntryError, match="same_name"):
        new_sheet(["Ann", other], "9")


def test_names_are_tidied_as_in_every_game():
    assert new_sheet(["Ａｎｎ", "Bo\u00a0 Lee"], "9").players == ("Ann", "Bo Lee")


@pytest.mark.parametrize(
    "name", ["Ann\x00", "\u202eAnn", "Ann\u200b", "\u3164", "\u2800\u2800", "\u0301Ann", "\ue000",
             "Ann" + "\u0316" * 5])
def test_names_that_would_not_show_as_typed_are_refused(name):
    with pytest.raises(InvalidEntryError, match="name_unprintable"):
        new_sheet([name, "Bo"], "9")


def test_long_names_refused():
    with pytest.raises(InvalidEntryError, match="name_too_long"):
        clean_name("x" * 31)
    assert clean_name("x" * 30) == "x" * 30


def test_unknown_length_refused():
    with pytest.raises(InvalidEntryError, match="bad_length"):
        new_sheet(["Ann", "Bo"], "7")


def test_hole_needs_a_score_for_every_player():
    with pytest.raises(InvalidEntryError, match="scores_missing"):
        add_hole(new_sheet(["Ann", "Bo"], "9"), [1])


def test_length_labels_and_planned_holes():
    with use_locale("en"):
        assert [length_label(length) for length in Length] == [
            "9 holes", "18 holes", "Until 100"]
    with use_locale("sv"):
        assert [length_label(length) for length in Length] == ["9 hål", "18 hål", "Till 100"]
    assert Length.UNTIL_TARGET.planned_holes is None


# --- four-card Golf's knock penalty ----------------------------------------------------------


def knock_sheet(penalty: bool = True) -> Sheet:
    return new_sheet(("Ann", "Bo", "Cy"), "9", game=SheetGame.FOUR_CARD, knock_penalty=penalty)


@pytest.mark.parametrize(("scores", "knocker", "entered"), [
    ([12, 7, 9], 0, [22, 7, 9]),  # Ann knocked and Bo scored less: 10 more for Ann
    ([5, 7, 9], 0, [5, 7, 9]),  # Ann knocked and is lowest: nothing added
    ([7, 7, 9], 1, [7, 7, 9]),  # Bo knocked, sharing the lowest score: nothing added
    ([7, 6, 9], 2, [7, 6, 19]),
    ([1, 3, 4], 1, [1, 13, 4]),  # Bo knocked on 3 and Ann has 1
    ([12, 7, 9], None, [12, 7, 9]),  # nobody said to have knocked
])
def test_a_knocker_not_lowest_pays_ten_as_the_hole_is_entered(scores, knocker, entered):
    sheet = add_hole(knock_sheet(), scores, knocker=knocker)
    assert sheet.holes == (tuple(entered),)
    assert knock_penalised(knock_sheet(), scores, knocker) == (entered != scores)


def test_without_the_option_the_knocker_pays_nothing():
    assert add_hole(knock_sheet(penalty=False), [12, 7, 9], knocker=0).holes == ((12, 7, 9),)


def test_the_penalty_is_four_card_golfs_a_six_card_sheet_drops_it():
    sheet = new_sheet(("Ann", "Bo"), "9", game=SheetGame.SIX_CARD, knock_penalty=True)
    assert not sheet.knock_penalty
    assert add_hole(sheet, [12, 7], knocker=0).holes == ((12, 7),)


def test_an_inserted_hole_pays_the_penalty_too_and_a_fixed_one_is_taken_as_typed():
    sheet = add_hole(add_hole(knock_sheet(), [1, 2, 3]), [12, 7, 9], before=1, knocker=0)
    assert sheet.holes == ((22, 7, 9), (1, 2, 3))
    assert edit_hole(sheet, 1, [12, 7, 9]).holes[0] == (12, 7, 9)


def test_a_knocker_who_is_not_at_the_table_is_refused():
    with pytest.raises(InvalidEntryError) as refused:
        add_hole(knock_sheet(), [12, 7, 9], knocker=3)
    assert refused.value.code == "no_such_player"
    with use_locale("en"):
        assert error_text(refused.value) == "Please choose who knocked from the list."


def test_a_new_hole_holds_card_points_and_a_fixed_one_may_hold_the_penalty_too():
    with pytest.raises(InvalidEntryError) as refused:
        add_hole(knock_sheet(), [5, 45, 9], knocker=None)  # four cards score 40 at most
    assert refused.value.code == "score_out_of_range"
    sheet = add_hole(knock_sheet(), [40, 7, 9], knocker=0)
    assert sheet.holes == ((50, 7, 9),)
    assert edit_hole(sheet, 1, [50, 7, 8]).holes == ((50, 7, 8),)  # its total, penalty in it


def test_a_holes_scores_show_whether_its_knocker_paid_the_penalty():
    from app.rules.scoresheet import paid_penalty

    sheet = add_hole(knock_sheet(), [12, 7, 9], knocker=0)  # 22: not the lowest, so it paid
    assert paid_penalty(sheet, 1, 0)
    assert not paid_penalty(sheet, 1, 1) and not paid_penalty(sheet, 1, 5)
    assert not paid_penalty(sheet, 2, 0) and not paid_penalty(sheet, 0, 0)
    forgotten = add_hole(sheet, [3, 4, 9], knocker=1, before=1)  # Bo paid, in hole 1 now
    assert paid_penalty(forgotten, 1, 1) and paid_penalty(forgotten, 2, 0)
    lowest = add_hole(knock_sheet(), [3, 7, 9], knocker=0)  # lowest: nothing to pay
    assert not paid_penalty(lowest, 1, 0)
    assert not paid_penalty(knock_sheet(), 1, 0)  # no hole yet
