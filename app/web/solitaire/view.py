"""What the solitaire board template and the JSON state are made from: a view of one deal."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from app.i18n import N_, card_in_text, ngettext
from app.i18n import gettext as _
from app.players.solitaire.hint import Advice, advise
from app.rules.solitaire import (
    Draw,
    Move,
    Play,
    Position,
    is_over,
    legal_moves,
    playable_columns,
    score,
    what_fits,
)
from app.storage.solitaire import HOLES, StoredDeal, StoredRound
from app.web.solitaire.cards import Drawer
from app.web.solitaire.coach_words import advice_text, reason_text
from app.web.solitaire.words import fit_text

PAR = 45
NO_ADVICE = N_("The coach has no advice just now: try the rules of thumb, or ask again.")
# Under the buttons of a deal whose score counts, and as the answer to an Undo of a draw there.
DRAW_KEPT_MESSAGE = N_(
    "The score of this deal counts, so a card turned from the draw pile stays turned."
)
log = logging.getLogger("golf.solitaire")
WATCH_MODES = ("play", "pause")


@dataclass
class BoardOptions:
    """How to show the board this time: a message, a hint, watch mode."""

    message: str | None = None
    hint: bool = False
    watch: str | None = None
    # Also send the coach's extras (review link, score card): a change that may have ended
    # the deal, or taken back its end. Other moves leave them as they were.
    refresh_extra: bool = False


def last_move_text(deal: StoredDeal, position: Position) -> str | None:
    """ "Last move: ..." in words, from the log and the top of the discard pile."""
    if not deal.moves or position.top is None:
        return None
    move = deal.moves[-1]
    if isinstance(move, Play):
        return _(
            "Last move: the %(card)s from column %(column)d.",
            card=card_in_text(position.top), column=move.column + 1,
        )
    return _("Last move: turned over the %(card)s.", card=card_in_text(position.top))


def fits_now_text(position: Position) -> str:
    """Which playable cards fit right now, or what to do when none does."""
    if is_over(position):
        return ""
    names = [card_in_text(position.columns[c][-1]) for c in playable_columns(position)]
    if names:
        return _("Fits now: %(cards)s.", cards=", ".join(names))
    if position.stock and position.top is not None:  # an empty pile's line says it already
        return _("Nothing in the columns fits: turn over a card from the draw pile.")
    return ""


def end_text(position: Position) -> str:
    """One line that explains the final score."""
    left = position.cards_left
    if left and position.variant.clear_scores_zero:
        return ngettext(
            "The draw pile is used up and nothing fits: %(num)d card is left in the columns, "
            "so you score %(num)d (lower is better; clearing every column scores 0).",
            "The draw pile is used up and nothing fits: %(num)d cards are left in the columns, "
            "one point each (lower is better; clearing every column scores 0).",
            left,
        )
    if left:
        return ngettext(
            "The draw pile is used up and nothing fits: %(num)d card is left in the columns, "
            "so you score %(num)d (lower is better; clearing every column scores below zero).",
            "The draw pile is used up and nothing fits: %(num)d cards are left in the columns, "
            "one point each (lower is better; clearing every column scores below zero).",
            left,
        )
    stock = len(position.stock)
    if position.variant.clear_scores_zero:
        return _("You cleared every column! With the Clear scores zero variation that scores 0.")
    if not stock:
        return _("You cleared every column with no card left to draw: you score 0.")
    return ngettext(
        "You cleared every column with %(num)d card left to draw: it counts one below "
        "zero, so you score %(score)d.",
        "You cleared every column with %(num)d cards left to draw: each counts one below "
        "zero, so you score %(score)d.",
        stock, score=score(position),
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


def _columns(position: Position, hinted: Move | None, watch: bool, over: bool,
             drawer: Drawer) -> list[Markup]:  # fmt: skip
    """The columns; the first card that fits takes focus when the card a player used is gone.
    On a deal that is over no card is a button a player can reach."""
    fitting = playable_columns(position)
    columns = []
    for c, cards in enumerate(position.columns):
        fit = c in fitting
        focus = bool(fitting) and c == fitting[0]
        columns.append(drawer.column(c + 1, cards, fit, hinted == Play(c), watch, focus, over))
    return columns


def _focus_fallback(position: Position, over: bool, final: bool) -> str | None:
    """What takes focus when no card fits: Draw while it can, else Undo, or on a deal whose
    score counts (Undo disabled) the link to its review."""
    if playable_columns(position):
        return None  # the first fitting card does (see _columns)
    if position.stock and not over:
        return "draw"
    return "review" if final else "undo"


def board_context(
    deal: StoredDeal,
    options: BoardOptions,
    drawer: Drawer,
    round_: StoredRound | None = None,
    final: bool = False,
    counts: bool = False,
) -> dict[str, Any]:
    """Everything _board.html needs, as plain values; `final`: over, and its score counts;
    `counts`: in play, and its score counts, so no draw is ever taken back (Undo is off while
    the last move is one)."""
    position = deal.game.position
    draw_kept = counts and bool(deal.moves) and isinstance(deal.moves[-1], Draw)
    over = is_over(position)
    watch = options.watch if options.watch in WATCH_MODES and not over else None
    advice = _advice(position) if (options.hint or watch) and not over else None
    said = [options.message] if options.message else []
    if advice and options.hint:  # a close call says so in its reason, naming the other move
        said.append(_("Hint: %(reason)s", reason=advice_text(advice)))
    # While the computer plays on, a move comes every second or two: the move and why, not
    # how it compares (Pause shows that), so a screen reader finishes before the next.
    next_text = None
    if advice and watch:
        why = reason_text(advice.reason) if watch == "play" else advice_text(advice)
        next_text = _("Next: %(reason)s", reason=why)
        said.append(next_text)
    if advice is None and (options.hint or watch) and not over:
        said.append(_(NO_ADVICE))
    return {
        "deal": deal,
        # What a player at the table sees of the piles: never the draw pile's order.
        "top": position.top,
        "top_card": drawer.top(position.top) if position.top else None,
        "draw_count": len(position.stock),
        "columns": _columns(position, advice.move if advice else None, bool(watch), over, drawer),
        "over": over,
        "score": score(position),
        "end_text": end_text(position) if over else None,
        "said": said,
        "last_move": last_move_text(deal, position),
        "what_fits": None if over else fit_text(
            what_fits(position.top, position.variant, position.jokers_to_come)),
        "fits_now": fits_now_text(position),
        "hint_draw": bool(advice and isinstance(advice.move, Draw)),
        "focus_fallback": _focus_fallback(position, over, final),
        "final": final,
        "draw_kept": draw_kept,
        "counts": counts,
        "draw_kept_note": _(DRAW_KEPT_MESSAGE) if counts else None,
        "watch": watch,
        "advice": advice,
        "next_text": next_text,
        "scorecard": scorecard(round_) if round_ else None,
        "refresh_extra": options.refresh_extra or over,
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
        return _(
            "Round over: %(total)d for nine holes, %(under)d under par. Well played!",
            total=total, under=PAR - total,
        )
    if total == PAR:
        return _("Round over: %(total)d for nine holes, exactly par.", total=total)
    return _(
        "Round over: %(total)d for nine holes, %(over)d over par (%(par)d).",
        total=total, over=total - PAR, par=PAR,
    )


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
