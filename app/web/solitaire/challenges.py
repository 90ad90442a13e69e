"""Challenges: turn a round of nine into a link; friends accept it and play the same deals.

- /solitaire/rounds/{round_id}/challenge: the round's player (the round id is their private
  link) creates the challenge, then sees the challenge link and the results as themselves.
- /challenges/{challenge_id}: the public challenge link: the results as an outsider sees them
  (no scores) and the form to accept. It never shows any player's round id.
- .../challenge/replay/{player}/{hole}: another player's deal, move by move, read-only; only
  for a hole the viewer has finished.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import RedirectResponse, Response

from app.i18n import gettext as _
from app.ratelimit import limit
from app.rules.names import MAX_NAME
from app.rules.solitaire import Game, is_over, score
from app.storage import solitaire
from app.storage.solitaire import StoredDeal, StoredRound
from app.storage.solitaire import challenges as store
from app.storage.solitaire.challenges import Seat, StoredChallenge
from app.web import player
from app.web.errors import RefusedWithWayBack
from app.web.forms import (
    FormError,
    PostedForm,
    name_field,
    not_the_readers_name,
    query_int,
    typed,
)
from app.web.loading import PageNotFound, not_found_is_404
from app.web.render import is_fragment_request, private, render
from app.web.solitaire.challenge_view import results_view
from app.web.solitaire.review import work_out_review
from app.web.solitaire.words import variant_labels

router = APIRouter()


@dataclass(frozen=True)
class PlayerRound:
    """A round opened by its private link, and its seat in a challenge (if it has one)."""

    round: StoredRound
    seat: Seat | None


def _player_round(request: Request, round_id: str) -> PlayerRound:
    with not_found_is_404(), request.app.state.db.read() as session:
        round_ = solitaire.load_round(session, round_id=round_id)
        return PlayerRound(round_, store.seat_for_round(session, round_id=round_id))


def _challenge(request: Request, challenge_id: str) -> StoredChallenge:
    with not_found_is_404(), request.app.state.db.read() as session:
        return store.load_challenge(session, challenge_id=challenge_id)


RoundDep = Annotated[PlayerRound, Depends(_player_round)]
ChallengeDep = Annotated[StoredChallenge, Depends(_challenge)]


@dataclass(frozen=True)
class Replay:
    """Another player's finished deal of a hole the viewer has finished too."""

    round: StoredRound  # the viewer's
    challenge_id: str
    player_id: int
    hole: int
    name: str  # the other player's
    deal: StoredDeal  # theirs
    best: tuple[int, bool] | None  # from any stored review of these cards: (score, exact)


def _replay(request: Request, mine: RoundDep, player_id: int, hole: int) -> Replay:
    """404 for no seat, no such hole or player; 403 until both have finished the hole."""
    if mine.seat is None or not 1 <= hole <= solitaire.HOLES:
        raise PageNotFound()
    challenge_id = mine.seat.challenge_id
    # A finished deal has its score stored: no need to replay anyone's moves to know.
    results = (f"/solitaire/rounds/{mine.round.id}/challenge", _("Back to the challenge"))
    if hole > len(mine.round.scores) or mine.round.scores[hole - 1] is None:
        raise RefusedWithWayBack(
            403, _("Finish hole %(hole)s yourself to see how others played it.", hole=hole),
            results)
    with not_found_is_404(), request.app.state.db.read() as session:
        deal = store.entrant_deal(
            session, challenge_id=challenge_id, player_id=player_id, hole=hole
        )
        best = store.known_best(session, challenge_id=challenge_id, hole=hole)
    challenge = _challenge(request, challenge_id)
    name = next(e.name for e in challenge.entrants if e.id == player_id)
    if not is_over(deal.game.position):
        raise RefusedWithWayBack(
            403, _("%(name)s has not finished hole %(hole)s yet.", name=name, hole=hole), results)
    return Replay(mine.round, challenge_id, player_id, hole, name, deal, best)


ReplayDep = Annotated[Replay, Depends(_replay)]


# --- The round's own view -----------------------------------------------------------------


@router.get("/solitaire/rounds/{round_id}/challenge", name="round_challenge")
def round_challenge(request: Request, mine: RoundDep) -> Response:
    if mine.seat is None:
        return _new_form(request, mine)
    challenge = _challenge(request, mine.seat.challenge_id)
    return private(_player_page(request, mine, challenge))


@router.post("/solitaire/rounds/{round_id}/challenge")
def create_challenge(request: Request, mine: RoundDep, form: PostedForm) -> Response:
    if mine.seat is None:
        try:
            name = not_the_readers_name(name_field(form))
        except FormError as error:
            typed_name = typed(form, "name", MAX_NAME)
            return _new_form(request, mine, error.message, 422, typed_name=typed_name)
        limit(request, key="create")  # each challenge deals up to nine deals
        token = player.player_token(request)
        with request.app.state.db.write() as session:
            store.create_challenge(
                session,
                round_id=mine.round.id,
                name=name,
                player_key=player.key_of(token),
            )
    else:
        # A stale tab's form, sent after the round became a challenge: under another name it
        # says under which one it stands, as accepting a challenge twice does.
        challenge = _challenge(request, mine.seat.challenge_id)
        you = next(e for e in challenge.entrants if e.id == mine.seat.player_id)
        try:
            posted = name_field(form)
        except FormError:
            posted = you.name  # a damaged name asks for nothing: the challenge stands
        if posted != you.name:
            message = _("You joined this challenge already, as %(name)s.", name=you.name)
            return private(_player_page(request, mine, challenge, message, 409))
        token = player.player_token(request)
    response = RedirectResponse(f"/solitaire/rounds/{mine.round.id}/challenge", status_code=303)
    player.remember(request, response, token)
    return response


# --- The public challenge link ------------------------------------------------------------


@router.get("/challenges/{challenge_id}", name="challenge")
def challenge_page(request: Request, challenge: ChallengeDep) -> Response:
    return _invite_page(request, challenge)


@router.post("/challenges/{challenge_id}/accept")
def accept(request: Request, challenge: ChallengeDep, form: PostedForm) -> Response:
    try:
        name = not_the_readers_name(name_field(form))
    except FormError as error:
        typed_name = typed(form, "name", MAX_NAME)
        return _invite_page(request, challenge, error.message, 422, typed_name=typed_name)
    limit(request, key="create")
    token = player.player_token(request)
    try:
        with request.app.state.db.write() as session:
            seat = store.accept_challenge(
                session,
                challenge_id=challenge.id,
                name=name,
                player_key=player.key_of(token),
            )
            first = _first_unfinished(solitaire.load_round(session, round_id=seat.round_id))
    except store.NameTaken:
        message = _(
            "Someone in this challenge is called %(name)s already: please add an initial.",
            name=name,
        )
        return _invite_page(request, challenge, message, 409, typed_name=name)
    except store.ChallengeFull:
        message = _("This challenge has its %(count)s players already.", count=store.MAX_PLAYERS)
        return _invite_page(request, challenge, message, 409)
    except store.JoinedAlready as joined:
        message = _("You joined this challenge already, as %(name)s.", name=joined.name)
        return _invite_page(request, challenge, message, 409)
    response = RedirectResponse(f"/solitaire/deals/{first}", status_code=303)
    player.remember(request, response, token)
    return response


# --- Replays ------------------------------------------------------------------------------


# The replay's step links, by the name each gives in its address (`by`).
REPLAY_STEPS = frozenset({"first", "previous", "next", "last"})


@router.get("/solitaire/rounds/{round_id}/challenge/replay/{player_id}/{hole}")
def replay(request: Request, shown: ReplayDep) -> Response:
    """Another player's deal of a hole the viewer has finished, one move at a time."""
    deal, hole, best = shown.deal, shown.hole, shown.best
    step = query_int(request, "step", 0, len(deal.moves))
    step = len(deal.moves) if step is None else step
    # Nobody has reviewed these cards yet: the page asks for the best score in the background
    # (htmx; a link without JavaScript), and that request reviews the viewer's own deal of the
    # hole, the same stored review their "Review this deal" reads, as their coach work.
    url = f"/solitaire/rounds/{shown.round.id}/challenge"
    best_url = f"{url}/replay/{shown.player_id}/{hole}?step={step}&wait=1"
    if best is None and (is_fragment_request(request) or query_int(request, "wait", 1, 1)):
        result = work_out_review(request, _deal_to_review(shown.round, hole, deal))
        with request.app.state.db.read() as session:
            best = store.known_best(session, challenge_id=shown.challenge_id, hole=hole)
        best = best or (result.best_score, result.best_exact)
    position = Game(deal.cards, deal.variant, deal.moves[:step]).position
    context = {
        "focus": _replay_focus(request.query_params.get("by"), step, len(deal.moves)),
        "name": shown.name,
        "hole": hole,
        "deal": deal,
        "step": step,
        "steps": len(deal.moves),
        "position": position,
        "last_move": deal.moves[step - 1] if step else None,
        "final_score": score(deal.game.position),
        "best": best,
        "best_url": best_url,
        "back_url": url,
    }
    page = render(request, "challenges/replay.html", "challenges/_replay_best.html", context)
    return private(page)


def _replay_focus(came_by: str | None, step: int, steps: int) -> str | None:
    """The step link to focus: the one followed, as a swap would keep it though the page loads
    anew, or at either end, where that one is switched off, the one that still steps."""
    if came_by not in REPLAY_STEPS:
        return None
    if step == steps and came_by in ("next", "last") and steps:
        return "previous"
    if step == 0 and came_by in ("first", "previous") and steps:
        return "next"
    return came_by


def _deal_to_review(round_: StoredRound, hole: int, theirs: StoredDeal) -> StoredDeal:
    """The viewer's own finished deal of the hole (the other player's has the same cards)."""
    own = next((d for d in round_.deals if d.hole == hole), None)
    return own if own is not None and is_over(own.game.position) else theirs


# --- Pages --------------------------------------------------------------------------------


def _first_unfinished(round_: StoredRound) -> str:
    """The deal to play next: the first hole without a score yet (else the last hole)."""
    for deal, hole_score in zip(round_.deals, round_.scores, strict=True):
        if hole_score is None:
            return deal.id
    return round_.deals[-1].id


def _new_form(request: Request, mine: PlayerRound, message: str | None = None,
              status: int = 200, typed_name: str = "") -> Response:
    context = {"round_id": mine.round.id, "message": message, "typed_name": typed_name}
    return private(render(request, "challenges/new.html", None, context, status_code=status))


def _player_page(request: Request, mine: PlayerRound, challenge: StoredChallenge,
                 message: str | None = None, status: int = 200) -> Response:
    assert mine.seat is not None
    context = _challenge_context(request, challenge, mine.seat.player_id,
                                 _replay_base(mine.round.id))
    context |= {
        "round": mine.round,
        "next_deal": _first_unfinished(mine.round),
        "you": next(e for e in challenge.entrants if e.id == mine.seat.player_id),
        "message": message,
    }
    return render(request, "challenges/player.html", None, context, status_code=status)


def _invite_page(request: Request, challenge: StoredChallenge, message: str | None = None,
                 status: int = 200, typed_name: str = "") -> Response:
    key = player.player_key(request)
    seat = None
    if key is not None:
        with request.app.state.db.read() as session:
            seat = store.seat_for_player_key(session, challenge_id=challenge.id, player_key=key)
    # A browser with a seat sees what its round's page shows (it links there anyway): the
    # others' scores of the holes it has finished. Anyone else sees only who finished what.
    viewer = seat.player_id if seat else None
    context = _challenge_context(request, challenge, viewer,
                                 _replay_base(seat.round_id) if seat else None)
    context |= {
        "message": message,
        "typed_name": typed_name,  # a refused name, given back to be put right
        "seat": seat,
        "full": len(challenge.entrants) >= store.MAX_PLAYERS,
    }
    # A browser with a seat is shown a link to its own (private) view: never cache that.
    response = render(request, "challenges/invite.html", None, context, status_code=status)
    return private(response)  # its link lets anyone in


def _replay_base(round_id: str) -> str:
    """Where a round's player replays the others' deals (the replay route, before its ids)."""
    return f"/solitaire/rounds/{round_id}/challenge/replay"


def _challenge_context(
    request: Request, challenge: StoredChallenge, viewer: int | None, replay_base: str | None,
) -> dict[str, Any]:
    return {
        "challenge": challenge,
        "results": results_view(challenge, viewer, replay_base),
        "holes": range(1, solitaire.HOLES + 1),
        "challenge_url": str(request.url_for("challenge", challenge_id=challenge.id)),
        "variant_labels": variant_labels(challenge.variant),
    }
