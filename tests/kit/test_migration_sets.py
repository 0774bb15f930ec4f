"""Each game system's tables are its own set of migrations (issue 34): the kit's set holds what
every system keeps, a new ledger of another system holds no Draw Steel table, and a ledger
made before (one set, "drawsteel-kit", Draw Steel's tables empty in every system's ledger)
opens, upgrades in place and loses nothing."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from cli_helpers import run
from conftest import checkpoint
from ledger_files import CAMPAIGNS, load, migration_sets, rows, same_rows

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.book.party_view import PartyView
from drawsteel_kit.kit.errors import LedgerError
from drawsteel_kit.kit.ledger import MIGRATION_NAMES

#: Draw Steel's tables, which until issue 34 every system's ledger held.
DRAW_STEEL_TABLES = {"heroes", "projects", "followers", "inventory", "titles", "npcs"}
#: The other systems' demo campaigns.
OTHER_DEMOS = ("dungeon-world-demo", "pf2e-demo", "condition-sheet-demo")


def new_ledger(tmp_path: Path, demo: str) -> Path:
    """A campaign folder built by ``init`` from a shipped demo's campaign.yaml."""
    folder = tmp_path / demo
    folder.mkdir()
    (folder / "campaign.yaml").write_bytes((CAMPAIGNS / demo / "campaign.yaml").read_bytes())
    BaseCampaign.init(folder)[0].close()
    return folder


def tables(path: Path) -> set[str]:
    return {t for t in rows(path) if t != "_sqlite_migrations"}


def players(folder: Path) -> dict[str, object]:
    """What the players' copy shows (its export), and the Director's export."""
    with BaseCampaign.open(folder, readonly=True) as camp, PartyView.of(camp) as view:
        return {"party": view.export(), "director": camp.export()}


@pytest.mark.parametrize("demo", OTHER_DEMOS)
def test_a_new_ledger_of_another_system_holds_no_draw_steel_table(tmp_path: Path,
                                                                  demo: str) -> None:
    folder = new_ledger(tmp_path, demo)
    ledger = folder / "ledger.db"
    assert not tables(ledger) & DRAW_STEEL_TABLES
    assert migration_sets(ledger) == {"drawsteel-kit": list(MIGRATION_NAMES)}
    with BaseCampaign.open(folder) as camp:
        assert camp.ledger.schema_problems() == []
        assert camp.ledger.verify()
        assert camp.members
        with PartyView.of(camp) as view:  # the players' copy: no Draw Steel table to read
            assert view.export()["events"]
    assert "State matches history." in run("rebuild", folder, "--check")


def test_a_new_draw_steel_ledger_records_the_kits_set_and_its_own(tmp_path: Path) -> None:
    folder = new_ledger(tmp_path, "demo")
    ledger = folder / "ledger.db"
    assert tables(ledger) >= DRAW_STEEL_TABLES
    held = migration_sets(ledger)
    assert held["drawsteel-kit"] == list(MIGRATION_NAMES)
    assert held["draw-steel"][0] == "0001_heroes" and set(held) == {"drawsteel-kit",
                                                                    "draw-steel"}
    with BaseCampaign.open(folder) as camp:
        assert camp.ledger.schema_problems() == []
        assert camp.ledger.verify()


@pytest.mark.parametrize("readonly", [False, True])
@pytest.mark.parametrize(("migration_set", "name"), [
    ("draw-steel", "0099_from_the_future"),  # a system's own set, newer
    ("pf2e", "0001_encounters"),  # a set for a system that keeps no tables in this version
])
def test_a_ledger_naming_a_systems_migration_this_version_does_not_know_is_refused(
        tmp_path: Path, readonly: bool, migration_set: str, name: str) -> None:
    folder = new_ledger(tmp_path, "demo")
    ledger = folder / "ledger.db"
    with sqlite3.connect(ledger) as conn:
        conn.execute("INSERT INTO _sqlite_migrations (migration_set, name, applied_at) "
                     "VALUES (?, ?, '2099-01-01')", [migration_set, name])
    conn.close()
    checkpoint(ledger)
    before = ledger.read_bytes()
    with pytest.raises(LedgerError, match=rf"newer drawsteel-kit.*{name}"):
        BaseCampaign.open(folder, readonly=readonly)
    assert ledger.read_bytes() == before


def test_a_set_of_another_tool_is_left_alone(tmp_path: Path) -> None:
    folder = new_ledger(tmp_path, "dungeon-world-demo")
    with sqlite3.connect(folder / "ledger.db") as conn:
        conn.execute("INSERT INTO _sqlite_migrations (migration_set, name, applied_at) "
                     "VALUES ('some-plugin', '0042_other', '2024-01-01')")
    conn.close()
    with BaseCampaign.open(folder) as camp:
        assert camp.ledger.schema == MIGRATION_NAMES[-1]


def test_another_systems_ledger_made_before_upgrades_in_place_and_keeps_its_empty_tables(
        tmp_path: Path) -> None:
    """Its Draw Steel tables stay, empty, recorded under Draw Steel's set (they are left,
    not dropped: an upgrade removes nothing); everything else reads as before."""
    folder = load("dungeon_world_0009.sql", tmp_path / "dw", "dungeon-world-demo")
    ledger = folder / "ledger.db"
    before = rows(ledger)
    assert set(before) >= DRAW_STEEL_TABLES
    shown = players(folder)  # read as it is: nothing needs the upgrade to read
    assert rows(ledger) == before

    out = run("upgrade", folder)
    assert "Upgraded through draw-steel:0001_heroes" in out and "backups" in out
    (copy,) = (folder / "backups").iterdir()
    assert copy.name.startswith("ledger-before-draw-steel-0001_heroes-")
    assert rows(copy) == before  # the ledger as it was, kept first
    after = rows(ledger)
    assert same_rows(before, after) == []
    assert all(after[t] == [] for t in DRAW_STEEL_TABLES)
    held = migration_sets(ledger)
    assert held["drawsteel-kit"] == list(MIGRATION_NAMES) and held["draw-steel"]
    assert players(folder) == shown
    assert "already on the current schema" in run("upgrade", folder)
    assert "State matches history." in run("rebuild", folder, "--check")

    with BaseCampaign.open(folder) as camp:
        last = camp.history(limit=1)[0]  # the fixture's undo of a hurt: undone in turn
        assert last.kind == "undo"
        hp = camp.book.member_sheet("Ava").data["hp"]
        camp.undo(last.id, reason="She did fall")
        assert camp.book.member_sheet("Ava").data["hp"] == 5 != hp
        assert camp.ledger.verify()


def test_an_export_of_a_ledger_made_before_imports_as_a_ledger_of_today(tmp_path: Path) -> None:
    """Its state lists Draw Steel's tables, empty: a new Dungeon World ledger lacks them."""
    folder = load("dungeon_world_0009.sql", tmp_path / "dw", "dungeon-world-demo")
    run("export", folder, "--out", tmp_path / "dw.json")
    run("import", tmp_path / "dw.json", tmp_path / "again")
    ledger = tmp_path / "again" / "ledger.db"
    assert not tables(ledger) & DRAW_STEEL_TABLES
    assert migration_sets(ledger) == {"drawsteel-kit": list(MIGRATION_NAMES)}
    assert len(rows(ledger)["events"]) == len(rows(folder / "ledger.db")["events"])


@pytest.mark.parametrize(("sql", "demo"), [("schema_0009.sql", "demo"),
                                           ("dungeon_world_0009.sql", "dungeon-world-demo")])
def test_a_backup_made_before_is_restored_into_an_upgraded_campaign(
        tmp_path: Path, sql: str, demo: str) -> None:
    folder = load(sql, tmp_path / "camp", demo)
    run("backup", folder, tmp_path / "before.db")
    before = rows(tmp_path / "before.db")
    run("upgrade", folder)
    out = run("restore", folder, tmp_path / "before.db")
    assert "Restored" in out and "differed" not in out  # nothing of its schema left out
    ledger = folder / "ledger.db"
    assert same_rows(before, rows(ledger)) == []
    held = migration_sets(ledger)
    assert held["drawsteel-kit"] == list(MIGRATION_NAMES) and held["draw-steel"]
    assert "State matches history." in run("rebuild", folder, "--check")


def test_a_backup_of_another_systems_new_ledger_restores_without_draw_steel_tables(
        tmp_path: Path) -> None:
    folder = new_ledger(tmp_path, "dungeon-world-demo")
    run("backup", folder, tmp_path / "before.db")
    out = run("restore", folder, tmp_path / "before.db")
    assert "Restored" in out and "differed" not in out
    assert not tables(folder / "ledger.db") & DRAW_STEEL_TABLES
    assert migration_sets(folder / "ledger.db") == {"drawsteel-kit": list(MIGRATION_NAMES)}


def test_a_migration_name_with_a_line_break_is_refused_in_one_line(tmp_path: Path) -> None:
    """A damaged file's migration name may hold any byte: the refusal stays one line."""
    folder = new_ledger(tmp_path, "demo")
    with sqlite3.connect(folder / "ledger.db") as conn:
        conn.execute("INSERT INTO _sqlite_migrations (migration_set, name, applied_at) "
                     "VALUES ('drawsteel-kit', '\n0099_x', '2099-01-01')")
    conn.close()
    with pytest.raises(LedgerError, match="newer drawsteel-kit") as refused:
        BaseCampaign.open(folder, readonly=True)
    assert "\n" not in str(refused.value)
