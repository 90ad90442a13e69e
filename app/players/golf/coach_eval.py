"""How the six-card coach values a layout: card counting, pairs and the turns still to come.

Every value is an expected hole score worked out over the unseen pool, counted by rank:
- `ev(layout)`: the score if the hole ended now, face-down cards drawn from the pool (so a
  face-up 9 over a face-down card is worth less than 9 + mean: it may turn out to pair);
- `gain(layout)`: how much one more turn (a card from the stock, put where it helps most) is
  expected to save; the look-ahead values a layout at `ev - alpha * gain`, where `alpha`
  is about how many turns are left.
Columns are independent, so values are memoised per (top, bottom) for one decision.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.players.golf.knowledge import Knowledge

Layout = Sequence[str | None]


class Evaluator:
    """Layout values for one decision of one seat (the pool does not change meanwhile)."""

    def __init__(self, knowledge: Knowledge) -> None:
        self.points = knowledge.points
        self.columns = knowledge.shape.column_lines
        size = knowledge.pool_size or 1
        self.odds = {r: n / size for r, n in knowledge.pool.items() if n > 0}
        self.mean = sum(self.points[r] * q for r, q in self.odds.items())
        # Two unknown cards in one column: both means, less the chance they pair.
        self.both_unknown = 2 * self.mean - sum(
            q * q * 2 * self.points[r] for r, q in self.odds.items()
        )
        self._column: dict[tuple[str | None, str | None], float] = {}
        self._gains: dict[tuple[str | None, str | None], tuple[float, ...]] = {}
        self.ranks = list(self.odds)
        self.weights = tuple(self.odds[r] for r in self.ranks)
        self._vectors: dict[str | None, tuple[float, ...]] = {}

    def column(self, top: str | None, bottom: str | None) -> float:
        key = (top, bottom)
        value = self._column.get(key)
        if value is None:
            value = self._column[key] = self._column_value(top, bottom)
        return value

    def _column_value(self, top: str | None, bottom: str | None) -> float:
        p = self.points
        if top is not None and bottom is not None:
            return 0.0 if top == bottom else float(p[top] + p[bottom])
        known = top if top is not None else bottom
        if known is None:
            return self.both_unknown
        q = self.odds.get(known, 0.0)
        return p[known] + self.mean - 2 * q * p[known]

    def ev(self, layout: Layout) -> float:
        return sum(self.column(layout[t], layout[b]) for t, b in self.columns)

    def _with(self, other: str | None) -> tuple[float, ...]:
        """For each pool rank r: the value of a column holding r and `other`."""
        vector = self._vectors.get(other)
        if vector is None:
            if other is None:
                vector = tuple(self.column(r, None) for r in self.ranks)
            else:
                extra = self.points[other]
                vector = tuple(
                    0.0 if r == other else self.points[r] + extra for r in self.ranks
                )
            self._vectors[other] = vector
        return vector

    def column_gains(self, top: str | None, bottom: str | None) -> tuple[float, ...]:
        """For each pool rank: what putting it in this column (best of two places) saves."""
        key = (top, bottom)
        gains = self._gains.get(key)
        if gains is None:
            now = self.column(top, bottom)
            gains = tuple(
                max(0.0, now - (a if a < b else b))
                for a, b in zip(self._with(bottom), self._with(top), strict=True)
            )
            self._gains[key] = gains
        return gains

    def gain(self, layout: Layout) -> float:
        """Expected saving of one more stock card, placed in the best column (or thrown)."""
        gains = [self.column_gains(layout[t], layout[b]) for t, b in self.columns]
        by_rank = zip(*gains, strict=True)
        return sum(q * max(best) for q, best in zip(self.weights, by_rank, strict=True))
