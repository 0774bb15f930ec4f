"""A ledger lacking only the migrations that speed reading up (``READER_OPTIONAL``: indexes)
is read as it is, and must give the same players' books and charts as the same ledger with
them: the players' copy and the charts choose their plan by the indexes found."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from conftest import checkpoint
from workbook_helpers import play

from drawsteel_kit.kit.book.party_view import PartyView
from drawsteel_kit.kit.ledger import LEDGER_FILE
from drawsteel_kit.kit.ledger.migration_steps import KIT
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.ledger import MIGRATIONS as DRAW_STEEL
from drawsteel_kit.systems.draw_steel.pages import data

NUMBERS = ("renown", "wealth", "xp", "victories", "stamina", "project_points")


def without_reader_indexes(folder: Path) -> None:
    """The ledger as drawsteel-kit wrote it before 0007, 0008 and 0009: their indexes and
    the timeline's undone marks dropped, the index 0008 replaced put back, and none of the
    migrations recorded."""
    conn = sqlite3.connect(folder / LEDGER_FILE)
    try:
        for name in ("events_hidden", "events_hidden_order", "timeline_points",
                     "projects_hidden"):
            conn.execute(f"DROP INDEX IF EXISTS {name}")
        conn.execute("ALTER TABLE timeline DROP COLUMN undone")
        conn.execute("CREATE INDEX IF NOT EXISTS timeline_key ON timeline(tbl, key, field)")
        conn.executemany("DELETE FROM _sqlite_migrations WHERE migration_set = ? AND name = ?",
                         [[s.name, n] for s in (KIT, DRAW_STEEL) for n in s.reader_optional])
        conn.commit()
    finally:
        conn.close()
    checkpoint(folder / LEDGER_FILE)


def books(folder: Path, viewer: str) -> tuple[object, ...]:
    with Campaign.open(folder, readonly=True) as camp, PartyView.of(camp, viewer) as view:
        led = view.books.ledger
        newest = [e.as_dict() for e in led.events(newest_first=True, limit=4)]
        lines = [e.as_dict() for e in led.events(kind="adjusted", actor="Val")]
        charts = {k: (s.values, s.reasons) for k, s in
                  data.series(view.books, NUMBERS, viewer).items()}
        export = view.export()
        export.pop("schema")  # the one difference: which migrations the ledger has had
        director = {k: (s.values, s.reasons) for k, s in data.series(camp, NUMBERS, None).items()}
        return export, newest, lines, charts, director


def undo_some(camp: Campaign) -> None:
    """Undone changes the charts must leave out: an award, a hidden one, a respite whose undo
    is undone in turn (it stands again)."""
    camp.undo(camp.award_victories(2, ["Val"], reason="Miscounted").event_ids[0])
    camp.undo(camp.award_renown("Val", 2, reason="A secret patron",
                                visibility="director").event_ids[0])
    rested = camp.take_respite(seed=9)
    camp.undo(camp.undo(rested.event_ids[0]).event_ids[0], reason="It happened after all")


@pytest.mark.parametrize("viewer", ["party", "Val"])
def test_a_ledger_without_reading_indexes_gives_the_same_books(
        campaign: Campaign, tmp_path: Path, viewer: str) -> None:
    play(campaign)
    undo_some(campaign)
    campaign.close()
    folder = campaign.folder
    with_indexes = books(folder, viewer)
    assert with_indexes[2]  # adjustment lines among them
    without_reader_indexes(folder)
    with Campaign.open(folder, readonly=True) as camp:
        names = {r[0] for r in camp.ledger.db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index'").fetchall()}
    assert "events_hidden_order" not in names and "timeline_points" not in names
    assert books(folder, viewer) == with_indexes
