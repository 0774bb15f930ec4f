"""Ledgers written by older drawsteel-kit versions open, upgrade in place and keep everything.

Each fixture in ``tests/fixtures/ledgers/`` is the SQL text of a ledger made by the code of the
commit where its schema version was the newest (``make_fixtures.py`` says which and how). Each
is loaded into a fresh file and opened with today's code. Nothing here names the newest
migration: it is read from ``MIGRATIONS``, so a new migration is tested against every fixture.
Every fixture predates issue 34 (one set of migrations, "drawsteel-kit", made Draw Steel's
tables too): upgrading records those under Draw Steel's own set, so each is upgraded.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run
from conftest import FIXTURES_DIR

from drawsteel_kit.kit.book.party_view import PartyView
from drawsteel_kit.kit.errors import LedgerNeedsUpgrade
from drawsteel_kit.kit.ledger import LEDGER_FILE, MIGRATIONS
from drawsteel_kit.kit.ledger.migration_steps import READER_OPTIONAL
from drawsteel_kit.kit.ledger.schema import MIGRATION_SET, PROJECTIONS
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.ledger import MIGRATIONS as DRAW_STEEL

FIXTURES = FIXTURES_DIR / "ledgers"
NAMES = [m.name for m in MIGRATIONS._migrations]
NEWEST = NAMES[-1]
FILES = sorted(FIXTURES.glob("schema_*.sql"))
#: We never commit built ledgers, and keep the text small.
MAX_FIXTURE_BYTES = 300_000


def fixture_migration(sql: Path) -> str:
    """The migration whose number the fixture's file name carries (schema_0002 -> 0002_...)."""
    number = sql.stem.removeprefix("schema_")
    (name,) = [n for n in NAMES if n.startswith(number + "_")]
    return name


def load(sql: Path, folder: Path) -> Path:
    """The fixture as a fresh ledger file in ``folder``; returns the ledger's path."""
    folder.mkdir(parents=True)
    path = folder / LEDGER_FILE
    conn = sqlite3.connect(str(path))
    try:
        conn.executescript(sql.read_text(encoding="utf-8"))
    finally:
        conn.close()
    return path


def rows(path: Path) -> dict[str, Any]:
    """Every table's rows as the file holds them (columns by name), and the migrations applied."""
    conn = sqlite3.connect(str(path))
    conn.row_factory = sqlite3.Row
    try:
        tables = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        return {t: [dict(r) for r in conn.execute(f"SELECT * FROM [{t}] ORDER BY rowid")]
                for t in tables}
    finally:
        conn.close()


def applied(held: dict[str, Any], migration_set: str = MIGRATION_SET) -> list[str]:
    """The migrations of one set a file's rows record, in order."""
    return [r["name"] for r in held["_sqlite_migrations"] if r["migration_set"] == migration_set]


def test_every_older_schema_version_has_a_fixture() -> None:
    made = {fixture_migration(f) for f in FILES}
    assert set(NAMES[:-1]) <= made, f"no fixture for {sorted(set(NAMES[:-1]) - made)}"
    for sql in FILES:
        assert sql.stat().st_size < MAX_FIXTURE_BYTES, sql.name


@pytest.mark.parametrize("sql", FILES, ids=[f.stem for f in FILES])
def test_the_fixture_was_written_at_its_schema_version(sql: Path, tmp_path: Path) -> None:
    held = rows(load(sql, tmp_path / "c"))
    assert [r["name"] for r in held["_sqlite_migrations"]] == NAMES[
        :NAMES.index(fixture_migration(sql)) + 1]  # one set: the kit's, Draw Steel's in it
    assert len(held["events"]) >= 30  # sessions, respites, an undo: some history
    assert any(e["kind"] == "undo" for e in held["events"])
    assert any(e["kind"] == "respite" for e in held["events"])


@pytest.mark.parametrize("sql", FILES, ids=[f.stem for f in FILES])
def test_an_older_ledger_upgrades_in_place_and_keeps_every_event_and_row(
        sql: Path, tmp_path: Path) -> None:
    path = load(sql, tmp_path / "c")
    before = rows(path)
    with Campaign.open(path.parent) as camp:
        assert camp.ledger.schema == NEWEST
        copy = camp.upgraded_from
        assert camp.ledger.verify(), "projections differ from a replay of the old history"
        history = camp.history()
        assert [e.id for e in history] == sorted((e["id"] for e in before["events"]),
                                                 reverse=True)
        assert all(e.summary for e in history)
        status = camp.status()
        assert status["events"] == len(before["events"])
        assert set(camp.heroes) == {r["name"] for r in before["heroes"]}
    after = rows(path)
    assert applied(after) == NAMES
    assert applied(after, DRAW_STEEL.name) == list(DRAW_STEEL.names)
    assert {p.table for p in (*PROJECTIONS, *DRAW_STEEL.projections)} <= set(after)
    for table, old_rows in before.items():
        if table == "_sqlite_migrations":
            continue
        kept = [{k: r[k] for k in old_rows[0]} for r in after[table]] if old_rows else []
        assert kept == old_rows, f"{table}: rows changed by the upgrade"
    if "timeline" not in before:  # the upgrade that adds the timeline fills it from history
        assert after["timeline"], "the timeline was not filled from the old history"
    # the ledger as it was, kept (even at the newest: Draw Steel's set is recorded)
    assert copy is not None and copy.parent == path.parent / "backups"
    assert rows(copy) == before


@pytest.mark.parametrize("sql", FILES, ids=[f.stem for f in FILES])
def test_a_new_operation_works_on_an_upgraded_ledger(sql: Path, tmp_path: Path) -> None:
    path = load(sql, tmp_path / "c")
    with Campaign.open(path.parent) as camp:
        count, day = camp.ledger.event_count(), camp.party.day
        xp = {name: h.xp for name, h in camp.heroes.items()}
        last = camp.history(limit=1)[0]
        camp.start_session()
        camp.award_victories(2, reason="The first session after the upgrade")
        camp.end_session()
        camp.advance_day(1, reason="Home again", seed=1)
        rested = camp.take_respite(seed=2)
        assert camp.party.day == day + 2  # a day, then the respite's own day (000: 861)
        assert all(camp.hero(name).xp >= xp[name] + 2 for name in xp)
        camp.undo(rested.event_ids[0], reason="Undone with the new code")
        assert all(camp.hero(name).xp == xp[name] for name in xp)
        assert camp.ledger.event(last.id) == last  # old events read back as they were
        assert camp.ledger.event_count() > count
        assert camp.ledger.verify()


@pytest.mark.parametrize("sql", FILES, ids=[f.stem for f in FILES])
def test_a_read_only_opening_of_an_older_ledger_says_to_upgrade(
        sql: Path, tmp_path: Path) -> None:
    path = load(sql, tmp_path / "c")
    before = rows(path)
    later = NAMES[NAMES.index(fixture_migration(sql)) + 1:]
    if set(later) <= READER_OPTIONAL:  # current, or lacking only what speeds reading up
        with Campaign.open(path.parent, readonly=True) as camp:
            assert camp.ledger.event_count() == len(before["events"])
            with PartyView.of(camp, "party") as view:  # finds hidden events without the index
                shown = view.export()
            assert {e["visibility"] for e in shown["events"]} == {"party"}
            assert len(shown["events"]) < len(before["events"])
        assert rows(path) == before  # read as it is: nothing written
        return
    with pytest.raises(LedgerNeedsUpgrade, match=r"older schema.*drawsteel-kit upgrade"):
        Campaign.open(path.parent, readonly=True)
    assert rows(path) == before  # refusing wrote nothing, not even the migrations
    assert not (path.parent / "backups").exists()


@pytest.mark.parametrize("sql", FILES, ids=[f.stem for f in FILES])
def test_the_upgrade_command_upgrades_an_older_ledger(sql: Path, tmp_path: Path) -> None:
    path = load(sql, tmp_path / "c")
    events = len(rows(path)["events"])
    out = run("upgrade", path.parent)
    later = NAMES[NAMES.index(fixture_migration(sql)) + 1:]
    assert f"Upgraded through {', '.join([*later, 'draw-steel:0001_heroes'])}" in out
    assert applied(rows(path)) == NAMES
    assert applied(rows(path), DRAW_STEEL.name) == list(DRAW_STEEL.names)
    assert "already on the current schema" in run("upgrade", path.parent)
    assert f'"events": {events}' in run("status", path.parent, "--json")
    assert "State matches history." in run("rebuild", path.parent, "--check")


OLDER = [f for f in FILES if fixture_migration(f) != NEWEST]


@pytest.mark.parametrize("sql", OLDER, ids=[f.stem for f in OLDER])
def test_a_read_command_upgrades_an_older_ledger(sql: Path, tmp_path: Path) -> None:
    path = load(sql, tmp_path / "c")
    events = len(rows(path)["events"])
    assert f'"events": {events}' in run("status", path.parent, "--json")
    had = NAMES[:NAMES.index(fixture_migration(sql)) + 1]
    # lacking only an index a reader does without, it is read as it is; a write adds it
    wanted = NAMES if set(NAMES) - set(had) - READER_OPTIONAL else had
    assert applied(rows(path)) == wanted
    run("notes", "add", path.parent, "A line of our own")
    assert applied(rows(path)) == NAMES


@pytest.mark.parametrize("sql", OLDER, ids=[f.stem for f in OLDER])
def test_an_older_ledger_can_be_backed_up_before_its_upgrade(sql: Path, tmp_path: Path) -> None:
    path = load(sql, tmp_path / "c")
    before = rows(path)
    run("backup", path.parent, tmp_path / "before-upgrade.db")
    assert rows(tmp_path / "before-upgrade.db") == before
    assert rows(path) == before


def test_a_source_found_before_places_were_kept_is_left_behind_on_the_first_move(
        tmp_path: Path) -> None:
    """000: 3760, 3770: schema 0004 did not know where a source was found; after the upgrade
    the party's place is not known either, and the found source holds until the party moves."""
    path = load(FIXTURES / "schema_0004.sql", tmp_path / "c")
    with Campaign.open(path.parent) as camp:
        found = camp.project("The chapel's bells")
        assert (found.source, found.source_at, camp.party.location) == ("common", "", "")
        moved = camp.move_party("Hollowmere")
        assert found.id in moved.details["left_behind"]
        assert camp.project(found.id).source == "needed"
        assert camp.ledger.verify()
