"""The `random` six-card Golf player: any legal move, picked uniformly."""

from __future__ import annotations

import random

from app.rules.golf.moves import Move
from app.rules.golf.view import legal_moves_in_view


def choose(view: dict, rng: random.Random) -> Move:
    """A uniformly random legal move for the seat `view["you"]`."""
    return rng.choice(legal_moves_in_view(view))
