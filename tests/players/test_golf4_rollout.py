"""The coach's fast four-card hole (golf4_rollout) plays and scores as the rules do."""

from __future__ import annotations

import random

import pytest

from app.players.golf import golf4_rollout, greedy4, random_player
from app.players.golf.golf4_rollout import RANK_OF, Hole
from app.rules import golf
from app.rules.golf import DrawStock, Knock, NextHole, Options, Phase, Swap, TakeDiscard, ThrowAway

OPTIONS = [
    Options(game="golf4"),
    Options(game="golf4", pairs_cancel=True),
    Options(game="golf4", knock_penalty=True),
    Options(game="golf4", seats=3, pairs_cancel=True, knock_penalty=True),
]


def _ranks(cards) -> list[int]:
    return [RANK_OF[c[0]] for c in cards]


def hole_of(state: golf.State) -> Hole:
    """The rules' table as a rollout Hole, every card as it really lies."""
    return Hole(
        cards=[_ranks(layout) for layout in state.layouts],
        up=[list(up) for up in state.face_up],
        knows=[
            [u or k for u, k in zip(up, kn, strict=True)]
            for up, kn in zip(state.face_up, state.known, strict=True)
        ],
        stock=_ranks(reversed(state.stock)),
        discard=_ranks(state.discard),
        turn=state.turn,
        knocker=state.knocker,
        turns=state.turns,
        pairs=state.options.pairs_cancel,
        penalty=state.options.knock_penalty,
    )


def _same_table(hole: Hole, state: golf.State) -> None:
    mirror = hole_of(state)
    assert hole.cards == mirror.cards
    assert hole.up == mirror.up
    assert hole.discard == mirror.discard
    assert (hole.stock, hole.stock_points) == (mirror.stock, mirror.stock_points)
    assert (hole.knocker, hole.turns) == (mirror.knocker, mirror.turns)


def _games(options: Options, seed: int):
    """Every draw-phase state of a game whose seats play greedy or random moves."""
    state, rng = golf.new_game(options, seed), random.Random(seed)
    while not golf.is_over(state):
        if state.phase == Phase.HOLE_OVER:
            state = golf.apply(state, NextHole(0))
            continue
        seat = golf.seats_to_act(state)[0]
        if state.phase == Phase.DRAW:
            yield state
        player = greedy4 if rng.random() < 0.7 else random_player
        state = golf.apply(state, player.choose(golf.seat_view(state, seat), rng))


@pytest.mark.parametrize("options", OPTIONS, ids=range(len(OPTIONS)))
def test_a_greedy_turn_in_the_rollout_is_greedys_turn_in_the_rules(options):
    compared = 0
    for seed in (1, 2, 3):
        for state in _games(options, seed):
            hole = hole_of(state)
            ended = golf4_rollout.greedy_turn(hole)
            after, seat = state, state.turn
            while after.turn == seat and after.phase in (Phase.DRAW, Phase.PLACE):
                view = golf.seat_view(after, seat)
                after = golf.apply(after, greedy4.choose(view, random.Random(0)))
            assert ended == (after.phase in (Phase.HOLE_OVER, Phase.GAME_OVER))
            if ended:
                assert hole.scores() == list(after.scores[-1])
            elif after.reshuffles == state.reshuffles:
                _same_table(hole, after)
                assert hole.turn == after.turn
            compared += 1
    assert compared > 150


def _play(hole: Hole, move, held: list[int]) -> bool | None:
    """The rules' move on the Hole (`held`: the card in hand); None while the turn goes on."""
    if isinstance(move, Knock):
        hole.knock()
    elif isinstance(move, DrawStock | TakeDiscard):
        held[:] = [hole.draw() if isinstance(move, DrawStock) else hole.discard.pop()]
        return None
    elif isinstance(move, Swap):
        hole.swap(held.pop(), move.index)
    elif isinstance(move, ThrowAway):
        hole.throw(held.pop())
    return hole.end_turn()


@pytest.mark.parametrize("options", OPTIONS, ids=range(len(OPTIONS)))
def test_random_play_moves_and_scores_cards_as_the_rules_do(options):
    rng, holes = random.Random(5), 0
    state = golf.new_game(options, 11)
    hole, held = None, []
    while not golf.is_over(state):
        if state.phase == Phase.HOLE_OVER:
            state, hole = golf.apply(state, NextHole(0)), None
            continue
        if hole is None:
            hole = hole_of(state)
        move = rng.choice(golf.legal_moves(state))
        if isinstance(move, Knock) and rng.random() < 0.8:
            move = golf.legal_moves(state)[0]  # knock less often: longer holes
        ended = _play(hole, move, held)
        before = state.reshuffles
        state = golf.apply(state, move)
        if ended:
            assert hole.scores() == list(state.scores[-1])
            holes += 1
        elif ended is False and state.reshuffles == before:
            _same_table(hole, state)
        elif ended is False:
            hole = None  # the rules reshuffled with their own seed: start again from them
    assert holes == 9
