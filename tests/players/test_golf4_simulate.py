"""`golf simulate golf4`: the same lines and summary as golf6, the variants, progress on stderr."""

from __future__ import annotations

import json

import pytest

from app.cli import main


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[list[dict], str]:
    assert main(["simulate", "golf4", *args]) == 0
    captured = capsys.readouterr()
    return [json.loads(line) for line in captured.out.splitlines()], captured.err


def test_simulate_prints_a_line_per_game_a_summary_and_progress_on_stderr(capsys):
    lines, err = _run(capsys, "--players", "coach,greedy,random", "--games", "3",
                      "--holes", "9", "--seed", "4")
    games, summary = lines[:-1], lines[-1]["summary"]
    assert [g["game"] for g in games] == [0, 1, 2]
    for game in games:
        assert len(game["totals"]) == 3
        assert game["winners"] == [s for s, t in enumerate(game["totals"])
                                   if t == min(game["totals"])]
    for key in ("mean_hole_score", "win_share", "decision_ms_p95"):
        assert len(summary[key]) == 3
    assert sum(summary["win_share"]) == pytest.approx(1.0)
    assert "3/3 games" in err


def test_variants_change_the_game_and_runs_repeat_with_a_seed(capsys):
    plain, _ = _run(capsys, "--players", "greedy,random", "--games", "2", "--seed", "9")
    again, _ = _run(capsys, "--players", "greedy,random", "--games", "2", "--seed", "9")
    assert plain[:-1] == again[:-1]
    both, _ = _run(capsys, "--players", "greedy,random", "--games", "2", "--seed", "9",
                   "--variant", "pairs-cancel", "--variant", "knock-penalty")
    assert both[:-1] != plain[:-1]


def test_simulate_refuses_an_unknown_player_or_variant(capsys):
    with pytest.raises(SystemExit, match="Unknown player 'wizard'"):
        main(["simulate", "golf4", "--players", "coach,wizard", "--games", "1"])
    with pytest.raises(SystemExit):
        main(["simulate", "golf4", "--players", "coach,greedy", "--variant", "jokers"])
    with pytest.raises(SystemExit, match="Four-card Golf needs 2 to 8 players"):
        main(["simulate", "golf4", "--players", "coach", "--games", "1"])
