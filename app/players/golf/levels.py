"""Computer players between random and the coach, that play like people: `beginner` and `club`.

- `beginner` (six-card): sensible but short-sighted, the way a new player plays: it keeps low
  cards and throws high ones, but adds its cards up without seeing pairs (it notices a pair
  only now and then, `NOTICE_PAIRS` of the time), and now and then (`KEEPS_POOR`) keeps a poor
  stock card on a face-down place just to see what was there. It goes out whenever it can.
- `club`: a good club player: the coach's judgement, with a lapse into the greedy baseline's
  simpler move `CLUB_LAPSES` of the time (no look-ahead, no counting, no race).
Four-card Golf gets the same two names: a beginner there is greedy4 with some of the same
lapses into a random legal move, a club player the four-card coach with greedy4's lapses.

Every lapse is drawn from the `rng` the caller seeds (at the table: the public game id and
move number), and every player reads only its SeatView, like every other bot.
Strength, measured with `golf simulate golf6`: see level_strength.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from app.players.golf import coach, coach4, greedy, greedy4, random_player
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
)

NOTICE_PAIRS = 0.35
KEEPS_POOR = 0.2
LOW_POINTS = 4  # a card worth this or less looks worth taking from the discard
CLUB_LAPSES = 0.35
BEGINNER4_LAPSES = 0.15

Bot = Callable[[SeatView, random.Random], Move]



def _blind(known: Knowledge, layout: tuple[str | None, ...], pairs: bool) -> float:
    """The beginner's sum: known cards at their points, hidden ones at the average; pairs
    count as 0 only when it notices them."""
    total = 0.0
    for t, b in known.shape.column_lines:
        top, bottom = layout[t], layout[b]
        if pairs and top is not None and top == bottom:
            continue
        total += sum(known.points[c] if c is not None else known.mean for c in (top, bottom))
    return total


def _best(known: Knowledge, rank: str, pairs: bool) -> tuple[int, float]:
    """Where `rank` lowers the beginner's sum most, and by how much (<0: lower). Like anyone
    who has played a few holes, it does not go out on a score it can see is poor."""
    now = _blind(known, known.mine, pairs)
    down = known.face_down[known.seat]
    changes = {
        i: _blind(known, placed(known.mine, i, rank), pairs) - now
        for i in known.shape.positions
        if not all(not d or j == i for j, d in enumerate(down))
        or greedy._may_go_out(known, placed(known.mine, i, rank))
    }
    if not changes:
        return 0, 0.0
    index = min(changes, key=changes.__getitem__)
    return index, changes[index]


def beginner(view: SeatView, rng: random.Random) -> Move:
    """The six-card beginner (see the module docstring)."""
    if view.phase not in (Phase.DRAW, Phase.PLACE):
        return greedy.choose(view, rng)
    known = knowledge_of(view)
    if known.dragging:
        return greedy.choose(view, rng)
    seat = view.seat
    pairs = rng.random() < NOTICE_PAIRS
    if view.phase == Phase.DRAW:
        top = view.discard_top
        if top is not None:
            rank = rank_of(top)
            if (known.points[rank] <= LOW_POINTS or pairs) and _best(known, rank, pairs)[1] < 0:
                return TakeDiscard(seat)
        return DrawStock(seat)
    rank = rank_of(view.drawn)
    index, change = _best(known, rank, pairs)
    if change < 0:
        return Swap(seat, index)
    if view.held_from == Pile.STOCK:
        hidden = [i for i, down in enumerate(known.face_down[seat]) if down]
        if hidden and rng.random() < KEEPS_POOR:
            return Swap(seat, rng.choice(hidden))  # "let's see what's under there"
        return ThrowAway(seat)
    return Swap(seat, index)


def lapsing(strong: Bot, weak: Bot, lapses: float,
            phases: tuple[Phase, ...] = (Phase.DRAW, Phase.PLACE, Phase.TURN_UP)) -> Bot:
    """A player that makes `strong`'s move, or `weak`'s `lapses` of the time in `phases`."""

    def choose(view: SeatView, rng: random.Random) -> Move:
        lapse = view.phase in phases and rng.random() < lapses
        return weak(view, rng) if lapse else strong(view, rng)

    return choose


club = lapsing(coach.choose, greedy.choose, CLUB_LAPSES)
club4 = lapsing(coach4.choose, greedy4.choose, CLUB_LAPSES)
# A four-card beginner's slips are where it puts a card, never a knock on its first turn.
beginner4 = lapsing(greedy4.choose, random_player.choose, BEGINNER4_LAPSES, (Phase.PLACE,))
