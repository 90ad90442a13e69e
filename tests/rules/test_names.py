"""The one check of a player's name (app.rules.names), used by every form and the score sheet."""

from __future__ import annotations

import pytest

from app.rules.names import MAX_NAME, NameProblem, name_problem, tidy_name


@pytest.mark.parametrize(
    ("typed", "problem"),
    [
        ("", NameProblem.BLANK),
        ("\u3164", NameProblem.BLANK),
        ("x" * (MAX_NAME + 1), NameProblem.TOO_LONG),
        ("Ann\u200b", NameProblem.HIDES_SOMETHING),
        ("Ann\ufffd", NameProblem.HIDES_SOMETHING),
        ("Ann" + "\u0316" * 5, NameProblem.HIDES_SOMETHING),
        ("\u0301Ann", NameProblem.STARTS_WITH_A_MARK),
    ],
)
def test_name_problem_names_the_first_reason_a_name_is_refused(typed, problem):
    assert name_problem(tidy_name(typed)) is problem


@pytest.mark.parametrize("typed", ["Ann", "Åsa Öberg", "李雷", "x" * MAX_NAME, "  Bo  "])
def test_name_problem_accepts_names_that_show(typed):
    assert name_problem(tidy_name(typed)) is None
