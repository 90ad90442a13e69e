"""Card codes and how they are spelled out."""

from __future__ import annotations

import pytest

from app.i18n import card_name
from app.rules.cards import (
    InvalidCardError,
    card_label,
    check_card,
    is_card,
    is_red,
    rank,
    standard_deck,
)


def test_standard_deck_has_52_distinct_cards():
    deck = standard_deck()
    assert len(deck) == 52 == len(set(deck))
    assert deck[:3] == ["AS", "2S", "3S"] and deck[-1] == "KC"


@pytest.mark.parametrize(
    ("code", "name", "label"),
    [
        ("8S", "8 of spades", "8♠"),
        ("TD", "10 of diamonds", "10♦"),
        ("AH", "ace of hearts", "A♥"),
        ("QC", "queen of clubs", "Q♣"),
        ("JK", "joker", "★"),
    ],
)
def test_cards_are_spelled_out_and_labelled(code, name, label):
    assert card_name(code) == name
    assert card_label(code) == label


def test_ranks_run_from_ace_low_to_king():
    assert [rank(c) for c in ("AS", "2S", "TS", "JS", "QS", "KS")] == [1, 2, 10, 11, 12, 13]


def test_red_suits_are_hearts_and_diamonds():
    assert is_red("7H") and is_red("7D")
    assert not is_red("7S") and not is_red("7C") and not is_red("JK")


@pytest.mark.parametrize("garbage", ["", "1S", "8X", "8s", "10H", None, 8, "JKR", ["8S"]])
def test_garbage_is_not_a_card(garbage):
    assert not is_card(garbage)
    with pytest.raises(InvalidCardError):
        check_card(garbage)
