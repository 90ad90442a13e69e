"""The README's table: stored results of several players next to the optimum, on common deals.

    .venv/bin/python -m tests.bench.solitaire_table --set report --label thumb --label coach

Reads what tests.bench.solitaire_vs_optimum stored (it plays nothing). For each variation, the
deals every named run and the optimum have; per player its mean and clear rate, and the gap
(player mean - optimum mean) with its standard error over those deals. Where the optimum is
only a bound (see solitaire_optimum), the gap is too small; the last column counts them, and
how many times a player scored below the bound.
"""

from __future__ import annotations

import argparse
import json
import math

from tests.bench.solitaire_optimum import VARIATION_NAMES, load_results
from tests.bench.solitaire_sets import SET_NAMES
from tests.bench.solitaire_vs_optimum import results_path


def stored(label: str, set_name: str, name: str) -> dict[int, int]:
    path = results_path(label, set_name, name)
    if not path.exists():
        return {}
    return {
        data["deal"]: data["score"]
        for data in (json.loads(line) for line in path.read_text().splitlines())
    }


def mean_and_cleared(scores: list[int]) -> str:
    cleared = sum(s <= 0 for s in scores) / len(scores)
    return f"{sum(scores) / len(scores):.2f} / {100 * cleared:.1f} %"


def gap_text(scores: list[int], best: list[int]) -> str:
    gaps = [s - b for s, b in zip(scores, best, strict=True)]
    mean = sum(gaps) / len(gaps)
    spread = math.sqrt(sum((g - mean) ** 2 for g in gaps) / max(len(gaps) - 1, 1))
    return f"{mean:+.2f} ± {spread / math.sqrt(len(gaps)):.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", required=True, choices=SET_NAMES)
    parser.add_argument("--label", action="append", required=True)
    args = parser.parse_args()
    optimum = load_results(args.set)
    labels = args.label
    print(
        "| variation | deals | "
        + " | ".join(f"`{label}` mean / cleared" for label in labels)
        + " | optimum mean / cleared | "
        + " | ".join(f"gap `{label}`" for label in labels)
        + " | optimum bounds |"
    )
    print("|---" * (3 + 2 * len(labels)) + "|---|")
    for name in VARIATION_NAMES:
        runs = [stored(label, args.set, name) for label in labels]
        deals = [n for n in runs[0] if all(n in run for run in runs) and (name, n) in optimum]
        if not deals:
            continue
        best = [optimum[(name, n)]["best"] for n in deals]
        bounds = sum(not optimum[(name, n)]["exact"] for n in deals)
        cells, gaps, beaten = [], [], []
        for label, run in zip(labels, runs, strict=True):
            scores = [run[n] for n in deals]
            cells.append(mean_and_cleared(scores))
            gaps.append(gap_text(scores, best))
            lower = sum(s < b for s, b in zip(scores, best, strict=True))
            if lower:
                beaten.append(f"{label} below it on {lower}")
        note = f" ({', '.join(beaten)})" if beaten else ""
        print(
            f"| {name} | {len(deals)} | {' | '.join(cells)} | {mean_and_cleared(best)} | "
            f"{' | '.join(gaps)} | {bounds}{note} |"
        )


if __name__ == "__main__":
    main()
