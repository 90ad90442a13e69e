"""Exact perfect-information solver: the best score reachable when the draw order is known.

States are small integers: the column heights in base 6, the top card's rank (0 = joker,
14 = no card yet) and an id for the rest of the draw pile. Draw piles are interned in a trie
(rank, id of the rest) -> id, so two samples that end the same way share every state that
only depends on that ending, and the memo stays valid across samples and across decisions
of the same deal.

With a horizon the search stops after that many draws and estimates the rest (cards left,
or playing on by the rules of thumb). The same search runs in C when app.players.solitaire.accel can
build it; both give the same numbers (tests/coach/test_solver.py checks this).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from app.players.solitaire.accel import library
from app.rules.cards import rank
from app.rules.solitaire import COLUMNS, KING, ROWS, Position, Variant, neighbours

NO_TOP = 14
BASE = ROWS + 1
POWERS = tuple(BASE**c for c in range(COLUMNS))
TOPS = 15
STATE_SPAN = BASE**COLUMNS * TOPS
INF = 1 << 30
MEMO_LIMIT = 3_000_000
# Rollout policies past the horizon: 1 = rules of thumb, 2 = also prefer the longest run.
THUMB_ROLLOUTS, RUN_ROLLOUTS = 1, 2
RUN_DEPTH = 6

sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
# Memo slots of a C search: 2^20 (16 MB) holds an exact solve of a hard deal; a bounded search
# never visits more states than its limit, so it gets a table about that size (cheaper to zero).
C_TABLE_BITS, C_MIN_BITS = 20, 12


def c_table_bits(node_limit: int) -> int:
    """Table size (log2) for a C search that visits at most `node_limit` states (0 = no limit)."""
    if not node_limit:
        return C_TABLE_BITS
    return max(C_MIN_BITS, min(C_TABLE_BITS, (2 * node_limit).bit_length()))


def fit_masks(variant: Variant) -> tuple[int, ...]:
    """FIT[top] has bit r set when a card of rank r (0 = joker) may go on `top`."""
    masks = []
    for top in range(TOPS):
        if top == NO_TOP:
            masks.append(0)
        elif top == 0:
            masks.append((1 << (KING + 1)) - 1)
        else:
            masks.append(sum(1 << r for r in neighbours(top, variant)) | 1)
    return tuple(masks)


def top_code(card: str | None) -> int:
    return NO_TOP if card is None else rank(card)


class SearchTooBig(Exception):
    """The search needed more states than it was allowed; nothing wrong was stored."""


class Solver:
    """Memoised depth-first search over one tableau; reusable across draw-pile orders."""

    def __init__(self, columns: Sequence[Sequence[str]], variant: Variant) -> None:
        self.columns = tuple(tuple(cards) for cards in columns)
        self.ranks = tuple(tuple(rank(card) for card in cards) for cards in self.columns)
        self.variant = variant
        self.fit = fit_masks(variant)
        self.memo: dict[int, int] = {}
        self.trie: dict[tuple[int, int], int] = {}
        self.nodes = 0
        self.stop = 0  # stop drawing when this many cards are left to draw
        self.limit = INF
        self.rollouts = 0  # past the horizon: 0 count the cards, or play on (THUMB/RUN_ROLLOUTS)
        self.fast = library()
        self._c_search: Any = None
        self._c_bits = 0
        self._c_context: tuple = ()
        self._c_stocks: dict[int, tuple[int, ...]] = {}

    def stock_ids(self, stock: Sequence[int]) -> list[int]:
        """Interned id of each suffix stock[i:] (id 0 = empty draw pile)."""
        ids = [0] * (len(stock) + 1)
        trie = self.trie
        for i in range(len(stock) - 1, -1, -1):
            key = (stock[i], ids[i + 1])
            found = trie.get(key)
            if found is None:
                found = trie[key] = len(trie) + 1
            ids[i] = found
        return ids

    def heights_of(self, position: Position) -> list[int]:
        """Current column heights; the position's columns must be prefixes of ours."""
        return [len(cards) for cards in position.columns]

    def solve(self, heights: Sequence[int], top: int, stock: Sequence[int]) -> int:
        """Best score reachable from this state when the draw pile is `stock` in this order."""
        self._prepare(len(stock))
        ids = self.stock_ids(stock)
        h = list(heights)
        code = sum(hc * POWERS[c] for c, hc in enumerate(h))
        return self._search(h, code, sum(h), top, 0, list(stock), ids)

    def _prepare(self, stock_size: int, horizon: int | None = None) -> None:
        """Set where the search stops drawing; a new stop point invalidates the memo."""
        stop = 0 if horizon is None else max(0, stock_size - horizon)
        if stop != self.stop or len(self.memo) > MEMO_LIMIT:
            self.memo.clear()
            self.stop = stop

    def action_values(
        self,
        heights: Sequence[int],
        top: int,
        stock: Sequence[int],
        plays: Sequence[int],
        horizon: int | None = None,
        node_limit: int = 0,
        sample: int = 0,
    ) -> list[int]:
        """Value of each play (columns), then of drawing if `stock` is not empty.

        Exact without a horizon; with one, the search stops after `horizon` draws and
        counts the cards left then. Raises SearchTooBig past `node_limit` states (0 = none).
        `sample` numbers the draw orders tried for one decision, so that later decisions
        before the next draw, given the same orders, reuse the work.
        """
        if self.fast is not None:
            return self._c_action_values(heights, top, stock, plays, horizon, node_limit, sample)
        self._prepare(len(stock), horizon)
        self.limit = self.nodes + node_limit if node_limit else INF
        ids = self.stock_ids(stock)
        stock = list(stock)
        h = list(heights)
        code = sum(hc * POWERS[c] for c, hc in enumerate(h))
        left = sum(h)
        values = []
        for c in plays:
            card = self.ranks[c][h[c] - 1]
            h[c] -= 1
            values.append(self._search(h, code - POWERS[c], left - 1, card, 0, stock, ids))
            h[c] += 1
        if stock:
            values.append(self._search(h, code, left, stock[0], 1, stock, ids))
        return values

    def _rollout(self, heights: list[int], left: int, top: int, s: int, stock: list[int]) -> int:
        """Play on by the rules of thumb with this draw order: the leaf estimate (as in C)."""
        h = list(heights)
        fit, ranks = self.fit, self.ranks
        # Each step costs about as much as a search state here: count it against the limit.
        self.nodes += left + len(stock) - s
        if self.nodes > self.limit:
            raise SearchTooBig(self.limit)
        while left:
            best_c, best_key = -1, -1
            for c in range(COLUMNS):
                if h[c] and fit[top] >> ranks[c][h[c] - 1] & 1:
                    card = ranks[c][h[c] - 1]
                    key = 16 * follows(fit, card, ranks, h, c) + h[c]
                    if self.rollouts == RUN_ROLLOUTS:
                        h[c] -= 1
                        key += 256 * run_length(fit, ranks, h, card, RUN_DEPTH)
                        h[c] += 1
                    if key > best_key:
                        best_c, best_key = c, key
            if best_c >= 0:
                top = ranks[best_c][h[best_c] - 1]
                h[best_c] -= 1
                left -= 1
            elif s < len(stock):
                top, s = stock[s], s + 1
            else:
                return left
        return 0 if self.variant.clear_scores_zero else -(len(stock) - s)

    def _c_action_values(
        self,
        heights: Sequence[int],
        top: int,
        stock: Sequence[int],
        plays: Sequence[int],
        horizon: int | None,
        node_limit: int,
        sample: int,
    ) -> list[int]:
        """Same as action_values, in C (with the GIL released while it searches)."""
        stop = 0 if horizon is None else max(0, len(stock) - horizon)
        bits = c_table_bits(node_limit)
        if self._c_search is None or bits > self._c_bits:
            flat = [0] * (COLUMNS * ROWS)
            for c, cards in enumerate(self.ranks):
                flat[c * ROWS : c * ROWS + len(cards)] = cards
            assert self.fast is not None
            self._c_search = self.fast.Search(flat, self.fit, self.variant.clear_scores_zero, bits)
            self._c_bits, self._c_context, self._c_stocks = bits, (), {}
        fresh = not self._c_still_valid((stop, self.rollouts), sample, tuple(stock))
        values, nodes = self._c_search.values(
            list(heights),
            top,
            list(stock),
            stop,
            list(plays),
            node_limit,
            int(self.rollouts),
            sample,
            fresh,
        )
        self.nodes += nodes
        if values is None:
            raise SearchTooBig(node_limit)
        return values

    def _c_still_valid(self, context: tuple, sample: int, stock: tuple[int, ...]) -> bool:
        """Whether the C table holds only states of this horizon and these sample orders."""
        if self._c_context == context:
            known = self._c_stocks.setdefault(sample, stock)
            if known == stock:
                return True
        self._c_context, self._c_stocks = context, {sample: stock}
        return False

    def _search(
        self,
        h: list[int],
        code: int,
        left: int,
        top: int,
        s: int,
        stock: list[int],
        ids: list[int],
    ) -> int:
        remaining = len(stock) - s
        if left == 0:
            return 0 if self.variant.clear_scores_zero else -remaining
        key = code * TOPS + top + ids[s] * STATE_SPAN
        memo = self.memo
        found = memo.get(key)
        if found is not None:
            return found
        self.nodes += 1
        if self.nodes > self.limit:
            raise SearchTooBig(self.limit)
        floor = 0 if self.variant.clear_scores_zero else -remaining
        best = INF
        fit = self.fit[top]
        ranks = self.ranks
        for c in range(COLUMNS):
            hc = h[c]
            if hc:
                card = ranks[c][hc - 1]
                if fit >> card & 1:
                    h[c] = hc - 1
                    value = self._search(h, code - POWERS[c], left - 1, card, s, stock, ids)
                    h[c] = hc
                    if value < best:
                        best = value
                        if best <= floor:
                            memo[key] = best
                            return best
        if remaining > self.stop:
            value = self._search(h, code, left, stock[s], s + 1, stock, ids)
            if value < best:
                best = value
        if remaining and remaining == self.stop:
            leaf = self._rollout(h, left, stock[s], s + 1, stock) if self.rollouts else left
            best = min(best, leaf)
        if best == INF:
            best = left
        memo[key] = best
        return best


def follows(
    fit: Sequence[int], card: int, ranks: Sequence[Sequence[int]], h: Sequence[int], c: int
) -> bool:
    """Whether a visible card could go on `card` once column c's last card is played."""
    if h[c] > 1 and fit[card] >> ranks[c][h[c] - 2] & 1:
        return True
    return any(o != c and h[o] and fit[card] >> ranks[o][h[o] - 1] & 1 for o in range(COLUMNS))


def run_length(
    fit: Sequence[int], ranks: Sequence[Sequence[int]], h: list[int], top: int, depth: int
) -> int:
    """Longest run that could follow on `top` from the columns as they stand (capped)."""
    best = 0
    if depth:
        for c in range(COLUMNS):
            if h[c] and fit[top] >> ranks[c][h[c] - 1] & 1:
                card = ranks[c][h[c] - 1]
                h[c] -= 1
                best = max(best, 1 + run_length(fit, ranks, h, card, depth - 1))
                h[c] += 1
    return best


def best_score(position: Position) -> int:
    """The best score reachable from `position` knowing the draw order (perfect information)."""
    solver = Solver(position.columns, position.variant)
    stock = [rank(card) for card in position.stock]
    return solver.solve(solver.heights_of(position), top_code(position.top), stock)
