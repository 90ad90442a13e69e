"""Turning one seat's view (the rules' view_for) into what the table template shows.

Nothing here looks at the rule state: only at the dict a person at that seat may see, so a
template cannot leak a face-down card.
"""

from __future__ import annotations

from typing import Any

from app.i18n import N_, card_name, join_names, ngettext, possessive
from app.i18n import gettext as _
from app.rules.golf import SIX_CARD, Options, Shape
from app.rules.golf.moves import (
    INDEXED,
    KIND_OF,
    DrawStock,
    InvalidMoveError,
    Knock,
    Move,
    NextHole,
    TakeDiscard,
    ThrowAway,
    TurnAll,
    move_from_json,
)
from app.rules.golf.scoring import ScoringRules, layout_score
from app.rules.golf.state import FLIPS_PER_SEAT, Phase
from app.rules.numbers import parse_int
from app.web.golf.words import position_name

# Phases in which the last hole's scores are final.
HOLE_DONE = frozenset({str(Phase.HOLE_OVER), str(Phase.GAME_OVER)})

# Each action button: its id, its name, and its keyboard shortcut (your own cards are 1 to 6).
ACTION_LABELS: dict[type, tuple[str, str, str]] = {
    DrawStock: ("draw", N_("Draw from the stock"), "s"),
    TakeDiscard: ("take", N_("Take the discard"), "d"),
    ThrowAway: ("throw", N_("Throw it away"), "t"),
    TurnAll: ("turn-all", N_("Turn all my cards up"), "a"),
    Knock: ("knock", N_("Knock"), "k"),
    NextHole: ("next", N_("Deal the next hole"), "n"),
}


def move_code(move: Move) -> str:
    """A move as the form sends it: "draw_stock", "swap:3" (the seat comes from the cookie)."""
    kind = KIND_OF[type(move)]
    return f"{kind}:{move.index}" if isinstance(move, INDEXED) else kind


def move_from_code(code: object, seat: int | None, positions: int) -> Move:
    """The move `code` names for `seat`, read by the rules' parser: exactly what move_code
    makes, with a position below `positions`; anything else is InvalidMoveError "not_a_move"."""
    text = code if isinstance(code, str) else ""
    kind, colon, index = text.partition(":")
    # Read here first: the rules' parser does not know this layout's size.
    position = parse_int(index, 0, positions - 1) if colon else None
    try:
        move = move_from_json({"kind": kind, "seat": seat, "index": position})
    except InvalidMoveError:
        move = None
    if move is None or move_code(move) != text:  # no such kind, a position missing or extra
        raise InvalidMoveError("not_a_move", text=text[:40])
    return move


def card_label(owner: str, index: int, code: str | None, shape: Shape = SIX_CARD) -> str:
    """The accessible name: "Your card, top row, left: face down" (CONTRACT.md: a card its
    owner has looked at is still named face down; what they saw is its description)."""
    face = card_name(code) if code else _("face down")
    return _("%(owner)s card, %(place)s: %(face)s",
             owner=owner, place=position_name(index, shape), face=face)


def _seat(view: dict[str, Any], seat: int, moves: dict[int, str], away: set[int],
          scoring: ScoringRules) -> dict:
    data = view["seats"][seat]
    shape = scoring.shape
    you = seat == view["you"]
    owner = _("Your") if you else possessive(data["name"])
    cards = [
        {
            "pos": i,
            "code": code,
            # A face-down card this seat has looked at stays in sight for it (and only for it).
            "known": data["known"][i] if you and not code else None,
            "label": card_label(owner, i, code, shape),
            "looked": _("You looked: %(card)s", card=card_name(data["known"][i]))
            if you and not code and data["known"][i] else None,
            "place": _("%(owner)s card, %(place)s", owner=owner, place=position_name(i, shape)),
            "move": moves.get(i) if you else None,
        }
        for i, code in enumerate(data["layout"])
    ]
    return {
        "seat": seat,
        "name": data["name"],
        "you": you,
        "turn": view["turn"] == seat,
        "cards": cards,
        "total": data["totals"],
        # What the cards on the table score as they lie (none up: nothing to say).
        "shown_score": layout_score(data["layout"], scoring) if any(data["layout"]) else None,
        # Once a hole is over, its score for this seat (a knock penalty included).
        "hole_score": view["scores"][-1][seat] if view["phase"] in HOLE_DONE and view["scores"]
        else None,
        "away": seat in away,
    }


def next_focus(board: dict[str, Any]) -> str | None:
    """The id of the control to focus after a move: a card to click, else the first button."""
    for seat in board["seats"]:
        for card in seat["cards"]:
            if card["move"]:
                return f"g6-card-{seat['seat']}-{card['pos']}"
    return f"g6-act-{board['actions'][0]['id']}" if board["actions"] else None


def hole_label(view: dict[str, Any]) -> str:
    if view["holes"] is None:
        return _("Hole %(hole)s · playing until someone reaches 100", hole=view["hole"])
    return _("Hole %(hole)s of %(holes)s", hole=view["hole"], holes=view["holes"])


def winners_text(view: dict[str, Any]) -> str:
    winners = view["winners"]
    if not winners:
        return ""
    total = view["seats"][winners[0]]["totals"]
    you = view["you"]
    others = [view["seats"][s]["name"] for s in winners if s != you]
    if you in winners:
        if not others:
            return ngettext("You win with %(total)s point.", "You win with %(total)s points.",
                            total, total=total)
        return ngettext("You share the win with %(names)s: %(total)s point each.",
                        "You share the win with %(names)s: %(total)s points each.",
                        total, names=join_names(others), total=total)
    if len(others) == 1:
        return ngettext("%(name)s wins with %(total)s point.",
                        "%(name)s wins with %(total)s points.", total, name=others[0],
                        total=total)
    return ngettext("%(names)s share the win with %(total)s point each.",
                    "%(names)s share the win with %(total)s points each.",
                    total, names=join_names(others), total=total)


def score_sheet(view: dict[str, Any]) -> dict[str, Any]:
    """One row per finished hole: each seat's score and its running total."""
    running = [0] * len(view["seats"])
    rows = []
    for number, scores in enumerate(view["scores"], start=1):
        running = [total + score for total, score in zip(running, scores, strict=True)]
        rows.append((number, list(zip(scores, running, strict=True))))
    return {
        "names": [seat["name"] for seat in view["seats"]],
        "rows": rows,
        "totals": [seat["totals"] for seat in view["seats"]],
    }


def leaders_text(view: dict[str, Any]) -> str:
    """Who leads after the holes played so far ("Ann leads with 12 points.", "You lead ...")."""
    totals = [seat["totals"] for seat in view["seats"]]
    best = min(totals)
    leaders = [s for s, total in enumerate(totals) if total == best]
    others = [view["seats"][s]["name"] for s in leaders if s != view["you"]]
    if view["you"] in leaders:
        if not others:
            return ngettext("You lead with %(total)s point.", "You lead with %(total)s points.",
                            best, total=best)
        return ngettext("You share the lead with %(names)s: %(total)s point each.",
                        "You share the lead with %(names)s: %(total)s points each.",
                        best, names=join_names(others), total=best)
    if len(others) == 1:
        return ngettext("%(name)s leads with %(total)s point.",
                        "%(name)s leads with %(total)s points.", best, name=others[0], total=best)
    return ngettext("%(names)s share the lead with %(total)s point.",
                    "%(names)s share the lead with %(total)s points.",
                    best, names=join_names(others), total=best)


def board(view: dict[str, Any], away: set[int]) -> dict[str, Any]:
    """Everything the board template needs, from one seat's view."""
    legal = [move_from_json(move) for move in view["moves"]]
    scoring = Options.from_dict(view["options"]).scoring
    shape = scoring.shape
    by_index = {m.index: move_code(m) for m in legal if isinstance(m, INDEXED)}
    actions = [
        {"id": ACTION_LABELS[type(m)][0], "label": _(ACTION_LABELS[type(m)][1]),
         "key": ACTION_LABELS[type(m)][2], "move": move_code(m)}
        for m in legal
        if type(m) in ACTION_LABELS
    ]
    return {
        "hole_label": hole_label(view),
        "seats": [_seat(view, s, by_index, away, scoring) for s in range(len(view["seats"]))],
        "columns": shape.columns,
        "discard_top": view["discard_top"],
        "stock": view["stock"],
        "drawn": view["drawn"],
        "taken": view["held_from"] == "discard",  # a discard taken must be swapped in
        "can_swap": bool(view["drawn"]) and bool(by_index),
        "actions": actions,
        "hint": hint(view, bool(legal)),
        "sheet": score_sheet(view),
        "over": view["phase"] == "game_over",
        "hole_over": view["phase"] == "hole_over",
        "winners_text": winners_text(view),
        # The seat has to act to play on (not merely may deal the next hole, as anyone may).
        "your_turn": view["you"] in view["seats_to_act"]
        and view["phase"] not in HOLE_DONE,
        "focus_id": None,
    }


def hint(view: dict[str, Any], may_act: bool) -> str:
    """What this seat can do now, in a sentence (empty when it is not its move, and with a card
    in hand, whose box says what to do with it)."""
    if not may_act:
        return ""
    phase = view["phase"]
    if phase == "flip" and _flips_left(view) < FLIPS_PER_SEAT:
        return _("Turn one more of your cards face up: click it.")
    if phase == "flip":
        return _("Turn two of your cards face up: click them.")
    if phase == "draw" and view["options"]["game"] == "golf4":
        if view["knocker"] is not None:
            return _("Your last turn: draw from the stock or take the discard.")
        return _("Your turn: draw from the stock, take the discard, or knock to end the hole.")
    if phase == "draw" and view["options"]["turn_instead"]:
        return _(
            "Your turn: draw from the stock, take the discard, or click a card to turn it up.")
    if phase == "draw":
        return _("Your turn: draw from the stock or take the discard.")
    if phase == "turn_up":
        return _("Now turn one of your face-down cards up: click it.")
    if phase == "hole_over":
        return _("The hole is over. Deal the next one when everyone is ready.")
    return ""


def _flips_left(view: dict[str, Any]) -> int:
    """How many of the reader's cards are still to turn up at the start of a hole."""
    face_up = sum(card is not None for card in view["seats"][view["you"]]["layout"])
    return max(FLIPS_PER_SEAT - face_up, 0)


def turn_line(view: dict[str, Any]) -> str:
    """Whose turn it is, for the live region."""
    phase, you = view["phase"], view["you"]
    if phase == "flip":
        if you is not None and you in view["seats_to_act"]:
            if _flips_left(view) < FLIPS_PER_SEAT:
                return _("Everyone turns two cards face up. Your turn: click one more card.")
            return _("Everyone turns two cards face up. Your turn: click two of your cards.")
        waiting = [view["seats"][seat]["name"] for seat in view["seats_to_act"]]
        return _("Everyone turns two cards face up. Still to turn theirs: %(names)s.",
                 names=join_names(waiting))
    if phase == "hole_over":  # the move that ended the hole has said so
        return _("%(leaders)s Any player can deal the next one.", leaders=leaders_text(view))
    if phase == "game_over":
        return _("The game is over.") + " " + winners_text(view)
    if view["turn"] == you:
        return _("Your turn.")
    return _("%(owner)s turn.", owner=possessive(view["seats"][view["turn"]]["name"]))
