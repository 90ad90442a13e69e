"""Score sheets round-trip through the database, with ids and a version check."""

from __future__ import annotations

import pytest

from app.db import Database
from app.rules.scoresheet import add_hole, edit_hole, new_sheet, totals
from app.storage.scoresheets import (
    StaleSheetError,
    create_sheet,
    get_sheet,
    get_sheet_by_read_id,
    save_sheet,
    to_sheet,
)


@pytest.fixture
def db(database_url: str):
    database = Database(database_url)
    yield database
    database.dispose()


def test_sheet_round_trips_with_private_and_read_ids(db):
    sheet = add_hole(new_sheet(["Ann", "Bo"], "100"), [5, -2])
    with db.write() as session:
        row = create_sheet(session, sheet=sheet)
        sheet_id, read_id = row.id, row.read_id
    assert sheet_id != read_id and len(sheet_id) >= 22
    with db.read() as session:
        by_id = to_sheet(get_sheet(session, sheet_id=sheet_id))
        by_read = to_sheet(get_sheet_by_read_id(session, read_id=read_id))
    assert by_id == by_read == sheet
    assert totals(by_id) == (5, -2)


def test_save_bumps_version_and_persists_edits(db):
    with db.write() as session:
        sheet_id = create_sheet(session, sheet=new_sheet(["Ann", "Bo"], "9")).id
    for expected, scores in enumerate([[1, 2], [3, 4]]):
        with db.write() as session:
            row = get_sheet(session, sheet_id=sheet_id, for_update=True)
            save_sheet(
                session, row=row, sheet=add_hole(to_sheet(row), scores), expected_version=expected
            )
    with db.write() as session:
        row = get_sheet(session, sheet_id=sheet_id)
        save_sheet(session, row=row, sheet=edit_hole(to_sheet(row), 1, [0, 0]), expected_version=2)
    with db.read() as session:
        row = get_sheet(session, sheet_id=sheet_id)
        assert row.version == 3
        assert to_sheet(row).holes == ((0, 0), (3, 4))


def test_stale_version_refused_and_nothing_changes(db):
    with db.write() as session:
        sheet_id = create_sheet(session, sheet=new_sheet(["Ann", "Bo"], "9")).id
    with pytest.raises(StaleSheetError), db.write() as session:
        row = get_sheet(session, sheet_id=sheet_id)
        save_sheet(session, row=row, sheet=add_hole(to_sheet(row), [1, 1]), expected_version=5)
    with db.read() as session:
        row = get_sheet(session, sheet_id=sheet_id)
        assert row.version == 0 and row.scores == []


def test_unknown_or_oversized_ids_find_nothing(db):
    with db.read() as session:
        assert get_sheet(session, sheet_id="nope") is None
        assert get_sheet(session, sheet_id="x" * 500) is None
        assert get_sheet_by_read_id(session, read_id="nope") is None
