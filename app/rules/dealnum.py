"""Deal numbers: a fixed, documented mapping from a number to a card order.

The same number gives the same cards forever, on every machine, whatever Python's `random`
does, because the generator is written out here:

1. Seed SplitMix64 (Steele, Lea & Flood 2014; the constants below) with the deal number.
2. Shuffle the deck, in its fixed starting order, with Fisher-Yates from the last position
   down: for i = n-1 .. 1, swap position i with position j, j uniform in 0..i.
3. j is drawn without bias by rejection: take the next 64-bit output x, reject it while
   x >= 2**64 - (2**64 % (i + 1)), then j = x % (i + 1).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

MIN_DEAL_NUMBER = 1
# Largest number that survives a round trip through JSON numbers (IEEE doubles).
MAX_DEAL_NUMBER = 2**53 - 1
# Random and daily deals are numbered 1 to this (31 bits), so their numbers stay short to type.
MAX_SHORT_DEAL_NUMBER = 2**31 - 1
_MASK = 2**64 - 1


class DealNumberError(ValueError):
    """A deal number outside the supported range."""


def splitmix64(seed: int) -> Iterator[int]:
    state = seed & _MASK
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        yield z ^ (z >> 31)


def _uniform_below(bound: int, stream: Iterator[int]) -> int:
    limit = 2**64 - (2**64 % bound)
    while True:
        x = next(stream)
        if x < limit:
            return x % bound


def shuffled(deck: Sequence[str], seed: int) -> list[str]:
    """The deck shuffled by the generator above; `deck` itself is not changed."""
    cards = list(deck)
    stream = splitmix64(seed)
    for i in range(len(cards) - 1, 0, -1):
        j = _uniform_below(i + 1, stream)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def check_deal_number(number: int) -> int:
    if not MIN_DEAL_NUMBER <= number <= MAX_DEAL_NUMBER:
        # A code-like message: players never see it (the web layer words deal-number errors).
        raise DealNumberError(f"{number} not in {MIN_DEAL_NUMBER}..{MAX_DEAL_NUMBER}")
    return number
