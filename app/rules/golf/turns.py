"""Why a six-card Golf move is refused, in words a player can read; the first-two-cards rules."""

from __future__ import annotations

from typing import Any

from app.rules.cards import card_name
from app.rules.golf.moves import (
    POSITION_NAMES,
    DrawStock,
    NextHole,
    Reveal,
    Swap,
    TakeDiscard,
    ThrowAway,
    TurnAll,
    TurnUp,
)

_WHERE = {
    "same_column": "In this game your two cards must be in the same column",
    "different_columns": "In this game your two cards must be in different columns",
    "middle_and_end": "In this game one card must be in the middle column and one in an end column",
}


def check_reveal(first_two: str, up: list[int], index: int) -> str | None:
    """Why turning up `index` breaks the first-two-cards rule (None when it is fine)."""
    if not up or first_two == "any":
        return None
    first = up[0] % 3
    column = index % 3
    fine = {
        "same_column": column == first,
        "different_columns": column != first,
        "middle_and_end": (column == 1) != (first == 1),
    }.get(first_two, True)
    return None if fine else _WHERE[first_two] + "."


def _holding(state: Any) -> str:
    throw = " or throw it away" if state.held_from == "stock" else ""
    return f"You are holding the {card_name(state.held)}: swap it for one of your cards{throw}."


def _not_your_turn(state: Any, seat: int) -> str:
    if state.phase == "game_over":
        return "The game is over."
    if state.phase == "flip":
        return "You have turned up your two cards; wait for the others to turn up theirs."
    return "It is not your turn yet."


def describe_refusal(state: Any, move: Any) -> str:
    """The reason `move` is not allowed in `state`, naming the card where there is one."""
    seat, phase = move.seat, state.phase
    if phase == "game_over" or (phase != "hole_over" and seat not in _acting(state)):
        return _not_your_turn(state, seat)
    index = getattr(move, "index", None)
    if index is not None and isinstance(move, Reveal | TurnUp) and state.face_up[seat][index]:
        card = card_name(state.layouts[seat][index])
        return f"Your card in the {POSITION_NAMES[index]} is already face up: the {card}."
    if phase == "hole_over":
        return "This hole is over: deal the next hole to play on."
    if isinstance(move, NextHole):
        return "The hole is still being played."
    if phase == "flip":
        if isinstance(move, Reveal):
            up = [i for i in range(6) if state.face_up[seat][i]]
            return check_reveal(state.options.first_two, up, move.index) or "Not allowed."
        return "First everyone turns up two of their own cards."
    if isinstance(move, Reveal):
        return "Cards are turned up like that only at the start of a hole."
    if phase == "place":
        if isinstance(move, ThrowAway):
            card = card_name(state.held)
            return (f"The {card} came from the discard pile, so it must go into your layout; "
                    "you cannot put it back.")
        return _holding(state)
    if phase == "turn_up":
        return "You threw your card away, so now turn one of your face-down cards up."
    return _refusal_before_taking(state, move)


def _refusal_before_taking(state: Any, move: Any) -> str:
    if isinstance(move, Swap | ThrowAway):
        return "Take a card first: draw from the stock or take the discard."
    if isinstance(move, TurnUp):
        return "In this game you cannot spend a turn turning a card up: take a card instead."
    if isinstance(move, TurnAll):
        return "In this game you cannot go out by turning all your cards up at once."
    if isinstance(move, TakeDiscard):
        return "The discard pile is empty: draw from the stock."
    if isinstance(move, DrawStock):
        return "You cannot draw now."
    return "That move is not allowed now."


def _acting(state: Any) -> tuple[int, ...]:
    if state.phase == "flip":
        return tuple(s for s in range(state.options.seats) if sum(state.face_up[s]) < 2)
    return () if state.turn is None else (state.turn,)
