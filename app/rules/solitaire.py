"""Golf solitaire: seven columns of five, one discard pile, a draw pile used once.

Positions are immutable; a move returns a new position. A game is its deal (card order and
variant) plus its list of moves, so undo is replaying the list minus its last move.

No sentence a player reads is written here: refusals are codes with their facts
(`SolitaireRuleError.code`/`.params`), what fits is a `FitNote`, and the web layer words them
in the reader's language (app.web.solitaire.words).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from app.rules import errors
from app.rules.cards import JOKER, InvalidCardError, check_card, is_joker, rank, standard_deck
from app.rules.dealnum import check_deal_number, shuffled
from app.rules.errors import RuleError  # noqa: F401 (re-exported)
from app.rules.numbers import parse_int

COLUMNS = 7
ROWS = 5
TABLEAU_CARDS = COLUMNS * ROWS
ACE, QUEEN, KING = 1, 12, 13
MAX_JOKERS = 2
DEAL_OVER = "deal_over"


class SolitaireRuleError(errors.RuleError):
    """A refusal of Golf solitaire's rules ("no_fit") with the facts its wording needs."""


class InvalidMoveError(SolitaireRuleError, errors.InvalidMoveError):
    """Malformed input: not a move, not a deal, a column that does not exist."""


class IllegalMoveError(SolitaireRuleError, errors.IllegalMoveError):
    """A well-formed move the rules do not allow now."""


@dataclass(frozen=True)
class Variant:
    """The options of a deal. All off is the standard game."""

    queen_on_king: bool = False
    round_the_corner: bool = False
    clear_scores_zero: bool = False
    empty_start: bool = False
    jokers: int = 0

    def __post_init__(self) -> None:
        if self.jokers not in range(MAX_JOKERS + 1):
            raise InvalidMoveError("bad_jokers", value=repr(self.jokers)[:20])

    def to_dict(self) -> dict[str, Any]:
        return {
            "queen_on_king": self.queen_on_king,
            "round_the_corner": self.round_the_corner,
            "clear_scores_zero": self.clear_scores_zero,
            "empty_start": self.empty_start,
            "jokers": self.jokers,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Variant:
        flags = ("queen_on_king", "round_the_corner", "clear_scores_zero", "empty_start")
        jokers = data.get("jokers", 0)
        if not isinstance(jokers, int) or isinstance(jokers, bool):
            raise InvalidMoveError("bad_jokers", value=repr(jokers)[:20])
        return cls(**{name: bool(data.get(name, False)) for name in flags}, jokers=jokers)

    @property
    def no_rank_on_king(self) -> bool:
        """Whether no rank goes on a king (only a joker does): neither Queen on king nor Round
        the corner."""
        return not (self.queen_on_king or self.round_the_corner)

    def labels(self) -> list[str]:
        """Codes of the active variations ("queen_on_king", "jokers"), in the board's order."""
        flags = ("queen_on_king", "round_the_corner", "clear_scores_zero", "empty_start")
        active = [name for name in flags if getattr(self, name)]
        return active + (["jokers"] if self.jokers else [])


STANDARD = Variant()


@dataclass(frozen=True)
class Play:
    """Play the last card of a column (0-based) onto the discard pile."""

    column: int

    def to_json(self) -> int:
        return self.column + 1


@dataclass(frozen=True)
class Draw:
    """Turn the top card of the draw pile onto the discard pile."""

    def to_json(self) -> str:
        return "draw"


Move = Play | Draw
DRAW = Draw()
# Moves are immutable, so every stored log (parsed on each request) can share these.
PLAYS = tuple(Play(column) for column in range(COLUMNS))


def parse_move(data: object) -> Move:
    """A move from its stored or submitted form (`to_json`): a column number 1-7 or "draw"."""
    if data == "draw":
        return DRAW
    column = parse_int(data, 1, COLUMNS)
    if column is None:
        raise InvalidMoveError("not_a_move", value=str(data)[:20])
    return PLAYS[column - 1]


# --- The deck and the deal -------------------------------------------------------------


def deck(variant: Variant = STANDARD) -> list[str]:
    """The cards of a deal in their fixed order before shuffling."""
    return standard_deck() + [JOKER] * variant.jokers


def deal_for_number(number: int, variant: Variant = STANDARD) -> tuple[str, ...]:
    """The card order of deal `number` (see app.rules.dealnum for the mapping)."""
    return tuple(shuffled(deck(variant), check_deal_number(number)))


def check_deal(cards: Sequence[object], variant: Variant = STANDARD) -> tuple[str, ...]:
    """Validate a card order: exactly the cards of the deck, each once (jokers as many)."""
    try:
        codes = [check_card(card) for card in cards]
    except InvalidCardError as error:
        raise InvalidMoveError("not_a_card", value=str(error)[:40]) from error
    if Counter(codes) != Counter(deck(variant)):
        raise InvalidMoveError("not_a_deck")
    return tuple(codes)


@dataclass(frozen=True)
class Position:
    """What is on the table. `stock[0]` is the next card drawn; `discard[-1]` is the top."""

    columns: tuple[tuple[str, ...], ...]
    discard: tuple[str, ...]
    stock: tuple[str, ...]
    variant: Variant = field(default=STANDARD)

    @property
    def top(self) -> str | None:
        return self.discard[-1] if self.discard else None

    def last_card(self, column: int) -> str | None:
        cards = self.columns[column]
        return cards[-1] if cards else None

    @property
    def cards_left(self) -> int:
        return sum(len(cards) for cards in self.columns)

    @property
    def jokers_to_come(self) -> bool:
        """Whether a joker is still in the columns or the draw pile (anyone can count the ones
        on the discard pile)."""
        return self.variant.jokers > sum(is_joker(card) for card in self.discard)

    def all_cards(self) -> list[str]:
        return [c for cards in self.columns for c in cards] + list(self.discard) + list(self.stock)


def start(cards: Sequence[str], variant: Variant = STANDARD) -> Position:
    """Lay out a deal: cards 0-34 row by row into seven columns, then discard, then draw pile."""
    columns = tuple(tuple(cards[c:TABLEAU_CARDS:COLUMNS]) for c in range(COLUMNS))
    rest = tuple(cards[TABLEAU_CARDS:])
    if variant.empty_start:
        return Position(columns, (), rest, variant)
    return Position(columns, rest[:1], rest[1:], variant)


# --- What fits -------------------------------------------------------------------------


def neighbours(value: int, variant: Variant = STANDARD) -> set[int]:
    """Ranks that may be played on a card of rank `value` (1..13)."""
    below, above = value - 1, value + 1
    if variant.round_the_corner:
        return {below or KING, above if above <= KING else ACE}
    if value == KING:
        return {QUEEN} if variant.queen_on_king else set()
    return {r for r in (below, above) if ACE <= r < KING} | ({KING} if value == QUEEN else set())


def fits(card: str, top: str | None, variant: Variant = STANDARD) -> bool:
    """Whether `card` may go on the discard pile whose top card is `top`."""
    if top is None:
        return False
    if is_joker(card) or is_joker(top):
        return True
    return rank(card) in neighbours(rank(top), variant)


@dataclass(frozen=True)
class FitNote:
    """What fits on the discard pile: the coach's one-liner "On the 7 of hearts: any 6 or 8".

    `code`: "empty" (no top card yet), "joker" (anything fits), "nothing" (a king stops the
    run) or "ranks" (the `ranks` that fit); `jokers` says a joker would fit as well.
    """

    code: str
    top: str | None = None
    ranks: tuple[int, ...] = ()
    jokers: bool = False


def what_fits(top: str | None, variant: Variant = STANDARD,
              jokers_to_come: bool | None = None) -> FitNote:
    """What may be played on `top` now (`jokers_to_come`: Position.jokers_to_come, by default
    whether the deck has jokers)."""
    if top is None:
        return FitNote("empty")
    if is_joker(top):
        return FitNote("joker", top)
    ranks = tuple(sorted(neighbours(rank(top), variant)))
    jokers = variant.jokers > 0 if jokers_to_come is None else jokers_to_come
    return FitNote("ranks" if ranks else "nothing", top, ranks, jokers)


def why_not(card: str, top: str | None, variant: Variant = STANDARD,
            jokers_to_come: bool | None = None) -> IllegalMoveError:
    """Why `card` does not fit on `top`: the refusal with its code and facts (a joker to come
    would fit anywhere: see what_fits)."""
    if top is None:
        return IllegalMoveError("no_top_card", card=card)
    top_rank = rank(top)
    jokers = variant.jokers > 0 if jokers_to_come is None else jokers_to_come
    facts = {"card": card, "top": top, "jokers": jokers}
    if top_rank == KING and variant.no_rank_on_king:
        return IllegalMoveError("nothing_on_king", **facts)
    if top_rank == ACE and not variant.round_the_corner and rank(card) == KING:
        return IllegalMoveError("ace_king_not_neighbours", **facts)
    if top_rank == ACE and not variant.round_the_corner:
        return IllegalMoveError("only_two_on_ace", **facts)
    ranks = tuple(sorted(neighbours(top_rank, variant)))
    return IllegalMoveError("no_fit", ranks=ranks, **facts)


# --- Moves -----------------------------------------------------------------------------


def is_over(position: Position) -> bool:
    """The deal ends when every column is empty, or nothing fits and nothing is left to draw."""
    if position.cards_left == 0:
        return True
    return not position.stock and not playable_columns(position)


def playable_columns(position: Position) -> list[int]:
    """Columns (0-based) whose last card fits on the discard pile now."""
    return [
        c
        for c, cards in enumerate(position.columns)
        if cards and fits(cards[-1], position.top, position.variant)
    ]


def legal_moves(position: Position) -> list[Move]:
    if is_over(position):
        return []
    moves: list[Move] = [Play(c) for c in playable_columns(position)]
    if position.stock:
        moves.append(DRAW)
    return moves


def play(position: Position, column: int) -> Position:
    if not 0 <= column < COLUMNS:
        raise InvalidMoveError("no_such_column", column=column + 1)
    card = position.last_card(column)
    # A card that fits proves the deal is not over, so the costlier is_over() check (run for
    # every move of a replayed log) is only needed to explain a refusal.
    if card is None or not fits(card, position.top, position.variant):
        raise _play_refused(position, column, card)
    before, rest = position.columns[:column], position.columns[column:]
    columns = before + (rest[0][:-1],) + rest[1:]
    return Position(columns, position.discard + (card,), position.stock, position.variant)


def _play_refused(position: Position, column: int, card: str | None) -> IllegalMoveError:
    """Why a play is refused, in the order the player should hear it."""
    if is_over(position):
        return IllegalMoveError(DEAL_OVER)
    if card is None:
        return IllegalMoveError("empty_column", column=column + 1)
    return why_not(card, position.top, position.variant, position.jokers_to_come)


def draw(position: Position) -> Position:
    # With cards left both in the columns and to draw, the deal cannot be over.
    if not (position.stock and any(position.columns)):
        if is_over(position):
            raise IllegalMoveError(DEAL_OVER)
        raise IllegalMoveError("draw_pile_empty")
    return Position(
        position.columns,
        position.discard + position.stock[:1],
        position.stock[1:],
        position.variant,
    )


def apply(position: Position, move: Move) -> Position:
    if isinstance(move, Play):
        return play(position, move.column)
    if isinstance(move, Draw):
        return draw(position)
    raise InvalidMoveError("not_a_move", value=repr(move)[:20])


def score(position: Position) -> int:
    """Cards left in the columns; a cleared deal scores minus the cards left to draw."""
    if position.cards_left:
        return position.cards_left
    return 0 if position.variant.clear_scores_zero else -len(position.stock)


def replay(cards: Sequence[str], variant: Variant, moves: Iterable[Move]) -> list[Position]:
    """Every position of a game, from the deal to the last move."""
    positions = [start(cards, variant)]
    for move in moves:
        positions.append(apply(positions[-1], move))
    return positions


# --- A game: a deal plus its moves -------------------------------------------------------


@dataclass(frozen=True)
class Game:
    cards: tuple[str, ...]
    variant: Variant = STANDARD
    moves: tuple[Move, ...] = ()

    @cached_property
    def position(self) -> Position:
        # Replaying the log costs tens of microseconds; a move's request asks several times.
        return replay(self.cards, self.variant, self.moves)[-1]

    def push(self, move: Move) -> Game:
        after = apply(self.position, move)  # raises if illegal
        game = Game(self.cards, self.variant, self.moves + (move,))
        game.__dict__["position"] = after  # what cached_property stores: no replay needed
        return game

    def pop(self) -> Game:
        if not self.moves:
            raise IllegalMoveError("nothing_to_undo")
        return Game(self.cards, self.variant, self.moves[:-1])
