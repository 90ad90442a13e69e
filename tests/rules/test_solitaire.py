"""Golf solitaire rules: every fact and worked example of the spec, one test each."""

from __future__ import annotations

import pytest

from app.rules.solitaire import (
    DRAW,
    FitNote,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Play,
    Position,
    Variant,
    apply,
    check_deal,
    deal_for_number,
    deck,
    draw,
    fits,
    is_over,
    legal_moves,
    parse_move,
    play,
    playable_columns,
    score,
    start,
    what_fits,
    why_not,
)

STANDARD = Variant()


def position(lasts, top, stock=(), above=None, variant=STANDARD) -> Position:
    """A hand-built position: `lasts` are the playable cards, `above` adds cards over them."""
    above = above or {}
    columns = tuple(
        tuple(above.get(c, ())) + ((card,) if card else ()) for c, card in enumerate(lasts)
    )
    discard = (top,) if top else ()
    return Position(columns, discard, tuple(stock), variant)


# --- The deal -------------------------------------------------------------------------


def test_deal_lays_cards_row_by_row_then_discard_then_draw_pile():
    cards = deal_for_number(1)
    pos = start(cards)
    for i in range(35):
        assert pos.columns[i % 7][i // 7] == cards[i]
    assert all(len(column) == 5 for column in pos.columns)
    assert pos.discard == (cards[35],)
    assert pos.stock == cards[36:] and len(pos.stock) == 16
    assert pos.last_card(0) == cards[28]  # row 4 is the playable row


def test_empty_start_has_no_discard_and_17_to_draw():
    pos = start(deal_for_number(1), Variant(empty_start=True))
    assert pos.discard == () and len(pos.stock) == 17
    assert legal_moves(pos) == [DRAW]


def test_first_move_of_empty_start_must_be_a_draw():
    pos = start(deal_for_number(1), Variant(empty_start=True))
    with pytest.raises(IllegalMoveError, match="no_top_card"):
        play(pos, 0)
    assert draw(pos).top == deal_for_number(1)[35]


def test_jokers_lengthen_the_draw_pile():
    variant = Variant(jokers=2)
    pos = start(deal_for_number(3, variant), variant)
    assert len(pos.stock) == 18 and sorted(pos.all_cards()) == sorted(deck(variant))


def test_check_deal_accepts_a_full_deck_and_refuses_others():
    cards = deal_for_number(5)
    assert check_deal(list(cards)) == cards
    with pytest.raises(InvalidMoveError):
        check_deal(list(cards[:-1]))
    with pytest.raises(InvalidMoveError):
        check_deal(list(cards[:-1]) + [cards[0]])
    with pytest.raises(InvalidMoveError):
        check_deal(list(cards[:-1]) + ["ZZ"])


# --- What fits ------------------------------------------------------------------------


@pytest.mark.parametrize(("card", "ok"), [("8S", True), ("6D", True), ("7C", False),
                                          ("5H", False), ("9H", False)])
def test_one_rank_up_or_down_fits_whatever_the_suit(card, ok):
    assert fits(card, "7H") is ok


def test_runs_go_up_and_down_in_any_mix():
    pos = position(["8S", "9C", "8D", "7S", None, None, None], "7H")
    for column in range(4):
        pos = play(pos, column)
    assert pos.discard == ("7H", "8S", "9C", "8D", "7S")


def test_only_a_2_goes_on_an_ace_and_an_ace_only_on_a_2():
    assert fits("2C", "AH") and not fits("KC", "AH")
    assert fits("AS", "2D") and not fits("AS", "KD") and not fits("AS", "3D")


def test_nothing_goes_on_a_king_but_a_king_goes_on_a_queen():
    assert not any(fits(c, "KS") for c in ("QH", "AH", "KD", "JC"))
    assert fits("KS", "QD") and fits("JS", "QD")


def test_queen_on_king_variation():
    variant = Variant(queen_on_king=True)
    assert fits("QH", "KS", variant) and not fits("AH", "KS", variant)


def test_round_the_corner_makes_ace_and_king_neighbours():
    variant = Variant(round_the_corner=True)
    assert fits("AH", "KS", variant) and fits("KH", "AS", variant)
    assert fits("QH", "KS", variant) and fits("2H", "AS", variant)


def test_joker_fits_on_anything_and_anything_on_a_joker():
    variant = Variant(jokers=1)
    assert fits("JK", "KS", variant) and fits("KS", "JK", variant) and fits("5D", "JK", variant)


def test_only_the_last_card_of_a_column_is_playable():
    pos = position(["2S", None, None, None, None, None, None], "7H", above={0: ("8S",)})
    assert playable_columns(pos) == []  # the 8 is stuck above the 2


def test_coach_says_what_fits():
    # The rules say it as data; app.web.solitaire.words words it (see tests/web).
    assert what_fits("7H") == FitNote("ranks", "7H", (6, 8))
    assert what_fits("AS") == FitNote("ranks", "AS", (2,))
    assert what_fits("QD") == FitNote("ranks", "QD", (11, 13))
    assert what_fits("KS").code == "nothing"
    assert what_fits("KS", Variant(round_the_corner=True)).ranks == (1, 12)
    assert what_fits(None).code == "empty" and what_fits("JK").code == "joker"
    assert what_fits("KS", Variant(jokers=1)).jokers


def test_why_not_names_the_card_and_the_reason():
    refusal = why_not("6C", "KS")
    assert (refusal.code, refusal.params) == (
        "nothing_on_king", {"card": "6C", "top": "KS", "jokers": False})
    assert why_not("6C", "KS", Variant(jokers=2)).params["jokers"]  # a joker would fit
    assert why_not("KC", "AH").code == "ace_king_not_neighbours"
    assert why_not("5C", "AH").code == "only_two_on_ace"
    assert (why_not("7C", "7H").code, why_not("7C", "7H").params["ranks"]) == ("no_fit", (6, 8))


# --- Plays, draws and errors --------------------------------------------------------------


def test_a_play_moves_the_card_and_frees_the_one_above():
    pos = position(["8S", "QC", None, None, None, None, None], "7H", above={0: ("9C",)})
    after = play(pos, 0)
    assert after.top == "8S" and after.columns[0] == ("9C",) and after.last_card(0) == "9C"


def test_a_play_that_does_not_fit_raises_with_the_reason():
    pos = position(["QC", None, None, None, None, None, None], "7H", stock=["2D"])
    with pytest.raises(IllegalMoveError, match="no_fit") as refused:
        play(pos, 0)
    assert refused.value.params == {"card": "QC", "top": "7H", "ranks": (6, 8), "jokers": False}
    with pytest.raises(IllegalMoveError):
        play(pos, 0)


def test_an_empty_column_stays_empty():
    pos = position(["8S", None, None, None, None, None, None], "7H", stock=["2D"])
    with pytest.raises(IllegalMoveError, match="empty_column"):
        play(pos, 1)


def test_draw_turns_the_next_card_onto_the_discard_pile_once():
    pos = position(["KS", None, None, None, None, None, None], "7H", stock=["2D", "3D"])
    pos = draw(pos)
    assert pos.top == "2D" and pos.stock == ("3D",)
    pos = draw(pos)
    assert pos.stock == ()
    assert is_over(pos)
    with pytest.raises(IllegalMoveError, match="over"):
        draw(pos)


@pytest.mark.parametrize(
    "garbage", [0, 8, -1, "x", "", None, "²", True, 3.0, "1e3", "٣", "①", "-0", "+1", "0x1",
                "9" * 5000, "Draw", "draw ", "é", " "])
def test_garbage_is_not_a_move(garbage):
    with pytest.raises(InvalidMoveError):
        parse_move(garbage)


def test_moves_parse_from_column_numbers_and_draw():
    assert parse_move(1) == Play(0) and parse_move("7") == Play(6) and parse_move("draw") == DRAW
    assert Play(2).to_json() == 3 and DRAW.to_json() == "draw"
    assert parse_move(" 3 ") == Play(2)  # as a form may send it


@pytest.mark.parametrize("move", [*(Play(c) for c in range(7)), DRAW])
def test_every_move_reads_back_from_its_json_and_its_form_text(move):
    assert parse_move(move.to_json()) == move == parse_move(str(move.to_json()))


def test_invalid_column_is_an_invalid_move():
    pos = start(deal_for_number(1))
    with pytest.raises(InvalidMoveError):
        play(pos, 7)


# --- End and score ------------------------------------------------------------------------


def test_deal_ends_when_draw_pile_is_empty_and_nothing_fits():
    pos = position(["KS", "3C", None, None, None, None, None], "7H")
    assert is_over(pos) and legal_moves(pos) == [] and score(pos) == 2


def test_deal_goes_on_while_something_fits_after_the_draw_pile_is_gone():
    pos = position(["8S", "3C", None, None, None, None, None], "7H")
    assert not is_over(pos) and legal_moves(pos) == [Play(0)]


def test_clearing_the_columns_scores_minus_the_cards_left_to_draw():
    pos = position(["8S"] + [None] * 6, "7H", stock=["2D", "3D", "4D", "5D"])
    cleared = play(pos, 0)
    assert is_over(cleared) and score(cleared) == -4


def test_clear_scores_zero_variation():
    variant = Variant(clear_scores_zero=True)
    pos = position(["8S"] + [None] * 6, "7H", stock=["2D", "3D"], variant=variant)
    assert score(play(pos, 0)) == 0


def test_score_is_the_cards_left_in_the_columns():
    assert score(start(deal_for_number(1))) == 35


# --- Worked examples of the spec --------------------------------------------------------------


def test_worked_example_seven_of_hearts():
    lasts = ["8S", "QC", "6D", "KS", "3C", "JH", "2S"]
    pos = position(lasts, "7H", stock=["4D"], above={0: ("9C",), 2: ("QH",)})
    assert playable_columns(pos) == [0, 2]
    assert legal_moves(pos) == [Play(0), Play(2), DRAW]
    after = play(pos, 0)
    assert after.last_card(0) == "9C" and fits("9C", after.top)  # the run goes on
    after_six = play(pos, 2)
    assert after_six.last_card(2) == "QH" and playable_columns(after_six) == []


def test_worked_example_king_on_queen_stops_the_run():
    pos = position(["KS", "4C", None, None, None, None, None], "QD", stock=["2D"])
    assert playable_columns(pos) == [0]
    after = play(pos, 0)
    assert legal_moves(after) == [DRAW]  # once a king is on top, the next card must be drawn
    with_jack = position(["KS", "JC", None, None, None, None, None], "QD", stock=["2D"],
                         above={1: ("TC",)})
    assert playable_columns(with_jack) == [0, 1]
    assert playable_columns(play(with_jack, 1)) == [1]  # the jack keeps the run going


# --- A game: a deal plus its moves ----------------------------------------------------------


def test_game_push_and_pop_replay_the_log():
    game = Game(deal_for_number(1))
    first = game.position
    game = game.push(DRAW)
    assert game.moves == (DRAW,) and len(game.position.stock) == 15
    assert game.pop().position == first
    with pytest.raises(IllegalMoveError, match="nothing_to_undo"):
        game.pop().pop()


def test_apply_refuses_things_that_are_not_moves():
    with pytest.raises(InvalidMoveError):
        apply(start(deal_for_number(1)), "draw")  # type: ignore[arg-type]


def test_variant_round_trips_and_refuses_bad_joker_counts():
    variant = Variant(queen_on_king=True, jokers=1)
    assert Variant.from_dict(variant.to_dict()) == variant
    assert variant.labels() == ["queen_on_king", "jokers"]
    with pytest.raises(InvalidMoveError):
        Variant(jokers=3)
    with pytest.raises(InvalidMoveError):
        Variant.from_dict({"jokers": "2"})
