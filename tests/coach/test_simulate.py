"""`golf simulate solitaire`: CONTRACT's output for every player and variation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli import main
from app.rules.solitaire import Variant, deal_for_number

VARIATIONS = [
    ([], Variant()),
    (["queen-on-king"], Variant(queen_on_king=True)),
    (["round-the-corner"], Variant(round_the_corner=True)),
    (["clear-scores-zero"], Variant(clear_scores_zero=True)),
    (["empty-start"], Variant(empty_start=True)),
    (["jokers=1"], Variant(jokers=1)),
    (["jokers=2", "queen-on-king"], Variant(jokers=2, queen_on_king=True)),
]


def write_deals(tmp_path: Path, variant: Variant, count: int = 2) -> Path:
    path = tmp_path / "deals.json"
    path.write_text(json.dumps([list(deal_for_number(n, variant)) for n in range(1, count + 1)]))
    return path


def simulate(capsys: pytest.CaptureFixture[str], *argv: str) -> list[dict]:
    assert main(["simulate", "solitaire", *argv]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


@pytest.mark.parametrize(("words", "variant"), VARIATIONS, ids=lambda v: str(v))
@pytest.mark.parametrize("player", ["thumb", "coach"])
def test_simulate_prints_a_line_per_deal_and_a_summary(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    words: list[str],
    variant: Variant,
    player: str,
) -> None:
    deals = write_deals(tmp_path, variant)
    tiny = ["--samples", "2", "--horizon", "1", "--turn-samples", "1", "--endgame-nodes", "20000"]
    options = tiny if player == "coach" else []
    variant_args = ["--variant", *words] if words else []
    lines = simulate(capsys, "--deals", str(deals), "--player", player, *variant_args, *options)
    assert [line["deal"] for line in lines[:-1]] == [0, 1]
    for line in lines[:-1]:
        assert all(m == "draw" or m in range(1, 8) for m in line["moves"])
        assert isinstance(line["score"], int)
    summary = lines[-1]
    scores = [line["score"] for line in lines[:-1]]
    assert summary["mean_score"] == sum(scores) / 2
    assert summary["clear_rate"] == sum(s <= 0 for s in scores) / 2
    assert summary["seconds"] >= 0


def test_same_seed_gives_the_same_moves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deals = str(write_deals(tmp_path, Variant(), count=1))
    options = ["--deals", deals, "--player", "coach", "--samples", "2", "--horizon", "1"]
    first = simulate(capsys, *options, "--seed", "3")[0]
    assert simulate(capsys, *options, "--seed", "3")[0] == first


def test_bad_deals_file_is_refused_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps([["AS"] * 52]))
    assert main(["simulate", "solitaire", "--deals", str(path), "--player", "thumb"]) == 2
    assert "every card" in capsys.readouterr().err


def test_unknown_variation_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deals = str(write_deals(tmp_path, Variant(), count=1))
    argv = ["simulate", "solitaire", "--deals", deals, "--player", "thumb", "--variant", "wild"]
    assert main(argv) == 2
    assert "unknown variation" in capsys.readouterr().err


DEEP = "[" * 100_000 + "]" * 100_000  # a RecursionError in json once


@pytest.mark.parametrize("content", ["[1, 2]", "[null]", '[["AS", 3]]', DEEP])
def test_a_deals_file_of_the_wrong_shape_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str
) -> None:
    path = tmp_path / "odd.json"
    path.write_text(content)
    assert main(["simulate", "solitaire", "--deals", str(path), "--player", "thumb"]) == 2
    said = capsys.readouterr().err
    assert said.startswith("golf simulate solitaire: ") and said.count("\n") == 1


@pytest.mark.parametrize(("game", "option", "value"), [
    ("golf6", "--games", "0"), ("golf6", "--games", "-5"), ("golf4", "--games", "10000000000000"),
    ("golf6", "--workers", "0"), ("golf4", "--workers", "-2"), ("solitaire", "--samples", "0"),
    ("solitaire", "--horizon", "-1"), ("solitaire", "--count", "-1"), ("golf6", "--seed", "²"),
])
def test_simulate_refuses_counts_out_of_range(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, option: str, value: str
) -> None:
    players = ["--deals", str(write_deals(tmp_path, Variant(), count=1)), "--player", "thumb"]
    if game != "solitaire":
        players = ["--players", "greedy,greedy"]
    with pytest.raises(SystemExit) as refused:
        main(["simulate", game, *players, option, value])
    assert refused.value.code == 2 and "expected" in capsys.readouterr().err


@pytest.mark.parametrize(("option", "value"), [("--port", "70000"), ("--workers", "1000")])
def test_serve_refuses_a_port_or_worker_count_out_of_range(
    capsys: pytest.CaptureFixture[str], option: str, value: str
) -> None:
    with pytest.raises(SystemExit) as refused:
        main(["serve", option, value])
    assert refused.value.code == 2 and f"got {value}" in capsys.readouterr().err


def test_a_database_url_without_its_driver_is_said_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DATABASE_URL", "mysql://u@localhost/x")
    assert main(["migrate"]) == 2
    said = capsys.readouterr().err
    assert said.startswith("golf: DATABASE_URL: its driver is not installed") and said[-1] == "\n"
