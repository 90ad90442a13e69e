"""Four-card games for the players' tests: the coach in seat 0 against another bot."""

from __future__ import annotations

import random
from collections.abc import Iterator

from app.players.golf.bots import BOTS_BY_GAME
from app.rules import golf
from app.rules.golf import Game, NextHole, Options, Phase


def positions(options: Options, seed: int, moves: int | None = None,
              opponent: str = "greedy") -> Iterator[tuple[golf.State, int]]:
    """Each state of a game of the coach (seat 0) against `opponent` bots, with the seat to
    act, for the whole game or its first `moves` moves."""
    bots = BOTS_BY_GAME[Game.FOUR_CARD]
    state, rng, played = golf.new_game(options, seed), random.Random(seed), 0
    while not golf.is_over(state) and (moves is None or played < moves):
        played += 1
        if state.phase == Phase.HOLE_OVER:
            state = golf.apply(state, NextHole(0))
            continue
        seat = golf.seats_to_act(state)[0]
        yield state, seat
        name = "coach" if seat == 0 else opponent
        state = golf.apply(state, bots[name](golf.seat_view(state, seat), rng))
