"""Why a Golf move is refused: the IllegalMoveError (a code and its facts) for a move and state."""

from __future__ import annotations

from app.rules.golf.errors import IllegalMoveError
from app.rules.golf.moves import (
    DrawStock,
    Knock,
    Move,
    NextHole,
    Reveal,
    Swap,
    TakeDiscard,
    ThrowAway,
    TurnAll,
    TurnUp,
)
from app.rules.golf.seat_view import first_two_refusal
from app.rules.golf.state import Phase, Pile, State, seats_to_act


def refusal(state: State, move: Move) -> IllegalMoveError:
    """The reason `move` is not allowed in `state`, naming the card where there is one."""
    seat, phase = move.seat, state.phase
    if phase == Phase.GAME_OVER:
        return IllegalMoveError("game_over")
    if phase != Phase.HOLE_OVER and seat not in seats_to_act(state):
        return IllegalMoveError("wait_for_flips" if phase == Phase.FLIP else "not_your_turn")
    index = getattr(move, "index", None)
    if isinstance(move, Reveal | TurnUp) and state.face_up[seat][index]:
        return IllegalMoveError("already_face_up", index=index, shape=state.options.shape,
                                card=state.layouts[seat][index])
    if phase == Phase.HOLE_OVER:
        return IllegalMoveError("hole_over")
    if isinstance(move, NextHole):
        return IllegalMoveError("hole_in_play")
    if phase == Phase.FLIP:
        return _refusal_in_flips(state, move)
    if isinstance(move, Reveal):
        return IllegalMoveError("reveal_only_at_start")
    if phase == Phase.PLACE:
        if isinstance(move, ThrowAway):
            return IllegalMoveError("discard_must_be_placed", card=state.held)
        return IllegalMoveError("holding", card=state.held,
                                may_throw=state.held_from == Pile.STOCK)
    if phase == Phase.TURN_UP:
        return IllegalMoveError("turn_up_after_throw")
    return _refusal_before_taking(state, move)


def _refusal_in_flips(state: State, move: Move) -> IllegalMoveError:
    if isinstance(move, Reveal):
        seat = move.seat
        up = [i for i in state.options.shape.positions if state.face_up[seat][i]]
        code = first_two_refusal(state.options.first_two, state.options.shape, up, move.index)
        return IllegalMoveError(code or "move_not_allowed")
    return IllegalMoveError("flip_first")


def _refusal_before_taking(state: State, move: Move) -> IllegalMoveError:
    if isinstance(move, Swap | ThrowAway):
        return IllegalMoveError("take_first")
    if isinstance(move, TurnUp):
        return IllegalMoveError("no_turn_instead")
    if isinstance(move, TurnAll):
        return IllegalMoveError("no_turn_all")
    if isinstance(move, Knock):
        if not state.options.four_card:
            return IllegalMoveError("no_knock_in_game")
        return IllegalMoveError("already_knocked", seat=state.knocker)
    if isinstance(move, TakeDiscard):
        return IllegalMoveError("discard_empty")
    if isinstance(move, DrawStock):
        return IllegalMoveError("cannot_draw")
    return IllegalMoveError("move_not_allowed")
