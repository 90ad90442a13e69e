"""The shape of a Golf layout as data: rows x columns, and every position derived from it.

A layout lists its cards row by row, top row first, each row left to right: index
`row * columns + column`. Six-card Golf lays out two rows of three, four-card Golf a 2x2
square; nothing else in the rules or the players assumes a size.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property


@dataclass(frozen=True)
class Shape:
    rows: int
    columns: int

    @property
    def size(self) -> int:
        return self.rows * self.columns

    def index(self, row: int, column: int) -> int:
        return row * self.columns + column

    def row_of(self, index: int) -> int:
        return index // self.columns

    def column_of(self, index: int) -> int:
        return index % self.columns

    @cached_property
    def positions(self) -> tuple[int, ...]:
        return tuple(range(self.size))

    @cached_property
    def column_lines(self) -> tuple[tuple[int, ...], ...]:
        """Each column's positions, top to bottom, columns left to right."""
        return tuple(
            tuple(self.index(r, c) for r in range(self.rows)) for c in range(self.columns)
        )

    @cached_property
    def row_lines(self) -> tuple[tuple[int, ...], ...]:
        """Each row's positions, left to right, rows top to bottom."""
        return tuple(
            tuple(self.index(r, c) for c in range(self.columns)) for r in range(self.rows)
        )

    @cached_property
    def near_row(self) -> tuple[int, ...]:
        """The row nearest its owner (the bottom row): the cards a peek shows."""
        return self.row_lines[-1]

    def column_mate(self, index: int) -> int:
        """The other position of `index`'s column (both shapes have two rows): a pair."""
        return next(i for i in self.column_lines[self.column_of(index)] if i != index)

    def is_middle_column(self, index: int) -> bool:
        """Neither the leftmost nor the rightmost column."""
        return 0 < self.column_of(index) < self.columns - 1


SIX_CARD = Shape(rows=2, columns=3)
FOUR_CARD = Shape(rows=2, columns=2)
