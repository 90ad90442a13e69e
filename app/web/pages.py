"""Reading pages: home, the rules of both games, the glossary."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from app.content.examples import GOLF6_EXAMPLES, SOLITAIRE_EXAMPLES
from app.content.glossary import TERMS
from app.web.render import render

router = APIRouter()


@router.get("/", response_class=HTMLResponse)
def home(request: Request) -> HTMLResponse:
    return render(request, "pages/home.html", None, {})


@router.get("/rules/solitaire", response_class=HTMLResponse)
def solitaire_rules(request: Request) -> HTMLResponse:
    return render(request, "pages/rules_solitaire.html", None, {"examples": SOLITAIRE_EXAMPLES})


@router.get("/rules/six-card-golf", response_class=HTMLResponse)
def golf6_rules(request: Request) -> HTMLResponse:
    return render(request, "pages/rules_golf6.html", None, {"layouts": GOLF6_EXAMPLES})


@router.get("/glossary", response_class=HTMLResponse)
def glossary(request: Request) -> HTMLResponse:
    terms = sorted(TERMS, key=lambda term: term.word.lower())
    return render(request, "pages/glossary.html", None, {"terms": terms})
