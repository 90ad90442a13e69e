"""Hint: one good move for the position a player sees, why, and how it compares.

The advice holds codes and facts (explain.Reason, the moves it compares, the gain in cards);
app.web.solitaire.coach_words words it in the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.players.solitaire.accel import library
from app.players.solitaire.explain import Choice, Reason, choice, reason
from app.players.solitaire.sampling import (
    Coach,
    Estimate,
    deepest_that_fits,
    plain_sampler,
)
from app.players.solitaire.solver import SearchTooBig
from app.players.solitaire.thumb import thumb_move
from app.rules.solitaire import Move, Position, legal_moves

# Two moves whose expected scores differ by less than this are a close call.
CLOSE_MARGIN = 0.25
# Draws searched ahead per sample, tried in turn until one sample fits its share of states:
# the C solver visits about 5 million states a second, pure Python about 700,000.
FAST_HORIZONS, FAST_NODES = (8, 6, 4, 2), 20_000
PURE_HORIZONS, PURE_NODES = (4, 3, 2, 1), 4_000
# States the exact honest search near the end may visit (honest.py) before sampling instead:
# about 50 ms in C, 25 ms in pure Python.
FAST_ENDGAME_NODES, PURE_ENDGAME_NODES = 200_000, 5_000
MAX_SAMPLES = 400
# The last resort, one draw ahead, when no horizon above fits: its play-outs past the draw
# can be long (round the corner with jokers: about 30,000 states a sample), so it takes fewer
# orders, each within a bounded share: at most 400,000 states (about half a second of CPU).
LAST_RESORT_SAMPLES, LAST_RESORT_SHARE = 8, 2.5
# The samples' states per millisecond of a hint's budget: with the rules of thumb played past
# the horizon, the C solver and pure Python get through about twice as many a millisecond of
# CPU, so half the budget is left for the rest of the request. A budget of states, not of
# time, so the same view always gets the same advice and the review (which checks its moments
# with this estimate) never faults a move Hint advised, however busy the machine.
FAST_STATES_PER_MS, PURE_STATES_PER_MS = 1_000, 150


@dataclass(frozen=True)
class Advice:
    """The advised move, why, and how it compares.

    `gain` (cards, unrounded) is how many fewer cards it leaves on average than `usual`, the
    rules of thumb's move, when that is worth naming (it rounds to 0.1 or more, and `usual`
    is not the runner-up). `runner_up` is the nearly as good move of a close call.
    """

    move: Move
    reason: Reason
    close: bool = False
    gain: float | None = None
    usual: Choice | None = None
    runner_up: Choice | None = None


def advise(position: Position, *, budget_ms: int = 150, seed: int = 0) -> Advice:
    """Advise a move from what the player can see only (never the draw pile's order)."""
    moves = legal_moves(position)
    if not moves:
        raise ValueError("The deal is over: there is no move to advise")
    if len(moves) == 1:
        return Advice(move=moves[0], reason=reason(position, moves[0]))
    estimate = hint_estimate(position, budget_ms=budget_ms, seed=seed)
    if estimate is None:  # not even one draw ahead fits: the rules of thumb, which cost nothing
        move = thumb_move(position)
        return Advice(move=move, reason=reason(position, move))
    return advice_from(position, estimate)


def hint_estimate(position: Position, *, budget_ms: int = 150,
                  seed: int = 0) -> Estimate | None:
    """The estimate behind Hint and Watch (the review checks its moments with it too); None
    when not even one draw ahead fits."""
    try:
        return _estimate(position, budget_ms, seed)
    except SearchTooBig:
        return None


def _estimate(position: Position, budget_ms: int, seed: int) -> Estimate:
    """Sample at the deepest horizon whose searches stay small enough for the budget."""
    fast = library() is not None
    horizons, limit = (FAST_HORIZONS, FAST_NODES) if fast else (PURE_HORIZONS, PURE_NODES)
    exact = Coach(seed=seed, endgame_nodes=FAST_ENDGAME_NODES if fast else PURE_ENDGAME_NODES)
    estimate = exact.honest_estimate(position)
    if estimate is not None:
        return estimate
    states = budget_ms * (FAST_STATES_PER_MS if fast else PURE_STATES_PER_MS)
    coaches = [plain_sampler(samples=MAX_SAMPLES, horizon=h, seed=seed) for h in horizons]
    estimate = deepest_that_fits(coaches, position, node_limit=limit, state_budget=states)
    if estimate is not None:
        return estimate
    # Samples one draw ahead, still bounded: a hint never searches without a limit.
    return plain_sampler(samples=LAST_RESORT_SAMPLES, horizon=1, seed=seed).estimate(
        position, node_limit=int(LAST_RESORT_SHARE * limit)
    )


def advice_from(position: Position, estimate: Estimate) -> Advice:
    """Turn the coach's estimate into a move, why, and how it compares."""
    ranked = estimate.ranked()
    best_value, best = ranked[0]
    close = len(ranked) > 1 and ranked[1][0] - best_value < CLOSE_MARGIN
    usual = thumb_move(position)
    usual_value = dict((m, v) for v, m in ranked).get(usual, best_value)
    gain = usual_value - best_value
    # A gain that rounds to 0.0 is no reason to name, nor one over the runner-up of a close
    # call: the close call names that move.
    runner_up = ranked[1][1] if close else None
    named = usual != best and round(gain, 1) > 0 and usual != runner_up
    return Advice(
        move=best,
        reason=reason(position, best),
        close=close,
        gain=gain if named else None,
        usual=choice(position, usual) if named else None,
        runner_up=None if runner_up is None else choice(position, runner_up),
    )
