"""Score sheets round-trip through storage as values, with ids and a version check."""

from __future__ import annotations

import pytest

from app.db import Database
from app.rules.scoresheet import (
    SheetGame,
    SheetRuleError,
    add_hole,
    edit_hole,
    new_sheet,
    totals,
)
from app.storage.scoresheets import (
    SheetNotFound,
    StaleSheetError,
    StoredSheet,
    change_sheet,
    create_sheet,
    load_sheet,
    load_sheet_by_read_id,
)


@pytest.fixture
def db(database_url: str):
    database = Database(database_url)
    yield database
    database.dispose()


def test_sheet_round_trips_with_private_and_read_ids(db):
    sheet = add_hole(new_sheet(["Ann", "Bo"], "100"), [5, -2])
    with db.write() as session:
        stored = create_sheet(session, sheet=sheet)
    assert isinstance(stored, StoredSheet) and stored.version == 0
    assert stored.id != stored.read_id and len(stored.id) >= 22
    with db.read() as session:
        by_id = load_sheet(session, sheet_id=stored.id)
        by_read = load_sheet_by_read_id(session, read_id=stored.read_id)
    assert by_id == by_read == stored
    assert by_id.sheet == sheet and totals(by_id.sheet) == (5, -2)


def test_four_card_game_and_its_option_are_kept(db):
    sheet = new_sheet(["Ann", "Bo"], "9", game=SheetGame.FOUR_CARD, pairs_cancel=True)
    with db.write() as session:
        sheet_id = create_sheet(session, sheet=sheet).id
    with db.write() as session:
        change_sheet(session, sheet_id=sheet_id, version=0, change=lambda s: add_hole(s, [1, 2]))
    with db.read() as session:
        loaded = load_sheet(session, sheet_id=sheet_id).sheet
    assert loaded.game is SheetGame.FOUR_CARD and loaded.pairs_cancel
    assert loaded.holes == ((1, 2),)


def test_change_bumps_version_and_persists_edits(db):
    with db.write() as session:
        sheet_id = create_sheet(session, sheet=new_sheet(["Ann", "Bo"], "9")).id
    for expected, scores in enumerate([[1, 2], [3, 4]]):
        with db.write() as session:
            stored = change_sheet(
                session,
                sheet_id=sheet_id,
                version=expected,
                change=lambda s, scores=scores: add_hole(s, scores),
            )
        assert stored.version == expected + 1
    with db.write() as session:
        change_sheet(
            session, sheet_id=sheet_id, version=2, change=lambda s: edit_hole(s, 1, [0, 0])
        )
    with db.read() as session:
        stored = load_sheet(session, sheet_id=sheet_id)
    assert stored.version == 3 and stored.sheet.holes == ((0, 0), (3, 4))


def test_stale_version_refused_with_the_current_sheet_and_nothing_changes(db):
    with db.write() as session:
        sheet_id = create_sheet(session, sheet=new_sheet(["Ann", "Bo"], "9")).id
    with pytest.raises(StaleSheetError) as info, db.write() as session:
        change_sheet(session, sheet_id=sheet_id, version=5, change=lambda s: add_hole(s, [1, 1]))
    assert info.value.current.version == 0
    with db.read() as session:
        stored = load_sheet(session, sheet_id=sheet_id)
    assert stored.version == 0 and stored.sheet.holes == ()


def test_rule_refusal_saves_nothing(db):
    with db.write() as session:
        sheet_id = create_sheet(session, sheet=new_sheet(["Ann", "Bo"], "9")).id
    with pytest.raises(SheetRuleError), db.write() as session:
        change_sheet(
            session, sheet_id=sheet_id, version=0, change=lambda s: edit_hole(s, 3, [1, 1])
        )
    with db.read() as session:
        assert load_sheet(session, sheet_id=sheet_id).version == 0


@pytest.mark.parametrize("sheet_id", ["nope", "x" * 500, ""])
def test_unknown_or_oversized_ids_find_nothing(db, sheet_id):
    with db.read() as session:
        with pytest.raises(SheetNotFound):
            load_sheet(session, sheet_id=sheet_id)
        with pytest.raises(SheetNotFound):
            load_sheet_by_read_id(session, read_id=sheet_id)
    with pytest.raises(SheetNotFound), db.write() as session:
        change_sheet(session, sheet_id=sheet_id, version=0, change=lambda s: s)
