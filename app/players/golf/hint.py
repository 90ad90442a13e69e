"""Advice at the Golf table: the move the `coach` player would make, why, and the figures.

`hint(view)` is honest by construction: it reads only the seat's `SeatView` (never a
face-down card or the stock order). In six-card Golf its move *is* `bots.choose("coach",
view, rng)`, so following every hint plays exactly as the computer's strong level does; in
four-card Golf it is the square model's move (`coach4.square_move`), which the Strong
computer then checks heads-up by play-outs that assume a Steady opponent. The reason and the
figures come from the coach's own evaluation (app.players.golf.coach and coach_eval):
- `worth_hidden`: what a face-down card is worth on average now (the mean of unseen cards);
- `saving`: how much the card lowers the expected score where it goes (`Evaluator.ev`, which
  counts the chance that a face-down card pairs);
- `margin`: how much better, by the coach's whole valuation (look-ahead, tempo, the card it
  gives the next player), the advised action is than the next best; under `CLOSE` the hint
  names that runner-up too.
In four-card Golf the figures come from that coach's square model (coach4.SquareModel,
`_square_facts`). The result holds codes and numbers only; app.web.golf.coach words them.

`option_values(view)` gives the coach's value of every action it weighs at this decision
(lower is better), which the hole review (hole_review.py) uses to price a choice that was
made against the one the coach would have made.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from app.players.golf import bots
from app.players.golf import coach as six
from app.players.golf import coach4 as four
from app.players.golf.knowledge import knowledge_of, placed, rank_of
from app.rules.golf import (
    DrawStock,
    Game,
    Knock,
    Move,
    NextHole,
    Phase,
    Pile,
    Reveal,
    SeatView,
    Swap,
    TakeDiscard,
    ThrowAway,
    TurnAll,
    TurnUp,
    legal_moves_for,
)

# A place must save this many points more than another to count as saving more, and a
# saving or cost this small is none (it would read "about 0.0").
MORE = 0.05
# Two actions whose values differ by less than this many points are "close" (about the
# spread of a single turn's luck is far larger; this is a judgement call, said as such).
CLOSE = 0.5


@dataclass(frozen=True)
class Hint:
    """One piece of advice. `reason` is a code; the numbers are points (floats, unrounded)."""

    move: Move
    reason: str
    card: str | None = None  # the card the advice is about (the discard or the drawn card)
    index: int | None = None  # where it goes (layout index), or which card to turn up
    replaces: str | None = None  # the face-up card it replaces (None: a face-down card)
    worth_hidden: float | None = None
    saving: float | None = None
    runner_up: Move | None = None  # the next best action when it is close
    margin: float | None = None  # value of the runner-up less the advised action's
    there: int | None = None  # "spares_…": the place that would save more
    # Four-card Golf: a knock's own square and the best other square after its last turn, as
    # the coach expects them; the seat's card the advised one pairs with.
    score: float | None = None
    theirs: float | None = None
    mate: int | None = None


def hint_dice(view: SeatView) -> random.Random:
    """The dice a hint gives the coach: fixed by public facts, so advice never flickers.

    The six-card coach never rolls them; the four-card one seeds its own sampling."""
    return random.Random(f"hint:{view.hole}:{view.turns}:{view.seat}")


def option_values(view: SeatView) -> list[tuple[float, Move]]:
    """The six-card coach's value (lower is better) of each action it weighs now.

    The draw phase's values are the coach's own (`draw_phase_values`); the place phase
    compares every place and, for a stock card, throwing it away, as the coach does. Empty
    when the coach has no real choice (flips, the next deal) or in four-card Golf, whose
    coach values positions differently.
    """
    if view.seat is None or view.options.game != Game.SIX_CARD or view.seat not in view.acting:
        return []
    legal = legal_moves_for(view)
    seat = view.seat
    if view.phase == Phase.DRAW:
        return six.draw_phase_values(view, legal)
    if view.phase == Phase.PLACE and view.drawn:
        plan = six._plan(view)
        rank = rank_of(view.drawn)
        values = [(six.place_value(plan, i, rank), Swap(seat, i)) for i in plan.positions]
        if view.held_from == Pile.STOCK:
            values.append((six.keep_value(plan, rank), ThrowAway(seat)))
        return values
    if view.phase == Phase.TURN_UP:
        plan = six._plan(view)
        return [(six._reveal_value(plan, m.index), m) for m in legal if isinstance(m, TurnUp)]
    return []


def hint(view: SeatView) -> Hint | None:
    """The coach's advice for the view's seat, or None when it has nothing to do."""
    if view.seat is None or view.seat not in view.acting or not legal_moves_for(view):
        return None
    if view.options.game != Game.SIX_CARD:
        return _four_card_hint(view)
    move = bots.choose("coach", view, hint_dice(view))
    values = option_values(view)
    runner_up, margin = _runner_up(view, values, move)
    found = _reason(view, move)
    return Hint(**{**found, "move": move, "runner_up": runner_up, "margin": margin})


def _runner_up(view: SeatView, values: list[tuple[float, Move]],
               move: Move) -> tuple[Move | None, float | None]:
    """The best action of another kind, and how much worse it is (None: no other kind).

    Two places for the same card are often worth exactly the same (two face-down cards of
    one column), so only a different kind of action (draw or take, keep or throw, turn up)
    is named as the close alternative, or another place where the card would make a pair:
    a learner sees that pair at once, and would take a hint that passes it over in silence
    for a blunder."""

    known = knowledge_of(view).mine

    def rival(other: Move) -> bool:
        if type(other) is not type(move):
            return True
        return (isinstance(other, Swap) and bool(view.drawn)
                and makes_pair(view, known, view.drawn, other.index))

    mine = [v for v, m in values if m == move]
    others = sorted(((v, m) for v, m in values if m != move and rival(m)),
                    key=lambda vm: vm[0])
    if not mine or not others:
        return None, None
    margin = others[0][0] - mine[0]
    return (others[0][1] if margin < CLOSE else None), margin


def _plain_reason(move: Move) -> str:
    return {
        DrawStock: "draw", TakeDiscard: "take", Swap: "place", ThrowAway: "throw",
        TurnUp: "turn_up", TurnAll: "turn_all", Knock: "knock", Reveal: "flip",
        NextHole: "next_hole",
    }.get(type(move), "play")


def _four_card_hint(view: SeatView) -> Hint:
    """The four-card square model's move (coach4.square_move: the Strong computer's move
    before its play-outs against a Steady-like opponent), with its reason and figures."""
    move = four.square_move(view)
    plain = {"reason": _plain_reason(move), "card": _card_of(view, move),
             "index": getattr(move, "index", None)}
    return Hint(move=move, **(plain | _square_facts(view, move)))


def _knock_facts(view: SeatView) -> dict:
    """A knock on a square the seat has fully seen: its score, and the lowest score another
    square is expected to reach with its last turn (the coach's own stopping figures)."""
    if four.plan_drags(view):
        return {}  # the hole has dragged on: the coach ends it, whatever the figures
    plan = four._plan(view)
    if any(r is None for r in plan.mine):
        return {}
    score = four.square_after(plan, plan.known.seat, 0)
    theirs = min(four.square_after(plan, s, 1) for s in plan.others)
    reason = "knock_ahead" if score <= theirs else "knock_now"
    return {"reason": reason, "score": score, "theirs": theirs}


def _square_facts(view: SeatView, move: Move) -> dict:
    """Four-card Golf: the reason and figures of the square model's move ({} where none
    explains it: the hint then names the move alone). Savings are in expected points,
    face-down cards it has not seen at their unseen mean, and a pair counted when pairs
    cancel."""
    if isinstance(move, Knock):
        return _knock_facts(view)
    known = knowledge_of(view)
    model = four.SquareModel(known, view.options.pairs_cancel)
    now = model.ev(known.mine)

    def saving(rank: str, index: int) -> float:
        return now - model.ev(placed(known.mine, index, rank))

    if isinstance(move, TakeDiscard | Swap):
        card = view.discard_top if isinstance(move, TakeDiscard) else view.drawn
        if not card:
            return {}
        rank = rank_of(card)
        # A take names the place the coach means the card for (CONTRACT: pile and place).
        index = (move.index if isinstance(move, Swap)
                 else four.best_place(four._plan(view), rank)[0])
        savings = {i: saving(rank, i) for i in view.shape.positions}
        found = savings[index]
        if _better_elsewhere(savings, index) is not None:
            # Another place saves more now: a saving alone would read as a mistake.
            plan = four._plan(view)
            return {"index": index} | _spared_gift(savings, index, plan.mine,
                                                   lambda r: four.gift(plan, r))
        if found <= 0:
            # Only a card taken from the pile has to go somewhere that lowers nothing.
            taken = view.held_from == Pile.DISCARD
            return {"index": index} | ({"reason": "taken_must_go"} if taken else {})
        mate = next((j for j in model.partners[index] if known.mine[j] == rank), None)
        if mate is not None:
            return {"reason": "pairs_with", "index": index, "mate": mate, "saving": found}
        if known.mine[index] is None:
            return {"reason": "replaces_hidden", "index": index, "worth_hidden": model.mean,
                    "saving": found}
        return {"reason": "replaces_higher", "index": index, "saving": found}
    card = view.drawn if isinstance(move, ThrowAway) else view.discard_top
    if isinstance(move, ThrowAway | DrawStock) and card:
        best = max(saving(rank_of(card), i) for i in view.shape.positions)
        if best <= 0:
            reason = "throw_useless" if isinstance(move, ThrowAway) else "draw_discard_useless"
            return {"reason": reason, "card": card}
        # It would lower the square somewhere, but the coach's whole count (the turns to
        # come, the card it would hand the next player) prefers the stock's card.
        reason = "throw_better" if isinstance(move, ThrowAway) else "draw_worth_more"
        return {"reason": reason, "card": card, "saving": best}
    return {}


def _better_elsewhere(savings: dict[int, float], index: int) -> int | None:
    """The place that saves most now, if it saves clearly more than `index` does."""
    there = max(savings, key=savings.__getitem__)
    return there if savings[there] > savings[index] + MORE else None


def _spared_gift(savings: dict[int, float], index: int, mine: Sequence[str | None],
                 gift: Callable[[str | None], float]) -> dict:
    """A card put at `index` though another place saves more now, because the card there
    would go on the pile for the next player (the coach's charge, `gift`, for a rank or an
    unseen card): the reason, the place and how much more it saves; {} if that is not why."""
    there = _better_elsewhere(savings, index)
    if there is None or gift(mine[there]) <= gift(mine[index]):
        return {}
    return {"reason": "spares_hidden_gift" if mine[there] is None else "spares_gift",
            "there": there, "saving": savings[there] - savings[index]}


def _turned_up_sooner(savings: dict[int, float], index: int,
                      mine: Sequence[str | None]) -> dict:
    """A card put on a face-down card though a face-up one elsewhere saves more now, the gift
    of that card not being why (_spared_gift): the coach's count of the turns to come prefers
    turning a card up. The reason, that place and how much more it saves; else {}."""
    there = _better_elsewhere(savings, index)
    if there is None or mine[there] is None:
        return {}
    return {"reason": "reveals_sooner", "there": there,
            "saving": savings[there] - savings[index]}


def _card_of(view: SeatView, move: Move) -> str | None:
    if isinstance(move, TakeDiscard):
        return view.discard_top
    if isinstance(move, Swap | ThrowAway):
        return view.drawn
    return None


def placement_savings(plan: six.Plan, rank: str) -> dict[int, float]:
    """Six-card Golf: how much `rank` put at each place lowers the seat's expected score, by
    the coach's evaluator (negative: raises it)."""
    ev = plan.evaluator
    before = ev.ev(plan.mine)
    return {i: before - ev.ev(placed(plan.mine, i, rank)) for i in plan.positions}


def _placement_facts(view: SeatView, card: str, index: int) -> dict:
    """What putting `card` at `index` does to the expected score, by the coach's evaluator."""
    plan = six._plan(view)
    rank = rank_of(card)
    savings = placement_savings(plan, rank)
    saving = savings[index]
    replaces = view.layouts[view.seat][index]  # a face-up card, or None (face down)
    # A face-up card swapped for one no better has reasons of its own (below).
    spared = ({} if replaces is not None and saving <= 0 else
              _spared_gift(savings, index, plan.mine, lambda r: six.gift(plan, r)))
    # A card of the rank it replaces leaves a pair as it was: no pair made.
    if makes_pair(view, plan.mine, card, index) and (replaces is None or rank_of(replaces) != rank):
        reason = "pairs"
    elif passed_over := spared or (replaces is None and
                                   _turned_up_sooner(savings, index, plan.mine)):
        return {"card": card, "index": index, "replaces": replaces} | passed_over
    elif saving < MORE and replaces is None:
        reason = "tempo"  # no lower on average: worth it for turning a card up sooner
    elif saving >= MORE:
        reason = "replaces_hidden" if replaces is None else "replaces_higher"
    elif saving > -MORE:
        reason = "same_score"
    elif six.gift(plan, plan.mine[index]) < six.gift(plan, rank):
        # A face-up card swapped for one no better: what goes on the pile is what the next
        # player could use less (the coach charges a discard what it gives them).
        reason = "keeps_from_next"
    else:
        # Its look-ahead: a higher card leaves more for the coming turns to save.
        reason = "room_to_improve"
    return {
        "reason": reason, "card": card, "index": index, "replaces": replaces,
        "worth_hidden": plan.evaluator.mean, "saving": saving,
    }


def makes_pair(view: SeatView, mine: Sequence[str | None], card: str, index: int) -> bool:
    """Whether `card` put at `index` matches the seat's card known at the other end of its
    column (`mine`: the ranks it knows, as `knowledge_of` gives them)."""
    rank = rank_of(card)
    return rank is not None and mine[view.shape.column_mate(index)] == rank


def _reason(view: SeatView, move: Move) -> dict:
    """The reason code and figures for the coach's move (six-card Golf)."""
    plan = six._plan(view)
    worth = plan.evaluator.mean
    if isinstance(move, TakeDiscard):
        index, _value = six.best_place(plan, rank_of(view.discard_top))
        return _placement_facts(view, view.discard_top, index)
    if isinstance(move, Swap):
        facts = _placement_facts(view, view.drawn, move.index)
        hidden_left = sum(plan.face_down) - plan.face_down[move.index]
        if not hidden_left and not plan.last_turns:
            facts["reason"] = "pairs_go_out" if facts["reason"] == "pairs" else "go_out"
        elif facts["reason"] == "tempo" and view.held_from == Pile.DISCARD:
            # A card taken from the pile may not be thrown away: the place that costs least
            # is the reason, not tempo (on a last turn there is no tempo to win).
            facts["reason"] = "least_cost"
        elif (facts["reason"] == "room_to_improve" and plan.last_turns
              and view.held_from == Pile.DISCARD):
            # No card is still to come on a last turn: only a taken card goes in at a cost.
            facts["reason"] = "taken_must_go"
        return facts
    if isinstance(move, DrawStock):
        if view.discard_top is None:
            return {"reason": "draw_empty", "worth_hidden": worth}
        saving = max(placement_savings(plan, rank_of(view.discard_top)).values())
        if saving <= 0:
            return {"reason": "draw_discard_useless", "card": view.discard_top,
                    "worth_hidden": worth}
        # On a last turn nothing is turned up sooner: a stock card is worth more because it
        # may be thrown away if it does not help.
        code = "draw_better_last" if plan.last_turns else "draw_better"
        return {"reason": code, "card": view.discard_top, "saving": saving,
                "worth_hidden": worth}
    if isinstance(move, ThrowAway):
        best = max(placement_savings(plan, rank_of(view.drawn)).values())
        code = "throw_useless" if best <= 0 else "throw_better"
        return {"reason": code, "card": view.drawn, "saving": max(best, 0.0),
                "worth_hidden": worth}
    if isinstance(move, TurnUp):
        code = "turn_up_forced" if view.phase == Phase.TURN_UP else "turn_up"
        return {"reason": code, "index": move.index, "worth_hidden": worth}
    if isinstance(move, TurnAll):
        return {"reason": "turn_all", "worth_hidden": worth}
    return {"reason": _plain_reason(move), "index": getattr(move, "index", None)}
