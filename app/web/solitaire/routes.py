"""Golf solitaire practice: start page, deal pages and their moves, rounds of nine.

Every change is load -> rules -> save -> render: the storage layer checks the version the
form was made from, the rules check the move, and the board fragment is rendered afterwards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from sqlalchemy.orm import Session
from starlette.datastructures import FormData

from app.db import Database
from app.ratelimit import limit
from app.rules.dealnum import MAX_DEAL_NUMBER
from app.rules.solitaire import STANDARD, RuleError, Variant, parse_move
from app.storage import solitaire as store
from app.storage.solitaire import DealNotFound, HoleNotReady, StaleDeal, StoredDeal
from app.web.errors import error_response
from app.web.forms import PostedForm
from app.web.render import is_fragment_request, json_state, render, wants_json
from app.web.solitaire.view import (
    WATCH_MODES,
    BoardOptions,
    board_context,
    json_view,
    scorecard,
)

router = APIRouter()

STALE_MESSAGE = (
    "This board was out of date (another tab, or a double click?), so nothing was changed. "
    "Here is the deal as it stands now."
)
UNDO_MESSAGE = "Took back the last move."
DEAL_PAGE = "solitaire/deal.html"
# The board, plus the coach's words swapped into the live region already on the page.
BOARD_FRAGMENT = "solitaire/_board_swap.html"
REWIND_MESSAGE = "Back to that moment: try another way from here."
# Messages a plain-form redirect can ask the next page to show (no JavaScript, no session).
DONE_MESSAGES = {"undo": UNDO_MESSAGE, "rewind": REWIND_MESSAGE}


class BadForm(ValueError):
    """A form field that is missing or not the right kind of value."""


def _db(request: Request) -> Database:
    return request.app.state.db


def deal_url(deal_id: str, query: str = "") -> str:
    return f"/solitaire/deals/{deal_id}" + (f"?{query}" if query else "")


def _int_field(form: FormData, name: str, low: int = 0, high: int = 10**9) -> int:
    raw = form.get(name)
    if not isinstance(raw, str) or not raw.strip().isascii() or not raw.strip().isdigit():
        raise BadForm(f"The form field {name!r} must be a whole number.")
    value = int(raw.strip()[:12])
    if not low <= value <= high:
        raise BadForm(f"The form field {name!r} must be between {low} and {high}.")
    return value


def _optional_int(form: FormData, name: str) -> int | None:
    return _int_field(form, name) if form.get(name) not in (None, "") else None


def variant_from_form(form: FormData) -> Variant:
    """The variations ticked on a new-deal form."""
    flags = ("queen_on_king", "round_the_corner", "clear_scores_zero", "empty_start")
    jokers = _int_field(form, "jokers", 0, 2) if form.get("jokers") else 0
    return Variant(**{name: bool(form.get(name)) for name in flags}, jokers=jokers)


# --- Rendering ----------------------------------------------------------------------------


def board_response(
    request: Request, deal: StoredDeal, options: BoardOptions, status_code: int = 200
) -> Response:
    """The board (or the whole deal page), or the JSON state."""
    if wants_json(request):
        return json_state(json_view(deal) | _message(options), status_code)
    round_ = None
    if deal.round_id is not None:
        with _db(request).read() as session:
            round_ = store.load_round(session, round_id=deal.round_id)
    context = board_context(deal, options, round_)
    context |= {"variant": deal.variant, "round_button": False, "open_variations": False,
                "watch_delay_ms": request.app.state.settings.watch_delay_ms}
    return render(request, DEAL_PAGE, BOARD_FRAGMENT, context, status_code)


def _message(options: BoardOptions) -> dict[str, Any]:
    return {"message": options.message} if options.message else {}


def _changed(
    request: Request, deal: StoredDeal, options: BoardOptions, query: str = ""
) -> Response:
    """After a successful change: htmx and JSON get the board, a plain form a redirect."""
    if wants_json(request) or is_fragment_request(request):
        return board_response(request, deal, options)
    return RedirectResponse(deal_url(deal.id, query), status_code=303)


Change = Callable[[Session], StoredDeal]


def _act(
    request: Request, deal_id: str, change: Change, options: BoardOptions, query: str = ""
) -> Response:
    """Run one change in one transaction and answer for every outcome."""
    try:
        with _db(request).write() as session:
            deal = change(session)
    except DealNotFound:
        return error_response(request, 404)
    except StaleDeal as stale:
        refused = BoardOptions(message=STALE_MESSAGE, watch=options.watch)
        return board_response(request, stale.current, refused, 409)
    except (RuleError, BadForm, ValueError) as error:
        try:
            with _db(request).read() as session:
                current = store.load_deal(session, deal_id=deal_id)
        except DealNotFound:  # garbage form for an unknown deal: a 404, never a 500
            return error_response(request, 404)
        refused = BoardOptions(message=str(error), watch=options.watch)
        return board_response(request, current, refused, 422)
    return _changed(request, deal, options, query)


# --- Pages --------------------------------------------------------------------------------


@router.get("/solitaire")
def start_page(request: Request) -> Response:
    return _start_page(request)


def _start_page(
    request: Request, variant: Variant = STANDARD, error: str | None = None, number: str = ""
) -> Response:
    context = {
        "variant": variant,
        "form_error": error,
        "deal_number_value": number,
        "round_button": True,
        "open_variations": True,
    }
    return render(request, "solitaire/start.html", None, context, 422 if error else 200)


@router.get("/solitaire/deals/{deal_id}")
def deal_page(
    request: Request, deal_id: str, hint: str = "", watch: str = "", done: str = ""
) -> Response:
    try:
        with _db(request).read() as session:
            deal = store.load_deal(session, deal_id=deal_id)
    except DealNotFound:
        return error_response(request, 404)
    options = BoardOptions(
        message=DONE_MESSAGES.get(done),
        hint=hint == "1",
        watch=watch if watch in WATCH_MODES else None,
    )
    return board_response(request, deal, options)


@router.post("/solitaire/deals")
def new_deal(request: Request, form: PostedForm) -> Response:
    number_text = str(form.get("deal_number") or "").strip()[:20]
    try:
        variant = variant_from_form(form)
        number = None
        if form.get("action") != "random" and number_text:
            number = _deal_number(number_text)
    except (BadForm, RuleError) as error:
        return _start_page(request, STANDARD, str(error), number_text)
    limit(request, key="create")  # one client cannot fill the database with deals
    with _db(request).write() as session:
        deal = store.create_deal(session, variant=variant, deal_number=number)
    return RedirectResponse(deal_url(deal.id), status_code=303)


def _deal_number(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= MAX_DEAL_NUMBER:
        raise BadForm(f"Deal numbers are whole numbers from 1 to {MAX_DEAL_NUMBER:,}.")
    return int(text)


# --- Moves --------------------------------------------------------------------------------


def _version(form: FormData) -> tuple[int, int | None]:
    """The version the form was made from, and how many moves it showed (for double clicks)."""
    return _int_field(form, "version"), _optional_int(form, "moves")


def _apply(form: FormData, deal_id: str, field: str | None) -> Change:
    """The change that applies the move named by `field` (None: a draw)."""

    def change(session: Session) -> StoredDeal:
        version, seen = _version(form)
        move = parse_move(form.get(field) if field else "draw")
        deal, _applied = store.apply_move(
            session, deal_id=deal_id, version=version, move=move, seen_moves=seen
        )
        return deal

    return change


@router.post("/solitaire/deals/{deal_id}/play")
def play_card(request: Request, deal_id: str, form: PostedForm) -> Response:
    return _act(request, deal_id, _apply(form, deal_id, "column"), BoardOptions())


@router.post("/solitaire/deals/{deal_id}/draw")
def draw_card(request: Request, deal_id: str, form: PostedForm) -> Response:
    return _act(request, deal_id, _apply(form, deal_id, None), BoardOptions())


@router.post("/solitaire/deals/{deal_id}/undo")
def undo_move(request: Request, deal_id: str, form: PostedForm) -> Response:

    def change(session: Session) -> StoredDeal:
        version, seen = _version(form)
        deal, _applied = store.undo(session, deal_id=deal_id, version=version, seen_moves=seen)
        return deal

    options = BoardOptions(message=UNDO_MESSAGE)
    return _act(request, deal_id, change, options, query="done=undo")


@router.post("/solitaire/deals/{deal_id}/rewind")
def rewind(request: Request, deal_id: str, form: PostedForm) -> Response:
    """Go back to the moment after the first `to` moves (used by the review page)."""

    def change(session: Session) -> StoredDeal:
        version, keep = _int_field(form, "version"), _int_field(form, "to")
        return store.rewind(session, deal_id=deal_id, version=version, keep=keep)

    options = BoardOptions(message=REWIND_MESSAGE)
    return _act(request, deal_id, change, options, query="done=rewind")


@router.post("/solitaire/deals/{deal_id}/watch")
def watch_step(request: Request, deal_id: str, form: PostedForm) -> Response:
    """One move of "Watch the computer play": the move the board showed and explained."""
    mode = str(form.get("watch")) if form.get("watch") in WATCH_MODES else "pause"
    change = _apply(form, deal_id, "move")
    options = BoardOptions(watch=mode)
    return _act(request, deal_id, change, options, query=f"watch={mode}")


# --- Rounds of nine -----------------------------------------------------------------------


@router.post("/solitaire/rounds")
def new_round(request: Request, form: PostedForm) -> Response:
    try:
        variant = variant_from_form(form)
    except (BadForm, RuleError) as error:
        return _start_page(request, STANDARD, str(error))
    limit(request, key="create")
    with _db(request).write() as session:
        deal = store.create_round(session, variant=variant)
    return RedirectResponse(deal_url(deal.id), status_code=303)


@router.post("/solitaire/rounds/{round_id}/holes")
def next_hole(request: Request, round_id: str, form: PostedForm) -> Response:
    try:
        hole = _int_field(form, "hole", 2, store.HOLES)
        with _db(request).write() as session:
            deal = store.next_hole(session, round_id=round_id, hole=hole)
    except DealNotFound:
        return error_response(request, 404)
    except (BadForm, HoleNotReady) as error:
        return error_response(request, 409 if isinstance(error, HoleNotReady) else 400, str(error))
    return RedirectResponse(deal_url(deal.id), status_code=303)


@router.get("/solitaire/rounds/{round_id}")
def round_page(request: Request, round_id: str) -> Response:
    try:
        with _db(request).read() as session:
            round_ = store.load_round(session, round_id=round_id)
    except DealNotFound:
        return error_response(request, 404)
    context = {"round": round_, "scorecard": scorecard(round_), "over": False}
    return render(request, "solitaire/round.html", None, context)
