"""Anonymous quiz answers: record one, and count how often each choice was picked."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.storage.models import QuizAnswer

# question number -> choice key -> how many players picked it
ChoiceCounts = dict[int, dict[str, int]]


def record_answer(
    session: Session, *, question: int, choice: str, attempt: str | None = None
) -> None:
    """Count an answer once per page it was given on (`attempt`, the page's own token): a
    double submit's second request counts nothing. Two at the very same moment are told
    apart by the unique index (IntegrityError: the caller counts it as done)."""
    if attempt is not None and session.scalar(
        select(QuizAnswer.id).where(QuizAnswer.question == question,
                                    QuizAnswer.attempt == attempt)
    ) is not None:
        return
    session.add(QuizAnswer(question=question, choice=choice, attempt=attempt))


def choice_counts(session: Session) -> ChoiceCounts:
    rows = session.execute(
        select(QuizAnswer.question, QuizAnswer.choice, func.count())
        .group_by(QuizAnswer.question, QuizAnswer.choice)
    ).all()
    counts: ChoiceCounts = {}
    for question, choice, count in rows:
        counts.setdefault(question, {})[choice] = count
    return counts
