"""Review after the deal: the best score these cards allowed, and the costliest choices.

The best score is a solve with every card known (the deal is over, nothing is hidden any
more). The costly moments are judged the honest way: by the coach's own estimate at that
moment, from what the player could see then, never by hindsight.

Every search here has a bound, so a review costs at most about three quarters of a second of
CPU with the C solver, whatever the deal: the exact solve stops after BEST_NODES states and
then answers with the best line that searches with a horizon find in BEST_CPU_SECONDS ("-11 or
better", flagged as not exact); the moments share MOMENT_NODES states and MOMENT_CPU_SECONDS,
judging a move more shallowly when its samples need too many states, and leaving the last moves
unjudged (flagged) when a hard deal has spent the budget. Past the horizon both play on by the
rules of thumb, the cheapest estimate. The honest expectation at the start of the deal (what
the coach expects there, from what the table showed) is judged first, within EXPECT_NODES.
The costliest moments are then checked by Hint's own estimate, within CHECK_CPU_SECONDS.

A moment holds moves and numbers; `moment_facts` adds what its sentence names, as the board
showed it then, for app.web.solitaire.coach_words to word in the reader's language.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from app.players.solitaire.accel import library
from app.players.solitaire.explain import Choice, choice, fits_now
from app.players.solitaire.hint import hint_estimate
from app.players.solitaire.sampling import MIN_BUDGET_SAMPLES, deepest_that_fits, plain_sampler
from app.players.solitaire.solver import THUMB_ROLLOUTS, SearchTooBig, Solver, top_code
from app.players.solitaire.thumb import thumb_move
from app.rules.cards import rank
from app.rules.solitaire import (
    STANDARD,
    Draw,
    Move,
    Play,
    Position,
    Variant,
    apply,
    is_over,
    legal_moves,
    replay,
    score,
)

# What the coach scores on average from a deal, by its opening estimate (honest_expectation):
# the estimate searches each sampled order as if it were known, which flatters an easy layout,
# and plays on past its horizon by the rules of thumb, which play a hard one worse than the
# coach does. So the coach scores (a + b * estimate) on average, a least-squares line fitted
# on 300 tune deals with standard rules (`tests.bench.solitaire_expectation --set tune --label
# coach --count 300`; the report set's check is in the README). Other variations have no
# fitted line yet: their estimate is shown as it is.
EXPECTATION_LINES: dict[Variant, tuple[float, float]] = {STANDARD: (1.34, 0.750)}

# A choice is worth pointing out when it costs at least this many cards on the coach's estimate.
MIN_LOSS = 0.5
MOMENTS = 3
# State budgets for the C solver (about 5 million states a second); pure Python visits about
# ten times fewer a second, and its states cost more, so it gets a twentieth (PURE_SHARE).
BEST_NODES = 600_000  # the exact solve; half as many for each deeper bound
MOMENT_NODES = 1_000_000  # all the moments of one deal together
SAMPLE_NODES = 20_000  # one sample of one moment, before trying a shorter horizon
PURE_SHARE = 20
# Draws searched ahead per sample when judging a moment, deepest first; samples per moment.
JUDGE_HORIZONS, PURE_JUDGE_HORIZONS = (6, 4, 2), (2, 1)
JUDGE_SAMPLES, PURE_JUDGE_SAMPLES = 8, 6
# Whatever their states cost, the bound stops deepening and the moments stop judging after
# this much CPU time each.
BEST_CPU_SECONDS = 0.2
MOMENT_CPU_SECONDS = 0.25
# Horizons tried in turn, once the exact solve is out of states, for a score these cards allow.
BOUND_HORIZONS = (2, 4, 6, 8, 10, 12, 14, 16)
# The honest expectation at the start of the deal: samples, and the states they may visit
# together (a budget of states, so that the figure does not depend on the machine's load).
EXPECT_SAMPLES, PURE_EXPECT_SAMPLES = 32, 8
EXPECT_NODES = 400_000
# The quick judge's few samples flatter some moves: each costly moment it finds, costliest
# first, is judged again by Hint's own estimate (its budget of states) and named only if that
# agrees it cost at least MIN_LOSS, so the review never faults a move Hint would advise. At
# most this many are checked, within this much CPU; one not checked in time is not named.
CHECKED_MOMENTS = MOMENTS
CHECK_CPU_SECONDS = 0.2


@dataclass(frozen=True)
class Moment:
    """One costly choice: the position before move `number` (1-based) is `keep` moves in."""

    number: int
    played: Move
    better: Move
    loss: float

    @property
    def keep(self) -> int:
        return self.number - 1


@dataclass(frozen=True)
class MomentFacts:
    """What a moment's sentence names: the move played and the better one as the board showed
    them, and for a draw the cards that fitted then."""

    moment: Moment
    played: Choice
    better: Choice
    fitting: tuple[str, ...] = ()


@dataclass(frozen=True)
class Review:
    """The review of one finished deal.

    `best_exact` is False when the search for the best score reached its bound: then
    `best_score` is a score these cards allow (a line was found), and the best may be lower.
    `complete` is False when the moments' budget ran out before the last move was judged.
    `expected` is the score an honest player could expect from the start of the deal (the
    coach's estimate, from what the table showed then); None for reviews stored before it.
    """

    best_score: int
    score: int
    moments: tuple[Moment, ...]
    best_exact: bool = True
    complete: bool = True
    expected: float | None = None


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


def best_bound(
    position: Position, node_budget: int | None = None, cpu_seconds: float | None = None
) -> tuple[int, bool]:
    """(score, exact): the best score with the draw order known, within `node_budget` states.

    Past the budget, the answer is horizon_bound's, with half the states per search, until
    BEST_CPU_SECONDS are spent in all.
    """
    if not legal_moves(position):
        return score(position), True
    began = time.thread_time()
    budget = _scaled(BEST_NODES) if node_budget is None else node_budget
    seconds = BEST_CPU_SECONDS if cpu_seconds is None else cpu_seconds
    solver = Solver(position.columns, position.variant)
    try:
        return min(solver.action_values(*_search_args(position), None, budget)), True
    except SearchTooBig:
        pass
    return horizon_bound(position, budget // 2, began + seconds, solver=solver)


def horizon_bound(
    position: Position, node_budget: int, until: float, *, solver: Solver | None = None
) -> tuple[int, bool]:
    """(score, exact): the best score that searches with a horizon find, knowing the draw order.

    Past their horizon they play on by the rules of thumb with the known order, so every value
    they return is a line these cards allow, an upper bound on the best score (exact when it
    is the lowest score possible). They deepen while the thread's CPU time is below `until`
    (their play-outs cost time but are not states) and each stays within `node_budget` states.
    """
    if not legal_moves(position):
        return score(position), True
    if solver is None:
        solver = Solver(position.columns, position.variant)
    solver.rollouts = THUMB_ROLLOUTS
    args = _search_args(position)
    found = _thumb_line(position)
    for horizon in BOUND_HORIZONS:
        if time.thread_time() > until:
            break
        try:
            found = min(found, *solver.action_values(*args, horizon, node_budget))
        except SearchTooBig:
            break
    floor = 0 if position.variant.clear_scores_zero else -len(position.stock)
    return found, found <= floor


def _thumb_line(position: Position) -> int:
    """The score of playing on by the rules of thumb: a line these cards allow, found cheaply."""
    while not is_over(position):
        position = apply(position, thumb_move(position))
    return score(position)


def honest_expectation(position: Position, *, seed: int = 0) -> float | None:
    """The score an honest player could expect from `position`: the coach's best move's mean.

    Honest like the coach: it knows which cards are in the draw pile, never their order, so two
    deals that differ only in that order get the same figure. The deepest horizon whose samples
    stay within their share of states; sampling stops after EXPECT_NODES states. When no
    horizon fits, sampled orders with no draw searched ahead; None if even that needs too
    many states.
    """
    if is_over(position):
        return float(score(position))
    fast = library() is not None
    samples = EXPECT_SAMPLES if fast else PURE_EXPECT_SAMPLES
    horizons = JUDGE_HORIZONS if fast else PURE_JUDGE_HORIZONS
    limit = SAMPLE_NODES if fast else SAMPLE_NODES // 5
    coaches = [
        plain_sampler(samples=samples, horizon=h, seed=seed, rollouts=THUMB_ROLLOUTS)
        for h in horizons
    ]
    budget = EXPECT_NODES if fast else EXPECT_NODES // PURE_SHARE
    estimate = deepest_that_fits(
        coaches, position, node_limit=limit, state_budget=budget, forced=True
    )
    if estimate is not None:
        return estimate.ranked()[0][0]
    coach = plain_sampler(samples=MIN_BUDGET_SAMPLES, horizon=0, seed=seed,
                          rollouts=THUMB_ROLLOUTS)
    try:
        return coach.estimate(position, node_limit=10 * limit, forced=True).ranked()[0][0]
    except SearchTooBig:
        return None


def expected_score(estimate: float, variant: Variant) -> float:
    """The score the coach makes on average from a deal it estimates at `estimate` (see
    EXPECTATION_LINES), which the review shows as what an honest player could expect."""
    a, b = EXPECTATION_LINES.get(variant, (0.0, 1.0))
    return a + b * estimate


class Judge:
    """The coach that judges each moment, within one budget of states for the whole review."""

    def __init__(self, seed: int = 0) -> None:
        fast = library() is not None
        samples = JUDGE_SAMPLES if fast else PURE_JUDGE_SAMPLES
        horizons = JUDGE_HORIZONS if fast else PURE_JUDGE_HORIZONS
        self.coaches = [
            plain_sampler(samples=samples, horizon=h, seed=seed, rollouts=THUMB_ROLLOUTS)
            for h in horizons
        ]
        self.budget = MOMENT_NODES if library() is not None else MOMENT_NODES // 5
        # As for Hint: a fifth of the states per sample in pure Python, not a twentieth.
        self.sample_nodes = SAMPLE_NODES if fast else SAMPLE_NODES // 5

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
        estimate = deepest_that_fits(self.coaches, position, node_limit=self.sample_nodes)
        if estimate is None:
            return None
        ranked = estimate.ranked()
        values = {move: value for value, move in ranked}
        best_value, best = ranked[0]
        return best, values[played] - best_value


def moment_facts(
    result: Review, cards: Sequence[str], variant: Variant, moves: Sequence[Move]
) -> tuple[MomentFacts, ...]:
    """Each moment of `result` with what its sentence names (stored moments hold moves only)."""
    positions = replay(cards, variant, moves)
    return tuple(_facts(m, positions[m.keep]) for m in result.moments)


def _facts(moment: Moment, position: Position) -> MomentFacts:
    fitting = tuple(fits_now(position)) if isinstance(moment.played, Draw) else ()
    return MomentFacts(moment, choice(position, moment.played), choice(position, moment.better),
                       fitting)


def review(
    cards: Sequence[str], variant: Variant, moves: Sequence[Move], *, seed: int = 0
) -> Review:
    """The review of a finished deal, within its budgets (callers store it: it never changes)."""
    positions = replay(cards, variant, moves)
    final = score(positions[-1])
    best, exact = best_bound(positions[0])
    if not exact and final <= best:  # the player's own line is one these cards allow
        best = final
    began = time.thread_time()
    expected = honest_expectation(positions[0], seed=seed)
    expected = None if expected is None else round(expected, 2)
    judge_ = Judge(seed)
    moments, complete = [], True
    for number, (position, played) in enumerate(zip(positions, moves, strict=False), start=1):
        if judge_.exhausted() or time.thread_time() - began > MOMENT_CPU_SECONDS:
            complete = False
            break
        verdict = judge_.verdict(position, played)
        if verdict is not None and verdict[1] >= MIN_LOSS:
            better, loss = verdict
            moments.append(Moment(number, played, better, round(loss, 1)))
    worst = _checked(sorted(moments, key=lambda m: (-m.loss, m.number)), positions)
    return Review(best, final, tuple(worst), best_exact=exact, complete=complete, expected=expected)


def _checked(candidates: Sequence[Moment], positions: Sequence[Position]) -> list[Moment]:
    """The costliest MOMENTS of `candidates` that Hint's own estimate confirms, with its figures."""
    confirmed: list[Moment] = []
    began = time.thread_time()
    for moment in candidates[:CHECKED_MOMENTS]:
        if len(confirmed) == MOMENTS or time.thread_time() - began > CHECK_CPU_SECONDS:
            break
        position = positions[moment.keep]
        estimate = hint_estimate(position)
        if estimate is None:
            continue
        ranked = estimate.ranked()
        best_value, best = ranked[0]
        played = dict((move, value) for value, move in ranked).get(moment.played)
        loss = 0.0 if played is None else played - best_value
        if best != moment.played and loss >= MIN_LOSS:
            confirmed.append(replace(moment, better=best, loss=round(loss, 1)))
    return sorted(confirmed, key=lambda m: (-m.loss, m.number))


__all__ = [
    "Judge",
    "Moment",
    "MomentFacts",
    "Review",
    "best_bound",
    "best_possible",
    "honest_expectation",
    "horizon_bound",
    "moment_facts",
    "review",
]
