"""Write the benchmark deals: deal numbers 1..N in CONTRACT's dealing order.

    .venv/bin/python tests/bench/solitaire_make_deals.py 1000 tests/bench/deals_1000.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from app.rules.solitaire import deal_for_number


def main(count: int, path: Path) -> None:
    deals = [list(deal_for_number(number)) for number in range(1, count + 1)]
    path.write_text(json.dumps(deals, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main(int(sys.argv[1]), Path(sys.argv[2]))
