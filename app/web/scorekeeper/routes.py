"""The score keeper for six-card Golf at a real table: /scores.

Each change is load → rules → save → render. The private link (/scores/{id}) edits; the
read-only link (/scores/view/{read_id}) only shows. Every change form carries the version
it was made from: a stale form is refused with 409 and the fresh sheet.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.datastructures import FormData

from app.ratelimit import limit
from app.rules import scoresheet as rules
from app.rules.scoresheet import Sheet, SheetError, SheetLength
from app.storage import scoresheets as store
from app.storage.models import ScoreSheet
from app.web.errors import error_response
from app.web.forms import PostedForm
from app.web.render import after_post, json_state, render, wants_json
from app.web.scorekeeper import forms

router = APIRouter()

NEW_PAGE = "scorekeeper/new.html"
SHEET_PAGE = "scorekeeper/sheet.html"
SHEET_FRAGMENT = "scorekeeper/_sheet_swap.html"
HOLE_FORM = "scorekeeper/_hole_form.html"
STALE = (
    "This sheet changed since you opened it (perhaps on another phone). "
    "Here it is as it stands now; nothing was saved, so please check and try again."
)


@dataclass
class FormState:
    """What to show again in the forms after a mistake or a helper answer."""

    message: str | None = None
    # "new", "helper" or the hole number a message is about; "added"/"fixed" after a save.
    where: str | int | None = None
    new_scores: list[str] = field(default_factory=list)
    new_before: str = ""
    edit_scores: dict[int, list[str]] = field(default_factory=dict)
    helper_for: int | None = None
    helper_ranks: list[str] = field(default_factory=list)
    helper_score: int | None = None


@router.get("/scores", response_class=HTMLResponse, name="scorekeeper_new")
def new_page(request: Request) -> HTMLResponse:
    return _new_page(request)


@router.post("/scores", name="scorekeeper_create")
def create(request: Request, form: PostedForm) -> Response:
    names = forms.player_names(form)
    try:
        sheet = rules.new_sheet(names, forms.text(form, "length", 8))
    except SheetError as exc:
        return _new_page(request, names, forms.text(form, "length", 8), str(exc), 422)
    limit(request, key="create")  # one client cannot fill the database with sheets
    with request.app.state.db.write() as session:
        row = store.create_sheet(session, sheet=sheet)
    # Always a full redirect: the new sheet is a new page, even for htmx.
    return RedirectResponse(f"/scores/{row.id}", status_code=303)


@router.get("/scores/view/{read_id}", response_class=HTMLResponse, name="scorekeeper_view")
def view_sheet(request: Request, read_id: str) -> Response:
    with request.app.state.db.read() as session:
        row = store.get_sheet_by_read_id(session, read_id=read_id)
    if row is None:
        return error_response(request, 404)
    return _sheet_response(request, row, editable=False)


@router.get("/scores/{sheet_id}", response_class=HTMLResponse, name="scorekeeper_sheet")
def edit_sheet(request: Request, sheet_id: str) -> Response:
    with request.app.state.db.read() as session:
        row = store.get_sheet(session, sheet_id=sheet_id)
    if row is None:
        return error_response(request, 404)
    return _sheet_response(request, row, editable=True)


@router.post("/scores/{sheet_id}/holes", name="scorekeeper_add_hole")
def add_hole(request: Request, sheet_id: str, form: PostedForm) -> Response:

    def change(sheet: Sheet) -> Sheet:
        before = forms.optional_hole(form, "before")
        return rules.add_hole(sheet, forms.scores(form, sheet), before=before)

    def keep(sheet: Sheet) -> FormState:
        typed = forms.typed_scores(form, sheet)
        return FormState(where="new", new_scores=typed, new_before=forms.text(form, "before", 4))

    return _change(request, sheet_id, form, change, keep, done="added")


@router.post("/scores/{sheet_id}/holes/{number}", name="scorekeeper_edit_hole")
def edit_hole(request: Request, sheet_id: str, number: int, form: PostedForm) -> Response:

    def change(sheet: Sheet) -> Sheet:
        return rules.edit_hole(sheet, number, forms.scores(form, sheet))

    def keep(sheet: Sheet) -> FormState:
        return FormState(where=number, edit_scores={number: forms.typed_scores(form, sheet)})

    return _change(request, sheet_id, form, change, keep)


@router.post("/scores/{sheet_id}/holes/{number}/remove", name="scorekeeper_remove_hole")
def remove_hole(request: Request, sheet_id: str, number: int, form: PostedForm) -> Response:
    return _change(
        request,
        sheet_id,
        form,
        lambda sheet: rules.remove_hole(sheet, number),
        lambda _sheet: FormState(where=number),
    )


@router.post("/scores/{sheet_id}/helper", name="scorekeeper_helper")
def layout_helper(request: Request, sheet_id: str, form: PostedForm) -> Response:
    """Work out one player's hole score from six cards; changes nothing stored."""
    with request.app.state.db.read() as session:
        row = store.get_sheet(session, sheet_id=sheet_id)
    if row is None:
        return error_response(request, 404)
    sheet = store.to_sheet(row)
    state = FormState(where="helper", new_scores=forms.typed_scores(form, sheet))
    status = 200
    try:
        player = forms.helper_player(form, sheet)
        state.helper_for = player
        state.helper_ranks = forms.only_known_ranks(forms.helper_ranks(form, player))
        state.helper_score = rules.layout_points(forms.helper_ranks(form, player))
        state.new_scores[player] = str(state.helper_score)
    except SheetError as exc:
        state.message, status = str(exc), 422
    context = _sheet_context(request, row, sheet, editable=True, state=state)
    return _no_store(render(request, SHEET_PAGE, HOLE_FORM, context, status_code=status))


@router.get("/scores/{sheet_id}/{rest:path}", name="scorekeeper_back")
def back_to_sheet(sheet_id: str, rest: str) -> RedirectResponse:
    """After a form without JavaScript the address bar may show a form URL; lead it home."""
    return RedirectResponse(f"/scores/{sheet_id}", status_code=303)


def _change(
    request: Request,
    sheet_id: str,
    form: FormData,
    change: Callable[[Sheet], Sheet],
    keep: Callable[[Sheet], FormState],
    done: str = "fixed",
) -> Response:
    """Load, apply one rule change, save with the version check, then answer."""
    with request.app.state.db.write() as session:
        row = store.get_sheet(session, sheet_id=sheet_id, for_update=True)
        if row is None:
            return error_response(request, 404)
        sheet = store.to_sheet(row)
        try:
            expected = forms.version(form)
            if expected != row.version:
                raise store.StaleSheetError
            store.save_sheet(session, row=row, sheet=change(sheet), expected_version=expected)
        except store.StaleSheetError:
            return _sheet_response(request, row, True, FormState(STALE), status_code=409)
        except SheetError as exc:
            state = keep(sheet)
            state.message = str(exc)
            if isinstance(state.where, int) and not 1 <= state.where <= len(sheet.holes):
                state.where = None  # no such hole's form to show it in: show it on top
            return _sheet_response(request, row, True, state, status_code=422)
    # `done` tells the fragment where to put the keyboard focus after the swap.
    fresh = _sheet_response(request, row, editable=True, state=FormState(where=done))
    return after_post(request, f"/scores/{row.id}", fresh)


def _new_page(
    request: Request,
    names: list[str] | None = None,
    length: str = SheetLength.NINE.value,
    message: str | None = None,
    status_code: int = 200,
) -> HTMLResponse:
    context = {
        "names": names or [""] * rules.MAX_PLAYERS,
        "length": length,
        "lengths": list(SheetLength),
        "message": message,
        "max_name": rules.MAX_NAME,
    }
    return render(request, NEW_PAGE, None, context, status_code=status_code)


def _sheet_response(
    request: Request,
    row: ScoreSheet,
    editable: bool,
    state: FormState | None = None,
    status_code: int = 200,
) -> Response:
    sheet = store.to_sheet(row)
    if wants_json(request):
        return json_state(sheet_json(sheet), status_code=status_code)
    context = _sheet_context(request, row, sheet, editable=editable, state=state or FormState())
    return _no_store(render(request, SHEET_PAGE, SHEET_FRAGMENT, context, status_code=status_code))


def _no_store(response: Response) -> Response:
    """Sheets change hole by hole and private pages hold the edit link: never cache them."""
    response.headers["cache-control"] = "no-store"
    return response


def sheet_json(sheet: Sheet) -> dict[str, Any]:
    """The sheet as data: names, length, holes, totals, leaders and winners (by index)."""
    return {
        "players": list(sheet.players),
        "length": sheet.length.value,
        "holes": [list(hole) for hole in sheet.holes],
        "totals": list(rules.totals(sheet)),
        "leaders": list(rules.leaders(sheet)),
        "finished": rules.is_finished(sheet),
        "winners": list(rules.winners(sheet)),
    }


def _sheet_context(
    request: Request, row: ScoreSheet, sheet: Sheet, *, editable: bool, state: FormState
) -> dict[str, Any]:
    count = len(sheet.players)
    return {
        "sheet": sheet,
        "sheet_id": row.id if editable else None,
        "read_id": row.read_id,
        "version": row.version,
        "editable": editable,
        "totals": rules.totals(sheet),
        "running": rules.running_totals(sheet),
        "leaders": set(rules.leaders(sheet)),
        "winners": set(rules.winners(sheet)),
        "finished": rules.is_finished(sheet),
        "summary": rules.summary(sheet),
        "private_url": str(request.url_for("scorekeeper_sheet", sheet_id=row.id)),
        "read_url": str(request.url_for("scorekeeper_view", read_id=row.read_id)),
        "state": state,
        "new_scores": state.new_scores or [""] * count,
        "ranks": rules.HELPER_RANKS,
        "positions": forms.POSITIONS,
        "min_score": rules.MIN_SCORE,
        "max_score": rules.MAX_SCORE,
    }
