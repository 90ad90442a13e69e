"""What the solitaire board template and the JSON state are made from: a view of one deal."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from app.players.solitaire.hint import Advice, advise
from app.rules.cards import card_name
from app.rules.solitaire import (
    Draw,
    Move,
    Play,
    Position,
    fits,
    is_over,
    legal_moves,
    playable_columns,
    score,
    what_fits,
)
from app.storage.solitaire import HOLES, StoredDeal, StoredRound

PAR = 45
NO_ADVICE = "The coach has no advice just now: try the rules of thumb, or ask again."
log = logging.getLogger("golf.solitaire")
WATCH_MODES = ("play", "pause")


@dataclass(frozen=True)
class CardView:
    code: str
    name: str
    last: bool
    fits: bool
    hinted: bool


@dataclass
class BoardOptions:
    """How to show the board this time: a message, a hint, watch mode."""

    message: str | None = None
    hint: bool = False
    watch: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def last_move_text(deal: StoredDeal, position: Position) -> str | None:
    """ "Last move: ..." in words, from the log and the top of the discard pile."""
    if not deal.moves or position.top is None:
        return None
    move = deal.moves[-1]
    if isinstance(move, Play):
        return f"Last move: the {card_name(position.top)} from column {move.column + 1}."
    return f"Last move: turned over the {card_name(position.top)}."


def fits_now_text(position: Position) -> str:
    """Which playable cards fit right now, or what to do when none does."""
    if is_over(position):
        return ""
    names = [card_name(position.columns[c][-1]) for c in playable_columns(position)]
    if names:
        return "Fits now: " + ", ".join(names) + "."
    if position.stock:
        return "Nothing in the columns fits: turn over a card from the draw pile."
    return ""


def end_text(position: Position) -> str:
    """One line that explains the final score."""
    left = position.cards_left
    if left:
        noun = "card is" if left == 1 else "cards are"
        return (
            f"The draw pile is used up and nothing fits: {left} {noun} left in the columns, "
            "one point each (lower is better; clearing every column scores below zero)."
        )
    stock = len(position.stock)
    if position.variant.clear_scores_zero:
        return "You cleared every column! With the Clear scores zero variation that scores 0."
    noun = "card" if stock == 1 else "cards"
    return (
        f"You cleared every column with {stock} {noun} left to draw: each counts one below "
        f"zero, so you score {score(position)}."
    )


def _advice(position: Position) -> Advice | None:
    """The coach's move, or None; a failing coach must not take the board down with it."""
    if not legal_moves(position):
        return None
    try:
        return advise(position)
    except Exception:
        log.exception("coach failed")
        return None


def _cards(position: Position, hinted: Move | None) -> list[list[CardView]]:
    columns = []
    for c, cards in enumerate(position.columns):
        views = []
        for i, code in enumerate(cards):
            last = i == len(cards) - 1
            views.append(
                CardView(
                    code=code,
                    name=card_name(code),
                    last=last,
                    fits=last and fits(code, position.top, position.variant),
                    hinted=last and hinted == Play(c),
                )
            )
        columns.append(views)
    return columns


def board_context(
    deal: StoredDeal, options: BoardOptions, round_: StoredRound | None = None
) -> dict[str, Any]:
    """Everything _board.html needs, as plain values."""
    position = deal.game.position
    over = is_over(position)
    watch = options.watch if options.watch in WATCH_MODES and not over else None
    advice = _advice(position) if (options.hint or watch) and not over else None
    said = [options.message] if options.message else []
    if advice and options.hint:
        close = " Another move is nearly as good." if advice.close else ""
        said.append("Hint: " + advice.reason + close)
    if advice and watch:
        said.append("Next: " + advice.reason)
    if advice is None and (options.hint or watch) and not over:
        said.append(NO_ADVICE)
    return {
        "deal": deal,
        # What a player at the table sees of the piles: never the draw pile's order.
        "top": position.top,
        "draw_count": len(position.stock),
        "columns": _cards(position, advice.move if advice else None),
        "over": over,
        "score": score(position),
        "end_text": end_text(position) if over else None,
        "said": said,
        "last_move": last_move_text(deal, position),
        "what_fits": None if over else what_fits(position.top, position.variant),
        "fits_now": fits_now_text(position),
        "hint_draw": bool(advice and isinstance(advice.move, Draw)),
        "watch": watch,
        "advice": advice,
        "scorecard": scorecard(round_) if round_ else None,
        **options.extra,
    }


def scorecard(round_: StoredRound) -> dict[str, Any]:
    """The running score card of a round of nine, with the par comparison at the end."""
    scores = list(round_.scores) + [None] * (HOLES - len(round_.scores))
    done = [s for s in scores if s is not None]
    total = sum(done)
    finished = len(done) == HOLES
    return {
        "round_id": round_.id,
        "holes": list(enumerate(scores, start=1)),
        "deal_ids": {d.hole: d.id for d in round_.deals},
        "total": total,
        "played": len(done),
        "finished": finished,
        "par": PAR,
        "summary": round_summary(total) if finished else None,
    }


def round_summary(total: int) -> str:
    if total < PAR:
        return f"Round over: {total} over nine holes, {PAR - total} under par. Well played!"
    if total == PAR:
        return f"Round over: {total} over nine holes, exactly par."
    return f"Round over: {total} over nine holes, {total - PAR} over par ({PAR})."


def json_view(deal: StoredDeal) -> dict[str, Any]:
    """The deal's state as CONTRACT.md promises it: only what a player at the table sees."""
    position = deal.game.position
    over = is_over(position)
    return {
        "id": deal.id,
        "deal_number": deal.deal_number,
        "variant": deal.variant.to_dict(),
        "columns": [list(cards) for cards in position.columns],
        "discard_top": position.top,
        "draw_pile": len(position.stock),
        "moves": len(deal.moves),
        "version": deal.version,
        "over": over,
        "score": score(position) if over else None,
        "round_id": deal.round_id,
        "hole": deal.hole,
    }
