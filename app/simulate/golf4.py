"""`golf simulate golf4`: computer players play many games of four-card Golf (see golf.py)."""

from __future__ import annotations

import argparse

from app.rules.golf import Game
from app.simulate import golf


def add_arguments(parser: argparse.ArgumentParser) -> None:
    golf.add_arguments(parser, Game.FOUR_CARD)


def run(args: argparse.Namespace) -> int:
    return golf.run(args, Game.FOUR_CARD)
