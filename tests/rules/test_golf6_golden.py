"""Pinned deals: stored games are options + seed + moves, so a seed must deal the same forever."""

from __future__ import annotations

from app.rules import golf
from app.rules.golf import Options

KINDS = {"R": "reveal", "D": "draw_stock", "T": "take_discard", "S": "swap", "X": "throw_away"}
# Hole 1 of seed 2026 with two seats, as the greedy player played it: kind, seat, position.
HOLE = (
    "R00 R01 R10 R11 D1 S14 D0 S03 T1 S10 D0 S01 D1 X1 T0 S04 D1 S12 T0 S02 T1 S13 D0 X0 D1 S15"
    " D0 X0"
)


def _log(text: str) -> list[dict]:
    moves = []
    for word in text.split():
        move = {"kind": KINDS[word[0]], "seat": int(word[1])}
        if len(word) > 2:
            move["index"] = int(word[2])
        moves.append(move)
    return moves


def test_seed_1_with_three_seats_deals_these_cards():
    state = golf.new_game(Options(seats=3), 1)
    assert state.layouts == (
        ("6H", "KC", "AD", "5H", "QC", "8D"),
        ("4C", "JS", "3C", "QS", "8C", "3H"),
        ("5D", "7D", "9D", "2S", "9S", "8H"),
    )
    assert state.discard == ("AC",)
    assert state.stock[:5] == ("5C", "7S", "6C", "6S", "TH")


def test_a_stored_hole_replays_to_the_same_end():
    moves = [golf.move_from_json(m) for m in _log(HOLE)]
    state = golf.replay(Options(), 2026, moves)
    assert state.phase == golf.Phase.HOLE_OVER and state.went_out == 1
    assert state.layouts == (
        ("6H", "7H", "3D", "6C", "7D", "KC"),  # 6/6, 7/7, 3/K: 0 + 0 + 3
        ("AC", "QD", "2D", "AH", "QS", "KH"),  # A/A, Q/Q, 2/K: 0 + 0 - 2
    )
    assert state.scores == ((3, -2),)
