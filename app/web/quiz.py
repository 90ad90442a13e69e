"""The rules quiz: six questions on one page, each answered by its own small form."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlalchemy.exc import IntegrityError
from starlette.datastructures import FormData

from app.i18n import N_
from app.i18n import gettext as _
from app.quiz import progress
from app.quiz.progress import Answers
from app.quiz.questions import CHOICE_KEYS, QUESTIONS, Question, question
from app.ratelimit import limit
from app.storage import quiz as quiz_store
from app.tokens import TOKEN_LENGTH, new_token, token_shaped
from app.web.forms import FormError, PostedForm, choice_field
from app.web.loading import found
from app.web.render import after_post, render

router = APIRouter()

PAGE = "quiz/page.html"
FRAGMENT = "quiz/_answer.html"
TOO_MANY = N_("That is a lot of answers in one minute. Please wait a moment and try again.")
PICK_ONE = N_("Please pick one of the three answers.")
CHOICES = {key: key for key in CHOICE_KEYS}


def _question(number: int) -> Question:
    """The question a URL names; 404 when the quiz has no such question."""
    return found(question(number))


QuestionDep = Annotated[Question, Depends(_question)]


@dataclass(frozen=True)
class QuestionView:
    """What the template needs for one question: the question, this visitor's pick, shares."""

    question: Question
    chosen: str | None
    shares: dict[str, int] = field(default_factory=dict)
    message: str | None = None

    @property
    def number(self) -> int:
        return self.question.number

    @property
    def right(self) -> bool:
        return self.chosen == self.question.answer


def _answers(request: Request) -> Answers:
    return progress.decode(request.cookies.get(progress.COOKIE), _secret(request))


def _secret(request: Request) -> str:
    return request.app.state.settings.secret


def _context(request: Request, answers: Answers, focus: int | None = None,
             message: str | None = None) -> dict[str, Any]:
    with request.app.state.db.read() as session:
        counts = quiz_store.choice_counts(session)
    views = [
        QuestionView(
            question=q,
            chosen=answers.get(q.number),
            shares=progress.shares(counts.get(q.number, {})),
            message=message if q.number == focus else None,
        )
        for q in QUESTIONS
    ]
    return {
        "questions": views,
        "q": views[focus - 1] if focus else None,
        "total": len(QUESTIONS),
        "right": progress.right_count(answers),
        "complete": progress.is_complete(answers),
        # Each page's forms carry a token of their own: a double submit then counts once.
        "attempt": new_token(),
    }


@router.get("/quiz", response_class=HTMLResponse)
def quiz_page(request: Request) -> HTMLResponse:
    return render(request, PAGE, None, _context(request, _answers(request)))


@router.get("/quiz/reset")
def reset_address(request: Request) -> Response:
    """Try again's form address (left in the address bar by a refused reset): the quiz page.
    Named here, as /quiz/{number} below would take it for a question and answer 404."""
    query = f"?{request.url.query}" if request.url.query else ""
    return RedirectResponse(f"/quiz{query}", status_code=303)


@router.get("/quiz/{number}")
def question_link(request: Request, asked: QuestionDep) -> Response:
    """A question's address (say, after a reload, or a language link on the page a refused
    answer left there) shows it in place on the quiz page, its query ("?lang=sv") kept."""
    query = f"?{request.url.query}" if request.url.query else ""
    return RedirectResponse(f"/quiz{query}#q-{asked.number}", status_code=303)


@router.post("/quiz/reset")
def reset(request: Request) -> Response:
    """Try again: forget this visitor's answers (the anonymous tallies stay)."""
    response = RedirectResponse("/quiz", status_code=303)
    response.delete_cookie(progress.COOKIE, path="/quiz")
    return response


@router.post("/quiz/{number}")
def answer(request: Request, asked: QuestionDep, form: PostedForm) -> Response:
    """Record a first answer and show it marked, or explain why nothing was recorded."""
    number = asked.number
    answers = _answers(request)
    if number in answers:
        message = _("You have already answered this one. Try again at the end to start over.")
        return _answer_page(request, answers, number, message, 409)
    try:
        choice = choice_field(form, "choice", CHOICES)
    except FormError:
        return _answer_page(request, answers, number, _(PICK_ONE), 422)
    try:
        limit(request, key="quiz")  # keeps one client from skewing the shares
    except HTTPException as refused:
        page = _answer_page(request, answers, number, _(TOO_MANY), refused.status_code)
        page.headers.update(refused.headers or {})  # Retry-After
        return page
    try:
        with request.app.state.db.write() as session:
            quiz_store.record_answer(session, question=number, choice=choice,
                                     attempt=_attempt(form))
    except IntegrityError:  # the same page's other request counted it a moment before
        pass
    answers = {**answers, number: choice}
    response = after_post(
        request, f"/quiz#q-{number}-{choice}", _answer_page(request, answers, number, None, 200)
    )
    _remember(request, response, answers)
    return response


def _attempt(form: FormData) -> str | None:
    """The page's token the answer came from (new_token's shape), or None."""
    value = form.get("attempt")
    return value if token_shaped(value, TOKEN_LENGTH, TOKEN_LENGTH) else None


def _answer_page(request: Request, answers: Answers, number: int, message: str | None,
                 status: int) -> HTMLResponse:
    context = _context(request, answers, focus=number, message=message)
    return render(request, PAGE, FRAGMENT, context, status_code=status)


def _remember(request: Request, response: Response, answers: Answers) -> None:
    response.set_cookie(
        progress.COOKIE,
        progress.encode(answers, _secret(request)),
        max_age=progress.MAX_AGE_SECONDS,
        path="/quiz",
        httponly=True,
        samesite="lax",
        secure=request.app.state.settings.secure_cookies,
    )
