"""How strong each computer level is, as measured (shown beside the choice and on the strategy
page). Kept apart from the players so that reading the figures loads no player.

Each level against the strong one (`coach`), two seats, 200 games of nine holes:
    golf simulate golf6 --players LEVEL,coach --games 200 --holes 9 --seed 15
and the same in four-card Golf (`golf simulate golf4 ...`), where the levels lie much closer:
the square is small and the knock ends holes early.
"""

from __future__ import annotations

# Level -> (its points a hole, the strong level's points a hole, its share of the wins).
MEASURED: dict[str, tuple[float, float, float]] = {
    "beginner": (12.0, 4.6, 0.01),
    "club": (6.7, 4.7, 0.26),
    "greedy": (8.1, 4.3, 0.115),
}

# The same for four-card Golf (2026-12-03).
MEASURED_FOUR: dict[str, tuple[float, float, float]] = {
    "beginner": (11.1, 8.9, 0.17),
    "club": (8.9, 8.7, 0.4725),
    "greedy": (10.4, 9.4, 0.295),
}
