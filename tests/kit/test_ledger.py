"""The ledger file: pragmas, read-only mode, append-only events, migrations, refusing
files that are not ledgers, backup, export and the write lock."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import checkpoint

from drawsteel_kit.cli import main
from drawsteel_kit.kit.errors import LedgerError, LedgerLocked, LedgerReadOnly, UndoError
from drawsteel_kit.kit.ledger import DIRECTOR, MIGRATIONS, PARTY, Ledger, insert_op, update_op
from drawsteel_kit.kit.ledger.connection import connect
from drawsteel_kit.kit.ledger.events import append
from drawsteel_kit.kit.ledger.schema import migrate
from drawsteel_kit.kit.ledger.transaction import write
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.ledger import MIGRATIONS as DRAW_STEEL

HERO = {
    "name": "Val", "player": "", "ancestry": "", "class": "", "career": None, "level": 1,
    "xp": 0, "victories": 0, "might": 0, "agility": 0, "reason": 0, "intuition": 0,
    "presence": 0, "max_stamina": 20, "stamina": 20, "max_recoveries": 8, "recoveries": 8,
    "renown": 0, "wealth": 1, "project_points": 0, "skills": ["Magic"], "languages": [],
    "titles": [], "perks": [],
}


@pytest.fixture
def ledger(tmp_path: Path):
    led = Ledger.open(tmp_path / "ledger.db", system="draw-steel")
    yield led
    led.close()


def _seed(led: Ledger) -> None:
    """A hero and two changes to them, one for the Director's eyes only."""
    with led.write():
        led.append("hero_added", day=1, session=None, actor="Val",
                   ops=[insert_op("heroes", "Val", HERO)])
        led.append("victories_awarded", day=1, session=1, actor="Val",
                   ops=[update_op("heroes", "Val", {"victories": 0}, {"victories": 2})])
        led.append("secret", day=2, session=1, actor="Val", visibility=DIRECTOR,
                   payload={"summary": "the Director's note"},
                   ops=[update_op("heroes", "Val", {"renown": 0}, {"renown": 1})])


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --- connections ---------------------------------------------------------------------------


def test_every_write_connection_has_wal_foreign_keys_and_busy_timeout(tmp_path):
    path = tmp_path / "ledger.db"
    Ledger.open(path, system="draw-steel").close()
    for db in (connect(path), connect(path, busy_timeout_ms=1234),
               Ledger.open(path, system="draw-steel").db):
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert db.execute("PRAGMA busy_timeout").fetchone()[0] in (15_000, 1234)
        db.close()


def test_read_only_connections_have_foreign_keys_and_see_wal(tmp_path):
    path = tmp_path / "ledger.db"
    Ledger.open(path, system="draw-steel").close()
    led = Ledger.open(path, readonly=True)
    try:
        assert led.db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert led.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        led.close()


def test_foreign_keys_are_enforced(ledger):
    with pytest.raises(sqlite3.IntegrityError), ledger.write():
        ledger.append("undo", day=1, session=None, undoes=999)
    assert ledger.event_count() == 0


# --- read-only ------------------------------------------------------------------------------


def test_read_only_ledger_refuses_writes_and_leaves_the_file_alone(tmp_path):
    path = tmp_path / "ledger.db"
    led = Ledger.open(path, system="draw-steel")
    _seed(led)
    led.close()
    before = _sha(path)
    ro = Ledger.open(path, readonly=True)
    try:
        with pytest.raises(LedgerReadOnly, match="read-only"), ro.write():
            ro.append("day_advanced", day=2, session=None)
        with pytest.raises(LedgerReadOnly):
            ro.rebuild()
        # SQLite itself refuses, whatever SQL a caller sends.
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            ro.db.execute("INSERT INTO heroes (name, level, xp, victories, max_stamina, stamina, "
                          "max_recoveries, recoveries) VALUES ('x', 1, 0, 0, 1, 1, 0, 0)")
        assert ro.event_count() == 3
    finally:
        ro.close()
    assert _sha(path) == before


def test_a_write_through_a_bare_read_only_connection_is_mapped_too(tmp_path):
    path = tmp_path / "ledger.db"
    Ledger.open(path, system="draw-steel").close()
    db = connect(path, readonly=True)
    try:
        with pytest.raises(LedgerReadOnly, match="nothing was written"), write(db):
            append(db, "day_advanced", day=2, session=None)
        assert not db.conn.in_transaction
    finally:
        db.close()


def test_read_only_open_of_a_missing_file_says_to_init(tmp_path):
    with pytest.raises(LedgerError, match="init"):
        Ledger.open(tmp_path / "nothing.db", readonly=True)
    assert not (tmp_path / "nothing.db").exists()


# --- the events table is append-only ------------------------------------------------------


@pytest.mark.parametrize(
    "sql", ["UPDATE events SET kind = 'forged'", "DELETE FROM events WHERE id = 1"]
)
def test_events_refuse_update_and_delete(ledger, sql):
    _seed(ledger)
    with pytest.raises(sqlite3.IntegrityError, match="append-only"), ledger.write():
        ledger.db.execute(sql)
    assert [e.kind for e in ledger.events()] == ["hero_added", "victories_awarded", "secret"]


def test_a_failed_write_block_lands_nothing(ledger):
    _seed(ledger)
    before = ledger.snapshot()
    with pytest.raises(RuntimeError), ledger.write():
        ledger.append("victories_awarded", day=1, session=1, actor="Val",
                      ops=[update_op("heroes", "Val", {"victories": 2}, {"victories": 5})])
        raise RuntimeError("boom")
    assert ledger.event_count() == 3
    assert ledger.snapshot() == before
    assert not ledger.db.conn.in_transaction


def test_appending_outside_a_write_and_nesting_writes_are_refused(ledger):
    with pytest.raises(LedgerError, match=r"inside ledger\.write"):
        ledger.append("x", day=1, session=None)
    with pytest.raises(LedgerError, match="nested"), ledger.write(), ledger.write():
        pass
    assert ledger.event_count() == 0


def test_update_ops_keep_only_changed_fields_and_empty_ones_are_dropped(ledger):
    _seed(ledger)
    op = update_op("heroes", "Val", {"xp": 0, "level": 1}, {"xp": 0, "level": 2})
    assert op["before"] == {"level": 1} and op["after"] == {"level": 2}
    with ledger.write():
        ev = ledger.append("noop", day=1, session=None,
                           ops=[update_op("heroes", "Val", {"xp": 0}, {"xp": 0})])
    assert ev.ops == [] and ledger.event(ev.id).ops == []


# --- migrations, opening twice, and files that are not ledgers -----------------------------


def test_migrations_are_recorded_once_and_opening_again_changes_nothing(tmp_path):
    path = tmp_path / "ledger.db"
    led = Ledger.open(path, system="draw-steel")
    _seed(led)
    assert led.schema == MIGRATIONS._migrations[-1].name
    led.close()

    def recorded() -> list[tuple[str, str]]:
        with sqlite3.connect(path) as conn:
            return conn.execute(
                "SELECT migration_set, name FROM _sqlite_migrations ORDER BY id"
            ).fetchall()

    first = recorded()
    assert first == [("drawsteel-kit", m.name) for m in MIGRATIONS._migrations] + [
        ("draw-steel", name) for name in DRAW_STEEL.names]
    for _ in range(2):
        again = Ledger.open(path, system="draw-steel")
        assert again.event_count() == 3
        again.close()
    assert recorded() == first


@pytest.mark.parametrize(
    "content",
    [
        pytest.param(os.urandom(8192), id="random-bytes"),
        pytest.param(b"name: not a ledger\nheroes: []\n" * 40, id="text"),
        pytest.param(b"hi", id="tiny-text"),
    ],
)
@pytest.mark.parametrize("readonly", [False, True])
def test_a_file_that_is_not_sqlite_is_refused_clearly_and_left_alone(tmp_path, content, readonly):
    path = tmp_path / "ledger.db"
    path.write_bytes(content)
    with pytest.raises(LedgerError, match="not a readable drawsteel-kit ledger") as info:
        Ledger.open(path, readonly=readonly)
    assert str(path) in str(info.value) and "backup" in str(info.value)
    assert path.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ledger.db"]


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(LedgerError, match="folder"):
        Ledger.open(tmp_path)


@pytest.mark.parametrize("readonly", [False, True])
def test_a_sqlite_file_of_another_program_is_refused(tmp_path, readonly):
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")
        conn.execute("INSERT INTO recipes VALUES ('soup')")
    conn.close()
    with pytest.raises(LedgerError, match="not a drawsteel-kit ledger"):
        Ledger.open(path, readonly=readonly)
    with sqlite3.connect(path) as conn:
        assert {r[0] for r in conn.execute("SELECT name FROM sqlite_master")} == {"recipes"}
        assert conn.execute("SELECT name FROM recipes").fetchall() == [("soup",)]
    conn.close()


@pytest.mark.parametrize("readonly", [False, True])
def test_a_ledger_from_a_newer_version_is_refused(tmp_path, readonly):
    path = tmp_path / "ledger.db"
    Ledger.open(path, system="draw-steel").close()
    with sqlite3.connect(path) as conn:
        conn.execute(
            "INSERT INTO _sqlite_migrations (migration_set, name, applied_at) "
            "VALUES ('drawsteel-kit', '9999_from_the_future', '2099-01-01')"
        )
    conn.close()
    with pytest.raises(LedgerError, match=r"newer drawsteel-kit.*9999_from_the_future"):
        Ledger.open(path, readonly=readonly)


def test_other_migration_sets_in_the_file_do_not_count_as_ours(tmp_path):
    path = tmp_path / "ledger.db"
    Ledger.open(path, system="draw-steel").close()
    with sqlite3.connect(path) as conn:
        conn.execute(
            "INSERT INTO _sqlite_migrations (migration_set, name, applied_at) "
            "VALUES ('some-plugin', '0042_other', '2024-01-01')"
        )
    conn.close()
    led = Ledger.open(path, system="draw-steel")
    assert led.schema == MIGRATIONS._migrations[-1].name
    led.close()


# --- reading ----------------------------------------------------------------------------------


def test_event_lookup_and_filters(ledger):
    _seed(ledger)
    assert ledger.event(2).kind == "victories_awarded"
    with pytest.raises(UndoError, match=r"no event #99 .*#3"):
        ledger.event(99)
    assert [e.id for e in ledger.events(newest_first=True)] == [3, 2, 1]
    assert [e.id for e in ledger.events(kind="secret")] == [3]
    assert [e.id for e in ledger.events(visible_to=PARTY)] == [1, 2]
    assert [e.id for e in ledger.events(since=1, limit=1)] == [2]
    assert ledger.event(3).visibility == DIRECTOR


def test_verify_notices_projections_edited_behind_its_back_and_rebuild_repairs_them(ledger):
    _seed(ledger)
    good = ledger.snapshot()
    assert ledger.verify() is True
    with ledger.write():
        ledger.db.execute("UPDATE heroes SET victories = 40 WHERE name = 'Val'")
    assert ledger.verify() is False
    assert ledger.rebuild() == 3
    assert ledger.snapshot() == good
    assert ledger.verify() is True


# --- backup and export -------------------------------------------------------------------


def test_backup_is_a_ledger_equal_to_the_source_and_never_overwrites(ledger, tmp_path):
    _seed(ledger)
    dest = ledger.backup(tmp_path / "backups" / "copy.db")
    copy = Ledger.open(dest, readonly=True)
    try:
        assert copy.snapshot() == ledger.snapshot()
        assert [e.as_dict() for e in copy.events()] == [e.as_dict() for e in ledger.events()]
        assert copy.verify() is True
    finally:
        copy.close()
    before = _sha(dest)
    with pytest.raises(LedgerError, match="already exists"):
        ledger.backup(dest)
    assert _sha(dest) == before


def test_export_holds_every_event_and_the_state_and_can_leave_out_the_directors(ledger):
    _seed(ledger)
    full = ledger.export()
    assert [e["id"] for e in full["events"]] == [1, 2, 3]
    assert full["state"] == ledger.snapshot()
    assert full["schema"] == ledger.schema
    assert full["events"][1]["ops"][0]["after"] == {"victories": 2}
    json.dumps(full)  # JSON-ready
    party = ledger.export(include_director=False)
    assert [e["id"] for e in party["events"]] == [1, 2]
    assert all(e["visibility"] != DIRECTOR for e in party["events"])


def test_campaign_export_json_round_trips(campaign):
    campaign.adjust_hero("Val", reason="a secret boon", renown=2, visibility=DIRECTOR)
    data = json.loads(campaign.export_json(include_director=False))
    assert all(e["kind"] != "hero_adjusted" for e in data["events"])
    assert len(json.loads(campaign.export_json())["events"]) == campaign.ledger.event_count()


# --- the write lock ------------------------------------------------------------------------


def test_a_writer_that_cannot_get_the_lock_gets_ledger_locked_and_writes_nothing(tmp_path):
    path = tmp_path / "ledger.db"
    led = Ledger.open(path, system="draw-steel")
    _seed(led)
    led.close()
    other = sqlite3.connect(path, isolation_level=None, timeout=0)
    other.execute("BEGIN IMMEDIATE")
    try:
        led = Ledger(connect(path, busy_timeout_ms=150), path, readonly=False)
        started = time.monotonic()
        with pytest.raises(LedgerLocked, match="nothing was written"), led.write():
            led.append("day_advanced", day=2, session=None)
        assert time.monotonic() - started < 5
        assert led.event_count() == 3  # readers are not blocked in WAL mode
    finally:
        other.execute("ROLLBACK")
        other.close()
    with led.write():
        led.append("day_advanced", day=2, session=None)
    assert led.event_count() == 4
    led.close()


def test_a_campaign_operation_that_cannot_get_the_lock_changes_nothing(campaign, ledger_path):
    campaign.close()
    other = sqlite3.connect(ledger_path, isolation_level=None, timeout=0)
    other.execute("BEGIN IMMEDIATE")
    camp = Campaign(ledger_path.parent,
                    Ledger(connect(ledger_path, busy_timeout_ms=150), ledger_path, False))
    try:
        before = (camp.ledger.event_count(), camp.ledger.snapshot())
        with pytest.raises(LedgerLocked):
            camp.award_victories(1)
        assert (camp.ledger.event_count(), camp.ledger.snapshot()) == before
    finally:
        other.execute("ROLLBACK")
        other.close()
        camp.close()


def test_creating_a_ledger_while_another_program_holds_the_file_reports_the_lock(tmp_path):
    path = tmp_path / "ledger.db"
    other = sqlite3.connect(path, isolation_level=None, timeout=0)
    other.execute("PRAGMA journal_mode = WAL")
    other.execute("BEGIN IMMEDIATE")
    db = connect(path, busy_timeout_ms=150)  # WAL: connecting and reading still work
    try:
        with pytest.raises(LedgerLocked):
            migrate(db)
        assert db.table_names() == []
    finally:
        other.execute("ROLLBACK")
        other.close()
    migrate(db)
    assert "events" in db.table_names()
    db.close()


def test_switching_a_locked_new_file_to_wal_reports_the_lock(tmp_path):
    path = tmp_path / "ledger.db"
    other = sqlite3.connect(path, isolation_level=None, timeout=0)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(LedgerLocked, match="locked"):
            connect(path, busy_timeout_ms=150)
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_a_foreign_sqlite_file_is_refused_without_being_changed(tmp_path):
    """Refusing another program's database must not switch it to WAL (a lasting change)."""
    import hashlib
    import sqlite3

    from drawsteel_kit.kit.errors import LedgerError
    from drawsteel_kit.kit.ledger import Ledger

    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
    conn.execute("INSERT INTO invoices (total) VALUES (12.5)")
    conn.commit()
    conn.close()
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    with pytest.raises(LedgerError, match="not a drawsteel-kit ledger"):
        Ledger.open(path, system="draw-steel")
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    conn.close()


def test_a_players_export_leaves_out_what_the_director_hides(campaign):
    campaign.add_item("Cursed Ring", visibility=DIRECTOR)
    campaign.add_item("Healing Potion", count=2)
    campaign.add_npc("The Masked Duke", level=8, visibility=DIRECTOR)
    campaign.add_note("The duke is Val's father", visibility=DIRECTOR)
    campaign.add_note("Rent is due on the Lantern House")
    party = campaign.export(include_director=False)
    text = json.dumps(party)
    assert "Cursed Ring" not in text and "Masked Duke" not in text and "father" not in text
    assert [i["item"] for i in party["state"]["inventory"]] == ["Healing Potion"]
    assert [n["text"] for n in party["state"]["notes"]] == ["Rent is due on the Lantern House"]
    full = json.dumps(campaign.export())
    assert "Cursed Ring" in full and "Masked Duke" in full and "father" in full


def test_rebuild_check_reports_what_sqlites_own_check_finds(campaign, ledger_path):
    for n in range(300):
        campaign.add_note(f"note {n} " + "x" * 200)
    assert campaign.ledger.integrity() == []
    campaign.close()
    checkpoint(ledger_path)
    content = bytearray(ledger_path.read_bytes())
    with sqlite3.connect(ledger_path) as conn:
        page = conn.execute("PRAGMA page_size").fetchone()[0]
        leaf = conn.execute("SELECT max(pageno) FROM dbstat WHERE name = 'notes' "
                            "AND pagetype = 'leaf'").fetchone()[0]
    conn.close()
    # Break a leaf of the notes table (its cell count): the party and heroes are intact.
    at = (leaf - 1) * page
    content[at + 3:at + 5] = b"\xff\xff"
    ledger_path.write_bytes(bytes(content))
    result = CliRunner().invoke(main, ["rebuild", str(ledger_path.parent), "--check"])
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    assert lines and all(line.startswith("SQLite's check: ") for line in lines), lines
    assert "Traceback" not in result.output
