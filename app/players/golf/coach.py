"""The `coach` six-card Golf player: the strongest we have, and honest (it reads only its view).

It minimises its expected hole score minus the others' average, looking one card ahead:
- card counting: unseen cards are counted by rank, so a face-down card's worth and the
  chance that a card pairs reflect what has already been seen (see coach_eval);
- a drawn card is valued over every rank the stock may hold, against the known discard;
- the look-ahead: a layout is worth its expected score less `alpha` times the saving one
  more turn is expected to bring, `alpha` shrinking as someone nears going out;
- the race: every face-down card costs a tempo, because the seat caught with hidden cards
  when someone goes out loses the hole (measured: each hidden card then costs about 4-5
  points against greedy), so the coach turns its cards up early; the tempo is highest
  while the others are still far from going out, when a card turned up now also tells the
  coach what it holds with many turns left to use that, and lower near the end, when
  putting a poor card on a hidden place to hurry costs more than it saves;
- going out stops everyone improving: it is chosen when the exact score beats playing on,
  counting the last turn the others still get;
- a card thrown on the pile is charged what it would save the next player.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from app.players.golf.coach_eval import Evaluator
from app.players.golf.knowledge import Knowledge, knowledge_of, placed, rank_of
from app.rules.golf import (
    DrawStock,
    Move,
    Phase,
    Pile,
    SeatView,
    Swap,
    TakeDiscard,
    ThrowAway,
    TurnAll,
    TurnUp,
    legal_moves_for,
)

# Weights tuned with `golf simulate golf6 --players coach,greedy` (see README, Benchmarks).
ALPHA_PER_CARD = 0.35  # turns still to come, per face-down card of the nearest-to-out seat
ALPHA_BASE = 0.2
ALPHA_MAX = 1.6
GO_OUT_FACTOR = 1.5  # the others' last turns, in turns of improvement
GIFT_FACTOR = 1.0
# Per face-down card, by the fewest face-down cards any other seat has (runs against greedy
# on seeds 7 and 11: +2.1 and +2.5 points a game over a flat 2.5, see README).
TEMPO_BY_NEAREST = (2.0, 2.0, 3.0, 4.0, 4.0, 4.0, 4.0)


@dataclass
class Plan:
    """What one decision needs: what the seat knows, the evaluator and the weights."""

    known: Knowledge
    evaluator: Evaluator
    nearest_other: int  # fewest face-down cards any other seat has
    last_turns: bool
    others_gain: float
    gift_weight: float
    next_layout: tuple[str | None, ...] | None
    _gifts: dict

    @property
    def mine(self) -> tuple[str | None, ...]:
        return self.known.mine

    @property
    def face_down(self) -> tuple[bool, ...]:
        return self.known.face_down[self.known.seat]

    @property
    def positions(self) -> tuple[int, ...]:
        return self.known.shape.positions


def _plan(view: SeatView) -> Plan:
    known = knowledge_of(view)
    evaluator = Evaluator(known)
    last = view.went_out is not None
    others = known.others()
    gains = [evaluator.gain(known.layouts[s]) for s in others]
    following = (known.seat + 1) % known.seats
    no_next = last and following == view.went_out
    return Plan(
        known=known, evaluator=evaluator, last_turns=last,
        nearest_other=min(sum(known.face_down[s]) for s in others),
        others_gain=sum(gains) / len(gains), gift_weight=GIFT_FACTOR / len(others),
        next_layout=None if no_next else known.layouts[following], _gifts={},
    )


def alpha(plan: Plan, my_face_down: int) -> float:
    """About how many turns of improvement are left, if I keep `my_face_down` cards hidden."""
    if plan.last_turns:
        return 0.0
    nearest = min(my_face_down, plan.nearest_other)
    return min(ALPHA_MAX, ALPHA_BASE + ALPHA_PER_CARD * nearest)


def layout_value(plan: Plan, layout: tuple[str | None, ...], face_down: int) -> float:
    """Expected score of `layout` less the others' average, as far as my choice changes it.

    Every turn still to come lets me save `gain(layout)` and the others `others_gain`;
    hiding fewer cards brings the end nearer, which pays when the others have more to gain.
    """
    turns = alpha(plan, face_down)
    ev = plan.evaluator
    tempo = 0.0 if plan.last_turns else TEMPO_BY_NEAREST[plan.nearest_other] * face_down
    return ev.ev(layout) + turns * (plan.others_gain - ev.gain(layout)) + tempo


def gift(plan: Plan, rank: str | None) -> float:
    """What a card put on the pile is worth to the next player (None: an unseen card)."""
    if plan.next_layout is None:
        return 0.0
    if rank in plan._gifts:
        return plan._gifts[rank]
    if rank is None:
        odds = plan.evaluator.odds
        plan._gifts[None] = sum(q * gift(plan, r) for r, q in odds.items())
    else:
        ev = plan.evaluator
        layout = plan.next_layout
        now = ev.ev(layout)
        best = min(ev.ev(placed(layout, i, rank)) for i in plan.positions)
        plan._gifts[rank] = max(0.0, now - best - ev.gain(layout))
    return plan._gifts[rank]


def place_value(plan: Plan, index: int, rank: str) -> float:
    """Value (lower is better) of putting `rank` at `index` and discarding what was there."""
    layout = placed(plan.mine, index, rank)
    old = plan.mine[index]
    hidden = sum(plan.face_down) - plan.face_down[index]
    return outcome_value(plan, layout, hidden) + plan.gift_weight * gift(plan, old)


def outcome_value(plan: Plan, layout: tuple[str | None, ...], hidden: int) -> float:
    """`layout_value`, or when no card is left hidden, the value of going out."""
    if hidden or plan.last_turns:
        return layout_value(plan, layout, hidden)
    # Going out: my score is settled and the others get their last turns.
    stuck = -100.0 if plan.known.dragging else 0.0
    return plan.evaluator.ev(layout) + GO_OUT_FACTOR * plan.others_gain + stuck


def keep_value(plan: Plan, thrown: str) -> float:
    """Value of leaving the layout as it is and throwing `thrown` on the pile."""
    hidden = sum(plan.face_down)
    return layout_value(plan, plan.mine, hidden) + plan.gift_weight * gift(plan, thrown)


def best_place(plan: Plan, rank: str) -> tuple[int, float]:
    values = [place_value(plan, i, rank) for i in plan.positions]
    index = min(plan.positions, key=values.__getitem__)
    return index, values[index]


def draw_value(plan: Plan) -> float:
    """Expected value of drawing from the stock, then keeping or throwing the card."""
    return sum(
        q * min(keep_value(plan, r), best_place(plan, r)[1])
        for r, q in plan.evaluator.odds.items()
    )


def draw_phase_values(view: SeatView, legal: list[Move]) -> list[tuple[float, Move]]:
    """The value (lower is better) of each action weighed at the start of a turn: drawing,
    taking the discard (placed at its best), turning all up, turning one up."""
    plan = _plan(view)
    seat = plan.known.seat
    choices: list[tuple[float, Move]] = [(draw_value(plan), DrawStock(seat))]
    if view.discard_top:
        choices.append((best_place(plan, rank_of(view.discard_top))[1], TakeDiscard(seat)))
    if TurnAll(seat) in legal and not plan.last_turns and _ahead_after_their_last_turns(plan):
        choices.append((outcome_value(plan, plan.mine, 0), TurnAll(seat)))
    choices += [(_reveal_value(plan, m.index), m) for m in legal if isinstance(m, TurnUp)]
    return choices


def _draw_phase(view: SeatView, legal: list[Move]) -> Move:
    return min(draw_phase_values(view, legal), key=lambda choice: choice[0])[1]


def _ahead_after_their_last_turns(plan: Plan) -> bool:
    """Going out by turning every card up: only when my layout, face-down cards at their mean,
    is expected to beat every other after their last turns. `layout_value` charges each
    face-down card for the tempo it costs while the hole goes on, which turning them all up
    would escape at no cost to the cards themselves: weighed that way alone, the coach went
    out at its first turn on any layout (it won 1 game in 20 against greedy)."""
    ev = plan.evaluator
    mine = ev.ev(plan.mine)
    return all(mine < ev.ev(plan.known.layouts[s]) - GO_OUT_FACTOR * ev.gain(plan.known.layouts[s])
               for s in plan.known.others())


def _reveal_value(plan: Plan, index: int) -> float:
    """Expected value of turning up the face-down card at `index` (nothing discarded)."""
    hidden = sum(plan.face_down) - 1
    return sum(
        q * outcome_value(plan, placed(plan.mine, index, r), hidden)
        for r, q in plan.evaluator.odds.items()
    )


def _place_phase(view: SeatView) -> Move:
    plan = _plan(view)
    seat, rank = plan.known.seat, rank_of(view.drawn)
    if plan.known.dragging and any(plan.face_down):
        # A hole that drags on (nobody going out): turn face-down places up to end it.
        hidden = [i for i, down in enumerate(plan.face_down) if down]
        return Swap(seat, min(hidden, key=lambda i: place_value(plan, i, rank)))
    index, value = best_place(plan, rank)
    if view.held_from == Pile.STOCK and keep_value(plan, rank) <= value:
        return ThrowAway(seat)
    return Swap(seat, index)


def _forced_turn_up(view: SeatView, legal: list[Move]) -> Move:
    plan = _plan(view)
    return min(legal, key=lambda m: _reveal_value(plan, m.index))  # type: ignore[union-attr]


def choose(view: SeatView, rng: random.Random) -> Move:
    """The coach's move for the view's seat."""
    legal = legal_moves_for(view)
    phase = view.phase
    if phase == Phase.DRAW:
        return _draw_phase(view, legal)
    if phase == Phase.PLACE:
        return _place_phase(view)
    if phase == Phase.TURN_UP:
        return _forced_turn_up(view, legal)
    return legal[0]  # start-of-hole flips and the next deal: no choice worth making
