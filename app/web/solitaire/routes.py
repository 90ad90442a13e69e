"""Golf solitaire practice: start page, deal pages and their moves, rounds of nine.

Every change is load -> rules -> save -> render: `deal_to_change` reads the deal in the write
transaction (an unknown id is a 404), storage applies the rules and saves only if the version
the form was made from is still current, and the board is rendered after the commit.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from sqlalchemy.orm import Session
from starlette.datastructures import FormData

from app.i18n import N_, format_number
from app.i18n import gettext as _
from app.ratelimit import limit
from app.rules.daily import daily_day_of
from app.rules.dealnum import MAX_DEAL_NUMBER
from app.rules.numbers import parse_int
from app.rules.solitaire import (
    COLUMNS,
    DRAW,
    MAX_JOKERS,
    STANDARD,
    Draw,
    InvalidMoveError,
    Move,
    Play,
    RuleError,
    Variant,
    is_over,
    parse_move,
)
from app.storage import solitaire as store
from app.storage.solitaire import DealIsFinal, DrawIsKept, HoleNotReady, StaleDeal, StoredDeal
from app.web.errors import error_response
from app.web.forms import (
    DEAL_NUMBER_CHARS,
    VERSION_LIMIT,
    FormError,
    PostedForm,
    bool_field,
    choice_field,
    int_field,
    page_field,
    text_field,
    version_field,
)
from app.web.render import is_fragment_request, json_state, private, render, wants_json
from app.web.solitaire.cards import drawer_for
from app.web.solitaire.daily import TodayDep, day_url
from app.web.solitaire.deps import DealDep, RoundDep, deal_to_change
from app.web.solitaire.view import (
    DRAW_KEPT_MESSAGE,
    WATCH_MODES,
    BoardOptions,
    board_context,
    json_view,
    scorecard,
)
from app.web.solitaire.words import refusal_text
from app.web.solitaire.work_budget import coach_work, refuse_when_spent

router = APIRouter()

# Marked for the catalog here, translated where they are shown (the reader's language).
STALE_MESSAGE = N_(
    "This board was out of date (another tab, or a double click?), so nothing was changed. "
    "Here is the deal as it stands now."
)
UNDO_MESSAGE = N_("Took back a move.")
FINAL_MESSAGE = N_("The score of this deal counts, so its moves can no longer be taken back.")
REWIND_MESSAGE = N_("Back to that moment: try another way from here.")
RESTART_MESSAGE = N_("Back to the start: the same cards, dealt as before.")
TODAYS_NUMBER_MESSAGE = N_(
    "Deal %(number)s is today’s deal of the day: play it from the deal of the day. It opens "
    "for practice once the day is over and everyone playing it has finished it."
)
COMING_NUMBER_MESSAGE = N_(
    "Deal %(number)s is the deal of the day on %(day)s: play it then, from the deal of the day. "
    "It opens for practice once that day is over and everyone playing it has finished it."
)
IN_PLAY_NUMBER_MESSAGE = N_(
    "Deal %(number)s is being played for score (in a round, a challenge or a deal of the "
    "day): it opens for practice once everyone playing it has finished it."
)
DEAL_NUMBER_MESSAGE = N_("Deal numbers are whole numbers from 1 to %(max)s.")
DEAL_PAGE = "solitaire/deal.html"
# The board, plus the coach's words swapped into the live region already on the page.
BOARD_FRAGMENT = "solitaire/_board_swap.html"
# Messages a plain-form redirect can ask the next page to show (no JavaScript, no session).
DONE_MESSAGES = {"undo": UNDO_MESSAGE, "rewind": REWIND_MESSAGE, "restart": RESTART_MESSAGE}
FLAGS = ("queen_on_king", "round_the_corner", "clear_scores_zero", "empty_start")
JOKERS = {str(count): count for count in range(MAX_JOKERS + 1)}
# The catalog needs a fixed sentence for a bad joker count; this keeps it true.
assert MAX_JOKERS == 2, "reword “Choose 0, 1 or 2 jokers.”"
WATCH_CHOICES = {mode: mode for mode in WATCH_MODES}
ACTIONS = {"number": "number", "random": "random"}
MOVES_LIMIT = VERSION_LIMIT


def deal_url(deal_id: str, query: str = "") -> str:
    return f"/solitaire/deals/{deal_id}" + (f"?{query}" if query else "")


# --- Rendering ----------------------------------------------------------------------------


def board_response(
    request: Request, deal: StoredDeal, options: BoardOptions, status_code: int = 200
) -> Response:
    """The board (or the whole deal page), or the JSON state."""
    if wants_json(request):
        message = {"message": options.message} if options.message else {}
        return json_state(json_view(deal) | message, status_code)
    round_, daily_day = None, None
    over = is_over(deal.game.position)
    # The score card is on the page, and in a fragment only when the move may have changed it.
    card_shown = not is_fragment_request(request) or options.refresh_extra or over
    if deal.round_id is not None and card_shown:
        with request.app.state.db.read() as session:
            round_ = store.load_round(session, round_id=deal.round_id)
    elif over and card_shown:
        # A finished deal of the day links to that day's results (a deal in a round never is one).
        with request.app.state.db.read() as session:
            daily_day = store.day_of_deal(session, deal_id=deal.id)
    drawer = drawer_for(request.app.state.templates.env)
    # The coach's advice (Hint, Watch) is this client's coach work: 429 once it is spent.
    with coach_work(request) if options.hint or options.watch else nullcontext():
        # Over, and in a round or the deal of the day: its moves are never taken back.
        final = over and (round_ is not None or daily_day is not None)
        # In play there, a card turned from the draw pile is never taken back either: the
        # board says so from the start, and Undo is off while the last move is a draw.
        counts = False
        if not over:
            with request.app.state.db.read() as session:
                counts = store.score_counts(session, deal=deal)
        context = board_context(deal, options, drawer, round_, final, counts)
    # The coach showed its move: the deal says so later. A refusal shows none (see _act).
    if context["advice"] is not None:
        with request.app.state.db.write() as session:
            store.note_coach_move(session, deal=deal)
    context |= {
        "variant": deal.variant,
        "round_button": False,
        "open_variations": False,
        "watch_delay_ms": request.app.state.settings.watch_delay_ms,
        "daily_url": day_url(daily_day) if daily_day else None,
    }
    # A deal's address is its player's own link, and a round's deal links the private round.
    return private(render(request, DEAL_PAGE, BOARD_FRAGMENT, context, status_code))


Change = Callable[[Session, StoredDeal], StoredDeal]


def _act(
    request: Request, deal_id: str, change: Change, options: BoardOptions, query: str = ""
) -> Response:
    """Run one change in one transaction; htmx and JSON get the board, a plain form a redirect.

    A refusal (a stale form, a move the rules forbid, a damaged form) shows the board as it
    is, with the reason, and changes nothing. So it shows no next move of the computer's
    either, even to a watch form: showing one would count as the coach's help.
    """
    try:
        with deal_to_change(request, deal_id) as (session, deal):
            changed = change(session, deal)
    except StaleDeal as stale:
        refused = BoardOptions(message=_(STALE_MESSAGE))
        return board_response(request, stale.current, refused, 409)
    except DealIsFinal as final:
        return board_response(request, final.current, BoardOptions(message=_(FINAL_MESSAGE)), 409)
    except DrawIsKept as kept:
        refused = BoardOptions(message=_(DRAW_KEPT_MESSAGE))
        return board_response(request, kept.current, refused, 409)
    except (RuleError, FormError) as error:
        refused = BoardOptions(message=refusal_text(error))
        return board_response(request, deal, refused, 422)
    if wants_json(request) or is_fragment_request(request):
        return board_response(request, changed, options)
    return RedirectResponse(deal_url(deal_id, query), status_code=303)


# --- Pages --------------------------------------------------------------------------------


@router.get("/solitaire")
def start_page(request: Request) -> Response:
    return _start_page(request)


def _start_page(
    request: Request,
    variant: Variant = STANDARD,
    errors: dict[str, str] | None = None,
    number: str = "",
) -> Response:
    context = {
        "variant": variant,
        "errors": errors or {},
        "deal_number_value": number,
        "round_button": True,
        "open_variations": True,
    }
    return render(request, "solitaire/start.html", None, context, 422 if errors else 200)


@router.get("/solitaire/deals/{deal_id}")
def deal_page(
    request: Request, deal: DealDep, hint: str = "", watch: str = "", done: str = ""
) -> Response:
    options = BoardOptions(
        message=_(DONE_MESSAGES[done]) if done in DONE_MESSAGES else None,
        hint=hint == "1",
        watch=watch if watch in WATCH_MODES else None,
    )
    return board_response(request, deal, options)


def _variant(form: FormData, errors: dict[str, str]) -> Variant:
    """The variations ticked on a new-deal form; a bad joker count is noted in `errors`."""
    flags: dict[str, Any] = {name: bool_field(form, name) for name in FLAGS}
    try:
        jokers = choice_field(form, "jokers", JOKERS, default="0")
    except FormError as error:
        errors[error.field] = _("Choose 0, 1 or 2 jokers.")
        jokers = 0
    return Variant(**flags, jokers=jokers)


@router.post("/solitaire/deals")
def new_deal(request: Request, form: PostedForm, today: TodayDep) -> Response:
    errors: dict[str, str] = {}
    variant = _variant(form, errors)
    number_text, number = "", None
    try:
        random = choice_field(form, "action", ACTIONS, default="number") == "random"
        number_text = text_field(form, "deal_number", DEAL_NUMBER_CHARS, required=False)
        if not random and number_text:
            number = int_field(form, "deal_number", 1, MAX_DEAL_NUMBER)
    except FormError as error:
        errors[error.field] = (
            _(DEAL_NUMBER_MESSAGE, max=format_number(MAX_DEAL_NUMBER))
            if error.field == "deal_number" else error.message
        )
    daily_day = None if number is None else daily_day_of(number, today)
    if daily_day is not None:
        # Practised with Undo, a day's deal would show its draw pile before it is played
        # for score (every variation but the jokers deals the same cards from a number).
        errors["deal_number"] = (
            _(TODAYS_NUMBER_MESSAGE, number=number) if daily_day == today
            else _(COMING_NUMBER_MESSAGE, number=number, day=daily_day.isoformat())
        )
    if number is not None and not errors:
        with request.app.state.db.read() as session:
            if store.in_play_for_score(session, deal_number=number):
                errors["deal_number"] = _(IN_PLAY_NUMBER_MESSAGE, number=number)
    if errors:
        return _start_page(request, variant, errors, number_text)
    limit(request, key="create")  # one client cannot fill the database with deals
    with request.app.state.db.write() as session:
        deal = store.create_deal(session, variant=variant, deal_number=number)
    return RedirectResponse(deal_url(deal.id), status_code=303)


# --- Moves --------------------------------------------------------------------------------


def _posted_move(form: FormData, name: str, kinds: tuple[type, ...], message: str) -> Move:
    """The move a field names as the rules write it (`Move.to_json`: a column number 1-7 or
    "draw"), when it is of one of `kinds`; anything else is refused with `message`."""
    try:
        move = parse_move(form.get(name))
    except InvalidMoveError:
        move = None
    if not isinstance(move, kinds):
        raise FormError(name, message)
    return move


def _column(form: FormData) -> Move:
    """The card a column button plays (its value is the column's number)."""
    message = _("Choose a column from 1 to %(max)d.", max=COLUMNS)
    return _posted_move(form, "column", (Play,), message)


def _move(request: Request, deal_id: str, form: FormData, move: Callable[[], Move],
          options: BoardOptions, query: str = "", coached: bool = False) -> Response:  # fmt: skip
    """Apply the move the form names, made from the version the form carries; `coached`: the
    coach chose it (Watch), which counts as the coach showing its move there."""

    def change(session: Session, deal: StoredDeal) -> StoredDeal:
        version, seen = version_field(form), _seen_moves(form)
        if coached and version == deal.version:
            deal = store.note_coach_move(session, deal=deal)
        moved, _applied = store.apply_move(
            session, deal_id=deal.id, version=version, move=move(), seen_moves=seen, read=deal
        )
        return moved

    return _act(request, deal_id, change, options, query)


def _seen_moves(form: FormData) -> int | None:
    """How many moves the page showed, when it says (it tells a double click from a new one)."""
    return None if form.get("moves") in (None, "") else page_field(form, "moves", 0, MOVES_LIMIT)


@router.post("/solitaire/deals/{deal_id}/play")
def play_card(request: Request, deal_id: str, form: PostedForm) -> Response:
    return _move(request, deal_id, form, lambda: _column(form), BoardOptions())


@router.post("/solitaire/deals/{deal_id}/draw")
def draw_card(request: Request, deal_id: str, form: PostedForm) -> Response:
    return _move(request, deal_id, form, lambda: DRAW, BoardOptions())


@router.post("/solitaire/deals/{deal_id}/undo")
def undo_move(request: Request, deal_id: str, form: PostedForm) -> Response:

    def change(session: Session, deal: StoredDeal) -> StoredDeal:
        version, seen = version_field(form), _seen_moves(form)
        undone, _applied = store.undo(
            session, deal_id=deal.id, version=version, seen_moves=seen, read=deal
        )
        return undone

    options = BoardOptions(message=_(UNDO_MESSAGE), refresh_extra=True)
    return _act(request, deal_id, change, options, query="done=undo")


@router.post("/solitaire/deals/{deal_id}/rewind")
def rewind(request: Request, deal_id: str, form: PostedForm) -> Response:
    """Go back to the moment after the first `to` moves (the review's moments; the board's
    Start over, with none)."""

    def change(session: Session, deal: StoredDeal) -> StoredDeal:
        version = version_field(form)
        try:
            keep = int_field(form, "to", 0, len(deal.moves))
        except FormError:
            raise FormError(
                "to", _("Choose between 0 and %(max)d moves.", max=len(deal.moves))
            ) from None
        return store.rewind(session, deal_id=deal.id, version=version, keep=keep, read=deal)

    done = "restart" if parse_int(form.get("to"), 0, 0) == 0 else "rewind"
    options = BoardOptions(message=_(DONE_MESSAGES[done]), refresh_extra=True)
    return _act(request, deal_id, change, options, query=f"done={done}")


@router.post("/solitaire/deals/{deal_id}/watch")
def watch_step(request: Request, deal_id: str, form: PostedForm) -> Response:
    """One move of "Watch the computer play": the move the board showed and explained."""
    refuse_when_spent(request)  # its answer shows the next move: the coach's work
    try:
        mode = choice_field(form, "watch", WATCH_CHOICES, default="pause")
    except FormError:
        mode = "pause"  # keep going one move at a time

    def move() -> Move:
        message = _("Choose a column from 1 to %(max)d, or draw.", max=COLUMNS)
        return _posted_move(form, "move", (Play, Draw), message)

    return _move(request, deal_id, form, move, BoardOptions(watch=mode), f"watch={mode}", True)


# --- Rounds of nine -----------------------------------------------------------------------


@router.post("/solitaire/rounds")
def new_round(request: Request, form: PostedForm) -> Response:
    errors: dict[str, str] = {}
    variant = _variant(form, errors)
    if errors:
        return _start_page(request, variant, errors)
    limit(request, key="create")
    with request.app.state.db.write() as session:
        deal = store.create_round(session, variant=variant)
    return RedirectResponse(deal_url(deal.id), status_code=303)


@router.post("/solitaire/rounds/{round_id}/holes")
def next_hole(request: Request, round_: RoundDep, form: PostedForm) -> Response:
    try:
        hole = int_field(form, "hole", 2, store.HOLES)
    except FormError:
        return error_response(
            request, 400, _("There is no such hole: a round has %(holes)d.", holes=store.HOLES)
        )
    try:
        with request.app.state.db.write() as session:
            deal = store.next_hole(session, round_id=round_.id, hole=hole, read=round_)
    except HoleNotReady:
        # The hole number is checked above: the refusal is a skip ahead or an unfinished hole.
        current = round_.hole_in_play
        if hole > current + 1:
            message = _(
                "Holes are dealt in order: the next one is hole %(hole)d.", hole=current + 1
            )
        else:
            message = _("Finish hole %(hole)d before dealing the next one.", hole=current)
        return error_response(request, 409, message)
    return RedirectResponse(deal_url(deal.id), status_code=303)


@router.get("/solitaire/rounds/{round_id}")
def round_page(request: Request, round_: RoundDep) -> Response:
    context = {"round": round_, "scorecard": scorecard(round_), "over": False}
    return private(render(request, "solitaire/round.html", None, context))
