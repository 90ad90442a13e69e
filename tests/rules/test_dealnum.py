"""Deal numbers: the same number deals the same cards forever, on every machine."""

from __future__ import annotations

import itertools

import pytest

from app.rules.dealnum import (
    MAX_DEAL_NUMBER,
    DealNumberError,
    check_deal_number,
    shuffled,
    splitmix64,
)
from app.rules.solitaire import Variant, deal_for_number

# Fixed test vectors: if one of these changes, every saved deal number deals different cards.
DEAL_1 = (
    "7H 9S 4H 8D 8H 5C JH 6H 9C JS 5H KH 3S 2H JD 5D 7D 4D 2S AH 6C KS KD TD TC JC TH 8C "
    "QS 4C 6S 7S AC 5S AD KC 6D QC QD QH 9H 3H 3C AS 4S 2D 8S TS 3D 2C 9D 7C"
)
DEAL_2147483647 = (
    "8C TC 4H KH JH QD 2D 3H 5C 9D 9C 4S QS KC 6S JS KD AD TH 2H 8D 7D TD 7S 2S 9S 7C TS "
    "3C 8H 3S 2C QC 6C 5D JC 5S AC 3D 7H 8S JD 9H AS 5H QH AH 4C 4D 6H KS 6D"
)


def test_splitmix64_matches_the_published_generator():
    # First outputs of SplitMix64 seeded with 0 (reference implementation by Vigna).
    assert list(itertools.islice(splitmix64(0), 2)) == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]


def test_deal_1_is_fixed():
    assert " ".join(deal_for_number(1)) == DEAL_1


def test_largest_31_bit_deal_number_is_fixed():
    assert " ".join(deal_for_number(2**31 - 1)) == DEAL_2147483647


def test_deal_with_two_jokers_is_fixed():
    cards = deal_for_number(7, Variant(jokers=2))
    assert cards[:8] == ("9S", "7D", "6H", "KD", "2H", "6D", "QD", "JC")
    assert cards.count("JK") == 2 and len(cards) == 54


def test_same_number_same_cards_and_neighbours_differ():
    assert deal_for_number(42) == deal_for_number(42)
    assert deal_for_number(42) != deal_for_number(43)


def test_every_deal_holds_each_card_once():
    for number in (1, 2, 99, 2**31 - 1, MAX_DEAL_NUMBER):
        assert sorted(deal_for_number(number)) == sorted(shuffled(["x"], 1) and deal_for_number(1))


def test_shuffle_does_not_change_its_input():
    deck = ["a", "b", "c"]
    shuffled(deck, 5)
    assert deck == ["a", "b", "c"]


@pytest.mark.parametrize("number", [0, -1, MAX_DEAL_NUMBER + 1])
def test_out_of_range_numbers_are_refused(number):
    with pytest.raises(DealNumberError, match="not in 1.."):
        check_deal_number(number)
