"""Four-card Golf values shared by the four-card players: what a square is expected to score.

A square is four rank keys (None: a card this seat does not know), in layout order. With
pairs cancelling, a row or column of two equal ranks scores 0; a card counts once even when it
pairs both ways.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.players.golf.knowledge import Knowledge
from app.rules.golf import Shape

Square = Sequence[str | None]


def pair_lines(shape: Shape, pairs_cancel: bool) -> tuple[tuple[int, ...], ...]:
    """The lines whose equal ranks cancel (none in the basic game)."""
    return shape.row_lines + shape.column_lines if pairs_cancel else ()


def partners(shape: Shape, pairs_cancel: bool) -> tuple[tuple[int, ...], ...]:
    """For each position, the positions it would pair with."""
    lines = pair_lines(shape, pairs_cancel)
    return tuple(
        tuple(j for line in lines if i in line for j in line if j != i) for i in shape.positions
    )


def known_points(square: Square, points: dict[str, int], lines: tuple[tuple[int, ...], ...]
                 ) -> tuple[float, int]:
    """Points of the known cards (those in a known pair count 0) and how many are unknown."""
    cancelled = {
        i for line in lines
        if all(square[j] is not None for j in line) and len({square[j] for j in line}) == 1
        for i in line
    }
    total = sum(points[r] for i, r in enumerate(square) if r is not None and i not in cancelled)
    return total, sum(r is None for r in square)


def estimate(square: Square, known: Knowledge, lines: tuple[tuple[int, ...], ...]) -> float:
    """The greedy estimate: known cards as they score, unknown cards at the pool's mean."""
    total, unknown = known_points(square, known.points, lines)
    return total + unknown * known.mean
