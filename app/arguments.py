"""Command-line whole numbers in a range: argparse refuses anything else in one line."""

from __future__ import annotations

import argparse
from collections.abc import Callable


def whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number in ASCII digits from `low` to `high`."""

    def parse(text: str) -> int:
        digits = text.removeprefix("-")
        if not (text.isascii() and digits.isdigit() and len(digits) <= 18):
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}")
        if not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(f"expected {low} to {high}, got {text}")
        return int(text)

    return parse
