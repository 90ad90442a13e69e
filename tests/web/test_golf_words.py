"""The English wording of the Golf rules' refusal and event codes (app.web.golf.words)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.i18n import use_locale
from app.rules import golf
from app.rules.golf import (
    DrawStock,
    IllegalMoveError,
    InvalidMoveError,
    NextHole,
    Options,
    OptionsError,
    Reveal,
    Swap,
    TakeDiscard,
    ThrowAway,
    TurnAll,
    TurnUp,
)
from app.web.golf.words import event_text, position_name, refusal_text, short_position_name
from tests.rules.golf6_helpers import playing, rig

NAMES = ["Maria", "Ben", "Chloe"]


def _refused(state: golf.State, move: golf.Move) -> str:
    with pytest.raises((IllegalMoveError, InvalidMoveError)) as refused:
        golf.apply(state, move)
    return refusal_text(refused.value)


def test_positions_are_named_from_the_shape():
    six = [position_name(i, golf.SIX_CARD) for i in golf.SIX_CARD.positions]
    assert six == ["top row, left", "top row, middle", "top row, right",
                   "bottom row, left", "bottom row, middle", "bottom row, right"]
    four = [position_name(i, golf.FOUR_CARD) for i in golf.FOUR_CARD.positions]
    assert four == ["top row, left", "top row, right", "bottom row, left", "bottom row, right"]
    assert short_position_name(4, golf.SIX_CARD) == "bottom-middle"
    assert short_position_name(1, golf.FOUR_CARD) == "top-right"


def test_refusals_during_the_flips():
    state = golf.new_game(Options(seats=3), 5)
    for move in (Reveal(2, 0), Reveal(2, 5)):
        state = golf.apply(state, move)
    assert _refused(state, Reveal(2, 1)) == (
        "You have turned up your two cards; wait for the others to turn up theirs.")
    card = golf.apply(golf.new_game(Options(), 5), Reveal(0, 0))
    assert _refused(card, Reveal(0, 0)) == (
        f"Your card in the top row, left is already face up: the "
        f"{_name(card.layouts[0][0])}.")
    assert _refused(state, DrawStock(0)) == "First everyone turns up two of their own cards."
    same = golf.apply(golf.new_game(Options(first_two="same_column"), 1), Reveal(0, 0))
    assert _refused(same, Reveal(0, 1)) == (
        "In this game your two cards must be in the same column.")
    middle = golf.apply(golf.new_game(Options(first_two="middle_and_end"), 1), Reveal(0, 1))
    assert _refused(middle, Reveal(0, 4)) == (
        "In this game one card must be in the middle column and one in an end column.")


def _name(card: str) -> str:
    from app.i18n import card_name

    return card_name(card)


def test_refusals_during_a_turn_keep_their_words():
    state = rig(replace(playing(), turn=0), [["AS"] * 6, ["9H"] * 6], [[0, 1], [0, 1]],
                discard=["7C"])
    assert _refused(state, DrawStock(1)) == "It is not your turn yet."
    assert _refused(state, Swap(0, 0)) == (
        "Take a card first: draw from the stock or take the discard.")
    assert _refused(state, TurnUp(0, 3)) == (
        "In this game you cannot spend a turn turning a card up: take a card instead.")
    assert _refused(state, TurnAll(0)) == (
        "In this game you cannot go out by turning all your cards up at once.")
    assert _refused(state, Reveal(0, 3)) == (
        "Cards are turned up like that only at the start of a hole.")
    assert _refused(state, NextHole(0)) == "The hole is still being played."
    assert _refused(state, golf.Knock(0)) == "Only four-card Golf has a knock."
    took = golf.apply(state, TakeDiscard(0))
    assert _refused(took, ThrowAway(0)) == (
        "The 7 of clubs came from the discard pile, so it must go into your layout; "
        "you cannot put it back.")
    assert _refused(took, DrawStock(0)) == (
        "You are holding the 7 of clubs: swap it for one of your cards.")
    drew = golf.apply(state, DrawStock(0))
    assert _refused(drew, TakeDiscard(0)).endswith(
        "swap it for one of your cards or throw it away.")
    empty = replace(state, discard=())
    assert _refused(empty, TakeDiscard(0)) == "The discard pile is empty: draw from the stock."


def test_refusal_after_throwing_away_with_the_forced_turn_up():
    state = playing(Options(forced_turn_after_throw=True))
    seat = state.turn
    state = golf.apply(golf.apply(state, DrawStock(seat)), ThrowAway(seat))
    assert _refused(state, DrawStock(seat)) == (
        "You threw your card away, so now turn one of your face-down cards up.")


def test_malformed_moves_and_settings_keep_their_words():
    assert _refused(playing(), Swap(5, 0)) == "There is no seat 5 in this game"
    assert _refused(playing(), Swap(0, 6)) == "There is no card position 6 in a layout"
    with pytest.raises(InvalidMoveError) as refused:
        golf.move_from_json({"kind": "fly", "seat": 0})
    assert refusal_text(refused.value) == "“fly” is not a kind of move"
    with pytest.raises(InvalidMoveError) as refused:
        golf.move_from_json({"kind": "swap", "seat": "²", "index": 0})
    assert refusal_text(refused.value) == "“²” is not a seat"
    with use_locale("sv"):  # quoted the Swedish way
        assert refusal_text(refused.value) == "”²” är ingen plats"
    for data, text in [
        ({"seats": 9}, "A game has 2 to 8 seats, not 9"),
        ({"holes": 10}, "A game lasts 9 holes, 18 holes, or until someone reaches 100"),
        ({"first_two": "all"}, "“all” is not a rule for the first two cards"),
        ({"joker_points": -4}, "Jokers score -2, -5, -3 or 0"),
        ({"colour": "red"}, "Unknown setting “colour”"),
        ({"jokers": 1}, "The setting jokers must be on or off"),
        ({"game": "golf4", "jokers": True}, "The setting jokers is not part of four-card Golf"),
        ({"pairs_cancel": True}, "The setting pairs_cancel is not part of six-card Golf"),
    ]:
        with pytest.raises(OptionsError) as refused:
            Options.from_dict(data)
        assert refusal_text(refused.value) == text


def test_a_plain_rule_error_keeps_its_message():
    from app.rules.errors import IllegalMoveError as PlainError

    assert refusal_text(PlainError("Nothing goes on a king")) == "Nothing goes on a king"


def test_events_read_as_before():
    state = playing(Options(seats=2))
    state = rig(state, [["QH", "5S", "KH", "9S", "6D", "AC"], ["4S"] * 6], [[1, 2], [0, 1]],
                discard=["7C"])
    state = replace(state, turn=0)
    took = golf.apply(state, TakeDiscard(0))
    assert event_text(golf.describe(TakeDiscard(0), state, took), NAMES) == (
        "Maria took the 7 of clubs from the discard pile.")
    swapped = golf.apply(took, Swap(0, 0))
    assert event_text(golf.describe(Swap(0, 0), took, swapped), NAMES) == (
        "Maria swapped the 7 of clubs into the top-left place; out went the queen of hearts, "
        "which was face down.")
    drew = golf.apply(swapped, DrawStock(1))
    assert event_text(golf.describe(DrawStock(1), swapped, drew, 0), NAMES) == (
        "Ben drew a card from the stock.")
    assert event_text(golf.describe(DrawStock(1), swapped, drew, 1), NAMES) == (
        f"Ben drew the {_name(drew.held)} from the stock.")
    threw = golf.apply(drew, ThrowAway(1))
    assert event_text(golf.describe(ThrowAway(1), drew, threw), NAMES) == (
        f"Ben threw away the {_name(drew.held)}.")


def test_event_endings_and_the_deal():
    state = replace(playing(Options(seats=2)), turn=0)
    state = rig(state, [["AS", "2S", "3S", "4S", "5S", "6S"], ["9H"] * 6], [[0, 1, 2, 3, 4], [0]],
                discard=["KC"])
    took = golf.apply(state, TakeDiscard(0))
    out = golf.apply(took, Swap(0, 5))
    assert event_text(golf.describe(Swap(0, 5), took, out), NAMES) == (
        "Maria swapped the king of clubs into the bottom-right place; out went the 6 of spades, "
        "which was face down. Maria has gone out: everyone else has one last turn.")
    assert event_text(golf.describe(Swap(0, 5), took, out), NAMES, reader=0).endswith(
        " You have gone out: everyone else has one last turn.")
    drew = golf.apply(out, DrawStock(1))
    over = golf.apply(drew, ThrowAway(1))
    assert event_text(golf.describe(ThrowAway(1), drew, over), NAMES).endswith(
        " Hole 1 is over.")
    # A computer's reason is about its move, so it comes before what the move ended.
    assert event_text(golf.describe(ThrowAway(1), drew, over), NAMES, " (Too high.)").endswith(
        ". (Too high.) Hole 1 is over.")
    dealt = golf.apply(over, NextHole(1))
    assert event_text(golf.describe(NextHole(1), over, dealt), NAMES) == "Ben dealt hole 2."
    # Whoever pressed it dealt it, whichever seat the new hole's dealer is.
    by_the_other = golf.apply(over, NextHole(1 - dealt.dealer))
    assert event_text(golf.describe(NextHole(1 - dealt.dealer), over, by_the_other),
                      NAMES) == f"{NAMES[1 - dealt.dealer]} dealt hole 2."
    flipped = golf.apply(dealt, Reveal(0, 4))
    assert event_text(golf.describe(Reveal(0, 4), dealt, flipped), NAMES) == (
        f"Maria turned up the {_name(flipped.layouts[0][4])} (bottom-middle).")


def test_turning_cards_up_names_them():
    state = playing(Options(turn_all_to_go_out=True))
    seat = state.turn
    after = golf.apply(state, TurnAll(seat))
    named = [f"the {_name(after.layouts[seat][i])}" for i in state.face_down(seat)]
    cards = ", ".join(named[:-1]) + " and " + named[-1]  # "och" in Swedish
    assert event_text(golf.describe(TurnAll(seat), state, after), NAMES) == (
        f"{NAMES[seat]} turned up {cards}. {NAMES[seat]} has gone out: everyone else has one "
        "last turn.")


def test_four_card_words():
    state = golf.new_game(Options(game="golf4", seats=3), 5)
    knocked = golf.apply(state, golf.Knock(1))
    assert event_text(golf.describe(golf.Knock(1), state, knocked), NAMES) == (
        "Ben knocked: everyone else has one more turn.")
    assert _refused(knocked, golf.Knock(2)) == (
        "Someone has already knocked this hole: take a card for your last turn.")
    drew = golf.apply(knocked, DrawStock(2))
    swapped = golf.apply(drew, Swap(2, 3))
    assert event_text(golf.describe(Swap(2, 3), drew, swapped), NAMES) == (
        f"Chloe swapped the {_name(drew.held)} into the bottom-right place; out went the "
        f"{_name(drew.layouts[2][3])}, which was face down.")
    assert _refused(swapped, Swap(0, 4)) == "There is no card position 4 in a layout"


def test_the_readers_own_moves_speak_to_them_in_both_languages():
    state = playing(Options(seats=2))
    state = rig(state, [["QH", "5S", "KH", "9S", "6D", "AC"], ["4S"] * 6], [[1, 2], [0, 1]],
                discard=["7C"])
    state = replace(state, turn=0)
    took = golf.apply(state, TakeDiscard(0))
    swapped = replace(golf.apply(took, Swap(0, 0)), turn=0)
    drew = golf.apply(swapped, DrawStock(0))
    threw = golf.apply(drew, ThrowAway(0))
    four = golf.new_game(Options(game="golf4", seats=2), 5)
    knocked = golf.apply(four, golf.Knock(four.turn))
    moves = [(TakeDiscard(0), state, took), (Swap(0, 0), took, swapped),
             (DrawStock(0), swapped, drew), (ThrowAway(0), drew, threw),
             (golf.Knock(four.turn), four, knocked)]
    expected = {
        "en": ["You took the 7 of clubs from the discard pile.",
               "You swapped the 7 of clubs into the top-left place; out went the queen of "
               "hearts, which was face down.",
               "You drew the {held} from the stock.", "You threw away the {held}.",
               "You knocked: everyone else has one more turn."],
        "sv": ["Du tog klöver 7 från slänghögen.",
               "Du bytte in klöver 7 på platsen uppe till vänster; ut åkte hjärter dam, som låg "
               "med baksidan upp.",
               "Du drog {held} från talongen.", "Du slängde {held}.",
               "Du knackade: alla andra får en tur till."],
    }
    for locale, sentences in expected.items():
        with use_locale(locale):
            for (move, before, after), sentence in zip(moves, sentences, strict=True):
                seat = move.seat
                other = 1 - seat
                mine = event_text(golf.describe(move, before, after, seat), NAMES, reader=seat)
                assert mine == sentence.format(held=_name(drew.held))
                # Everyone else still reads the mover's name.
                theirs = event_text(golf.describe(move, before, after, other), NAMES, reader=other)
                assert theirs.startswith(f"{NAMES[seat]} ")
