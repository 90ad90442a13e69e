"""The `random` Golf player: any legal move, picked uniformly."""

from __future__ import annotations

import random

from app.rules.golf import Move, SeatView, legal_moves_for


def choose(view: SeatView, rng: random.Random) -> Move:
    """A uniformly random legal move for the view's seat."""
    return rng.choice(legal_moves_for(view))
