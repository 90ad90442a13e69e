"""Golden playthroughs: fixed deals played by a fixed policy must give the same game forever.

If a rule or the deal-number mapping changes, these fail. Regenerate on purpose only:
    .venv/bin/python -m tests.rules.test_solitaire_golden
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.rules.solitaire import (
    Draw,
    Game,
    Move,
    Position,
    Variant,
    deal_for_number,
    legal_moves,
    parse_move,
    score,
)

GOLDEN = Path(__file__).with_name("solitaire_golden.json")
CASES = [
    (1, Variant()),
    (2, Variant()),
    (12345, Variant()),
    (2**31 - 1, Variant()),
    (7, Variant(queen_on_king=True)),
    (7, Variant(round_the_corner=True)),
    (8, Variant(empty_start=True)),
    (9, Variant(jokers=2, clear_scores_zero=True)),
]


def policy(position: Position) -> Move:
    """The left-most card that fits, else a draw: simple, so the file stays readable."""
    moves = legal_moves(position)
    plays = [m for m in moves if not isinstance(m, Draw)]
    return plays[0] if plays else moves[0]


def playthrough(number: int, variant: Variant) -> dict:
    game = Game(deal_for_number(number, variant), variant)
    while legal_moves(game.position):
        game = game.push(policy(game.position))
    end = game.position
    return {
        "deal": number,
        "variant": variant.to_dict(),
        "moves": [m.to_json() for m in game.moves],
        "columns_left": [len(c) for c in end.columns],
        "discard_top": end.top,
        "draw_pile": len(end.stock),
        "score": score(end),
    }


def load() -> list[dict]:
    return json.loads(GOLDEN.read_text()) if GOLDEN.exists() else []


def test_golden_file_holds_every_case():
    assert [(c["deal"], Variant.from_dict(c["variant"])) for c in load()] == CASES


@pytest.mark.parametrize("case", load(), ids=lambda c: f"deal{c['deal']}")
def test_golden_playthrough_is_unchanged(case):
    variant = Variant.from_dict(case["variant"])
    assert playthrough(case["deal"], variant) == case


@pytest.mark.parametrize("case", load(), ids=lambda c: f"deal{c['deal']}")
def test_golden_moves_replay_to_the_recorded_score(case):
    variant = Variant.from_dict(case["variant"])
    game = Game(deal_for_number(case["deal"], variant), variant)
    for move in case["moves"]:
        game = game.push(parse_move(move))
    assert score(game.position) == case["score"] and not legal_moves(game.position)


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps([playthrough(n, v) for n, v in CASES], indent=1) + "\n")
    print(f"wrote {GOLDEN}")
