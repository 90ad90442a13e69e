"""The four-card Golf benchmarks of the README: run them, or summarise runs already saved.

    nice -n 10 .venv/bin/python -m tests.bench.golf4_benchmarks run OUT_DIR [GAMES] [--variant V]
    .venv/bin/python -m tests.bench.golf4_benchmarks table OUT_DIR

`run` plays each line-up below with `golf simulate golf4 --holes 9 --seed 1` (plus any
`--variant` given) and saves its JSON lines as OUT_DIR/<players>.jsonl; `table` prints the
Markdown table for the README.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tests.bench.golf6_benchmarks import run, table

LINE_UPS = [
    "random,random",
    "greedy,greedy",
    "coach,coach",
    "coach,greedy",
    "coach,greedy,greedy,greedy",
]

if __name__ == "__main__":
    command, directory = sys.argv[1], Path(sys.argv[2])
    if command == "run":
        games = int(sys.argv[3]) if len(sys.argv) > 3 and sys.argv[3].isdigit() else 2000
        extra = tuple(arg for arg in sys.argv[3:] if not arg.isdigit())
        run(directory, games, "golf4", LINE_UPS, extra)
    else:
        print(table(directory, LINE_UPS))
