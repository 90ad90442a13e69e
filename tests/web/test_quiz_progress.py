"""The signed answers cookie: round trips, refuses tampering, never crashes on garbage."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from app.quiz import progress
from app.quiz.questions import CHOICE_KEYS, QUESTIONS

SECRET = "test-secret-key-0123456789"
answers_strategy = st.dictionaries(
    st.integers(min_value=1, max_value=len(QUESTIONS)), st.sampled_from(CHOICE_KEYS)
)


@given(answers_strategy)
def test_answers_round_trip(answers):
    assert progress.decode(progress.encode(answers, SECRET), SECRET) == answers


@given(st.text(max_size=80))
def test_garbage_cookie_reads_as_no_answers(value):
    decoded = progress.decode(value, SECRET)
    assert decoded == {} or progress.encode(decoded, SECRET) == value


@given(answers_strategy)
def test_cookie_signed_with_another_key_is_ignored(answers):
    assert progress.decode(progress.encode(answers, "another-secret-key-987654"), SECRET) == {}


def test_right_count_and_completion():
    all_right = {q.number: q.answer for q in QUESTIONS}
    assert progress.right_count(all_right) == 6 and progress.is_complete(all_right)
    one_wrong = {**all_right, 1: "a"}
    assert progress.right_count(one_wrong) == 5
    del one_wrong[6]
    assert not progress.is_complete(one_wrong)


def test_shares_are_whole_percentages():
    assert progress.shares({}) == {"a": 0, "b": 0, "c": 0}
    assert progress.shares({"a": 1, "b": 2}) == {"a": 33, "b": 67, "c": 0}
    assert progress.shares({"b": 7, "a": 2, "c": 2}) == {"a": 18, "b": 64, "c": 18}
