"""A small, fast four-card Golf hole for the coach's look-ahead: ranks as ints, plain lists.

The full rules (app.rules.golf) check every move and build a frozen state per move; the
coach's Monte Carlo search plays thousands of turns a decision, so it plays them here instead:
the same turn, knock, reshuffle and scoring rules for a 2x2 square, no checks. A rank is its
index in RANKS (ace 0 .. king 12); a layout lists its cards row by row, as in the rules.

`greedy_turn` plays a whole turn by greedy's public rules (app/players/golf/greedy4.py), acting
only on what that seat knows; tests check that it picks greedy's moves and that a hole played
here scores as the rules score it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

RANKS = "A23456789TJQK"
POINTS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 0)
RANK_OF = {key: i for i, key in enumerate(RANKS)}
GREEDY_TAKES = frozenset(RANK_OF[key] for key in "A234K")
SIZE = 4
POSITIONS = range(SIZE)
NEAR_ROW = (2, 3)
# Rows and columns of the square: with pairs cancelling, equal ranks in one score 0.
LINES = ((0, 1), (2, 3), (0, 2), (1, 3))
KNOCK_PENALTY = 10
DRAGGING_TURNS_PER_SEAT = 25  # as knowledge.LONG_HOLE_TURNS_PER_SEAT: bots then end the hole


class Hole:
    """One hole in play, every card known (a determinisation): mutable, copied per playout."""

    __slots__ = (
        "seats",
        "cards",
        "up",
        "knows",
        "stock",
        "stock_points",
        "ends",
        "discard",
        "turn",
        "knocker",
        "turns",
        "pairs",
        "penalty",
        "reshuffle_seed",
    )

    def __init__(
        self,
        cards: list[list[int]],
        up: list[list[bool]],
        knows: list[list[bool]],
        stock: list[int],
        discard: list[int],
        turn: int,
        knocker: int | None = None,
        turns: int = 0,
        pairs: bool = False,
        penalty: bool = False,
        reshuffle_seed: int = 0,
        points: int | None = None,
        ends: tuple[int, ...] | None = None,
    ) -> None:
        self.seats = len(cards)
        self.cards, self.up, self.knows = cards, up, knows
        self.stock = stock  # the next card drawn is the last one
        # `points`: the stock's points, when the caller knows them (a copy does).
        self.stock_points = sum(POINTS[card] for card in stock) if points is None else points
        self.discard = discard  # the top is the last one
        # The end of the stock each seat draws from (-1: the last card, as the rules do). Two
        # seats drawing from opposite ends still draw a uniformly random sequence of unseen
        # cards, and one seat's choice to take the discard no longer shifts the other's draws:
        # the search's candidates then meet the same cards for longer.
        self.ends = ends or (-1,) * self.seats
        self.turn, self.knocker, self.turns = turn, knocker, turns
        self.pairs, self.penalty = pairs, penalty
        self.reshuffle_seed = reshuffle_seed  # a reshuffle is rare: its Random made then

    def copy(self, reshuffle_seed: int) -> Hole:
        return Hole(
            [c[:] for c in self.cards],
            [u[:] for u in self.up],
            [k[:] for k in self.knows],
            self.stock[:],
            self.discard[:],
            self.turn,
            self.knocker,
            self.turns,
            self.pairs,
            self.penalty,
            reshuffle_seed,
            self.stock_points,
            self.ends,
        )

    # The moves, each applied to the seat whose turn it is.

    def draw(self) -> int:
        card = self.stock.pop(self.ends[self.turn])
        self.stock_points -= POINTS[card]
        return card

    def knock(self) -> None:
        self.knocker = self.turn

    def swap(self, held: int, index: int) -> None:
        seat = self.turn
        self.discard.append(self.cards[seat][index])
        self.cards[seat][index] = held
        self.up[seat][index] = self.knows[seat][index] = True

    def throw(self, held: int) -> None:
        self.discard.append(held)

    def end_turn(self) -> bool:
        """Pass the turn on; True when the hole is over."""
        if not self.stock:
            self.stock = self.discard[:-1]
            random.Random(self.reshuffle_seed).shuffle(self.stock)
            self.stock_points = sum(POINTS[card] for card in self.stock)
            self.discard = self.discard[-1:]
        self.turns += 1
        self.turn = (self.turn + 1) % self.seats
        return self.turn == self.knocker

    @property
    def dragging(self) -> bool:
        return self.turns >= DRAGGING_TURNS_PER_SEAT * self.seats

    # What a seat knows.

    def unseen_mean(self, seat: int) -> float:
        """Mean points of the cards `seat` has not seen: the stock and face-down cards not its
        own peeked ones (the same cards its Knowledge.pool counts)."""
        total, count = self.stock_points, len(self.stock)
        for s in range(self.seats):
            cards, up = self.cards[s], self.up[s]
            knows = self.knows[s] if s == seat else up
            for i in POSITIONS:
                if not knows[i]:
                    total += POINTS[cards[i]]
                    count += 1
        return total / count if count else 5.0

    def scores(self) -> list[int]:
        result = [square_score(cards, self.pairs) for cards in self.cards]
        if self.penalty and self.knocker is not None and result[self.knocker] > min(result):
            result[self.knocker] += KNOCK_PENALTY
        return result


def square_score(cards: list[int], pairs: bool) -> int:
    if not pairs:
        return POINTS[cards[0]] + POINTS[cards[1]] + POINTS[cards[2]] + POINTS[cards[3]]
    cancelled = set()
    for a, b in LINES:
        if cards[a] == cards[b]:
            cancelled.update((a, b))
    return sum(POINTS[c] for i, c in enumerate(cards) if i not in cancelled)


def estimate(cards: list[int], known: list[bool], mean: float, pairs: bool) -> float:
    """Greedy's estimate (square.estimate): known cards as they score, the rest at `mean`."""
    total = unknown = 0
    if pairs:
        cancelled = set()
        for a, b in LINES:
            if known[a] and known[b] and cards[a] == cards[b]:
                cancelled.update((a, b))
        for i in POSITIONS:
            if not known[i]:
                unknown += 1
            elif i not in cancelled:
                total += POINTS[cards[i]]
    else:
        for i in POSITIONS:
            if known[i]:
                total += POINTS[cards[i]]
            else:
                unknown += 1
    return total + unknown * mean


def best_place(
    cards: list[int], known: list[bool], rank: int, mean: float, pairs: bool
) -> tuple[int, float]:
    """Greedy's place: the first position where `rank` lowers the estimate most, and that
    change (computed as greedy computes it, so that ties break alike)."""
    if pairs:
        return _best_place_pairing(cards, known, rank, mean)
    total = unknown = 0
    for i in POSITIONS:
        if known[i]:
            total += POINTS[cards[i]]
        else:
            unknown += 1
    now = total + unknown * mean
    points = POINTS[rank]
    best, best_change = 0, 0.0
    for i in POSITIONS:
        if known[i]:
            change = (total - POINTS[cards[i]] + points + unknown * mean) - now
        else:
            change = (total + points + (unknown - 1) * mean) - now
        if i == 0 or change < best_change:
            best, best_change = i, change
    return best, best_change


def _best_place_pairing(
    cards: list[int], known: list[bool], rank: int, mean: float
) -> tuple[int, float]:
    now = estimate(cards, known, mean, True)
    best, best_change = 0, 0.0
    for i in POSITIONS:
        old_card, old_known = cards[i], known[i]
        cards[i], known[i] = rank, True
        change = estimate(cards, known, mean, True) - now
        cards[i], known[i] = old_card, old_known
        if i == 0 or change < best_change:
            best, best_change = i, change
    return best, best_change


def greedy_knocks(hole: Hole, seat: int) -> bool:
    if hole.dragging:
        return True
    knows = hole.knows[seat]
    if not all(knows):
        return False
    others = ((hole.cards[s], hole.up[s]) for s in range(hole.seats) if s != seat)
    return lowest_known(hole.cards[seat], knows, others, hole.unseen_mean(seat), hole.pairs)


def lowest_known(
    cards: list[int], knows: list[bool], others: Iterable[tuple[list[int], list[bool]]],
    mean: float, pairs: bool,
) -> bool:
    """Greedy's knock test on a square it knows whole: its score below its estimate of every
    other square (`others`: cards and which are face up; face-down ones at `mean`)."""
    mine = estimate(cards, knows, mean, pairs)
    return all(mine < estimate(theirs, up, mean, pairs) for theirs, up in others)


def wants(cards: list[int], knows: list[bool], top: int, pairs: bool) -> bool:
    """Whether greedy considers taking the discard `top`: an ace to 4 or a king, or with pairs
    cancelling a rank it knows it holds (it then takes it if placing it lowers its estimate)."""
    return top in GREEDY_TAKES or pairs and any(knows[i] and cards[i] == top for i in POSITIONS)


def greedy_turn(hole: Hole) -> bool:
    """Greedy's whole turn for the seat to play; True when the hole is over."""
    seat = hole.turn
    if hole.knocker is None and greedy_knocks(hole, seat):
        hole.knock()
        return hole.end_turn()
    cards, knows, pairs = hole.cards[seat], hole.knows[seat], hole.pairs
    if hole.discard and wants(cards, knows, hole.discard[-1], pairs):
        top = hole.discard[-1]
        index, change = best_place(cards, knows, top, hole.unseen_mean(seat), pairs)
        if change < 0:
            hole.discard.pop()
            hole.swap(top, index)
            return hole.end_turn()
    greedy_place(hole, hole.draw())
    return hole.end_turn()


def greedy_place(hole: Hole, held: int) -> None:
    """Greedy's place for a card drawn from the stock: where it lowers the estimate most, else
    thrown away."""
    seat = hole.turn
    index, change = best_place(
        hole.cards[seat], hole.knows[seat], held, hole.unseen_mean(seat), hole.pairs
    )
    if change < 0:
        hole.swap(held, index)
    else:
        hole.throw(held)


Turn = Callable[[Hole], bool]


def play_out(hole: Hole, turns: list[Turn]) -> list[int]:
    """Play the hole to its end, each seat by its turn function; the hole's scores."""
    while not turns[hole.turn](hole):
        pass
    return hole.scores()
