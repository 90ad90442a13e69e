"""The six-card Golf computer players by name: each is `choose(view, rng) -> Move`.

`view` is the bot's own `SeatView` (app.rules.golf.seat_view), and `rng` a `random.Random`
the caller seeds; a bot never sees the game state itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from app.players.golf import coach, greedy, random_player
from app.rules.golf import Move, SeatView

Bot = Callable[[SeatView, random.Random], Move]
BOTS: dict[str, Bot] = {
    "random": random_player.choose,
    "greedy": greedy.choose,
    "coach": coach.choose,
}


def choose(name: str, view: SeatView, rng: random.Random) -> Move:
    """The move the bot called `name` makes from this view."""
    return BOTS[name](view, rng)
