"""Anonymous quiz answers: record one, and count how often each choice was picked."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.storage.models import QuizAnswer

# question number -> choice key -> how many players picked it
ChoiceCounts = dict[int, dict[str, int]]


def record_answer(session: Session, *, question: int, choice: str) -> None:
    session.add(QuizAnswer(question=question, choice=choice))


def choice_counts(session: Session) -> ChoiceCounts:
    rows = session.execute(
        select(QuizAnswer.question, QuizAnswer.choice, func.count())
        .group_by(QuizAnswer.question, QuizAnswer.choice)
    ).all()
    counts: ChoiceCounts = {}
    for question, choice, count in rows:
        counts.setdefault(question, {})[choice] = count
    return counts
