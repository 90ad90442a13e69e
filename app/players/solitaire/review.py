"""Review after the deal: the best score these cards allowed, and the costliest choices.

The best score is a solve with every card known (the deal is over, nothing is hidden any
more). The costly moments are judged the honest way: by the coach's own estimate at that
moment, from what the player could see then, never by hindsight.

Every search here has a bound. A review costs at most about half a second of CPU with the C
solver, whatever the deal: the exact solve stops after BEST_NODES states and then answers with
the best line a shallower search finds ("-11 or better", flagged as not exact), and the moments
share MOMENT_NODES states, judging the later moves more shallowly, or not at all, when a hard
deal has spent them.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from app.players.solitaire.accel import library
from app.players.solitaire.explain import fits_now, move_phrase
from app.players.solitaire.sampling import Coach
from app.players.solitaire.solver import RUN_ROLLOUTS, SearchTooBig, Solver, top_code
from app.rules.cards import card_name, rank
from app.rules.solitaire import Draw, Move, Play, Position, Variant, legal_moves, replay, score

# A choice is worth pointing out when it costs at least this many cards on the coach's estimate.
MIN_LOSS = 0.5
MOMENTS = 3
# State budgets for the C solver (about 5 million states a second); pure Python visits about
# seven times fewer a second, so it gets a fifth of each (PURE_SHARE).
BEST_NODES = 1_000_000  # the exact solve, then as many again for the bound
MOMENT_NODES = 1_500_000  # all the moments of one deal together
SAMPLE_NODES = 20_000  # one sample of one moment, before trying a shorter horizon
PURE_SHARE = 5
# Draws searched ahead per sample when judging a moment, deepest first; samples per moment.
JUDGE_HORIZONS = (6, 4, 2)
JUDGE_SAMPLES, PURE_JUDGE_SAMPLES = 16, 6
# Whatever the states cost, judging stops once the review has used this much CPU time.
CPU_SECONDS = 0.8
# Horizons tried in turn, once the exact solve is out of states, for a score these cards allow.
BOUND_HORIZONS = (2, 4, 6, 8, 10, 12, 14, 16)


@dataclass(frozen=True)
class Moment:
    """One costly choice: the position before move `number` (1-based) is `keep` moves in."""

    number: int
    played: Move
    better: Move
    loss: float
    text: str

    @property
    def keep(self) -> int:
        return self.number - 1


@dataclass(frozen=True)
class Review:
    """The review of one finished deal.

    `best_exact` is False when the search for the best score reached its bound: then
    `best_score` is a score these cards allow (a line was found), and the best may be lower.
    `complete` is False when the moments' budget ran out before the last move was judged.
    """

    best_score: int
    score: int
    moments: tuple[Moment, ...]
    best_exact: bool = True
    complete: bool = True


def _scaled(nodes: int) -> int:
    return nodes if library() is not None else nodes // PURE_SHARE


def _search_args(position: Position) -> tuple[list[int], int, list[int], list[int]]:
    plays = [move.column for move in legal_moves(position) if isinstance(move, Play)]
    stock = [rank(card) for card in position.stock]
    return [len(cards) for cards in position.columns], top_code(position.top), stock, plays


def best_possible(position: Position) -> int:
    """Exact best score from `position` with the draw order known (no bound: for tests)."""
    if not legal_moves(position):
        return score(position)
    solver = Solver(position.columns, position.variant)
    return min(solver.action_values(*_search_args(position)))


def best_bound(position: Position, node_budget: int | None = None) -> tuple[int, bool]:
    """(score, exact): the best score with the draw order known, within `node_budget` states.

    Past the budget, the answer is the best that searches with a horizon find: past their
    horizon they play on by the rules of thumb with the known order, so every value they
    return is a line these cards allow, an upper bound on the best score.
    """
    if not legal_moves(position):
        return score(position), True
    budget = _scaled(BEST_NODES) if node_budget is None else node_budget
    solver = Solver(position.columns, position.variant)
    args = _search_args(position)
    try:
        return min(solver.action_values(*args, None, budget)), True
    except SearchTooBig:
        pass
    solver.rollouts = RUN_ROLLOUTS
    spent, found = solver.nodes, None
    for horizon in BOUND_HORIZONS:
        try:
            value = min(solver.action_values(*args, horizon, 2 * budget - spent))
        except SearchTooBig:
            break
        found = value if found is None else min(found, value)
        spent = solver.nodes
        if spent >= 2 * budget:
            break
    if found is None:  # not even the shallowest search fit: the rules of thumb alone
        solver.rollouts, found = RUN_ROLLOUTS, min(solver.action_values(*args, 0))
    floor = 0 if position.variant.clear_scores_zero else -len(position.stock)
    return found, found <= floor


class Judge:
    """The coach that judges each moment, within one budget of states for the whole review."""

    def __init__(self, seed: int = 0) -> None:
        samples = JUDGE_SAMPLES if library() is not None else PURE_JUDGE_SAMPLES
        self.coaches = [Coach(samples=samples, horizon=h, seed=seed) for h in JUDGE_HORIZONS]
        self.budget = _scaled(MOMENT_NODES)
        self.sample_nodes = _scaled(SAMPLE_NODES)

    def spent(self) -> int:
        return sum(coach._solver.nodes for coach in self.coaches if coach._solver is not None)

    def exhausted(self) -> bool:
        return self.spent() >= self.budget

    def verdict(self, position: Position, played: Move) -> tuple[Move, float] | None:
        """The coach's preferred move and how much `played` loses against it, if it has a choice.

        Deepest horizon first; a sample that needs more than its share of states moves the
        judgement to a shorter horizon. None also when nothing fits the budget.
        """
        if len(legal_moves(position)) < 2:
            return None
        for coach in self.coaches:
            try:
                ranked = coach.estimate(position, node_limit=self.sample_nodes).ranked()
            except SearchTooBig:
                continue
            values = {move: value for value, move in ranked}
            best_value, best = ranked[0]
            return best, values[played] - best_value
        return None


def describe(number: int, position: Position, played: Move, better: Move, loss: float) -> str:
    """ "Move 12: you turned over a card while the 6 of diamonds fitted — expected ..."."""
    if isinstance(played, Draw):
        fitting = " or the ".join(card_name(card) for card in fits_now(position))
        what = f"you turned over a card while the {fitting} fitted"
    else:
        what = f"you played the {card_name(position.columns[played.column][-1])}"
        what += f"; {move_phrase(position, better)} was better"
    unit = "card" if round(loss, 1) == 1 else "cards"
    return f"Move {number}: {what} — expected {loss:.1f} {unit} more left."


def review(
    cards: Sequence[str], variant: Variant, moves: Sequence[Move], *, seed: int = 0
) -> Review:
    """The review of a finished deal, within its budgets (callers store it: it never changes)."""
    began = time.thread_time()
    positions = replay(cards, variant, moves)
    final = score(positions[-1])
    best, exact = best_bound(positions[0])
    if not exact and final <= best:  # the player's own line is one these cards allow
        best = final
    judge_ = Judge(seed)
    moments, complete = [], True
    for number, (position, played) in enumerate(zip(positions, moves, strict=False), start=1):
        if judge_.exhausted() or time.thread_time() - began > CPU_SECONDS:
            complete = False
            break
        verdict = judge_.verdict(position, played)
        if verdict is not None and verdict[1] >= MIN_LOSS:
            better, loss = verdict
            text = describe(number, position, played, better, loss)
            moments.append(Moment(number, played, better, round(loss, 1), text))
    worst = sorted(moments, key=lambda m: (-m.loss, m.number))[:MOMENTS]
    return Review(best, final, tuple(worst), best_exact=exact, complete=complete)


__all__ = ["Judge", "Moment", "Review", "best_bound", "best_possible", "review"]
