"""The coach's Monte Carlo look-ahead for four-card Golf against one opponent.

Greedy's rules are public, so from the coach's seat a hole is a decision problem against a
known policy. For each candidate move the search deals the cards the coach cannot see (its own
unseen cards, the opponent's face-down cards and the stock order) anew from the unseen pool,
as its SeatView alone allows (the opponent's peeked cards as far as its moves this hole
reveal them, greedy4_reading), plays the rest of the hole in golf4_rollout (itself by a fast
rollout policy, the opponent by greedy's rules, each acting only on what it knows there), and
compares the moves by how their playouts end. Every move meets the same deals (common random
numbers), so their difference is measured with far less noise than their values.

"End" is the chance of winning the game: the hole's scores are added to the running totals,
and the holes still to play are a normal spread of `HOLE_SPREAD` points each.

Playouts are noisy and the coach does not play itself out as it really plays: on its own
(a few dozen deals a decision) the search won only 34-57 % of games against greedy. So it
checks the heuristic coach's move (`prior`) and replaces it only with a candidate that wins
more often on the same deals by `OVERRULE_Z` standard errors.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from itertools import accumulate

from app.players.golf.golf4_rollout import (
    POINTS,
    POSITIONS,
    RANK_OF,
    Hole,
    Turn,
    greedy_turn,
    play_out,
)
from app.players.golf.greedy4_reading import near_card_guesses
from app.players.golf.knowledge import knowledge_of, rank_of
from app.rules.golf import (
    DrawStock,
    Knock,
    Move,
    Phase,
    Pile,
    SeatView,
    Swap,
    TakeDiscard,
    ThrowAway,
)

DEALS = 48  # determinisations per decision
# Spread (standard deviation) of one hole's score difference between the coach and greedy.
HOLE_SPREAD = 6.5
# A little of the hole's score difference, so that a game already won or lost still plays well.
SCORE_WEIGHT = 0.002
OPEN_ENDED_HOLES = 4  # playing to a target total: the end taken as this many holes away
# Every BATCH deals, drop a candidate behind the leader by more than DROP_Z standard errors.
BATCH = 8
DROP_Z = 2.0
# The heuristic coach's choice (`prior`) stands unless another beats it by this many
# standard errors on the same deals. Against greedy, 300 games on each of seeds 7, 11 and 23:
# the heuristic alone won 63.4 %; overruling at 1 standard error 64.4 %, at 2 67.1 %, at 3
# 68.3 %. With greedy's cards read (seeds 7 and 11, 300 games, same games): at 2, -0.7 and
# -2.5 points against 3; at 2.5, +2.2 and -0.3.
OVERRULE_Z = 3.0
# The seats draw from opposite ends of the stock (see golf4_rollout.Hole.ends).
OPPOSITE_ENDS = (-1, 0)
NEAR_ROW = (2, 3)
# Deal the opponent's near cards from what its moves say of them (greedy4_reading). Against
# the cap of `_kept_cards` alone, game by game: +2.3 and +3.8 points of win share on seeds 7
# and 11 (300 games each), -0.1 ± 0.7 on the report seed 1 (2,000 games).
READ_GREEDY = True
TOP_ROW = (0, 1)


@dataclass(frozen=True)
class Action:
    """A candidate move: its first Move, and how to play it on a determinised hole."""

    move: Move
    kind: str  # "knock", "draw", "take", "swap", "throw"
    index: int = -1


def candidates(view: SeatView) -> list[Action]:
    """The moves worth comparing: symmetric places (same card, both face down or both up,
    without pairs) count once, and a card is not put on a lower card it knows."""
    seat = view.seat
    if view.phase == Phase.DRAW:
        actions = [Action(DrawStock(seat), "draw")]
        if view.knocker is None:
            actions.append(Action(Knock(seat), "knock"))
        if view.discard:
            actions += [
                Action(TakeDiscard(seat), "take", i)
                for i in _places(view, RANK_OF[rank_of(view.discard[-1])])
            ]
        return actions
    rank = RANK_OF[rank_of(view.drawn)]
    actions = [Action(Swap(seat, i), "swap", i) for i in _places(view, rank)]
    if view.held_from == Pile.STOCK:
        actions.append(Action(ThrowAway(seat), "throw"))
    return actions


def _places(view: SeatView, rank: int) -> list[int]:
    mine, up = view.mine, view.layouts[view.seat]
    if view.options.pairs_cancel:
        return list(POSITIONS)
    seen, places = set(), []
    for i in POSITIONS:
        card = None if mine[i] is None else RANK_OF[rank_of(mine[i])]
        key = (card, up[i] is not None)
        if key in seen or (card is not None and POINTS[card] <= POINTS[rank]):
            continue
        seen.add(key)
        places.append(i)
    if not places:  # every card I know is lower: the highest must still go (a taken card)
        places = [max(POSITIONS, key=lambda i: POINTS[RANK_OF[rank_of(mine[i])]])]
    return places


class Table:
    """What the seat knows of the hole, ready to be dealt into determinised Holes."""

    def __init__(self, view: SeatView) -> None:
        known = knowledge_of(view)
        self.seat = view.seat
        self.pool = sorted(RANK_OF[r] for r, n in known.pool.items() for _ in range(n))
        self.cards: list[list[int | None]] = [
            [None if c is None else RANK_OF[c] for c in layout] for layout in known.layouts
        ]
        self.up = [[c is not None for c in layout] for layout in view.layouts]
        # Every seat looked at its own near row at the deal.
        self.knows = [[u or i in NEAR_ROW for i, u in enumerate(up)] for up in self.up]
        self.stock = view.stock
        self.discard = [RANK_OF[rank_of(c)] for c in view.discard]
        self.held = None if view.drawn is None else RANK_OF[rank_of(view.drawn)]
        self.turn, self.knocker, self.turns = view.turn, view.knocker, view.turns
        self.pairs, self.penalty = view.options.pairs_cancel, view.options.knock_penalty
        self.cap = sum(POINTS[r] for r in self.pool) / max(1, len(self.pool))
        # The opponent's face-down near cards: dealt from what its moves say of them when they
        # can be read, else only capped as `_kept_cards` says.
        self.read = near_card_guesses(view) if READ_GREEDY else None
        self.capped = [] if self.read is not None else _kept_cards(view)
        if self.read is not None:
            self.guesses = [guess for guess, _ in self.read[1]]
            self.weights = list(accumulate(weight for _, weight in self.read[1]))

    def deal(self, rng: random.Random) -> Hole:
        pool = self.pool[:]
        cards = [layout[:] for layout in self.cards]
        if self.read is not None:
            pick = bisect_right(self.weights, rng.random() * self.weights[-1])
            for i, rank in zip(self.read[0], self.guesses[pick], strict=True):
                cards[1 - self.seat][i] = rank
                pool.remove(rank)
        rng.shuffle(pool)
        for seat, i in self.capped:
            # The last card of the shuffled pool that fits: a uniform draw among those that do.
            fits = next(
                (k for k in range(len(pool) - 1, -1, -1) if POINTS[pool[k]] <= self.cap),
                len(pool) - 1,
            )
            cards[seat][i] = pool.pop(fits)
        cards = [[pool.pop() if c is None else c for c in layout] for layout in cards]
        return Hole(
            cards,
            [u[:] for u in self.up],
            [k[:] for k in self.knows],
            pool,
            self.discard[:],
            self.turn,
            self.knocker,
            self.turns,
            self.pairs,
            self.penalty,
            ends=OPPOSITE_ENDS,
        )


def _kept_cards(view: SeatView) -> list[tuple[int, int]]:
    """The other seats' peeked cards that greedy's rules say are at most the unseen mean.

    Greedy puts a card where its estimate drops most, an unseen card counting at the mean and
    the top row first on a tie: a card in its top row face up while a near card it has looked
    at stays face down means that near card was no higher than the mean then."""
    kept = []
    for seat, layout in enumerate(view.layouts):
        if seat == view.seat or all(layout[i] is None for i in TOP_ROW):
            continue
        kept += [(seat, i) for i in NEAR_ROW if layout[i] is None]
    return kept


def play_action(hole: Hole, action: Action, held: int | None, place: Callable) -> bool:
    """Play the coach's candidate on a determinised hole; True when that ended the hole."""
    if action.kind == "knock":
        hole.knock()
    elif action.kind == "take":
        hole.swap(hole.discard.pop(), action.index)
    elif action.kind == "swap":
        hole.swap(held, action.index)
    elif action.kind == "throw":
        hole.throw(held)
    else:
        place(hole, hole.draw())
    return hole.end_turn()


def win_chance(view: SeatView, scores: list[int]) -> float:
    """The coach's chance of winning the game once this hole scores `scores`."""
    me = view.seat
    totals = view.totals
    lead = (totals[1 - me] + scores[1 - me]) - (totals[me] + scores[me])
    holes = view.options.holes
    left = OPEN_ENDED_HOLES if holes is None else holes - view.hole
    if left <= 0:
        chance = 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
    else:
        chance = 0.5 * (1 + math.erf(lead / (HOLE_SPREAD * math.sqrt(2 * left))))
    return chance + SCORE_WEIGHT * lead


def search(
    view: SeatView,
    rng: random.Random,
    rollout: Turn,
    place: Callable,
    deals: int | None = None,
    prior: tuple[str, int] | None = None,
) -> Move:
    """The candidate with the best mean over `deals` determinisations (ties: listed first).

    Every `BATCH` deals, a candidate clearly behind the leader on the same deals (by `DROP_Z`
    standard errors) is dropped, so that the deals go to the close calls; the search stops
    when one candidate is left."""
    actions = candidates(view)
    if len(actions) == 1:
        return actions[0].move
    deals = DEALS if deals is None else deals  # read now, so a benchmark may change it
    table = Table(view)
    turns = [greedy_turn, greedy_turn]
    turns[view.seat] = rollout
    values: list[list[float]] = [[] for _ in actions]
    alive = list(range(len(actions)))
    seed = rng.getrandbits(64)
    favoured = _matching(view, actions, prior)
    for k in range(deals):
        base = table.deal(random.Random(seed + k))
        for a in alive:
            hole = base.copy(seed - k)
            if play_action(hole, actions[a], table.held, place):
                scores = hole.scores()
            else:
                scores = play_out(hole, turns)
            values[a].append(win_chance(view, scores))
        if (k + 1) % BATCH == 0:
            alive = _survivors(values, alive, favoured)
            if len(alive) == 1:
                break
    best = max(alive, key=lambda a: (sum(values[a]), -a))
    if favoured >= 0 and best != favoured and _z(values[best], values[favoured]) < OVERRULE_Z:
        best = favoured
    return actions[best].move


def _matching(view: SeatView, actions: list[Action], prior: tuple[str, int] | None) -> int:
    """The candidate that plays `prior` (a kind and place), or -1."""
    if prior is None:
        return -1
    kind, index = prior
    for a, action in enumerate(actions):
        if action.kind == kind and (index < 0 or _alike(view, action.index, index)):
            return a
    return -1


def _alike(view: SeatView, i: int, j: int) -> bool:
    if view.options.pairs_cancel:
        return i == j
    mine, up = view.mine, view.layouts[view.seat]
    ranks = [None if card is None else rank_of(card) for card in mine]
    return ranks[i] == ranks[j] and (up[i] is None) == (up[j] is None)


def _survivors(values: list[list[float]], alive: list[int], kept: int) -> list[int]:
    """The candidates not clearly behind the leader (and `kept`, whatever its values)."""
    leader = max(alive, key=lambda a: (sum(values[a]), -a))
    return [a for a in alive if a in (leader, kept) or _z(values[a], values[leader]) > -DROP_Z]


def _z(these: list[float], those: list[float]) -> float:
    """How many standard errors `these` are above `those`, deal by deal."""
    n = len(these)
    diffs = [x - y for x, y in zip(these, those, strict=True)]
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    return mean / spread if spread else (0.0 if mean == 0 else math.copysign(math.inf, mean))
