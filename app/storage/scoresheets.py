"""Storing score sheets: a private edit id, a public read-only id, and a version per row."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.rules.scoresheet import Sheet, SheetLength
from app.security import new_token
from app.storage.models import ScoreSheet


class StaleSheetError(Exception):
    """The form was made from an older version of the sheet."""


def create_sheet(session: Session, *, sheet: Sheet) -> ScoreSheet:
    """Store a new sheet under fresh unguessable ids."""
    row = ScoreSheet(
        id=new_token(),
        read_id=new_token(),
        length=sheet.length.value,
        players=list(sheet.players),
        scores=[list(hole) for hole in sheet.holes],
        version=0,
    )
    session.add(row)
    session.flush()
    return row


def get_sheet(session: Session, *, sheet_id: str, for_update: bool = False) -> ScoreSheet | None:
    """The row behind a private link, locked for writing when asked (PostgreSQL)."""
    if len(sheet_id) > 32:
        return None
    return session.get(ScoreSheet, sheet_id, with_for_update=for_update)


def get_sheet_by_read_id(session: Session, *, read_id: str) -> ScoreSheet | None:
    """The row behind a read-only link."""
    if len(read_id) > 32:
        return None
    return session.scalars(select(ScoreSheet).where(ScoreSheet.read_id == read_id)).first()


def to_sheet(row: ScoreSheet) -> Sheet:
    """Rebuild the rule object from a row."""
    return Sheet(
        players=tuple(row.players),
        length=SheetLength(row.length),
        holes=tuple(tuple(int(s) for s in hole) for hole in row.scores),
    )


def save_sheet(session: Session, *, row: ScoreSheet, sheet: Sheet, expected_version: int) -> None:
    """Store a changed sheet if nobody changed it since `expected_version`; bump the version."""
    if row.version != expected_version:
        raise StaleSheetError
    # Assign new lists (never mutate in place) so the JSON columns are seen as changed.
    row.players = list(sheet.players)
    row.scores = [list(hole) for hole in sheet.holes]
    row.version = expected_version + 1
    session.flush()
