"""`golf simulate solitaire`: let a computer player play a list of deals and report scores."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from app.arguments import whole
from app.players.solitaire.sampling import (
    DEFAULT_ENDGAME,
    DEFAULT_ENDGAME_NODES,
    DEFAULT_HORIZON,
    DEFAULT_SAMPLES,
    DEFAULT_TURN_SAMPLES,
    Coach,
)
from app.players.solitaire.thumb import thumb_move
from app.rules.solitaire import (
    Move,
    Position,
    RuleError,
    Variant,
    apply,
    check_deal,
    is_over,
    score,
    start,
)
from app.web.solitaire.words import refusal_text

PLAYERS = ("coach", "thumb")
FLAGS = ("queen-on-king", "round-the-corner", "clear-scores-zero", "empty-start")
Player = Callable[[Position], Move]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--deals", required=True, type=Path, help="JSON list of deals")
    parser.add_argument("--player", required=True, choices=PLAYERS)
    parser.add_argument("--seed", type=int, default=0, help="seed of the coach's sampling")
    parser.add_argument(
        "--variant",
        action="extend",
        nargs="+",
        default=[],
        metavar="V",
        help="queen-on-king, round-the-corner, clear-scores-zero, empty-start, jokers=1|2",
    )
    parser.add_argument(
        "--samples",
        type=whole(1, 10_000),
        default=DEFAULT_SAMPLES,
        help="coach: draw-pile orders tried per decision",
    )
    parser.add_argument(
        "--horizon",
        type=whole(0, 60),
        default=DEFAULT_HORIZON,
        help="coach: draws searched ahead before solving exactly to the end",
    )
    parser.add_argument(
        "--rollouts",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="coach: past the horizon, play on by the rules of thumb (default) or count the cards",
    )
    parser.add_argument(
        "--rollout-policy",
        type=int,
        choices=(1, 2),
        default=2,
        help="coach: 1 = rules of thumb past the horizon; 2 = also prefer the longest run",
    )
    parser.add_argument(
        "--min-samples",
        type=whole(1, 10_000),
        default=None,
        help="coach: stop sampling after this many once the best move clearly leads",
    )
    parser.add_argument(
        "--endgame",
        type=whole(0, 60),
        default=DEFAULT_ENDGAME,
        help="coach: with this many cards or fewer to draw, play the exact honest best (0 = never)",
    )
    parser.add_argument(
        "--endgame-nodes",
        type=whole(0, 10**9),
        default=DEFAULT_ENDGAME_NODES,
        help="coach: new states the exact honest search may visit before sampling instead",
    )
    parser.add_argument(
        "--turn-samples",
        type=whole(0, 10_000),
        default=DEFAULT_TURN_SAMPLES,
        help="coach: orders tried per rank the next draw may bring, playing this turn and the "
        "next without knowing the order (0 = plain sampling)",
    )
    parser.add_argument("--first", type=whole(0, 10**9), default=0,
                        help="index of the first deal to play")
    parser.add_argument("--count", type=whole(0, 10**9), default=None,
                        help="how many deals to play")


def parse_variant(words: Sequence[str]) -> Variant:
    """A Variant from command-line words like "queen-on-king" or "jokers=2"."""
    options: dict[str, object] = {}
    for word in words:
        if word in FLAGS:
            options[word.replace("-", "_")] = True
        elif word.startswith("jokers=") and word[7:] in ("0", "1", "2"):
            options["jokers"] = int(word[7:])
        else:
            raise ValueError(f"unknown variation {word!r}: use one of {', '.join(FLAGS)}, jokers=N")
    return Variant(**options)  # type: ignore[arg-type]


def make_player(name: str, args: argparse.Namespace) -> Player:
    if name == "thumb":
        return thumb_move
    coach = Coach(
        samples=args.samples,
        horizon=args.horizon,
        seed=args.seed,
        rollouts=args.rollout_policy if args.rollouts else 0,
        min_samples=args.min_samples,
        endgame=args.endgame,
        endgame_nodes=args.endgame_nodes,
        turn_samples=args.turn_samples,
    )
    return coach.choose


def play_deal(cards: Sequence[str], variant: Variant, player: Player) -> tuple[list[Move], int]:
    """Play one deal to its end; the moves made and the final score."""
    position = start(cards, variant)
    moves: list[Move] = []
    while not is_over(position):
        move = player(position)
        position = apply(position, move)
        moves.append(move)
    return moves, score(position)


def load_deals(path: Path, variant: Variant) -> list[tuple[str, ...]]:
    try:
        data = json.loads(path.read_text())
    except RecursionError:
        raise ValueError("the deals file is nested too deeply to be a list of deals") from None
    if not isinstance(data, list):
        raise ValueError("the deals file must hold a JSON list of deals")
    for deal in data:
        if not (isinstance(deal, list) and all(isinstance(card, str) for card in deal)):
            raise ValueError("each deal must be a JSON list of card codes")
    return [check_deal(deal, variant) for deal in data]


def run(args: argparse.Namespace) -> int:
    try:
        variant = parse_variant(args.variant)
        deals = load_deals(args.deals, variant)
    except RuleError as error:
        print(f"golf simulate solitaire: {refusal_text(error)}", file=sys.stderr)
        return 2
    except (OSError, ValueError) as error:
        print(f"golf simulate solitaire: {error}", file=sys.stderr)
        return 2
    player = make_player(args.player, args)
    first = max(args.first, 0)
    last = len(deals) if args.count is None else min(len(deals), first + args.count)
    began = time.perf_counter()
    scores = []
    for i in range(first, last):
        moves, result = play_deal(deals[i], variant, player)
        scores.append(result)
        line = {"deal": i, "moves": [move.to_json() for move in moves], "score": result}
        print(json.dumps(line), flush=True)
    print(json.dumps(summary(scores, time.perf_counter() - began)), flush=True)
    return 0


def summary(scores: Sequence[int], seconds: float) -> dict[str, object]:
    """The last line: clear rate, mean score, time taken (also nested under "summary")."""
    cleared = sum(1 for s in scores if s <= 0)
    # A deal is cleared when no card is left in the columns; its score is then <= 0.
    figures = {
        "deals": len(scores),
        "clear_rate": round(cleared / len(scores), 4) if scores else 0.0,
        "mean_score": round(sum(scores) / len(scores), 4) if scores else 0.0,
        "seconds": round(seconds, 2),
    }
    return {**figures, "summary": figures}
