"""`golf simulate golf6`: one JSON line per game, then the summary of CONTRACT.md."""

from __future__ import annotations

import json

import pytest

from app.cli import main


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict]:
    assert main(["simulate", "golf6", *args]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_simulate_prints_a_line_per_game_and_a_summary(capsys):
    lines = _run(capsys, "--players", "coach,greedy,random", "--games", "3", "--holes", "9",
                 "--seed", "4")
    games, summary = lines[:-1], lines[-1]["summary"]
    assert [g["game"] for g in games] == [0, 1, 2]
    for game in games:
        assert len(game["totals"]) == 3
        assert game["winners"] == [s for s, t in enumerate(game["totals"])
                                   if t == min(game["totals"])]
    for key in ("mean_hole_score", "win_share", "decision_ms_p95"):
        assert len(summary[key]) == 3
    assert sum(summary["win_share"]) == pytest.approx(1.0)


def test_simulate_is_repeatable_with_a_seed(capsys):
    first = _run(capsys, "--players", "greedy,random", "--games", "2", "--seed", "9")[:-1]
    again = _run(capsys, "--players", "greedy,random", "--games", "2", "--seed", "9")[:-1]
    assert first == again


def test_simulate_refuses_an_unknown_player(capsys):
    with pytest.raises(SystemExit, match="Unknown player 'wizard'"):
        main(["simulate", "golf6", "--players", "coach,wizard", "--games", "1"])
