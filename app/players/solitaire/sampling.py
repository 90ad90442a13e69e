"""The coach: average exact solves over random orders of the unseen draw pile, with this turn
and the next chosen without knowing the order (turns.py), and once few cards are left to draw,
the exact honest best (honest.py) instead.

Honest by construction: the draw pile is only ever read as a sorted list or as counts per rank
(which cards are in it, visible to anyone who counts the table), and the orders tried are
shuffled with a seeded generator. A solve that knows its sampled order plays better than anyone
could without it, which flatters moves that keep options open; the exact honest search has no
such bias, so the coach uses it wherever it fits.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from app.players.solitaire.honest import Honest, table_bits
from app.players.solitaire.solver import RUN_ROLLOUTS, SearchTooBig, Solver, top_code
from app.players.solitaire.thumb import thumb_choices
from app.players.solitaire.turns import turn_values
from app.rules.cards import rank
from app.rules.solitaire import DRAW, Move, Play, Position

# Draws searched exactly per sample; with this many cards or fewer left to draw, every
# sample is solved to the end of the deal. Beyond it, the rules of thumb play on.
DEFAULT_HORIZON = 7
DEFAULT_SAMPLES = 64
# Exact honest play (honest.py) once this few cards are left to draw, within this many new
# states a decision (about 0.1 s in C; the pure-Python search is about 50 times slower).
DEFAULT_ENDGAME = 10
DEFAULT_ENDGAME_NODES = 300_000
# Orders tried per rank the next draw may bring, for the estimate of turns.py; 0 = plain
# sampling, where every order is known from the first draw (Hint and the review, whose budgets
# count plain samples).
DEFAULT_TURN_SAMPLES = 16
# Only moves that sampling finds this close (in cards) are judged again that way.
DEFAULT_TURN_MARGIN = 0.5
# A budget of states ends sampling only after this many samples: a mean of fewer orders is
# no mean to speak of (one order once advised the move that 400 orders put 2 cards behind).
MIN_BUDGET_SAMPLES = 16


def candidates(position: Position) -> tuple[list[int], list[Move]]:
    """The columns that may be played (rules-of-thumb order), and every legal move: those
    plays, then drawing if cards are left to draw."""
    plays = thumb_choices(position)
    return plays, [Play(c) for c in plays] + ([DRAW] if position.stock else [])


def plain_sampler(**options: Any) -> Coach:
    """A coach that only averages sampled solves (no exact endgame, no honest turns), so that
    its cost is counted in the sampler's states: what Hint and the review budget for."""
    return Coach(endgame=0, turn_samples=0, **options)


def deepest_that_fits(
    coaches: Sequence[Coach], position: Position, *, state_budget: int = 0, **options: Any
) -> Estimate | None:
    """The estimate of the first coach (deepest horizon first) whose samples each fit their
    share of states (`node_limit` in `options`); None when none fits. The states a coach
    spent before its search proved too big come out of `state_budget`, if given; once that is
    spent, a shallower coach still takes its MIN_BUDGET_SAMPLES samples (each within
    `node_limit`, so the work stays bounded)."""
    left = state_budget
    for coach in coaches:
        before = coach.solver_for(position).nodes
        try:
            return coach.estimate(position, state_budget=left, **options)
        except SearchTooBig:
            if state_budget:  # never 0, which would mean no budget at all
                left = max(left - (coach.solver_for(position).nodes - before), 1)
    return None


@dataclass
class Estimate:
    """Mean score expected after each candidate move, over the samples drawn."""

    moves: list[Move]
    totals: list[float]
    samples: int = 0
    exact: bool = False
    rows: list[list[float]] = field(default_factory=list, repr=False)

    def add(self, values: list[float]) -> None:
        self.rows.append(values)
        self.totals = [t + v for t, v in zip(self.totals, values, strict=True)]
        self.samples += 1

    def settled(self, confidence: float) -> bool:
        """Whether the best move leads the runner-up by `confidence` standard errors."""
        ranked = sorted(range(len(self.moves)), key=lambda i: self.totals[i])
        best, second = ranked[0], ranked[1]
        gaps = [row[second] - row[best] for row in self.rows]
        mean = sum(gaps) / len(gaps)
        spread = sum((g - mean) ** 2 for g in gaps) / max(len(gaps) - 1, 1)
        return mean > 0 and mean * mean * len(gaps) > confidence * confidence * spread

    def means(self) -> list[float]:
        return [total / max(self.samples, 1) for total in self.totals]

    def ranked(self) -> list[tuple[float, Move]]:
        """(expected score, move), best first; ties keep the rules-of-thumb order."""
        means = self.means()
        order = sorted(range(len(self.moves)), key=lambda i: (round(means[i], 9), i))
        return [(means[i], self.moves[i]) for i in order]


@dataclass
class Coach:
    """The honest player behind Hint and Watch; reuses its solver while the deal goes on."""

    samples: int = DEFAULT_SAMPLES
    horizon: int = DEFAULT_HORIZON
    seed: int = 0
    rollouts: int = RUN_ROLLOUTS  # past the horizon: 0 count the cards, else play on (solver)
    # Stop sampling early, after at least min_samples, once the choice is clear.
    min_samples: int | None = None
    confidence: float = 3.0
    # With this many cards or fewer left to draw, play exactly as an honest player best can
    # (honest.py) when that search needs at most `endgame_nodes` new states; 0 = never.
    endgame: int = DEFAULT_ENDGAME
    endgame_nodes: int = DEFAULT_ENDGAME_NODES
    turn_samples: int = DEFAULT_TURN_SAMPLES
    turn_margin: float = DEFAULT_TURN_MARGIN
    _solver: Solver | None = field(default=None, repr=False)
    _honest: Honest | None = field(default=None, repr=False)
    _after_draw: tuple[Any, dict] = field(default=((), {}), repr=False)

    def solver_for(self, position: Position) -> Solver:
        """The last solver if this position's columns are what is left of its columns."""
        solver = self._solver
        if (
            solver is None
            or solver.variant != position.variant
            or solver.rollouts != self.rollouts
            or any(
                cards != base[: len(cards)]
                for cards, base in zip(position.columns, solver.columns, strict=True)
            )
        ):
            solver = self._solver = Solver(position.columns, position.variant)
            solver.rollouts = self.rollouts
        return solver

    def estimate(
        self,
        position: Position,
        *,
        node_limit: int = 0,
        state_budget: int = 0,
        forced: bool = False,
    ) -> Estimate:
        """Score each legal move; stops sampling once the samples have visited `state_budget`
        states, if given, and number MIN_BUDGET_SAMPLES: a budget of states, not of time, so
        that the same view always gets the same answer, however busy the machine.

        A position with a single move is only sampled when `forced` (to know its value).
        Raises SearchTooBig when one sample needs more than `node_limit` states. With
        `turn_samples`, and no budget, close calls are judged again with this turn and the
        next played honestly (turns.py).
        """
        plays, moves = candidates(position)
        estimate = Estimate(moves, [0.0] * len(moves))
        if len(moves) < (1 if forced else 2):
            return estimate
        exact = self.honest_estimate(position)
        if exact is not None:
            return exact
        solver = self.solver_for(position)
        heights = [len(cards) for cards in position.columns]
        top = top_code(position.top)
        unseen = sorted(rank(card) for card in position.stock)  # never the real order
        horizon = None if len(unseen) <= self.horizon else self.horizon
        estimate.exact = len(unseen) <= 1
        seed = self._sample_seed(position)
        rng = random.Random(seed)
        count = 1 if estimate.exact else self.samples
        spent = solver.nodes
        for sample in range(count):
            rng.shuffle(unseen)
            values = solver.action_values(heights, top, unseen, plays, horizon, node_limit, sample)
            estimate.add(values)
            spent_budget = state_budget and solver.nodes - spent >= state_budget
            if spent_budget and sample + 1 >= MIN_BUDGET_SAMPLES:
                break
            if self._clear_enough(estimate):
                break
        if not state_budget and self._turns_worth_it(estimate):
            values = turn_values(
                solver,
                heights,
                top,
                sorted(unseen),
                plays,
                samples=self.turn_samples,
                horizon=self.horizon,
                rng=random.Random(seed),
                node_limit=node_limit,
                first_sample=count,
                after_draw=self._after_draw_for(solver, unseen, seed),
            )
            return Estimate(moves, values, samples=1, rows=[values])
        return estimate

    def honest_estimate(self, position: Position) -> Estimate | None:
        """Exact honest values (honest.py) near the end, if the search fits in `endgame_nodes`.

        None with more than `endgame` cards left to draw, or when the search is too big.
        """
        if len(position.stock) > self.endgame:
            return None
        plays, moves = candidates(position)
        if not moves:
            return None
        if self._honest is None or not self._honest.serves(position):
            self._honest = Honest(
                position.columns, position.variant, table_bits(self.endgame_nodes)
            )
        try:
            values = self._honest.values(position, plays, self.endgame_nodes)
        except SearchTooBig:
            return None
        estimate = Estimate(moves, [0.0] * len(moves), exact=True)
        estimate.add(values)
        return estimate

    def _after_draw_for(self, solver: Solver, unseen: list[int], seed: int) -> dict:
        """The values of drawing worked out earlier in this turn (turns.py), or a new table."""
        key = (solver, tuple(sorted(unseen)), seed, self.turn_samples)
        if self._after_draw[0] != key:
            self._after_draw = (key, {})
        return self._after_draw[1]

    def _turns_worth_it(self, estimate: Estimate) -> bool:
        """Whether to play this turn and the next honestly (turns.py): only where sampling
        finds the best two moves within `turn_margin` of each other, as it flatters some
        moves by about that much; elsewhere the choice stands and the cost is saved."""
        if not self.turn_samples or not self.horizon or estimate.exact:
            return False
        ranked = estimate.ranked()
        return ranked[1][0] - ranked[0][0] < self.turn_margin

    def _clear_enough(self, estimate: Estimate) -> bool:
        done = estimate.samples
        if self.min_samples is None or done < self.min_samples or done % 8:
            return False
        return estimate.settled(self.confidence)

    def _sample_seed(self, position: Position) -> int:
        """A seed from what the table shows, so equal views sample alike.

        It changes only with a draw, so every decision between two draws tries the same
        orders and the solver reuses what it worked out for the decision before.
        """
        return self.seed * 1_000_003 + len(position.stock) * 101

    def choose(self, position: Position) -> Move:
        estimate = self.estimate(position)
        if not estimate.moves:
            raise ValueError("The deal is over: there is no move to choose")
        return estimate.ranked()[0][1]
