"""The six-card Golf computer players by name: each is `choose(view, rng) -> Move`.

`view` is `app.rules.golf6.view_for(state, seat)` for the bot's own seat, and `rng` a
`random.Random` the caller seeds; a bot never sees the game state itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from app.players import golf6_coach, golf6_greedy, golf6_random
from app.rules.golf6_moves import Move

Bot = Callable[[dict, random.Random], Move]
BOTS: dict[str, Bot] = {
    "random": golf6_random.choose,
    "greedy": golf6_greedy.choose,
    "coach": golf6_coach.choose,
}
DEFAULT_BOT = "coach"


def choose(name: str, view: dict, rng: random.Random) -> Move:
    """The move the bot called `name` makes from this view."""
    return BOTS[name](view, rng)
