"""This visitor's answers, kept in a signed cookie: which choice per question, nothing else.

The value is one character per question ("b-c---": question 1 answered b, question 3
answered c) plus an HMAC, so a page cannot be shown a tampered set of answers.
"""

from __future__ import annotations

import hashlib
import hmac

from app.quiz.questions import CHOICE_KEYS, QUESTIONS

COOKIE = "quiz"
UNANSWERED = "-"
MAX_AGE_SECONDS = 30 * 24 * 3600

Answers = dict[int, str]


def _signature(body: str, secret_key: str) -> str:
    digest = hmac.new(secret_key.encode(), f"quiz:{body}".encode(), hashlib.sha256)
    return digest.hexdigest()[:24]


def encode(answers: Answers, secret_key: str) -> str:
    body = "".join(answers.get(q.number, UNANSWERED) for q in QUESTIONS)
    return f"{body}.{_signature(body, secret_key)}"


def decode(value: str | None, secret_key: str) -> Answers:
    """The answers in a cookie; an empty dict when it is missing, malformed or tampered with."""
    # Non-ASCII (a crafted cookie header) cannot be a signature and compare_digest refuses it.
    if not value or not value.isascii() or value.count(".") != 1:
        return {}
    body, signature = value.split(".")
    if len(body) != len(QUESTIONS) or not hmac.compare_digest(
        signature, _signature(body, secret_key)
    ):
        return {}
    if any(ch not in CHOICE_KEYS and ch != UNANSWERED for ch in body):
        return {}
    return {i + 1: ch for i, ch in enumerate(body) if ch != UNANSWERED}


def right_count(answers: Answers) -> int:
    return sum(1 for q in QUESTIONS if answers.get(q.number) == q.answer)


def is_complete(answers: Answers) -> bool:
    return all(q.number in answers for q in QUESTIONS)


def shares(counts: dict[str, int]) -> dict[str, int]:
    """Whole-number percentage of players who picked each choice (0 when nobody has)."""
    total = sum(counts.get(key, 0) for key in CHOICE_KEYS)
    if total == 0:
        return dict.fromkeys(CHOICE_KEYS, 0)
    return {key: round(100 * counts.get(key, 0) / total) for key in CHOICE_KEYS}
