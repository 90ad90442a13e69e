"""The deal of the day: one Golf solitaire deal per UTC day, the same for every player.

The rule, fixed forever so that a date always names the same deal:

1. Write the UTC date as the number YYYYMMDD (30 November 2026 is 20261130).
2. Take the first output of SplitMix64 seeded with that number (app.rules.dealnum).
3. The deal number is 1 + that output modulo 2**31 - 1, a number short enough to type; the
   deal is played with the standard rules (no variations).
"""

from __future__ import annotations

from datetime import date, timedelta
from functools import lru_cache

from app.rules.dealnum import MAX_SHORT_DEAL_NUMBER, splitmix64

# The rule is public, so anyone can work out a coming day's number; a deal of the day stays
# unplayable as a free deal this far ahead (and until its day is over).
DAYS_AHEAD = 2 * 366


def daily_deal_number(day: date) -> int:
    """The deal number of the deal of the day for `day` (a UTC date)."""
    seed = day.year * 10_000 + day.month * 100 + day.day
    return 1 + next(splitmix64(seed)) % MAX_SHORT_DEAL_NUMBER


def daily_day_of(number: int, today: date) -> date | None:
    """The day, from `today` to DAYS_AHEAD later, whose deal of the day is deal `number`."""
    return _coming_numbers(today).get(number)


@lru_cache(maxsize=2)  # today's, and yesterday's for a request begun just before midnight
def _coming_numbers(today: date) -> dict[int, date]:
    days = (today + timedelta(days=ahead) for ahead in range(DAYS_AHEAD + 1))
    numbers: dict[int, date] = {}
    for day in days:
        numbers.setdefault(daily_deal_number(day), day)
    return numbers
