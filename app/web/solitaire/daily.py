"""The deal of the day: /solitaire/daily (today's) and /solitaire/daily/YYYY-MM-DD (a past day).

Every browser plays the same deal on the same UTC day (app.rules.daily); once its deal is over
it sees how many have played, how the scores spread (an SVG chart and the same figures as
text) and its place. A past day's results are open to everyone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import RedirectResponse, Response

from app.ratelimit import limit
from app.rules.daily import daily_deal_number
from app.rules.solitaire import is_over, score
from app.storage.solitaire import daily as store
from app.storage.solitaire.daily import DayResults
from app.web import player
from app.web.forms import PostedForm
from app.web.loading import PageNotFound
from app.web.render import private, render

router = APIRouter()

_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
FIRST_DAY = date(2026, 1, 1)  # no deal of the day before the feature existed


def utc_today() -> date:
    return datetime.now(UTC).date()


TodayDep = Annotated[date, Depends(utc_today)]


def _past_day(day: str, today: TodayDep) -> date:
    """A day in the address: an ISO date from FIRST_DAY up to today, else 404."""
    if not _DATE.fullmatch(day):
        raise PageNotFound()
    try:
        parsed = date.fromisoformat(day)
    except ValueError:
        raise PageNotFound() from None
    if not FIRST_DAY <= parsed <= today:
        raise PageNotFound()
    return parsed


DayDep = Annotated[date, Depends(_past_day)]


def day_url(day: date) -> str:
    """A day's results by its date: still that day's page once the next day has begun."""
    return f"/solitaire/daily/{day.isoformat()}"


@dataclass(frozen=True)
class Bar:
    score: int
    count: int
    x: float
    y: float
    width: float
    height: float


CHART_WIDTH = 320
CHART_HEIGHT = 120
CHART_MARGIN = 16  # on each side, for the first and last bar's labels, centred under them


def spread_bars(results: DayResults) -> list[Bar]:
    """One bar per score from the lowest to the highest made, heights relative to the most."""
    if not results.counts:
        return []
    low, high = min(results.counts), max(results.counts)
    span = high - low + 1
    most = max(results.counts.values())
    width = CHART_WIDTH / span
    bars = []
    for i, value in enumerate(range(low, high + 1)):
        count = results.counts.get(value, 0)
        height = CHART_HEIGHT * count / most
        bars.append(Bar(value, count, i * width, CHART_HEIGHT - height, width * 0.85, height))
    return bars


@router.get("/solitaire/daily", name="daily")
def today_page(request: Request, today: TodayDep) -> Response:
    return _day_page(request, today, today)


@router.post("/solitaire/daily")
def start(request: Request, today: TodayDep, _form: PostedForm) -> Response:
    """Deal this browser today's deal (once), and open it. The form holds only its CSRF token."""
    token = player.player_token(request)
    key = player.key_of(token)
    with request.app.state.db.read() as session:
        started = store.entry_deal(session, day=today, player_key=key) is not None
    if not started:
        limit(request, key="create")  # its own transaction: not inside the write below
    with request.app.state.db.write() as session:
        deal = store.start_daily_deal(session, day=today, player_key=key)
    response = RedirectResponse(f"/solitaire/deals/{deal.id}", status_code=303)
    player.remember(request, response, token)
    return response


@router.get("/solitaire/daily/{day}", name="daily_day")
def day_page(request: Request, day: DayDep, today: TodayDep) -> Response:
    if day == today:
        return RedirectResponse("/solitaire/daily", status_code=303)
    return _day_page(request, day, today)


def _day_page(request: Request, day: date, today: date) -> Response:
    key = player.player_key(request)
    with request.app.state.db.read() as session:
        mine = None if key is None else store.entry_deal(session, day=day, player_key=key)
        finished = mine is not None and is_over(mine.game.position)
        # No scores before your own deal is over, on the day or after it (SPEC).
        shown = finished or (day < today and mine is None)
        results = store.day_results(session, day=day) if shown else None
        best = store.known_best(session, day=day) if results else None
    my_score = score(mine.game.position) if finished and mine else None
    context: dict[str, Any] = {
        "day": day,
        "is_today": day == today,
        "deal_number": daily_deal_number(day),
        "mine": mine,
        "finished": finished,
        "my_score": my_score,
        "results": results,
        "best": best,
        "bars": spread_bars(results) if results else [],
        "chart": {"width": CHART_WIDTH, "height": CHART_HEIGHT, "margin": CHART_MARGIN},
        "share": results.others_matched_share(my_score)
        if results and my_score is not None
        else None,
        "yesterday": day - timedelta(days=1) if day - timedelta(days=1) >= FIRST_DAY else None,
    }
    # The page shows this browser's own deal and place: never shared through a cache.
    return private(render(request, "challenges/daily.html", None, context))
