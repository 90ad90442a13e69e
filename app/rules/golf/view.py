"""What one seat (or a watcher) may see of a six-card Golf game, and what just happened.

`view_for(state, seat, names)` is the "JSON state" of CONTRACT.md plus a few public extras
("discard": the whole pile, as everyone saw each card land on it; "known": the cards your
seat has looked at but not turned up, in the peek variation; "options", "scores", ...).
Face-down cards are null and the stock order never appears. Computer players decide from
this dict alone; `legal_moves_in_view` gives them the moves it allows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.rules.cards import card_name
from app.rules.golf.core import Phase, State, seats_to_act, totals, winners
from app.rules.golf.moves import (
    SHORT_POSITION_NAMES,
    DrawStock,
    Move,
    NextHole,
    Reveal,
    Swap,
    TakeDiscard,
    ThrowAway,
    TurnAll,
    TurnUp,
)
from app.rules.golf.turns import check_reveal


def default_names(seats: int) -> list[str]:
    return [f"Player {s + 1}" for s in range(seats)]


def _seat_view(state: State, seat: int, you: int | None, names: Sequence[str]) -> dict:
    cards, up = state.layouts[seat], state.face_up[seat]
    mine = seat == you
    return {
        "name": names[seat],
        "layout": [card if shown else None for card, shown in zip(cards, up, strict=True)],
        "known": [
            card if (mine and state.known[seat][i] and not up[i]) else None
            for i, card in enumerate(cards)
        ],
        "totals": totals(state)[seat],
    }


def view_for(state: State, seat: int | None, names: Sequence[str] | None = None) -> dict:
    """Exactly what `seat` (None: a watcher) may see, as a JSON-safe dict."""
    names = list(names) if names is not None else default_names(state.seats)
    if seat is not None and not 0 <= seat < state.seats:
        raise ValueError(f"There is no seat {seat}")
    holder = state.turn if state.held is not None else None
    return {
        "hole": state.hole,
        "holes": state.options.holes,
        "phase": str(state.phase),
        "turn": state.turn,
        "you": seat,
        "seats": [_seat_view(state, s, seat, names) for s in range(state.seats)],
        "discard_top": state.discard_top,
        "stock": len(state.stock),
        "drawn": state.held if holder is not None and holder == seat else None,
        "held_by": holder,
        "held_from": state.held_from,
        "discard": list(state.discard),
        "dealer": state.dealer,
        "seats_to_act": list(seats_to_act(state)),
        "went_out": state.went_out,
        "turns": state.turns,
        "scores": [list(hole) for hole in state.scores],
        "winners": list(winners(state)),
        "options": state.options.to_dict(),
    }


def legal_moves_in_view(view: dict[str, Any]) -> list[Move]:
    """The moves the seat `view["you"]` may make, worked out from its view alone."""
    seat, phase = view["you"], view["phase"]
    if seat is None or seat not in view["seats_to_act"]:
        return []
    layout = view["seats"][seat]["layout"]
    down = [i for i, card in enumerate(layout) if card is None]
    opts = view["options"]
    if phase == Phase.FLIP:
        up = [i for i in range(6) if layout[i] is not None]
        return [Reveal(seat, i) for i in down if check_reveal(opts["first_two"], up, i) is None]
    if phase == Phase.DRAW:
        moves: list[Move] = [DrawStock(seat)]
        moves += [TakeDiscard(seat)] if view["discard_top"] else []
        moves += [TurnUp(seat, i) for i in down] if opts["turn_instead"] else []
        moves += [TurnAll(seat)] if opts["turn_all_to_go_out"] and down else []
        return moves
    if phase == Phase.PLACE:
        throw = [ThrowAway(seat)] if view["held_from"] == "stock" else []
        return [Swap(seat, i) for i in range(6)] + throw
    if phase == Phase.TURN_UP:
        return [TurnUp(seat, i) for i in down]
    if phase == Phase.HOLE_OVER:
        return [NextHole(seat)]
    return []


def describe(
    move: Move, before: State, after: State, names: Sequence[str], viewer: int | None = None
) -> str:
    """One plain sentence for the live region; a stock card is named only to its drawer."""
    who = names[move.seat]
    if isinstance(move, Reveal):
        card = card_name(after.layouts[move.seat][move.index])
        return f"{who} turned up the {card} ({SHORT_POSITION_NAMES[move.index]})."
    if isinstance(move, DrawStock):
        if viewer == move.seat:
            return f"{who} drew the {card_name(after.held)} from the stock."
        return f"{who} drew a card from the stock."
    if isinstance(move, TakeDiscard):
        return f"{who} took the {card_name(after.held)} from the discard pile."
    if isinstance(move, Swap):
        return _describe_swap(move, before, who) + _ending(before, after)
    if isinstance(move, ThrowAway):
        return f"{who} threw away the {card_name(before.held)}." + _ending(before, after)
    if isinstance(move, TurnUp | TurnAll):
        indexes = [move.index] if isinstance(move, TurnUp) else before.face_down(move.seat)
        cards = ", ".join(f"the {card_name(after.layouts[move.seat][i])}" for i in indexes)
        return f"{who} turned up {cards}." + _ending(before, after)
    return f"{names[after.dealer]} dealt hole {after.hole}."


def _describe_swap(move: Swap, before: State, who: str) -> str:
    held = card_name(before.held)
    old = card_name(before.layouts[move.seat][move.index])
    where = SHORT_POSITION_NAMES[move.index]
    hidden = ", which was face down" if not before.face_up[move.seat][move.index] else ""
    return f"{who} swapped the {held} into the {where} place; out went the {old}{hidden}."


def _ending(before: State, after: State) -> str:
    if after.phase in (Phase.HOLE_OVER, Phase.GAME_OVER):
        return f" Hole {after.hole} is over."
    if before.went_out is None and after.went_out is not None:
        return " Everyone else has one last turn."
    return ""
