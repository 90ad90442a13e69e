"""What a greedy opponent's moves this hole say about the two cards it peeked at.

Greedy's rules are public (greedy4.py) and use only what its seat knows, so every move it made
this hole can be checked against a guess at its face-down near cards: the guess stands when
greedy, holding those cards, would have made each of those moves. Its other unseen cards and
the stock play no part in its choices, so a guess weighs what the unseen cards' counts say
(two cards drawn from the pool), and the rest of the deal stays uniform over the pool.

The moves come from the view's public record (`SeatView.played`), walked back from the table
as it is now to the table before each of the opponent's choices. A hole whose discard pile
was reshuffled, or an opponent that does not play by greedy's rules (no guess survives), gives
no reading.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from app.players.golf.golf4_rollout import (
    DRAGGING_TURNS_PER_SEAT,
    NEAR_ROW,
    POINTS,
    POSITIONS,
    RANK_OF,
    best_place,
    lowest_known,
    wants,
)
from app.players.golf.knowledge import knowledge_of, rank_of
from app.rules.golf import DrawStock, Knock, Move, SeatView, Swap, TakeDiscard, ThrowAway

# The moves that finish a turn (in four-card Golf).
TURN_ENDS = (Swap, ThrowAway, Knock)

Guess = tuple[int, ...]  # ranks for the opponent's near cards still face down, in order
# The near positions still face down, and each guess at them its moves allow with its weight.
Reading = tuple[tuple[int, ...], list[tuple[Guess, int]]]


@dataclass(frozen=True)
class Choice:
    """The public table just before one of the opponent's choices, and what it chose."""

    up: tuple[tuple[int | None, ...], ...]  # each seat's face-up cards (None: face down)
    pile: tuple[int, ...]
    held: int | None  # the card in hand (a choice of where to put it), else None
    from_stock: bool
    knock_allowed: bool
    dragging: bool
    chose: str  # "knock", "take", "draw", "swap" or "throw"
    index: int = -1


def _rank(card: str) -> int:
    return RANK_OF[rank_of(card)]


@lru_cache(maxsize=64)
def near_card_guesses(view: SeatView) -> Reading | None:
    """The opponent's near positions still face down and every guess at them that its moves
    allow, with weights; None when there is nothing to read (see the module's docstring)."""
    if view.seats != 2 or view.reshuffles or view.seat is None:
        return None
    other = 1 - view.seat
    hidden = tuple(i for i in NEAR_ROW if view.layouts[other][i] is None)
    if not hidden:
        return None
    choices = _choices(view, other)
    peeked = _peeked(view, other)
    if choices is None or peeked is None:
        return None
    pool = knowledge_of(view).pool
    counts: dict[int, int] = {}
    for key, n in pool.items():
        counts[RANK_OF[key]] = counts.get(RANK_OF[key], 0) + n
    guesses = _guesses(counts, len(hidden))
    deck = [_rank(card) for card in view.options.deck()]
    reader = _Reader(other, peeked, hidden, view.options.pairs_cancel, deck)
    for choice in choices:
        guesses = [(guess, w) for guess, w in guesses if reader.agrees(choice, guess)]
        if not guesses:
            return None
    return hidden, guesses


def _guesses(counts: dict[int, int], size: int) -> list[tuple[Guess, int]]:
    ranks = sorted(r for r, n in counts.items() if n)
    if size == 1:
        return [((r,), counts[r]) for r in ranks]
    return [
        ((a, b), counts[a] * (counts[b] - (a == b)))
        for a in ranks
        for b in ranks
        if counts[b] - (a == b) > 0
    ]


def _peeked(view: SeatView, seat: int) -> dict[int, int | None] | None:
    """The seat's near cards as dealt: known once swapped out (the first swap there shows the
    card it replaced), None while still face down."""
    peeked: dict[int, int | None] = {}
    for i in NEAR_ROW:
        if view.layouts[seat][i] is None:
            peeked[i] = None
            continue
        first = next(
            (p for p in view.played
             if isinstance(p.move, Swap) and p.move.seat == seat and p.move.index == i),
            None,
        )
        if first is None or not first.was_face_down:
            return None
        peeked[i] = _rank(first.old)
    return peeked


def _choices(view: SeatView, seat: int) -> list[Choice] | None:
    """The table before each of the seat's choices this hole, oldest first (None: the record
    does not walk back to a consistent table)."""
    played = view.played
    # Forward: turns finished and whether someone had knocked, before each move.
    before: list[tuple[int, bool]] = []
    turns, knocked = 0, False
    for p in played:
        before.append((turns, knocked))
        turns += isinstance(p.move, TURN_ENDS)
        knocked = knocked or isinstance(p.move, Knock)
    up = [[None if c is None else _rank(c) for c in layout] for layout in view.layouts]
    pile = [_rank(c) for c in view.discard]
    choices: list[Choice] = []
    for k in range(len(played) - 1, -1, -1):
        p, move = played[k], played[k].move
        if isinstance(move, Swap | ThrowAway):
            shown = _rank(p.old) if isinstance(move, Swap) else _rank(p.card)
            if not pile or pile[-1] != shown:
                return None
            pile.pop()
            if isinstance(move, Swap):
                up[move.seat][move.index] = None if p.was_face_down else shown
        elif isinstance(move, TakeDiscard):
            pile.append(_rank(p.card))
        if move.seat != seat:
            continue
        turns_before, knocked_before = before[k]
        kind, index, held = _kind(move), -1, None
        if isinstance(move, Swap | ThrowAway):
            held = _rank(p.card)
            index = move.index if isinstance(move, Swap) else -1
        choices.append(Choice(
            up=tuple(tuple(row) for row in up),
            pile=tuple(pile),
            held=held,
            from_stock=k == 0 or not isinstance(played[k - 1].move, TakeDiscard),
            knock_allowed=not knocked_before,
            dragging=turns_before >= DRAGGING_TURNS_PER_SEAT * view.seats,
            chose=kind,
            index=index,
        ))
    if any(card is not None for row in up for card in row) or len(pile) != 1:
        return None  # the record does not lead back to a fresh deal
    choices.reverse()
    return choices


def _kind(move: Move) -> str:
    if isinstance(move, Knock):
        return "knock"
    if isinstance(move, TakeDiscard):
        return "take"
    if isinstance(move, DrawStock):
        return "draw"
    return "swap" if isinstance(move, Swap) else "throw"


class _Reader:
    """Checks one choice against one guess, as greedy4.choose would have made it."""

    def __init__(self, seat: int, peeked: dict[int, int | None], hidden: tuple[int, ...],
                 pairs: bool, deck: list[int]) -> None:
        self.seat, self.peeked, self.hidden, self.pairs = seat, peeked, hidden, pairs
        self.deck_points, self.deck_size = sum(POINTS[r] for r in deck), len(deck)

    def agrees(self, choice: Choice, guess: Guess) -> bool:
        near = dict(self.peeked)
        near.update(zip(self.hidden, guess, strict=True))
        mine = choice.up[self.seat]
        cards = [mine[i] if mine[i] is not None else near.get(i, 0) for i in POSITIONS]
        knows = [mine[i] is not None or i in near for i in POSITIONS]
        mean = self._unseen_mean(choice, cards, knows)
        if choice.held is not None:
            index, change = best_place(cards, knows, choice.held, mean, self.pairs)
            if change < 0 or not choice.from_stock:
                return choice.chose == "swap" and choice.index == index
            return choice.chose == "throw"
        if choice.knock_allowed and self._knocks(choice, cards, knows, mean):
            return choice.chose == "knock"
        if choice.chose == "knock":
            return False
        return (choice.chose == "take") == self._takes(choice, cards, knows, mean)

    def _unseen_mean(self, choice: Choice, cards: list[int], knows: list[bool]) -> float:
        """The mean points of the cards the seat has not seen (its Knowledge.mean)."""
        seen = [c for row in choice.up for c in row if c is not None] + list(choice.pile)
        seen += [cards[i] for i in POSITIONS if knows[i] and choice.up[self.seat][i] is None]
        if choice.held is not None:
            seen.append(choice.held)
        count = self.deck_size - len(seen)
        return (self.deck_points - sum(POINTS[c] for c in seen)) / count if count else 5.0

    def _knocks(self, choice: Choice, cards: list[int], knows: list[bool], mean: float) -> bool:
        if choice.dragging:
            return True
        if not all(knows):
            return False
        theirs = choice.up[1 - self.seat]
        other = ([0 if c is None else c for c in theirs], [c is not None for c in theirs])
        return lowest_known(cards, knows, [other], mean, self.pairs)

    def _takes(self, choice: Choice, cards: list[int], knows: list[bool], mean: float) -> bool:
        if not choice.pile:
            return False
        top = choice.pile[-1]
        return wants(cards, knows, top, self.pairs) and best_place(
            cards, knows, top, mean, self.pairs
        )[1] < 0
