"""`golf simulate golf6`: computer players play many games of six-card Golf (see golf.py)."""

from __future__ import annotations

import argparse

from app.rules.golf import Game
from app.simulate import golf


def add_arguments(parser: argparse.ArgumentParser) -> None:
    golf.add_arguments(parser, Game.SIX_CARD)


def run(args: argparse.Namespace) -> int:
    return golf.run(args, Game.SIX_CARD)
