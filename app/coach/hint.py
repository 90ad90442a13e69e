"""Hint: one good move for the position a player sees, with the reason in their terms."""

from __future__ import annotations

from dataclasses import dataclass

from app.coach.explain import move_phrase, reason
from app.coach.thumb import thumb_move
from app.rules.solitaire import Move, Position, legal_moves


@dataclass(frozen=True)
class Advice:
    """The advised move, why, and whether another move is nearly as good."""

    move: Move
    reason: str
    close: bool = False


def advise(position: Position, *, budget_ms: int = 150, seed: int = 0) -> Advice:
    """Advise a move from what the player can see only (never the draw pile's order)."""
    moves = legal_moves(position)
    if not moves:
        raise ValueError("The deal is over: there is no move to advise")
    move = thumb_move(position)
    return Advice(move=move, reason=reason(position, move), close=False)


__all__ = ["Advice", "advise", "move_phrase"]
