"""Storing score sheets: a private edit id, a public read-only id, and a version per row.

Every change is one function here: load the row, apply a rule change, save it if nobody saved
in between. Callers get `StoredSheet` values, never rows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.rules.golf import Length
from app.rules.scoresheet import Sheet, SheetGame
from app.storage.models import ScoreSheet
from app.tokens import new_token

MAX_ID = 32  # longer ids were never issued: no need to ask the database


class SheetNotFound(LookupError):
    """No sheet behind that link."""


class StaleSheetError(Exception):
    """The form was made from an older version of the sheet; `current` is the sheet now."""

    def __init__(self, current: StoredSheet) -> None:
        super().__init__("stale sheet")
        self.current = current


@dataclass(frozen=True)
class StoredSheet:
    """A sheet with its two links' ids and the version that a change form must quote."""

    id: str
    read_id: str
    version: int
    sheet: Sheet


def _to_stored(row: ScoreSheet) -> StoredSheet:
    sheet = Sheet(
        players=tuple(row.players),
        length=Length(row.length),
        holes=tuple(tuple(int(s) for s in hole) for hole in row.scores),
        game=SheetGame(row.game),
        pairs_cancel=bool(row.pairs_cancel),
        knock_penalty=bool(row.knock_penalty),
    )
    return StoredSheet(id=row.id, read_id=row.read_id, version=row.version, sheet=sheet)


def create_sheet(session: Session, *, sheet: Sheet) -> StoredSheet:
    """Store a new sheet under fresh unguessable ids."""
    row = ScoreSheet(
        id=new_token(),
        read_id=new_token(),
        length=sheet.length.value,
        players=list(sheet.players),
        scores=[list(hole) for hole in sheet.holes],
        game=sheet.game.value,
        pairs_cancel=sheet.pairs_cancel,
        knock_penalty=sheet.knock_penalty,
        version=0,
    )
    session.add(row)
    session.flush()
    return _to_stored(row)


def _row(session: Session, sheet_id: str, for_update: bool = False) -> ScoreSheet:
    """The row, locked for writing when asked (PostgreSQL); `SheetNotFound` if none."""
    row = None
    if len(sheet_id) <= MAX_ID:
        row = session.get(ScoreSheet, sheet_id, with_for_update=for_update)
    if row is None:
        raise SheetNotFound(sheet_id)
    return row


def load_sheet(session: Session, *, sheet_id: str) -> StoredSheet:
    """The sheet behind a private link; `SheetNotFound` if there is none."""
    return _to_stored(_row(session, sheet_id))


def load_sheet_by_read_id(session: Session, *, read_id: str) -> StoredSheet:
    """The sheet behind a read-only link; `SheetNotFound` if there is none."""
    row = None
    if len(read_id) <= MAX_ID:
        row = session.scalars(select(ScoreSheet).where(ScoreSheet.read_id == read_id)).first()
    if row is None:
        raise SheetNotFound(read_id)
    return _to_stored(row)


def change_sheet(
    session: Session, *, sheet_id: str, version: int, change: Callable[[Sheet], Sheet]
) -> StoredSheet:
    """Apply `change` (a rule function) and save, if the sheet is still at `version`.

    Raises `SheetNotFound`, `StaleSheetError` (with the sheet as it is now), or the rules'
    `SheetError`; in every case nothing is saved.
    """
    row = _row(session, sheet_id, for_update=True)
    if row.version != version:
        raise StaleSheetError(_to_stored(row))
    sheet = change(_to_stored(row).sheet)
    # Assign new lists (never mutate in place) so the JSON columns are seen as changed.
    row.players = list(sheet.players)
    row.scores = [list(hole) for hole in sheet.holes]
    row.version = version + 1
    session.flush()
    return _to_stored(row)
