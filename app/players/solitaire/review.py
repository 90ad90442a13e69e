"""Review after the deal: the best score these cards allowed, and the costliest choices.

The best score is an exact solve with every card known (the deal is over, nothing is hidden
any more). The costly moments are judged the honest way: by the coach's own estimate at that
moment, from what the player could see then, never by hindsight.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from app.players.solitaire.accel import library
from app.players.solitaire.explain import fits_now, move_phrase
from app.players.solitaire.sampling import Coach
from app.players.solitaire.solver import Solver, top_code
from app.rules.cards import card_name, rank
from app.rules.solitaire import Draw, Move, Play, Position, Variant, legal_moves, replay, score

# A choice is worth pointing out when it costs at least this many cards on the coach's estimate.
MIN_LOSS = 0.5
MOMENTS = 3


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
    best_score: int
    score: int
    moments: tuple[Moment, ...]


def best_possible(position: Position) -> int:
    """Exact best score from `position` with the draw order known (perfect information)."""
    moves = legal_moves(position)
    if not moves:
        return score(position)
    solver = Solver(position.columns, position.variant)
    plays = [move.column for move in moves if isinstance(move, Play)]
    stock = [rank(card) for card in position.stock]
    heights = [len(cards) for cards in position.columns]
    return min(solver.action_values(heights, top_code(position.top), stock, plays))


def review_coach(seed: int = 0) -> Coach:
    """The coach that judges each moment: deeper with the C solver, lighter without it."""
    if library() is not None:
        return Coach(samples=16, horizon=6, seed=seed)
    return Coach(samples=6, horizon=2, seed=seed)


def judge(position: Position, played: Move, coach: Coach) -> tuple[Move, float] | None:
    """The coach's preferred move and how much `played` loses against it, if it has a choice."""
    if len(legal_moves(position)) < 2:
        return None
    ranked = coach.estimate(position).ranked()
    values = {move: value for value, move in ranked}
    best_value, best = ranked[0]
    return best, values[played] - best_value


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
    """The review of a finished deal (cached: a finished deal never changes)."""
    return _review(tuple(cards), variant, tuple(moves), seed)


@lru_cache(maxsize=64)
def _review(cards: tuple[str, ...], variant: Variant, moves: tuple[Move, ...], seed: int) -> Review:
    positions = replay(cards, variant, moves)
    coach = review_coach(seed)
    moments = []
    for number, (position, played) in enumerate(zip(positions, moves, strict=False), start=1):
        verdict = judge(position, played, coach)
        if verdict is not None and verdict[1] >= MIN_LOSS:
            better, loss = verdict
            text = describe(number, position, played, better, loss)
            moments.append(Moment(number, played, better, round(loss, 1), text))
    worst = sorted(moments, key=lambda m: (-m.loss, m.number))[:MOMENTS]
    return Review(best_possible(positions[0]), score(positions[-1]), tuple(worst))


__all__ = ["Moment", "Review", "best_possible", "review"]
