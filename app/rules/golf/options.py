"""The settings and variations of a Golf game (six-card or four-card), agreed before the deal."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from enum import StrEnum
from typing import Any

from app.rules.cards import JOKER, standard_deck
from app.rules.golf.errors import OptionsError
from app.rules.golf.scoring import Pairing, ScoringRules
from app.rules.golf.shape import FOUR_CARD, SIX_CARD, Shape

MIN_SEATS = 2
MAX_SEATS = 8
# "Play until someone reaches 100": the game ends after the hole in which someone reaches it.
TARGET_TOTAL = 100
# A cap so that an online game to the target always ends (negative scores could go forever).
MAX_HOLES_TO_TARGET = 60
JOKER_POINTS = (-2, -5, -3, 0)
# Six-card Golf deals from two decks from this many seats on.
TWO_DECKS_FROM = 5
KNOCK_PENALTY = 10


class Length(StrEnum):
    """How long a game lasts: a fixed number of holes, or until someone reaches TARGET_TOTAL.

    The values are what forms send and storage keeps.
    """

    NINE = "9"
    EIGHTEEN = "18"
    UNTIL_TARGET = str(TARGET_TOTAL)

    @property
    def planned_holes(self) -> int | None:
        return None if self is Length.UNTIL_TARGET else int(self.value)

    @classmethod
    def of(cls, holes: int | None) -> Length:
        """The length that plays `holes` holes (None: until the target)."""
        return next(length for length in cls if length.planned_holes == holes)


HOLE_COUNTS: tuple[int, ...] = tuple(
    holes for holes in (length.planned_holes for length in Length) if holes is not None
)


class Game(StrEnum):
    """The members of the Golf family we play."""

    SIX_CARD = "golf6"
    FOUR_CARD = "golf4"


SHAPES: dict[Game, Shape] = {Game.SIX_CARD: SIX_CARD, Game.FOUR_CARD: FOUR_CARD}
MAX_POSITIONS = max(shape.size for shape in SHAPES.values())


class FirstTwo(StrEnum):
    """How the two cards turned up at the start of a six-card hole may be chosen."""

    ANY = "any"
    SAME_COLUMN = "same_column"
    DIFFERENT_COLUMNS = "different_columns"
    MIDDLE_AND_END = "middle_and_end"
    PEEK_NEAR_ROW = "peek_near_row"  # none turned: each player looks at their near row


FIRST_TWO = tuple(rule.value for rule in FirstTwo)


# Settings that only one member of the family has; elsewhere they must keep their default.
ONLY_IN: dict[str, Game] = {
    "last_turn": Game.SIX_CARD,
    "first_two": Game.SIX_CARD,
    "turn_instead": Game.SIX_CARD,
    "forced_turn_after_throw": Game.SIX_CARD,
    "turn_all_to_go_out": Game.SIX_CARD,
    "jokers": Game.SIX_CARD,
    "joker_points": Game.SIX_CARD,
    "two_decks": Game.SIX_CARD,
    "bonus_four_in_columns": Game.SIX_CARD,
    "bonus_four_in_block": Game.SIX_CARD,
    "bonus_six": Game.SIX_CARD,
    "pairs_cancel": Game.FOUR_CARD,
    "knock_penalty": Game.FOUR_CARD,
}


@dataclass(frozen=True)
class Options:
    """All settings; the defaults are standard six-card Golf for two players."""

    seats: int = 2
    holes: int | None = 9  # None: play until someone reaches TARGET_TOTAL
    game: str = Game.SIX_CARD.value
    last_turn: bool = True  # after someone goes out, everyone else gets one last turn
    first_two: str = FirstTwo.ANY.value
    turn_instead: bool = False  # a turn may be spent turning one face-down card up
    forced_turn_after_throw: bool = False  # throwing a stock card away forces a turn-up
    turn_all_to_go_out: bool = False  # a turn may turn every face-down card up at once
    jokers: bool = False  # two per deck; twos then score +2
    joker_points: int = -2
    two_decks: bool = False  # even for 2 to 4 seats
    bonus_four_in_columns: bool = False
    bonus_four_in_block: bool = False
    bonus_six: bool = False
    pairs_cancel: bool = False  # four-card: equal ranks in a row or column score 0
    knock_penalty: bool = False  # four-card: a knocker not lowest adds KNOCK_PENALTY

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type == "bool" and not isinstance(value, bool):
                raise OptionsError("setting_not_on_off", name=f.name)
        if not _is_int(self.seats) or not MIN_SEATS <= self.seats <= MAX_SEATS:
            raise OptionsError("seat_count", low=MIN_SEATS, high=MAX_SEATS, seats=self.seats)
        if self.holes is not None and (not _is_int(self.holes) or self.holes not in HOLE_COUNTS):
            raise OptionsError("hole_count", counts=HOLE_COUNTS, target=TARGET_TOTAL)
        if not isinstance(self.game, str) or self.game not in SHAPES:
            raise OptionsError("unknown_game", name=str(self.game)[:30])
        if not isinstance(self.first_two, str) or self.first_two not in FIRST_TWO:
            raise OptionsError("unknown_first_two", name=str(self.first_two)[:30])
        # Plain strings, so that equal options hash alike whether built or loaded.
        object.__setattr__(self, "game", str(self.game))
        object.__setattr__(self, "first_two", str(self.first_two))
        if not _is_int(self.joker_points) or self.joker_points not in JOKER_POINTS:
            raise OptionsError("joker_points", choices=JOKER_POINTS)
        for f in fields(self):
            game = ONLY_IN.get(f.name)
            if game is not None and game != self.game and getattr(self, f.name) != f.default:
                raise OptionsError("setting_not_in_game", name=f.name, game=str(self.game))

    @property
    def shape(self) -> Shape:
        return SHAPES[Game(self.game)]

    @property
    def four_card(self) -> bool:
        return self.game == Game.FOUR_CARD

    @property
    def decks(self) -> int:
        if self.four_card:
            return 1  # four cards a seat: one deck is plenty for eight seats
        return 2 if self.two_decks or self.seats >= TWO_DECKS_FROM else 1

    @property
    def scoring(self) -> ScoringRules:
        if self.four_card:
            pairing = Pairing.LINES if self.pairs_cancel else Pairing.NONE
            return ScoringRules(shape=self.shape, pairing=pairing, twos=2)
        return ScoringRules(
            jokers=self.jokers,
            joker_points=self.joker_points,
            bonus_four_in_columns=self.bonus_four_in_columns,
            bonus_four_in_block=self.bonus_four_in_block,
            bonus_six=self.bonus_six,
        )

    @property
    def peek(self) -> bool:
        """Each seat looks at its near row at the deal instead of turning two cards up."""
        return self.four_card or self.first_two == FirstTwo.PEEK_NEAR_ROW

    def deck(self) -> list[str]:
        """Every card of the game in a fixed order, before shuffling."""
        one = standard_deck() + ([JOKER, JOKER] if self.jokers else [])
        return one * self.decks

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: object) -> Options:
        """Options from their stored form (no "game": six-card); garbage raises OptionsError."""
        if not isinstance(data, dict):
            raise OptionsError("settings_not_object")
        known = {f.name for f in fields(cls)}
        unknown = [str(key)[:30] for key in data if key not in known]
        if unknown:
            raise OptionsError("unknown_setting", name=unknown[0])
        return cls(**data)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
