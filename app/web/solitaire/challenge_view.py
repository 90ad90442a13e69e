"""What one viewer may see of a challenge: scores of holes they have finished, nothing more.

A player sees another player's score for a hole only once they have finished that hole
themselves; an outsider (no seat) sees only who has finished which hole.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.i18n import gettext as _
from app.i18n import join_names, ngettext
from app.storage.solitaire import HOLES
from app.storage.solitaire.challenges import Entrant, StoredChallenge


@dataclass(frozen=True)
class Cell:
    score: int | None  # shown only when the viewer may see it
    finished: bool  # this player has finished the hole
    replay_url: str | None = None
    coached: bool = False  # shown with the score: the coach showed its move in that deal


@dataclass(frozen=True)
class Row:
    name: str
    is_you: bool
    cells: tuple[Cell, ...]
    total: int | None  # of the scores shown; None while none is
    complete: bool  # every hole's score is shown


@dataclass(frozen=True)
class ResultsView:
    rows: tuple[Row, ...]
    summary: str
    your_finished: frozenset[int]  # hole numbers

    @property
    def coached(self) -> bool:
        """Some score shown was made with the coach's help (the table explains the mark)."""
        return any(cell.coached for row in self.rows for cell in row.cells)


def results_view(
    challenge: StoredChallenge, viewer_id: int | None, replay_base: str | None = None,
) -> ResultsView:
    """The results table as `viewer_id` may see it (None: an outsider)."""
    you = next((e for e in challenge.entrants if e.id == viewer_id), None)
    seen = frozenset(h for h in range(1, HOLES + 1) if you and you.scores[h - 1] is not None)
    rows = tuple(_row(entrant, entrant is you, seen, replay_base) for entrant in challenge.entrants)
    return ResultsView(rows=rows, summary=_summary(challenge, you, seen), your_finished=seen)


def _row(entrant: Entrant, is_you: bool, seen: frozenset[int], replay_base: str | None) -> Row:
    cells = []
    for hole, score in enumerate(entrant.scores, start=1):
        visible = score is not None and (is_you or hole in seen)
        replay = None
        if visible and not is_you and replay_base:
            replay = f"{replay_base}/{entrant.id}/{hole}"
        coached = visible and hole in entrant.coached
        cells.append(Cell(score if visible else None, score is not None, replay, coached))
    shown = [c.score for c in cells if c.score is not None]
    total = sum(shown) if shown else None
    return Row(entrant.name, is_you, tuple(cells), total, len(shown) == HOLES)


def _summary(challenge: StoredChallenge, you: Entrant | None, seen: frozenset[int]) -> str:
    entrants = challenge.entrants
    if you is None:
        return _("Scores show hole by hole to players, once they have finished that hole.")
    if len(entrants) == 1:  # no race yet: "Ann leads" or "Ann wins" would read oddly
        return _("Nobody has accepted the challenge yet: send a friend its link.")
    if len(seen) == HOLES and all(e.finished for e in entrants):
        low = min(e.total for e in entrants)
        names = [e.name for e in entrants if e.total == low]
        if len(names) == 1:
            return _("Everyone has finished. %(names)s wins with %(low)s.", names=names[0], low=low)
        return _(
            "Everyone has finished. %(names)s share the win with %(low)s.",
            names=join_names(names),
            low=low,
        )
    if not seen:
        return _("Finish a hole to see how the others did on it.")
    # Compare only those who have finished the same holes: a fair race so far. Every hole the
    # viewer has finished, while someone else has too; else the most of them another has.
    def finished(e: Entrant) -> frozenset[int]:
        return frozenset(h for h in seen if e.scores[h - 1] is not None)

    holes = max((finished(e) for e in entrants if e is not you), key=len)
    if not holes:
        return _("Nobody else has finished a hole you have finished yet.")
    level = [e for e in entrants if holes <= finished(e)]
    low = min(sum(e.scores[h - 1] or 0 for h in holes) for e in level)
    names = [e.name for e in level if sum(e.scores[h - 1] or 0 for h in holes) == low]
    if holes == seen:
        over = ngettext("Counting the hole you have finished",
                        "Counting the %(num)d holes you have finished", len(seen))
    else:
        over = ngettext("Counting one of the holes you have finished",
                        "Counting %(num)d of the holes you have finished", len(holes))
    if len(names) == 1:
        return _("%(over)s, %(names)s leads with %(low)s.", over=over, names=names[0], low=low)
    return _(
        "%(over)s, %(names)s share the lead with %(low)s.",
        over=over,
        names=join_names(names),
        low=low,
    )
