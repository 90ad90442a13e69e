"""The six-card Golf benchmarks of the README: run them, or summarise runs already saved.

    nice -n 10 .venv/bin/python tests/bench/golf6_benchmarks.py run OUT_DIR [GAMES]
    .venv/bin/python tests/bench/golf6_benchmarks.py table OUT_DIR

`run` plays each line-up below with `golf simulate golf6 --holes 9 --seed 1` and saves its
JSON lines as OUT_DIR/<players>.jsonl; `table` prints the Markdown table for the README.
tests/bench/golf4_benchmarks.py does the same for four-card Golf.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

LINE_UPS = [
    "random,random",
    "random,random,random,random",
    "greedy,greedy",
    "greedy,greedy,greedy,greedy",
    "coach,coach",
    "coach,coach,coach,coach",
    "coach,greedy",
    "coach,greedy,greedy,greedy",
]
GOLF = str(Path(sys.executable).with_name("golf"))


def run(out: Path, games: int, game: str = "golf6", line_ups: list[str] = LINE_UPS,
        extra: tuple[str, ...] = ()) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for players in line_ups:
        command = [GOLF, "simulate", game, "--players", players, "--games", str(games),
                   "--holes", "9", "--seed", "1", *extra]
        with (out / f"{players}.jsonl").open("w") as sink:
            subprocess.run(command, stdout=sink, check=True)


def _summary(path: Path) -> dict | None:
    """The summary line of a finished run (None while it is still running)."""
    lines = path.read_text().splitlines()
    return json.loads(lines[-1]).get("summary") if lines else None


def table(out: Path, line_ups: list[str] = LINE_UPS) -> str:
    rows = ["| players | games | mean hole score | win share | decision ms p95 |",
            "|---|---|---|---|---|"]
    for players in line_ups:
        path = out / f"{players}.jsonl"
        s = _summary(path) if path.exists() else None
        if s is None:
            continue
        cells = [", ".join(f"{x:g}" for x in s[key])
                 for key in ("mean_hole_score", "win_share", "decision_ms_p95")]
        rows.append(f"| {players} | {s['games']} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


if __name__ == "__main__":
    command, directory = sys.argv[1], Path(sys.argv[2])
    if command == "run":
        run(directory, int(sys.argv[3]) if len(sys.argv) > 3 else 2000)
    else:
        print(table(directory))
