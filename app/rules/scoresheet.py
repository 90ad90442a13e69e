"""A Golf score sheet for a game at a real table: holes, totals, leaders, winners.

Pure: a `Sheet` is an immutable value; every change returns a new sheet or raises a
`SheetError` with a code and its facts (app.web.scorekeeper.words words it in the reader's
language). Lowest total leads and wins; ties share.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from app.rules.errors import RuleError
from app.rules.golf.options import (
    KNOCK_PENALTY,
    MAX_SEATS,
    MIN_SEATS,
    SHAPES,
    TARGET_TOTAL,
    Length,
    Options,
)
from app.rules.golf.scoring import POINTS, ScoringRules, knocker_pays, layout_score
from app.rules.golf.shape import Shape
from app.rules.names import MAX_NAME, NameProblem, name_key, name_problem, tidy_name

MIN_SCORE = -50  # six-card Golf, with jokers and bonuses; four-card: SheetGame.min_score
# Negative scores could make an "until 100" game endless; stop somewhere. Higher than the
# online cap (golf.MAX_HOLES_TO_TARGET): a table may play on as it likes, and sheets kept
# up to this many holes must stay valid.
MAX_HOLES = 99


class SheetGame(StrEnum):
    """Which Golf the table plays: it decides only what the layout helper adds up."""

    SIX_CARD = "golf6"
    FOUR_CARD = "golf4"

    @property
    def shape(self) -> Shape:
        return SHAPES[self.value]

    @property
    def cards(self) -> int:
        return self.shape.size

    @property
    def min_score(self) -> int:
        """The lowest score a hole can have: in four-card Golf no card scores below 0."""
        return 0 if self is SheetGame.FOUR_CARD else MIN_SCORE

    @property
    def max_score(self) -> int:
        """The highest score a hole can have: every card a jack or a queen, none paired."""
        return self.cards * max(POINTS.values())

    def scoring(self, pairs_cancel: bool = False) -> ScoringRules:
        """The online game's scoring, with the table's pairs option where the game has it."""
        return Options(game=self.value, pairs_cancel=pairs_cancel).scoring


class SheetError(RuleError, ValueError):
    """Base of score-sheet errors: a code ("same_name") and the facts its wording needs."""


class InvalidEntryError(SheetError):
    """Malformed input: a name or score that cannot be used."""


class SheetRuleError(SheetError):
    """Well-formed, but not allowed now (the game is over, no such hole, ...)."""


@dataclass(frozen=True)
class Sheet:
    """Player names, the length, and one tuple of scores per hole (player order).

    `game` and `pairs_cancel` (a four-card option) only matter to the layout helper;
    `knock_penalty` (the other four-card option) to entering a hole: see `knock_penalised`.
    """

    players: tuple[str, ...]
    length: Length
    holes: tuple[tuple[int, ...], ...] = ()
    game: SheetGame = SheetGame.SIX_CARD
    pairs_cancel: bool = False
    knock_penalty: bool = False

    @property
    def holes_played(self) -> int:
        return len(self.holes)

    @property
    def max_score(self) -> int:
        """The highest score a hole can stand at: the cards' highest, and the knocker's
        penalty on top where the table plays it."""
        return self.game.max_score + (KNOCK_PENALTY if self.knock_penalty else 0)

    @property
    def next_hole(self) -> int:
        return len(self.holes) + 1


# --- reading a sheet -------------------------------------------------------------------------


def running_totals(sheet: Sheet) -> list[tuple[int, ...]]:
    """Each player's total after each hole."""
    totals = [0] * len(sheet.players)
    result = []
    for hole in sheet.holes:
        totals = [t + s for t, s in zip(totals, hole, strict=True)]
        result.append(tuple(totals))
    return result


def totals(sheet: Sheet) -> tuple[int, ...]:
    """Each player's total so far."""
    return tuple(sum(hole[i] for hole in sheet.holes) for i in range(len(sheet.players)))


def leaders(sheet: Sheet) -> tuple[int, ...]:
    """Players (by index) with the lowest total; none before the first hole."""
    if not sheet.holes:
        return ()
    scores = totals(sheet)
    low = min(scores)
    return tuple(i for i, total in enumerate(scores) if total == low)


def end_hole(sheet: Sheet) -> int | None:
    """The hole after which the game is over, if it is over (1-based)."""
    planned = sheet.length.planned_holes
    if planned is not None:
        return planned if len(sheet.holes) >= planned else None
    for number, after in enumerate(running_totals(sheet), start=1):
        if max(after) >= TARGET_TOTAL:
            return number
    return None


def is_finished(sheet: Sheet) -> bool:
    return end_hole(sheet) is not None


def winners(sheet: Sheet) -> tuple[int, ...]:
    """Once the game is over, the players with the lowest total (ties share the win)."""
    return leaders(sheet) if is_finished(sheet) else ()


@dataclass(frozen=True)
class Standing:
    """Where the game stands, for the live region: `code` is "ready", "leading" or "over".

    `names` are the players (ready) or the leaders/winners; `low` their total after `hole`;
    `reached` the players who reached the target in an "until 100" game that is over.
    """

    code: str
    names: tuple[str, ...]
    hole: int = 0
    low: int = 0
    reached: tuple[str, ...] = field(default=())


def summary(sheet: Sheet) -> Standing:
    """Who leads, or who won."""
    if not sheet.holes:
        return Standing("ready", sheet.players)
    names = tuple(sheet.players[i] for i in leaders(sheet))
    low = totals(sheet)[leaders(sheet)[0]]
    if is_finished(sheet):
        return Standing("over", names, sheet.holes_played, low, _reached(sheet))
    return Standing("leading", names, sheet.holes_played, low)


def _reached(sheet: Sheet) -> tuple[str, ...]:
    """For "until 100": who reached it, since they are usually not the winner."""
    if sheet.length is not Length.UNTIL_TARGET:
        return ()
    scores = totals(sheet)
    return tuple(name for name, total in zip(sheet.players, scores, strict=True)
                 if total >= TARGET_TOTAL)


# --- checking input --------------------------------------------------------------------------


def clean_name(text: str) -> str:
    """A player name tidied as every game's are (app.rules.names); refused when too long or
    when it holds a character that would not show."""
    name = tidy_name(text)
    problem = name_problem(name) if name else None  # an empty field is skipped, not refused
    if problem is NameProblem.TOO_LONG:
        raise InvalidEntryError("name_too_long", name=name[:MAX_NAME], limit=MAX_NAME)
    if problem is not None:  # nothing that shows, or a character that would not
        raise InvalidEntryError("name_unprintable")
    return name


def _checked_scores(sheet: Sheet, scores: Sequence[int], high: int) -> tuple[int, ...]:
    if len(scores) != len(sheet.players):
        raise InvalidEntryError("scores_missing")
    for name, score in zip(sheet.players, scores, strict=True):
        if not isinstance(score, int) or not sheet.game.min_score <= score <= high:
            raise InvalidEntryError("score_out_of_range", name=name)
    return tuple(scores)


def _check_hole_number(sheet: Sheet, number: int) -> int:
    if not 1 <= number <= len(sheet.holes):
        raise SheetRuleError("no_such_hole", number=number)
    return number - 1


def _check_consistent(sheet: Sheet) -> Sheet:
    """Refuse a sheet with holes after the end of the game."""
    planned = sheet.length.planned_holes
    if planned is not None and len(sheet.holes) > planned:
        raise SheetRuleError("all_holes_entered", planned=planned)
    end = end_hole(sheet)
    if planned is None and end is not None and end < len(sheet.holes):
        raise SheetRuleError(
            "ended_earlier", target=TARGET_TOTAL, end=end, entered=len(sheet.holes)
        )
    if len(sheet.holes) > MAX_HOLES:
        raise SheetRuleError("too_many_holes", limit=MAX_HOLES)
    return sheet


# --- changing a sheet ------------------------------------------------------------------------


def new_sheet(
    names: Sequence[str],
    length: Length | str,
    game: SheetGame = SheetGame.SIX_CARD,
    pairs_cancel: bool = False,
    knock_penalty: bool = False,
) -> Sheet:
    """A blank sheet; empty name fields are skipped, 2 to 8 distinct names are needed.

    Both options are four-card Golf's: pairs cancelling in rows and columns (six-card columns
    always pair), and the knocker's penalty when not lowest. A six-card sheet drops them.
    """
    try:
        length = Length(length)
    except ValueError:
        raise InvalidEntryError("bad_length") from None
    cleaned = []
    for place, name in enumerate(names, start=1):  # `place`: the name's field, from 1
        try:
            cleaned.append(clean_name(name))
        except InvalidEntryError as refused:
            refused.params["place"] = place
            raise
    players = tuple(name for name in cleaned if name)
    if not MIN_SEATS <= len(players) <= MAX_SEATS:
        raise InvalidEntryError("player_count", low=MIN_SEATS, high=MAX_SEATS)
    seen: set[str] = set()
    for place, name in enumerate(cleaned, start=1):  # `place`: the name's field, from 1
        if name and name_key(name) in seen:
            raise InvalidEntryError("same_name", name=name, place=place)
        seen.add(name_key(name))
    four_card = game is SheetGame.FOUR_CARD
    return Sheet(players=players, length=length, game=game, pairs_cancel=pairs_cancel and four_card,
                 knock_penalty=knock_penalty and four_card)


def knock_penalised(sheet: Sheet, scores: Sequence[int], knocker: int | None) -> bool:
    """Whether the knocker pays the penalty on these scores (its cards' points): the sheet has
    the option and the online game's rule says so (`knocker_pays`)."""
    if knocker is None or not sheet.knock_penalty:
        return False
    if not 0 <= knocker < len(sheet.players):
        raise InvalidEntryError("no_such_player")
    return knocker_pays(scores, knocker)


def paid_penalty(sheet: Sheet, number: int, knocker: int) -> bool:
    """Whether hole `number`'s scores are those of `knocker` paying the penalty: without it,
    their cards' points would not have been the (jointly) lowest."""
    if not 1 <= number <= len(sheet.holes) or not sheet.knock_penalty:
        return False
    if not 0 <= knocker < len(sheet.players):
        return False
    row = list(sheet.holes[number - 1])
    row[knocker] -= KNOCK_PENALTY
    return row[knocker] >= sheet.game.min_score and knocker_pays(row, knocker)


def add_hole(
    sheet: Sheet, scores: Sequence[int], before: int | None = None, knocker: int | None = None
) -> Sheet:
    """Enter a hole at the end, or insert a forgotten one before hole `before`. `scores` are
    what each player's cards score; who knocked (four-card Golf) may add the penalty."""
    if is_finished(sheet):
        raise SheetRuleError("game_over")
    row = _checked_scores(sheet, scores, sheet.game.max_score)  # the cards' points
    if knock_penalised(sheet, row, knocker):
        row = tuple(s + KNOCK_PENALTY if i == knocker else s for i, s in enumerate(row))
    holes = list(sheet.holes)
    if before is None:
        holes.append(row)
    else:
        holes.insert(_check_hole_number(sheet, before), row)
    return _check_consistent(replace(sheet, holes=tuple(holes)))


def edit_hole(sheet: Sheet, number: int, scores: Sequence[int]) -> Sheet:
    """Fix the scores of hole `number` (1-based)."""
    index = _check_hole_number(sheet, number)
    holes = list(sheet.holes)
    holes[index] = _checked_scores(sheet, scores, sheet.max_score)  # a penalty included
    return _check_consistent(replace(sheet, holes=tuple(holes)))


def remove_hole(sheet: Sheet, number: int) -> Sheet:
    """Take hole `number` off the sheet; later holes move up one."""
    index = _check_hole_number(sheet, number)
    holes = sheet.holes[:index] + sheet.holes[index + 1 :]
    return _check_consistent(replace(sheet, holes=holes))


# --- the layout helper -----------------------------------------------------------------------

HELPER_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def layout_points(
    ranks: Sequence[str], game: SheetGame = SheetGame.SIX_CARD, pairs_cancel: bool = False
) -> int:
    """Score a layout's ranks, top row then bottom row, by the table's game and options."""
    if len(ranks) != game.cards or any(r not in HELPER_RANKS for r in ranks):
        raise InvalidEntryError("pick_all_cards", count=game.cards)
    # Suits never matter for scoring; any suit makes a valid card code.
    cards = [("T" if r == "10" else r) + "S" for r in ranks]
    return layout_score(cards, game.scoring(pairs_cancel and game is SheetGame.FOUR_CARD))

