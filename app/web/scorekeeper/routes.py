"""The score keeper for Golf at a real table: /scores.

The private link (/scores/{id}) edits; the read-only link (/scores/view/{read_id}) only shows.
A dependency loads the sheet (or answers 404); each change is one storage call (load → rules →
save with the version check): a stale form is refused with 409 and the fresh sheet.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.datastructures import FormData

from app.i18n import N_
from app.i18n import gettext as _
from app.ratelimit import limit
from app.rules import scoresheet as rules
from app.rules.golf import KNOCK_PENALTY, Length
from app.rules.numbers import parse_int
from app.rules.scoresheet import Sheet, SheetError, SheetGame
from app.storage import scoresheets as store
from app.storage.scoresheets import StoredSheet
from app.web.forms import FormError, PostedForm, version_field
from app.web.golf.words import position_name
from app.web.loading import found, not_found_is_404
from app.web.render import (
    after_post,
    is_fragment_request,
    json_state,
    private,
    render,
    wants_json,
)
from app.web.scorekeeper import forms
from app.web.scorekeeper.words import error_text, standing_text

router = APIRouter()

NEW_PAGE = "scorekeeper/new.html"
SHEET_PAGE = "scorekeeper/sheet.html"
SHEET_FRAGMENT = "scorekeeper/_sheet_swap.html"
HOLE_FORM = "scorekeeper/_hole_form.html"
STALE = N_(
    "This sheet changed since you opened it (perhaps on another phone). "
    "Here it is as it stands now; nothing was saved, so please check and try again."
)


def _private_sheet(request: Request, sheet_id: str) -> StoredSheet:
    with not_found_is_404(), request.app.state.db.read() as session:
        return store.load_sheet(session, sheet_id=sheet_id)


def _shared_sheet(request: Request, read_id: str) -> StoredSheet:
    with not_found_is_404(), request.app.state.db.read() as session:
        return store.load_sheet_by_read_id(session, read_id=read_id)


SheetDep = Annotated[StoredSheet, Depends(_private_sheet)]
ReadOnlySheetDep = Annotated[StoredSheet, Depends(_shared_sheet)]


@dataclass
class FormState:
    """What to show again in the forms after a mistake or a helper answer."""

    message: str | None = None
    # "new", "helper" or the hole number a message is about; "added"/"fixed" after a save.
    where: str | int | None = None
    invalid: str | None = None  # the field the message is about, marked aria-invalid
    new_scores: list[str] = field(default_factory=list)
    new_before: str = ""
    new_knocker: str = ""
    said: str = ""  # what a save did beyond entering the scores, said before the standing
    knocked: int | None = None  # the knocker who paid the penalty, when one did
    knocked_hole: int | None = None  # and the hole it was (a forgotten one goes before others)
    edit_scores: dict[int, list[str]] = field(default_factory=dict)
    helper_for: int | None = None
    helper_ranks: list[str] = field(default_factory=list)
    helper_score: int | None = None


@router.get("/scores", response_class=HTMLResponse, name="scorekeeper_new")
def new_page(request: Request) -> HTMLResponse:
    return _new_page(request, FormData())


@router.post("/scores", name="scorekeeper_create")
def create(request: Request, form: PostedForm) -> Response:
    try:
        sheet = rules.new_sheet(
            forms.player_names(form),
            forms.length(form),
            game=forms.game(form),
            pairs_cancel=forms.pairs_cancel(form),
            knock_penalty=forms.knock_penalty(form),
        )
    except (FormError, SheetError) as exc:
        return _new_page(request, form, exc, 422)
    limit(request, key="create")  # one client cannot fill the database with sheets
    with request.app.state.db.write() as session:
        stored = store.create_sheet(session, sheet=sheet)
    # Always a full redirect: the new sheet is a new page, even for htmx.
    return RedirectResponse(f"/scores/{stored.id}", status_code=303)


@router.get("/scores/view/{read_id}", response_class=HTMLResponse, name="scorekeeper_view")
def view_sheet(request: Request, stored: ReadOnlySheetDep, version: str = "") -> Response:
    # The view polls with the version it shows: unchanged, nothing is swapped (204), so its
    # live region is not rewritten and read out again every time.
    if is_fragment_request(request) and version == str(stored.version):
        return Response(status_code=204)
    return _sheet_response(request, stored, editable=False)


@router.get("/scores/{sheet_id}", response_class=HTMLResponse, name="scorekeeper_sheet")
def edit_sheet(request: Request, stored: SheetDep, knocked: str = "", at: str = "",
               hole: str = "") -> Response:
    # `knocked`: a plain form's redirect after a hole whose knocker paid the penalty, so the
    # page says so as htmx's answer does (no session to carry it in). `at` is the version
    # that save made, `hole` the hole: the address says nothing once the sheet has changed
    # again, nor what that hole's scores do not show.
    sheet = stored.sheet
    players = range(len(sheet.players)) if at == str(stored.version) else range(0)
    number = parse_int(hole, 1, len(sheet.holes)) or len(sheet.holes)
    knocker = next((i for i in players if knocked == str(i)
                    and rules.paid_penalty(sheet, number, i)), None)
    said = "" if knocker is None else _knock_said(stored.sheet, knocker)
    return _sheet_response(request, stored, editable=True, state=FormState(said=said))


@router.post("/scores/{sheet_id}/holes", name="scorekeeper_add_hole")
def add_hole(request: Request, stored: SheetDep, form: PostedForm) -> Response:
    sheet = stored.sheet
    keep = FormState(where="new", **_new_hole_typed(form, sheet))
    done = FormState(where="added")

    def change() -> Callable[[Sheet], Sheet]:
        scores, before = forms.scores(form, sheet, sheet.game.max_score), forms.before(form)
        knocker = forms.knocker(form, sheet)
        if rules.knock_penalised(sheet, scores, knocker):
            done.said, done.knocked = _knock_said(sheet, knocker), knocker
            done.knocked_hole = before or sheet.next_hole
        return lambda current: rules.add_hole(current, scores, before=before, knocker=knocker)

    return _change(request, stored, form, change, keep, done)


def _new_hole_typed(form: FormData, sheet: Sheet) -> dict[str, Any]:
    """The new hole's fields as typed, to give back: with its own form, a helper's answer, or
    a change to another hole (whose form posts them too, so they survive the swap)."""
    return {
        "new_scores": forms.typed_scores(form, sheet),
        "new_before": forms.typed(form, "before"),
        "new_knocker": forms.typed(form, "knocker"),
    }


def _knock_said(sheet: Sheet, knocker: int) -> str:
    return _("%(name)s knocked without the lowest score and got %(points)s points more.",
             name=sheet.players[knocker], points=KNOCK_PENALTY)


def _hole_number(number: str) -> int:
    """The hole an address names, in plain digits ("1_0", "+1" or " 1" name none): else 404.
    One the sheet does not have yet is the rules' to refuse, with their message."""
    plain = number.isascii() and number.isdigit()
    return found(parse_int(number, 0, rules.MAX_HOLES) if plain else None)


HoleDep = Annotated[int, Depends(_hole_number)]


@router.post("/scores/{sheet_id}/holes/{number}", name="scorekeeper_edit_hole")
def edit_hole(request: Request, stored: SheetDep, number: HoleDep, form: PostedForm) -> Response:
    sheet = stored.sheet
    typed = _new_hole_typed(form, sheet)
    keep = FormState(where=number, edit_scores={number: forms.typed_scores(form, sheet, forms.FIX)},
                     **typed)

    def change() -> Callable[[Sheet], Sheet]:
        scores = forms.scores(form, sheet, sheet.max_score, forms.FIX)
        return lambda current: rules.edit_hole(current, number, scores)

    return _change(request, stored, form, change, keep, FormState(where="fixed", **typed))


@router.post("/scores/{sheet_id}/holes/{number}/remove", name="scorekeeper_remove_hole")
def remove_hole(request: Request, stored: SheetDep, number: HoleDep, form: PostedForm) -> Response:
    def change() -> Callable[[Sheet], Sheet]:
        return lambda current: rules.remove_hole(current, number)

    typed = _new_hole_typed(form, stored.sheet)
    return _change(request, stored, form, change, FormState(where=number, **typed),
                   FormState(where="fixed", **typed))


@router.post("/scores/{sheet_id}/helper", name="scorekeeper_helper")
def layout_helper(request: Request, stored: SheetDep, form: PostedForm) -> Response:
    """Work out one player's hole score from their cards; changes nothing stored."""
    sheet = stored.sheet
    state = FormState(where="helper", **_new_hole_typed(form, sheet))
    status, version = 200, stored.version
    try:
        version = version_field(form)
        player = forms.helper_player(form, sheet)
        state.helper_for = player
        state.helper_ranks = forms.known_ranks(form, sheet, player)
        ranks = forms.helper_ranks(form, sheet, player)
        state.helper_score = rules.layout_points(ranks, sheet.game, sheet.pairs_cancel)
        state.new_scores[player] = str(state.helper_score)
    except (FormError, SheetError) as exc:
        state.message, status = _message(exc, state), 422
    # The helper saves nothing, so its form keeps the version it was made from: if the sheet
    # changed meanwhile, saving the hole is refused as any stale form is.
    context = _sheet_context(request, stored, editable=True, state=state) | {"version": version}
    return private(render(request, SHEET_PAGE, HOLE_FORM, context, status_code=status))


def _change(
    request: Request,
    stored: StoredSheet,
    form: FormData,
    change: Callable[[], Callable[[Sheet], Sheet]],
    keep: FormState,
    done: FormState | None = None,
) -> Response:
    """Read the form into a rule change, let storage apply and save it, then answer.

    `change` reads the fields (raising `FormError`) and returns the rule change to apply.
    """
    try:
        version = version_field(form)
        rule_change = change()
        # The sheet may have been removed since the dependency loaded it: then a 404.
        with not_found_is_404(), request.app.state.db.write() as session:
            fresh = store.change_sheet(
                session, sheet_id=stored.id, version=version, change=rule_change
            )
    except store.StaleSheetError as stale:
        # What was typed for the new hole stays: it may still be right on the fresh sheet.
        again = FormState(_(STALE), new_scores=keep.new_scores, new_before=keep.new_before,
                          new_knocker=keep.new_knocker)
        return _sheet_response(request, stale.current, True, again, status_code=409)
    except (FormError, SheetError) as exc:
        keep.message = _message(exc, keep)
        if isinstance(keep.where, int) and not 1 <= keep.where <= len(stored.sheet.holes):
            keep.where = None  # no such hole's form to show it in: show it on top
        return _sheet_response(request, stored, True, keep, status_code=422)
    # `done.where` tells the fragment where to put the keyboard focus after the swap; a plain
    # form's redirect names the same place as the page's fragment, which the browser focuses.
    done = done or FormState(where="fixed")
    response = _sheet_response(request, fresh, editable=True, state=done)
    query = "" if done.knocked is None else (
        f"?knocked={done.knocked}&at={fresh.version}&hole={done.knocked_hole}")
    page = f"/scores/{fresh.id}{query}#{_focus_after(done, fresh.sheet)}"
    return after_post(request, page, response)


def _focus_after(done: FormState, sheet: Sheet) -> str:
    """The id that takes the keyboard focus after a change, as the fragment's autofocus and
    focus fallback choose it (templates/scorekeeper/_sheet.html)."""
    if done.where == "fixed" and sheet.holes:
        return "fix-heading"
    return "sheet-status" if rules.is_finished(sheet) else "score-0"


def _message(exc: FormError | SheetError, state: FormState) -> str:
    """The message to show; a form error also marks its field."""
    if isinstance(exc, FormError):
        state.invalid = exc.field
        return exc.message
    if "place" in exc.params:  # the name field it is about
        state.invalid = f"player_{exc.params['place']}"
    return error_text(exc)


def _new_page(
    request: Request,
    form: FormData,
    error: FormError | SheetError | None = None,
    status_code: int = 200,
) -> HTMLResponse:
    """The new-sheet form, re-filled with what was typed after a mistake."""
    context = {
        "names": forms.typed_names(form),
        "length": forms.typed(form, "length") or Length.NINE.value,
        "game": forms.typed(form, "game") or SheetGame.SIX_CARD.value,
        "pairs_cancel": forms.pairs_cancel(form),
        "knock_penalty": forms.knock_penalty(form),
        "lengths": list(Length),
        "games": forms.GAME_LABELS,
        "message": None if error is None else _message(error, state := FormState()),
        "invalid": None if error is None else state.invalid,
    }
    return render(request, NEW_PAGE, None, context, status_code=status_code)


def _sheet_response(
    request: Request,
    stored: StoredSheet,
    editable: bool,
    state: FormState | None = None,
    status_code: int = 200,
) -> Response:
    if wants_json(request):
        return json_state(sheet_json(stored.sheet), status_code=status_code)
    context = _sheet_context(request, stored, editable=editable, state=state or FormState())
    # Sheets change hole by hole, and an editable one holds its edit link.
    return private(render(request, SHEET_PAGE, SHEET_FRAGMENT, context, status_code=status_code))


def sheet_json(sheet: Sheet) -> dict[str, Any]:
    """The sheet as data: names, length, holes, totals, leaders and winners (by index)."""
    return {
        "players": list(sheet.players),
        "length": sheet.length.value,
        "game": sheet.game.value,
        "pairs_cancel": sheet.pairs_cancel,
        "knock_penalty": sheet.knock_penalty,
        "holes": [list(hole) for hole in sheet.holes],
        "totals": list(rules.totals(sheet)),
        "leaders": list(rules.leaders(sheet)),
        "finished": rules.is_finished(sheet),
        "winners": list(rules.winners(sheet)),
    }


def _sheet_context(
    request: Request, stored: StoredSheet, *, editable: bool, state: FormState
) -> dict[str, Any]:
    sheet = stored.sheet
    return {
        "sheet": sheet,
        "sheet_id": stored.id if editable else None,
        "read_id": stored.read_id,
        "version": stored.version,
        "editable": editable,
        "totals": rules.totals(sheet),
        "running": rules.running_totals(sheet),
        "leaders": set(rules.leaders(sheet)),
        "winners": set(rules.winners(sheet)),
        "finished": rules.is_finished(sheet),
        "summary": " ".join(filter(None, (state.said, standing_text(rules.summary(sheet))))),
        # Only the private page may carry its own edit link.
        "private_url": str(request.url_for("scorekeeper_sheet", sheet_id=stored.id))
        if editable
        else None,
        "read_url": str(request.url_for("scorekeeper_view", read_id=stored.read_id)),
        "state": state,
        "new_scores": state.new_scores or [""] * len(sheet.players),
        "ranks": rules.HELPER_RANKS,
        "positions": [position_name(k, sheet.game.shape) for k in sheet.game.shape.positions],
        "game_label": forms.GAME_LABELS[sheet.game],
        "min_score": sheet.game.min_score,
        "max_score": sheet.max_score,  # a hole being fixed: its penalty included
        "max_points": sheet.game.max_score,  # a new hole: its cards' points
        "knock_points": KNOCK_PENALTY,
    }
