"""The Golf computer players by name: each is `choose(view, rng) -> Move`.

`view` is the bot's own `SeatView` (app.rules.golf.seat_view), and `rng` a `random.Random`
the caller seeds; a bot never sees the game state itself. Each name plays every member of the
family: `choose` picks the six-card or the four-card player from the view's game.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from app.players.golf import coach, coach4, greedy, greedy4, levels, random_player
from app.rules.golf import Game, Move, SeatView

Bot = Callable[[SeatView, random.Random], Move]
BOTS_BY_GAME: dict[Game, dict[str, Bot]] = {
    Game.SIX_CARD: {
        "random": random_player.choose,
        "greedy": greedy.choose,
        "coach": coach.choose,
        "beginner": levels.beginner,
        "club": levels.club,
    },
    Game.FOUR_CARD: {
        "random": random_player.choose,
        "greedy": greedy4.choose,
        "coach": coach4.choose,
        "beginner": levels.beginner4,
        "club": levels.club4,
    },
}
BOTS = BOTS_BY_GAME[Game.SIX_CARD]
NAMES = tuple(BOTS)


def choose(name: str, view: SeatView, rng: random.Random) -> Move:
    """The move the bot called `name` makes from this view, in the view's game."""
    return BOTS_BY_GAME[Game(view.options.game)][name](view, rng)
