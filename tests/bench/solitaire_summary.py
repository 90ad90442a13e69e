"""Combine `golf simulate solitaire` outputs (e.g. chunks run in parallel) into one summary.

    .venv/bin/python tests/bench/solitaire_summary.py out_a.jsonl out_b.jsonl
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def main(paths: list[str]) -> None:
    scores: dict[int, int] = {}
    seconds = 0.0
    for path in paths:
        for line in Path(path).read_text().splitlines():
            data = json.loads(line)
            if "deal" in data:
                scores[data["deal"]] = data["score"]
            elif "seconds" in data:
                seconds += data["seconds"]
    values = list(scores.values())
    print(
        json.dumps(
            {
                "deals": len(values),
                "clear_rate": round(sum(s <= 0 for s in values) / len(values), 4),
                "mean_score": round(sum(values) / len(values), 4),
                "seconds_total": round(seconds, 1),
            }
        )
    )


if __name__ == "__main__":
    main(sys.argv[1:])
