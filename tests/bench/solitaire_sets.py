"""The two named sets of solitaire deal numbers: "tune" to choose settings on, "report" to publish.

    .venv/bin/python -m tests.bench.solitaire_sets

Deal numbers 1-1000 are easier than typical deals (issue 18: the clairvoyant optimum there is
1.90 / 28.6 % cleared, against 2.21 / 24.2 % on other random deals), and the coach's settings
were chosen on them, so neither set may use them. The rule: `random.Random(SEED).sample` of
2 * SIZE distinct numbers from FIRST..LAST; the first SIZE (in the order drawn) are "tune",
the rest "report". The files written are the truth; the rule only says how they were made.
A deal number gives a different deal under each joker count (the deck differs), so each
variation plays its own cards for the same numbers.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

SEED = 18
SIZE = 1000
FIRST, LAST = 1001, 999_999_999
SET_NAMES = ("tune", "report")
HERE = Path(__file__).resolve().parent


def set_path(name: str) -> Path:
    if name not in SET_NAMES:
        raise ValueError(f"unknown deal set {name!r}: use one of {', '.join(SET_NAMES)}")
    return HERE / f"solitaire_set_{name}.json"


def draw_sets() -> dict[str, list[int]]:
    numbers = random.Random(SEED).sample(range(FIRST, LAST + 1), 2 * SIZE)
    return {"tune": numbers[:SIZE], "report": numbers[SIZE:]}


def load_set(name: str) -> list[int]:
    """The deal numbers of a named set, in their fixed order."""
    numbers = json.loads(set_path(name).read_text())
    if not isinstance(numbers, list) or not all(isinstance(n, int) for n in numbers):
        raise ValueError(f"{set_path(name)} must hold a JSON list of deal numbers")
    return numbers


def main() -> None:
    for name, numbers in draw_sets().items():
        set_path(name).write_text(json.dumps(numbers) + "\n")
        print(f"{set_path(name).name}: {len(numbers)} deal numbers")


if __name__ == "__main__":
    main()
