"""The coach at the Golf table in words: Hint, the Hole review, and whether hints are allowed.

The advice itself comes from app.players.golf.hint and hole_review as codes and numbers (the
`coach` player's own evaluation); this module words it in the reader's language, each sentence
whole in the catalog, and builds what templates/golf6/_hint.html and _hole_review.html show.
It reads only a seat's view (seat_view) and the public moves of the deal, so nothing it says
can give away a face-down card or the stock order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fastapi import Request

from app.i18n import (
    N_,
    card_in_text,
    format_figure,
    format_number,
    join_names,
    possessive,
    rank_word,
)
from app.i18n import gettext as _
from app.players.golf.hint import Hint, hint
from app.players.golf.hole_review import HoleReview, Moment, review
from app.players.golf.level_strength import MEASURED
from app.rules.cards import JOKER, rank
from app.rules.golf import (
    KNOCK_PENALTY,
    DrawStock,
    Knock,
    Move,
    Phase,
    SeatView,
    Swap,
    TakeDiscard,
    ThrowAway,
    TurnAll,
    TurnUp,
    seat_view,
)
from app.rules.golf.scoring import card_points
from app.storage import golf as store
from app.storage.golf import coach as coach_store
from app.web.golf.deps import Visit
from app.web.golf.words import short_position_name

HINT_PHASES = (Phase.DRAW, Phase.PLACE, Phase.TURN_UP)
HIGH_POINTS = 8  # a thrown card this high is worth a word ("too high to keep")
LOW_POINTS = 4  # a card this low on a face-down place beats the average hidden card
COLUMN_WORDS = (N_("left column"), N_("middle column"), N_("right column"))


def hints_allowed(game: store.Game) -> bool:
    """A game whose settings do not say allows hints, as the form's default does."""
    return bool(game.settings.get("hints", True))




def _where(view: SeatView, index: int) -> str:
    """A place in the seat's own layout: "your bottom-right face-down card"."""
    place = short_position_name(index, view.shape)
    up = view.layouts[view.seat][index]
    if up is None and view.known[index] is not None:  # four-card Golf: a card it peeked at
        return _("your %(place)s face-down card, the %(card)s you looked at", place=place,
                 card=card_in_text(view.known[index]))
    if up is None:
        return _("your %(place)s face-down card", place=place)
    return _("your %(place)s card, the %(card)s", place=place, card=card_in_text(up))


def action_phrase(view: SeatView, move: Move, card: str | None) -> str:
    """An action as an infinitive phrase ("draw from the stock"), for "you chose to …"."""
    if isinstance(move, DrawStock):
        return _("draw from the stock")
    if isinstance(move, TakeDiscard):
        return _("take the %(card)s", card=card_in_text(view.discard_top or card or ""))
    if isinstance(move, ThrowAway):
        return _("throw the %(card)s away", card=card_in_text(card)) if card else _("throw it away")
    if isinstance(move, Swap):
        if card:
            return _("swap the %(card)s for %(where)s", card=card_in_text(card),
                     where=_where(view, move.index))
        return _("swap it for %(where)s", where=_where(view, move.index))
    if isinstance(move, TurnUp):
        return _("turn up %(where)s", where=_where(view, move.index))
    if isinstance(move, TurnAll):
        return _("turn all your cards up")
    if isinstance(move, Knock):
        return _("knock")
    return _("play on")


def _placement(view: SeatView, advice: Hint) -> str:
    """The first half of a placement hint: which card, from where, to which place."""
    facts = {"card": card_in_text(advice.card), "where": _where(view, advice.index)}
    if isinstance(advice.move, TakeDiscard):
        return _("Take the %(card)s from the discard pile and swap it for %(where)s", **facts)
    return _("Swap the %(card)s for %(where)s", **facts)


def hint_text(view: SeatView, advice: Hint) -> str:
    """The hint as one or two sentences: the action, its reason and figures, closeness."""
    return _reason_text(view, advice) + _close_text(view, advice)


@dataclass(frozen=True)
class _Figures:
    """A hint's cards and figures as the reader's language writes them."""

    view: SeatView
    advice: Hint

    @property
    def worth(self) -> str:
        worth = self.advice.worth_hidden
        return format_figure(worth) if worth is not None else ""

    @property
    def saving(self) -> str:
        return format_figure(self.advice.saving) if self.advice.saving is not None else ""

    @property
    def cost(self) -> str:
        return format_figure(-self.advice.saving) if self.advice.saving is not None else ""

    @property
    def card(self) -> str:
        return card_in_text(self.advice.card) if self.advice.card else ""

    @property
    def old(self) -> str:
        return card_in_text(self.advice.replaces) if self.advice.replaces else ""

    @property
    def pairs_count(self) -> bool:
        """Four-card Golf's basic game cancels no pairs: its reasons leave them out."""
        return not (self.view.options.four_card and not self.view.options.pairs_cancel)


def _reason_text(view: SeatView, advice: Hint) -> str:
    figures = _Figures(view, advice)
    tail = PLACEMENT_REASONS.get(advice.reason)
    if tail is not None:
        return _("%(action)s: %(reason)s", action=_placement(view, advice), reason=tail(figures))
    wording = OTHER_REASONS.get(advice.reason)
    if wording is None:
        return _("The coach would %(action)s.", action=action_phrase(view, advice.move, None))
    return wording(figures)


# Each reason code's words: a placement's reason follows its action ("Swap the 4 for …: …").
PLACEMENT_REASONS: dict[str, Callable[[_Figures], str]] = {
    "pairs": lambda f: _(
        "it makes a pair with the other card of that column, so the column scores 0 and "
        "you save about %(saving)s points.", saving=f.saving),
    "replaces_hidden": lambda f: _(
        "a hidden card is worth about %(worth)s points right now; counting the pairs "
        "each could make, the %(card)s saves about %(saving)s points on average.",
        worth=f.worth, card=f.card, saving=f.saving)
    if f.pairs_count else _(
        "a hidden card is worth about %(worth)s points right now, so the %(card)s "
        "saves about %(saving)s points on average.",
        worth=f.worth, card=f.card, saving=f.saving),
    "replaces_higher": lambda f: _(
        "that lowers your expected score by about %(saving)s points.", saving=f.saving),
    "tempo": lambda f: _(
        "on average it is no better than a hidden card (about %(worth)s points), but "
        "turning your cards up sooner matters more now.", worth=f.worth)
    if round(-f.advice.saving, 1) <= 0 else _(
        "counting the pairs each could make, it leaves your score about %(cost)s points "
        "higher than a hidden card there would (one is worth about %(worth)s points), "
        "but turning your cards up sooner matters more now.", cost=f.cost, worth=f.worth),
    "least_cost": lambda f: _(
        "a card taken from the discard pile must go into your layout, and here it is "
        "no worse than the hidden card it replaces (about %(worth)s points on average).",
        worth=f.worth)
    if round(-f.advice.saving, 1) <= 0 else _(
        "a card taken from the discard pile must go into your layout, and here it costs "
        "least: about %(cost)s points more than the hidden card there is worth on "
        "average (about %(worth)s points).", cost=f.cost, worth=f.worth),
    "keeps_from_next": lambda f: _(
        "it costs you about %(cost)s points, but the next player could make more use "
        "of the %(card)s than of the %(old)s.", cost=f.cost, card=f.card, old=f.old),
    "same_score": lambda f: _("it leaves your expected score as it is."),
    "room_to_improve": lambda f: _(
        "it adds about %(cost)s points for now, but a higher card there leaves more for "
        "the cards still to come to save.", cost=f.cost),
    "go_out": lambda f: _(
        "then all your cards are face up and you go out: ending the hole now is worth "
        "more than playing on."),
    "pairs_go_out": lambda f: _(
        "it makes a pair with the other card of that column, and then all your cards "
        "are face up and you go out: ending the hole now is worth more than playing on."),
    "pairs_with": lambda f: _(
        "it pairs with %(mate)s, and a pair scores 0: that saves about %(saving)s points.",
        mate=_where(f.view, f.advice.mate), saving=f.saving),
    "taken_must_go": lambda f: _(
        "a card taken from the discard pile must go into your square, and here it costs "
        "you least.") if f.view.options.four_card else _(
        "a card taken from the discard pile must go into your layout, and here it costs "
        "you least."),
    "spares_gift": lambda f: _(
        "it would leave your score about %(saving)s points lower on %(there)s, but then "
        "that card would go on the discard pile, where the next player could use it.",
        there=_where(f.view, f.advice.there), saving=f.saving),
    # `there` is a face-up card here: "your top-left card, the 10 of spades," reads as one.
    "reveals_sooner": lambda f: _(
        "putting it on %(there)s, would save about %(saving)s points more, but while cards "
        "of yours are still face down, turning one up matters more now.",
        there=_where(f.view, f.advice.there), saving=f.saving),
    "spares_hidden_gift": lambda f: _(
        "it would leave your score about %(saving)s points lower on %(there)s, but then "
        "that card, which you have not seen, would go face up on the discard pile, and it "
        "may well be a low card the next player takes.",
        there=_where(f.view, f.advice.there), saving=f.saving),
}

OTHER_REASONS: dict[str, Callable[[_Figures], str]] = {
    "draw_discard_useless": lambda f: _(
        "Draw from the stock: the %(card)s on the discard pile would not lower your score "
        "anywhere.",
        card=f.card),
    "draw_better": lambda f: _(
        "Draw from the stock: the %(card)s on the discard pile would lower your score by "
        "about %(saving)s points, but a card from the stock is worth more now: it may pair, "
        "or turn a face-down card up sooner.",
        card=f.card, saving=f.saving),
    "draw_better_last": lambda f: _(
        "Draw from the stock: the %(card)s on the discard pile would lower your score by "
        "about %(saving)s points, but on this last turn a card from the stock is worth more "
        "on average: you may keep it where it helps most, or throw it away.",
        card=f.card, saving=f.saving),
    "draw_empty": lambda f: _("Draw from the stock: the discard pile is empty."),
    "throw_useless": lambda f: _(
        "Throw the %(card)s away: it would not lower your score anywhere.", card=f.card),
    "throw_better": lambda f: _(
        "Throw the %(card)s away: where it fits best it would lower your score by only "
        "about %(saving)s points, less than waiting for a better card is worth.",
        card=f.card, saving=f.saving),
    "turn_up": lambda f: _(
        "Turn up %(where)s: turning your cards up early helps you win the race to go out.",
        where=_where(f.view, f.advice.index)),
    "turn_up_forced": lambda f: _(
        "Turn up %(where)s: it is the best of your face-down cards to turn now.",
        where=_where(f.view, f.advice.index)),
    "turn_all": lambda f: _(
        "Turn all your cards up and go out: ending the hole now is worth more than "
        "playing on."),
    # A move no reason explains (rare, four-card Golf): the hint names the action.
    "draw": lambda f: _("Draw from the stock."),
    "take": lambda f: _("Take the %(card)s from the discard pile and swap it for %(where)s.",
                      card=f.card, where=_where(f.view, f.advice.index)),
    "place": lambda f: _("Swap the %(card)s for %(where)s.", card=f.card,
                       where=_where(f.view, f.advice.index)),
    "throw": lambda f: _("Throw the %(card)s away.", card=f.card),
    "knock": lambda f: _("Knock: your score is likely low enough to end the hole."),
    "knock_ahead": lambda f: _(
        "Knock: your cards score %(score)s, and even after their last turns none of the "
        "others can expect to score below about %(theirs)s.",
        score=format_number(round(f.advice.score)), theirs=format_figure(f.advice.theirs)),
    "knock_now": lambda f: _(
        "Knock: your cards score %(score)s and another player can expect about "
        "%(theirs)s after their last turn, but waiting would likely leave you further "
        "behind: every turn you wait gives the others more turns too.",
        score=format_number(round(f.advice.score)), theirs=format_figure(f.advice.theirs)),
    "draw_worth_more": lambda f: _(
        "Draw from the stock: the %(card)s on the discard pile would lower your score by "
        "about %(saving)s points, but a card from the stock is worth more on average once "
        "the turns to come and the card you would hand the next player are counted.",
        card=f.card, saving=f.saving),
}


def _close_text(view: SeatView, advice: Hint) -> str:
    if advice.runner_up is None or advice.margin is None:
        return ""
    other = advice.runner_up
    card = view.drawn if isinstance(other, Swap | ThrowAway) else view.discard_top
    action = action_phrase(view, other, card)
    if round(advice.margin, 1) <= 0:
        return " " + _("It is close: the next best, to %(other)s, is about as good.",
                       other=action)
    return " " + _("It is close: the next best, to %(other)s, is only about %(margin)s points "
                   "worse.", other=action, margin=format_figure(advice.margin))


def table_hint(visit: Visit) -> str | None:
    """The hint for this browser's seat now, in words (None when it has nothing to say)."""
    replay = visit.game.replay
    if replay is None or visit.seat is None:
        return None
    view = seat_view(replay.state, visit.seat)
    advice = hint(view)
    return hint_text(view, advice) if advice is not None else None


def may_hint(visit: Visit) -> bool:
    """Show the Hint button: hints allowed, a person's seat, and its turn to choose."""
    game, replay = visit.game, visit.game.replay
    if not hints_allowed(game) or replay is None or visit.me is None or visit.me.is_bot:
        return False
    state = replay.state
    return state.phase in HINT_PHASES and state.turn == visit.seat


def hints_line(visit: Visit) -> str:
    """Who asked for hints (every seat sees it), or that hints are off."""
    if not hints_allowed(visit.game):
        return _("Hints are off in this game.")
    names = visit.names()
    used = [(names[s.seat], s.hints_used) for s in visit.game.seats if s.hints_used]
    if not used:
        return _("Hints are allowed in this game; nobody has used one yet.")
    # Built first: the message extractor does not see a _() nested in another _() call.
    each = [_("%(name)s (%(count)s)", name=name, count=count) for name, count in used]
    return _("Hints are allowed in this game. Hints used: %(list)s.", list=join_names(each))


# --- Hole review ---------------------------------------------------------------------------

def table_context(request: Request, visit: Visit) -> dict[str, Any]:
    """What the coach adds to the table: the Hint button, the hints line, the hole review."""
    return {
        "can_hint": may_hint(visit),
        "hints_line": hints_line(visit) if visit.game.replay is not None else "",
        "hint_text": None,
        "review": hole_review(request, visit),
    }


def hole_review(request: Request, visit: Visit) -> dict[str, Any] | None:
    """The review of the hole just finished, for this browser's seat (a person's only). It
    stays while another player has dealt the next hole and this seat has not moved in it:
    anyone may deal, and the others may not have read their review yet."""
    game, replay = visit.game, visit.game.replay
    if replay is None or visit.me is None or visit.me.is_bot:
        return None
    state = replay.state
    over = state.phase in (Phase.HOLE_OVER, Phase.GAME_OVER)
    unread = state.hole == len(state.scores) + 1 and not any(
        getattr(p.move, "seat", None) == visit.seat for p in state.played)
    if not state.scores or not (over or unread):
        return None
    with request.app.state.db.read() as session:
        moves = coach_store.deal_moves(session, game_id=game.id, deal=replay.deal,
                                      count=replay.count)
    found = review(game.options, replay.seed, moves, len(state.scores), visit.seat)
    return review_words(found, visit) | {"next_dealt": not over} if found else None


def review_words(found: HoleReview, visit: Visit) -> dict[str, Any]:
    names = visit.names()

    four = visit.game.options.four_card
    if found.went_out is None:
        out = _("Nobody went out: the hole dragged on and was ended.")
    elif four and found.went_out == visit.seat:
        out = (_("You knocked without the lowest score and got %(points)s points more.",
                 points=KNOCK_PENALTY) if found.penalised is not None else _("You knocked."))
    elif four:
        out = (_("%(name)s knocked without the lowest score and got %(points)s points more.",
                 name=names[found.went_out], points=KNOCK_PENALTY)
               if found.penalised is not None else
               _("%(name)s knocked.", name=names[found.went_out]))
    elif found.went_out == visit.seat:
        out = _("You went out.")
    else:
        out = _("%(name)s went out.", name=names[found.went_out])
    # A clause of its own per seat ("Computer 2 2" would not say which number is the score),
    # the reader's first.
    yours = _("You scored %(score)s", score=found.scores[visit.seat])
    scores = join_names([yours] + [_("%(name)s scored %(score)s", name=names[s], score=score)
                                   for s, score in enumerate(found.scores)
                                   if s != visit.seat]) + "."
    pairs = [
        _("Your %(column)s: a pair of %(ranks)s, so 0 points.",
          column=_(COLUMN_WORDS[p.column]), ranks=_ranks(p.card)) if p.seat == visit.seat else
        _("%(owner)s %(column)s: a pair of %(ranks)s, so 0 points.",
          owner=possessive(names[p.seat]), column=_(COLUMN_WORDS[p.column]), ranks=_ranks(p.card))
        for p in found.pairs
    ] or ([] if four else [_("Nobody made a pair this hole.")])
    return {
        "hole": found.hole,
        "facts": [out, scores],
        "pairs": pairs,
        "moments": [_moment_text(m) for m in found.moments],
        # A total that rounds to nothing says no more than "the coach agrees" above it.
        "total": _("All told, by the coach’s estimate at each moment, your choices this hole "
                   "cost about %(cost)s points.", cost=format_figure(found.total_cost))
        if found.choices and round(found.total_cost, 1) != 0 else "",
        "agrees": not found.moments,
        "priced": found.choices > 0,
    }


def _ranks(card: str) -> str:
    """ "7s", "kings" / "sjuor", "kungar"."""
    if card == JOKER:
        return _("jokers")
    return rank_word(rank(card), plural=True)


def _moment_text(moment: Moment) -> str:
    """One costly choice: what was done and what the coach advised, what the seat's swap did,
    and the Hint the coach gave then (its reason and figures)."""
    view = moment.view
    said = [_("Your turn %(turn)s: you chose to %(yours)s; the coach would have chosen to "
              "%(coach)s. Cost: about %(cost)s points.",
              turn=moment.turn, yours=action_phrase(view, moment.move, moment.card),
              coach=action_phrase(view, moment.coach, moment.card),
              cost=format_figure(moment.cost))]
    if moment.broke_pair is not None:
        said.append(_("Your swap broke up your pair of %(ranks)s, which scored 0.",
                      ranks=_ranks(moment.broke_pair)))
    elif moment.raised is not None and round(moment.raised, 1) > 0:
        said.append(_("Your swap raised your expected score by about %(points)s points.",
                      points=format_figure(moment.raised)))
    if moment.advice is not None:
        said.append(_("Hint would have said: “%(hint)s”", hint=hint_text(view, moment.advice)))
    return " ".join(said)


# --- Why the computer did that -------------------------------------------------------------

def why(step: store.Step, game: store.Game) -> str:
    """A short clause after a computer's swap or throw saying why, from public cards only.

    It reads the table as a watcher sees it after the move (the placed card is face up, the
    card it replaced or threw is on the discard pile), so it can never give a hidden card
    away; empty for a person's move and for moves with nothing worth saying.
    """
    seat = getattr(step.move, "seat", None)
    if seat is None or not game.seats[seat].is_bot or game.options.four_card:
        return ""
    after = seat_view(step.after, None)
    if not isinstance(step.move, Swap | ThrowAway) or not after.discard:
        return ""
    rules = game.options.scoring
    if isinstance(step.move, ThrowAway):
        thrown = after.discard_top
        points = card_points(thrown, rules)
        if points >= HIGH_POINTS:
            return " " + _("(Too high to keep: the %(card)s scores %(points)s.)",
                           card=card_in_text(thrown), points=points)
        return ""
    index = step.move.index
    layout = after.layouts[seat]
    card = layout[index]
    if card is None:
        return ""
    shape = game.options.shape
    other = layout[shape.column_mate(index)]
    if other is not None and rank(other) == rank(card):
        return " " + _("(Kept the %(card)s: it pairs its column, which now scores 0.)",
                       card=card_in_text(card))
    points = card_points(card, rules)
    if points <= 0:
        return " " + _("(Kept the %(card)s: it scores %(points)s.)",
                       card=card_in_text(card), points=points)
    old = after.discard_top
    if step.before.face_up[seat][index] and card_points(old, rules) > points:
        return " " + _("(Kept the %(card)s: lower than the %(old)s it replaced.)",
                       card=card_in_text(card), old=card_in_text(old))
    if not step.before.face_up[seat][index] and points <= LOW_POINTS:
        return " " + _("(Kept the %(card)s: lower than a face-down card is worth on "
                       "average.)", card=card_in_text(card))
    return ""


# --- The strategy page's table of computer levels -----------------------------------------

LEVEL_NAMES = {"beginner": N_("Beginner"), "greedy": N_("Steady"), "club": N_("Club player")}


def strategy_levels() -> list[dict[str, str]]:
    """Each level's measured points a hole and wins against the strong level (levels.MEASURED)."""
    return [
        {"label": LEVEL_NAMES[name], "player": name, "mine": format_figure(mine),
         "strong": format_figure(strong),
         "won": _("%(percent)s%%", percent=format_number(round(share * 100)))}
        for name, (mine, strong, share) in MEASURED.items()
    ]
