"""The review's honest expectation: the coach's estimate at the start, blind to the order."""

from __future__ import annotations

from app.players.solitaire.review import best_possible, honest_expectation, review
from app.players.solitaire.thumb import thumb_move
from app.rules.solitaire import (
    STANDARD,
    TABLEAU_CARDS,
    Variant,
    apply,
    deal_for_number,
    is_over,
    start,
)
from app.simulate.solitaire import play_deal


def reordered(cards: tuple[str, ...]) -> tuple[str, ...]:
    """The same layout and starting card, the same draw-pile cards in the reverse order."""
    keep = TABLEAU_CARDS + 1
    return cards[:keep] + tuple(reversed(cards[keep:]))


def test_the_draw_pile_order_does_not_change_the_expectation() -> None:
    cards = deal_for_number(12)
    other = reordered(cards)
    assert start(cards).stock != start(other).stock
    assert sorted(start(cards).stock) == sorted(start(other).stock)
    expected = honest_expectation(start(cards))
    assert expected is not None
    assert honest_expectation(start(other)) == expected
    # The review of either deal, whatever was played in it, shows that same figure.
    first = review(cards, STANDARD, play_deal(cards, STANDARD, thumb_move)[0])
    second = review(other, STANDARD, play_deal(other, STANDARD, thumb_move)[0])
    assert first.expected == second.expected == round(expected, 2)


def test_the_expectation_is_the_exact_value_when_one_card_is_left_to_draw() -> None:
    position = start(deal_for_number(3))
    while len(position.stock) > 1 and not is_over(position):
        position = apply(position, thumb_move(position))
    assert len(position.stock) == 1
    assert honest_expectation(position) == best_possible(position)


def test_a_deal_that_starts_with_a_forced_draw_still_gets_an_expectation() -> None:
    empty_start = Variant(empty_start=True)
    cards = deal_for_number(12, empty_start)
    moves, final = play_deal(cards, empty_start, thumb_move)
    result = review(cards, empty_start, moves)
    assert result.expected is not None
    # Not a count of cards left at the start: the coach plays the deal on in its samples.
    assert -len(start(cards, empty_start).stock) <= result.expected < TABLEAU_CARDS


def test_the_expectation_lies_between_the_clairvoyant_and_the_rules_of_thumb_on_average() -> None:
    """Over a few deals: no better than knowing the order, no worse than the three rules."""
    numbers = range(101, 109)
    expected = [honest_expectation(start(deal_for_number(n))) for n in numbers]
    clairvoyant = [best_possible(start(deal_for_number(n))) for n in numbers]
    thumb = [play_deal(deal_for_number(n), STANDARD, thumb_move)[1] for n in numbers]
    assert all(value is not None for value in expected)
    assert sum(clairvoyant) <= sum(expected) <= sum(thumb)
