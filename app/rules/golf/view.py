"""A seat's view of a Golf game as the JSON-safe dict of CONTRACT.md ("JSON state").

Built from the SeatView alone, so it can show nothing the seat may not know. Besides the
contract's keys it carries public extras the pages use: "discard" (the whole pile),
"known" (cards your seat looked at but has not turned up), "moves" (your legal moves in
their stored JSON form), "options", "scores", "knocker", ...
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.rules.golf.moves import move_to_json
from app.rules.golf.seat_view import SeatView, legal_moves_for, seat_view
from app.rules.golf.state import State


def _seat_dict(view: SeatView, seat: int, names: Sequence[str]) -> dict[str, Any]:
    mine = seat == view.seat
    return {
        "name": names[seat],
        "layout": list(view.layouts[seat]),
        "known": list(view.known) if mine else [None] * view.shape.size,
        "totals": view.totals[seat],
    }


def view_dict(view: SeatView, names: Sequence[str]) -> dict[str, Any]:
    """The JSON form of a SeatView, with the seats' names (the web layer's words, in seat order)."""
    return {
        "hole": view.hole,
        "holes": view.options.holes,
        "phase": str(view.phase),
        "turn": view.turn,
        "you": view.seat,
        "seats": [_seat_dict(view, s, names) for s in range(view.seats)],
        "discard_top": view.discard_top,
        "stock": view.stock,
        "drawn": view.drawn,
        "held_by": view.held_by,
        "held_from": str(view.held_from) if view.held_from else None,
        "discard": list(view.discard),
        "dealer": view.dealer,
        "seats_to_act": list(view.acting),
        "went_out": view.went_out,
        "knocker": view.knocker,
        "turns": view.turns,
        "scores": [list(hole) for hole in view.scores],
        "winners": list(view.winners),
        "options": view.options.to_dict(),
        "moves": [move_to_json(move) for move in legal_moves_for(view)],
    }


def view_for(state: State, seat: int | None, names: Sequence[str]) -> dict:
    """Exactly what `seat` (None: a watcher) may see, as a JSON-safe dict."""
    return view_dict(seat_view(state, seat), names)
