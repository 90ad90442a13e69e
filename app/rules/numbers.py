"""Whole numbers as forms, stored moves and query strings spell them."""

from __future__ import annotations

import re

# A sign, then at most 18 ASCII digits: any such text fits a 64-bit integer. ASCII only:
# "²".isdigit() is true, and int() refuses thousands of digits with a ValueError.
_INTEGER = re.compile(r"-?[0-9]{1,18}")


def parse_int(value: object, low: int, high: int) -> int | None:
    """The whole number `value` is (an int, not a bool) or spells in ASCII digits, if it lies
    in [low, high]; else None."""
    if isinstance(value, str) and _INTEGER.fullmatch(value.strip()):
        value = int(value.strip())
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return value
    return None
