"""Exact honest play: the best expected score for a player who knows which cards are in the
draw pile but never their order.

Every card outside the draw pile is on the table, so each draw is uniform over a known set of
cards. A state is the column heights, the top card and how many cards of each rank are left to
draw; its value is the best of playing a fitting card and drawing, where drawing is the mean
over the ranks left, weighted by how many of each there are. Small enough to search whole when
few cards are left to draw. The values belong to the tableau, not to a decision, so one Honest
serves a whole deal. The same search runs in C when the extension is built; both give the same
numbers (tests/coach/test_honest.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.players.solitaire.accel import library
from app.players.solitaire.solver import POWERS, TOPS, SearchTooBig, fit_masks, top_code
from app.rules.cards import rank
from app.rules.solitaire import COLUMNS, ROWS, Position

# Ranks 0 (joker) to 13; at most four cards of a rank, so a draw pile's counts fit base 5.
RANKS = 14
FIVES = tuple(5**r for r in range(RANKS))
UNSET = 1e9
# Memo slots of the C table: 2^20 (24 MB) by default; a full table only costs recomputation,
# so a search allowed many more states gets a larger one (up to 2^24, 400 MB).
C_BITS, C_MAX_BITS = 20, 24


def table_bits(node_limit: int) -> int:
    """Table size (log2) for searches of up to `node_limit` new states each."""
    return max(C_BITS, min(C_MAX_BITS, (2 * node_limit).bit_length()))


def rank_counts(position: Position) -> list[int]:
    """How many cards of each rank are in the draw pile: what anyone counting the table knows."""
    counts = [0] * RANKS
    for card in position.stock:
        counts[rank(card)] += 1
    return counts


class Honest:
    """Expectimax over one tableau; memoised for the whole deal."""

    def __init__(self, columns: Sequence[Sequence[str]], variant: Any, bits: int = C_BITS) -> None:
        self.columns = tuple(tuple(cards) for cards in columns)
        self.ranks = tuple(tuple(rank(card) for card in cards) for cards in self.columns)
        self.variant = variant
        self.fit = fit_masks(variant)
        self.zero = variant.clear_scores_zero
        self.memo: dict[int, float] = {}
        self.nodes = 0
        self.limit = 0
        fast = library()
        self._c: Any = None
        if fast is not None:
            flat = [r for cards in self.ranks for r in (*cards, *[0] * (ROWS - len(cards)))]
            self._c = fast.Honest(flat, self.fit, self.zero, bits)

    def serves(self, position: Position) -> bool:
        """Whether `position`'s columns are what is left of this tableau's."""
        return position.variant == self.variant and all(
            cards == base[: len(cards)]
            for cards, base in zip(position.columns, self.columns, strict=True)
        )

    def values(self, position: Position, plays: Sequence[int], node_limit: int = 0) -> list[float]:
        """Expected score after each play (columns), then after drawing if cards are left.

        Raises SearchTooBig when more than `node_limit` new states are needed (0 = no limit).
        """
        heights = [len(cards) for cards in position.columns]
        top = top_code(position.top)
        counts = rank_counts(position)
        if self._c is not None:
            found, nodes = self._c.values(heights, top, counts, list(plays), node_limit)
            self.nodes += nodes
            if found is None:
                raise SearchTooBig(node_limit)
            return found
        self.limit = self.nodes + node_limit if node_limit else 1 << 62
        code = sum(h * POWERS[c] for c, h in enumerate(heights))
        left = sum(heights)
        total = len(position.stock)
        mkey = sum(n * FIVES[r] for r, n in enumerate(counts))
        found = []
        for c in plays:
            card = self.ranks[c][heights[c] - 1]
            heights[c] -= 1
            value = self._expect(heights, code - POWERS[c], left - 1, card, counts, total, mkey)
            found.append(value)
            heights[c] += 1
        if total:
            found.append(self._draw(heights, code, left, counts, total, mkey))
        return found

    def _draw(
        self, h: list[int], code: int, left: int, counts: list[int], total: int, mkey: int
    ) -> float:
        """The mean over the next card drawn, each rank weighted by how many are left."""
        value = 0.0
        for r in range(RANKS):
            n = counts[r]
            if n:
                counts[r] = n - 1
                value += n * self._expect(h, code, left, r, counts, total - 1, mkey - FIVES[r])
                counts[r] = n
        return value / total

    def _expect(
        self, h: list[int], code: int, left: int, top: int, counts: list[int], total: int, mkey: int
    ) -> float:
        if left == 0:
            return 0.0 if self.zero else -float(total)
        key = (mkey * 6**COLUMNS + code) * TOPS + top
        found = self.memo.get(key)
        if found is not None:
            return found
        self.nodes += 1
        if self.nodes > self.limit:
            raise SearchTooBig(self.limit)
        floor = 0.0 if self.zero else -float(total)
        best = UNSET
        fit, ranks = self.fit[top], self.ranks
        for c in range(COLUMNS):
            hc = h[c]
            if hc:
                card = ranks[c][hc - 1]
                if fit >> card & 1:
                    h[c] = hc - 1
                    value = self._expect(h, code - POWERS[c], left - 1, card, counts, total, mkey)
                    h[c] = hc
                    if value < best:
                        best = value
                        if best <= floor:
                            self.memo[key] = best
                            return best
        if total:
            best = min(best, self._draw(h, code, left, counts, total, mkey))
        if best == UNSET:
            best = float(left)
        self.memo[key] = best
        return best
