"""The coach's estimate in the middle of a deal: this turn and the next played honestly.

A turn is the plays between two draws. Averaging solves that each know their whole sampled
order flatters moves that leave many ways to go on: each solve picks the way that suits its
order, which no player can do. Here the plays of this turn and of the turn after the next draw
are chosen on the mean over orders, as a player who cannot see the draw pile must choose
them, and the next draw is weighed over the ranks left, each as likely as its count. Only
from the draw after that on does each sampled order play as if known (Solver, with its
horizon), where not knowing matters less.

It costs several times as much as plain sampling, so the coach uses it on close calls only. On
positions whose exact honest values are known (honest.py, 9-13 cards left to draw, tune deals
only), that cuts the average cost of its decisions by about a third.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from app.players.solitaire.solver import Solver

State = tuple[tuple[int, ...], int]  # column heights, rank of the top card


def reachable(
    solver: Solver,
    heights: tuple[int, ...],
    top: int,
    found: dict[State, list[State]] | None = None,
) -> dict[State, list[State]]:
    """Every state this turn's plays can reach from (heights, top), each with the states one
    play further on. Given `found` (what earlier calls reached), it adds to it and returns it:
    turns from many starts share most of their states."""
    fit, ranks = solver.fit, solver.ranks
    found = {} if found is None else found
    stack = [(heights, top)]
    while stack:
        state = stack.pop()
        if state in found:
            continue
        h, t = state
        further = []
        for c, hc in enumerate(h):
            if hc and fit[t] >> ranks[c][hc - 1] & 1:
                further.append((h[:c] + (hc - 1,) + h[c + 1 :], ranks[c][hc - 1]))
        found[state] = further
        stack.extend(further)
    return found


def best_stop(
    turn: dict[State, list[State]],
    start: State,
    value: Callable[[tuple[int, ...]], float],
    memo: dict[State, float] | None = None,
):
    """The lowest `value` (of the column heights) of a state the plays from `start` reach:
    where to stop playing and draw. Calls with the same `turn` and `value` may share `memo`."""
    memo = {} if memo is None else memo

    def best(state: State) -> float:
        if state not in memo:
            memo[state] = min([value(state[0]), *map(best, turn[state])])
        return memo[state]

    return best(start)


def turn_values(
    solver: Solver,
    heights: Sequence[int],
    top: int,
    unseen: Sequence[int],
    plays: Sequence[int],
    *,
    samples: int,
    horizon: int,
    rng: random.Random,
    node_limit: int = 0,
    first_sample: int = 0,
    after_draw: dict[tuple[int, ...], float] | None = None,
) -> list[float]:
    """Expected score of each play (columns), then of drawing; `unseen` holds the ranks left
    to draw (at least two), in any order. `samples` orders of the rest are tried per rank
    that may come next; each searches `horizon` draws from here, counting the next one. The
    solver knows the orders by number, from `first_sample` on (other numbers may be in use).

    `after_draw` (column heights -> expected score of drawing from them) is read and filled
    in: it holds for every decision until the next draw, given the same orders."""
    zero = solver.variant.clear_scores_zero
    left = len(unseen)
    now = tuple(heights)
    turn = reachable(solver, now, top)
    after_draw = {} if after_draw is None else after_draw
    draws_from = {h for h, _ in turn if sum(h)} - after_draw.keys()
    counts = Counter(unseen)
    after_draw.update(dict.fromkeys(draws_from, 0.0))
    later = None if left - 1 <= horizon - 1 else horizon - 1
    for rank in sorted(counts) if draws_from else ():
        rest = list(unseen)
        rest.remove(rank)
        turn_next: dict[State, list[State]] = {}
        for h in draws_from:
            reachable(solver, h, rank, turn_next)
        # Drawing does not depend on the top card it covers: one solve per column heights.
        tops = {h: t for h, t in turn_next}
        # A cleared table draws nothing more: its score is known without a solve.
        means = dict.fromkeys((h for h in tops if not sum(h)), 0 if zero else -len(rest))
        playing = {h: t for h, t in tops.items() if sum(h)}
        totals = dict.fromkeys(playing, 0.0)
        for k in range(samples):
            rng.shuffle(rest)
            sample = first_sample + rank * samples + k  # one number per order
            for h, t in playing.items():
                totals[h] += solver.action_values(h, t, rest, [], later, node_limit, sample)[0]
        means.update((h, total / samples) for h, total in totals.items())
        memo: dict[State, float] = {}
        for h in draws_from:
            stop = best_stop(turn_next, (h, rank), means.__getitem__, memo)
            after_draw[h] += counts[rank] / left * stop

    def stop_here(h: tuple[int, ...]) -> float:
        return after_draw[h] if sum(h) else (0 if zero else -left)

    ranks = solver.ranks
    values = []
    for c in plays:
        played = (now[:c] + (now[c] - 1,) + now[c + 1 :], ranks[c][now[c] - 1])
        values.append(best_stop(turn, played, stop_here))
    values.append(after_draw[now])
    return values
