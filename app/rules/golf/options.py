"""The settings and variations of a six-card Golf game, agreed before the first deal."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from app.rules.cards import JOKER, standard_deck
from app.rules.golf.moves import MAX_SEATS, RuleError
from app.rules.golf.scoring import ScoringRules

MIN_SEATS = 2
HOLE_COUNTS = (9, 18)
# "Play until someone reaches 100": a cap so that a game always ends.
TARGET_TOTAL = 100
MAX_HOLES_TO_TARGET = 60
JOKER_POINTS = (-2, -5, -3, 0)
# How the two cards turned up at the start of a hole may be chosen.
FIRST_TWO = {
    "any": "any two cards",
    "same_column": "both in the same column",
    "different_columns": "in two different columns",
    "middle_and_end": "one in the middle column and one in an end column",
    "peek_near_row": "none: each player looks once at their near (bottom) row instead",
}


class OptionsError(RuleError):
    """Settings that do not describe a game we can play."""


@dataclass(frozen=True)
class Options:
    """All settings; the defaults are the standard game for two players."""

    seats: int = 2
    holes: int | None = 9  # None: play until someone reaches TARGET_TOTAL
    last_turn: bool = True  # after someone goes out, everyone else gets one last turn
    first_two: str = "any"
    turn_instead: bool = False  # a turn may be spent turning one face-down card up
    forced_turn_after_throw: bool = False  # throwing a stock card away forces a turn-up
    turn_all_to_go_out: bool = False  # a turn may turn every face-down card up at once
    jokers: bool = False  # two per deck; twos then score +2
    joker_points: int = -2
    two_decks: bool = False  # even for 2 to 4 seats
    bonus_four_in_columns: bool = False
    bonus_four_in_block: bool = False
    bonus_six: bool = False

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type == "bool" and not isinstance(value, bool):
                raise OptionsError(f"The setting {f.name} must be on or off")
        if not _is_int(self.seats) or not MIN_SEATS <= self.seats <= MAX_SEATS:
            raise OptionsError(f"A game has {MIN_SEATS} to {MAX_SEATS} seats, not {self.seats!r}")
        if self.holes is not None and (not _is_int(self.holes) or self.holes not in HOLE_COUNTS):
            raise OptionsError("A game lasts 9 holes, 18 holes, or until someone reaches 100")
        if self.first_two not in FIRST_TWO:
            name = str(self.first_two)[:30]
            raise OptionsError(f"{name!r} is not a rule for the first two cards")
        if not _is_int(self.joker_points) or self.joker_points not in JOKER_POINTS:
            raise OptionsError("Jokers score -2, -5, -3 or 0")

    @property
    def decks(self) -> int:
        return 2 if self.two_decks or self.seats >= 5 else 1

    @property
    def scoring(self) -> ScoringRules:
        return ScoringRules(
            jokers=self.jokers,
            joker_points=self.joker_points,
            bonus_four_in_columns=self.bonus_four_in_columns,
            bonus_four_in_block=self.bonus_four_in_block,
            bonus_six=self.bonus_six,
        )

    @property
    def peek(self) -> bool:
        return self.first_two == "peek_near_row"

    def deck(self) -> list[str]:
        """Every card of the game in a fixed order, before shuffling."""
        one = standard_deck() + ([JOKER, JOKER] if self.jokers else [])
        return one * self.decks

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: object) -> Options:
        """Options from their stored form; unknown keys or wrong types raise OptionsError."""
        if not isinstance(data, dict):
            raise OptionsError("Settings must be a JSON object")
        known = {f.name for f in fields(cls)}
        unknown = [str(key)[:30] for key in data if key not in known]
        if unknown:
            raise OptionsError(f"Unknown setting {unknown[0]!r}")
        return cls(**data)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
