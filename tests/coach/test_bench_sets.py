"""The benchmark's deal sets and stored optimum values are what the README says they are."""

from __future__ import annotations

import argparse

import pytest

from app.players.solitaire.review import best_possible
from app.rules.solitaire import deal_for_number, start
from tests.bench.solitaire_optimum import VARIATION_NAMES, load_results, variation
from tests.bench.solitaire_sets import SET_NAMES, SIZE, draw_sets, load_set
from tests.bench.solitaire_vs_optimum import part_of


def test_the_sets_are_disjoint_follow_their_rule_and_avoid_the_easy_first_thousand() -> None:
    tune, report = load_set("tune"), load_set("report")
    assert len(tune) == len(report) == SIZE >= 1000
    assert len(set(tune)) == len(tune) and len(set(report)) == len(report)
    assert not set(tune) & set(report)
    assert min(tune + report) > 1000
    assert draw_sets() == {"tune": tune, "report": report}


def test_stored_optimum_lines_name_deals_of_their_set() -> None:
    for set_name in SET_NAMES:
        numbers = set(load_set(set_name))
        for (name, number), line in load_results(set_name).items():
            assert name in VARIATION_NAMES and number in numbers
            assert isinstance(line["exact"], bool) and isinstance(line["best"], int)


def test_the_cheapest_stored_exact_values_are_the_exact_solve() -> None:
    lines = [line for line in load_results("report").values() if line["exact"]]
    cheapest = sorted(lines, key=lambda line: (line["cpu"], line["deal"]))[:5]
    assert cheapest, "no exact optimum stored yet"
    for line in cheapest:
        variant = variation(line["variation"])
        position = start(deal_for_number(line["deal"], variant), variant)
        assert best_possible(position) == line["best"]


def test_a_run_shared_between_processes_names_its_part_as_k_of_n() -> None:
    assert part_of("0/2") == (0, 2) and part_of("1/2") == (1, 2)
    for garbage in ("2/2", "1", "/2", "-1/2", "1/²", "a/b", "0/0"):
        with pytest.raises(argparse.ArgumentTypeError):
            part_of(garbage)
