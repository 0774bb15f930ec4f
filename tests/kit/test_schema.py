"""Schema upgrades: a ledger made by an older schema opens and upgrades in place.

The older ledgers here are made as that version made them: one migration set holding Draw
Steel's tables (:mod:`legacy_ledgers`); upgrading records those under Draw Steel's own set."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
import sqlite_utils
from cli_helpers import run
from legacy_ledgers import legacy_apply

from drawsteel_kit.kit.errors import LedgerError, LedgerNeedsUpgrade
from drawsteel_kit.kit.ledger import MIGRATIONS, Ledger
from drawsteel_kit.kit.ledger.connection import connect
from drawsteel_kit.kit.ledger.schema import PROJECTIONS
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.ledger import MIGRATIONS as DRAW_STEEL

NAMES = [m.name for m in MIGRATIONS._migrations]


def old_ledger(path: Path, newest: str) -> None:
    """A ledger at schema ``newest``, with a campaign and a hero in it, as that schema wrote."""
    db = connect(path)
    legacy_apply(db, newest)
    db.conn.execute("BEGIN IMMEDIATE")
    db["party"].insert({"id": 1, "name": "Old Guard", "settings": "{}"})
    db["heroes"].insert({"name": "Val", "level": 2, "xp": 20, "victories": 1, "max_stamina": 21,
                         "stamina": 21, "max_recoveries": 8, "recoveries": 8})
    db.conn.execute("COMMIT")
    db.close()


@pytest.mark.parametrize("newest", NAMES[:-1])
def test_an_older_ledger_upgrades_in_place_and_keeps_its_rows(tmp_path: Path, newest: str) -> None:
    path = tmp_path / "ledger.db"
    old_ledger(path, newest)
    with Ledger.open(path) as ledger:
        assert ledger.schema == NAMES[-1]
        assert {p.table for p in (*PROJECTIONS, *DRAW_STEEL.projections)} <= set(
            ledger.db.table_names())
        assert [r["name"] for r in ledger.db.query("SELECT name FROM heroes")] == ["Val"]
        assert ledger.db["party"].get(1)["name"] == "Old Guard"


def test_read_only_opening_of_an_older_ledger_says_to_upgrade(tmp_path: Path) -> None:
    path = tmp_path / "ledger.db"
    old_ledger(path, NAMES[0])
    with pytest.raises(LedgerError, match="older schema"):
        Ledger.open(path, readonly=True)
    conn = sqlite3.connect(path)
    applied = [r[0] for r in conn.execute("SELECT name FROM _sqlite_migrations")]
    conn.close()
    assert applied == [NAMES[0]]  # refusing did not upgrade it


def test_every_migration_is_recorded_once(tmp_path: Path) -> None:
    Ledger.open(tmp_path / "ledger.db").close()
    Ledger.open(tmp_path / "ledger.db").close()  # opening again applies nothing twice
    db = sqlite_utils.Database(tmp_path / "ledger.db")
    rows = [r["name"] for r in db["_sqlite_migrations"].rows]
    assert rows == NAMES


def test_upgrading_to_0003_fills_the_timeline_from_the_history_already_held(tmp_path: Path) -> None:
    import json

    from drawsteel_kit.kit.ledger.events import apply_ops, insert_op, update_op
    from drawsteel_kit.systems.draw_steel.records import read_timeline

    path = tmp_path / "ledger.db"
    db = connect(path)
    legacy_apply(db, "0002_projects_followers_inventory")
    db.conn.execute("BEGIN IMMEDIATE")
    hero = {"name": "Val", "level": 1, "xp": 0, "victories": 0, "max_stamina": 21,
            "stamina": 21, "max_recoveries": 8, "recoveries": 8, "renown": 0}
    history = [  # events as a 0002 ledger holds them: no timeline rows were ever written
        ("hero_added", 1, {"summary": "Val joins"}, [insert_op("heroes", "Val", hero)]),
        ("renown_gained", 3, {"reason": "saved the mill"},
         [update_op("heroes", "Val", {"renown": 0}, {"renown": 2})]),
    ]
    for kind, day, payload, ops in history:
        db.conn.execute(
            "INSERT INTO events (kind, day, payload, visibility, version, created_at) "
            "VALUES (?, ?, ?, 'party', '0.old', '2026-01-01')",
            [kind, day, json.dumps({**payload, "ops": ops})])
        apply_ops(db, ops)
    db.conn.execute("COMMIT")
    db.close()
    with Ledger.open(path) as ledger:
        renown = [(p.day, p.before, p.after, p.reason)
                  for p in read_timeline(ledger.db, hero="Val", fields=["renown"])]
        assert renown == [(1, None, 0, "Val joins"), (3, 0, 2, "saved the mill")]
        assert ledger.verify()


def _campaign_folder(tmp_path: Path, newest: str) -> Path:
    folder = tmp_path / "old"
    folder.mkdir()
    (folder / "campaign.yaml").write_text("name: Old Guard\nheroes: []\n", encoding="utf-8")
    old_ledger(folder / "ledger.db", newest)
    return folder


def _applied(path: Path) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        return [r[0] for r in conn.execute("SELECT name FROM _sqlite_migrations WHERE "
                                           "migration_set = 'drawsteel-kit' ORDER BY id")]
    finally:
        conn.close()


def test_opening_an_older_campaign_to_write_keeps_a_copy_from_before(tmp_path: Path) -> None:
    folder = _campaign_folder(tmp_path, NAMES[0])
    before = (folder / "ledger.db").read_bytes()
    with Campaign.open(folder) as camp:
        assert camp.ledger.schema == NAMES[-1]
        copy = camp.upgraded_from
    assert copy is not None and copy.parent == folder / "backups"
    assert copy.name.startswith(f"ledger-before-{NAMES[1]}-")
    assert _applied(copy) == [NAMES[0]]  # the copy is the ledger as it was
    assert _applied(folder / "ledger.db") == NAMES
    with Campaign.open(folder) as camp:  # already current: no second copy
        assert camp.upgraded_from is None
    assert len(list((folder / "backups").iterdir())) == 1
    assert before != (folder / "ledger.db").read_bytes()


def test_player_pages_never_upgrade_and_name_the_upgrade_command(tmp_path: Path) -> None:
    folder = _campaign_folder(tmp_path, NAMES[0])
    with pytest.raises(LedgerNeedsUpgrade, match=r"drawsteel-kit upgrade .*old"):
        Campaign.open(folder, readonly=True)
    assert _applied(folder / "ledger.db") == [NAMES[0]]
    assert not (folder / "backups").exists()


def test_the_upgrade_command_upgrades_once_and_says_where_the_copy_is(tmp_path: Path) -> None:
    folder = _campaign_folder(tmp_path, NAMES[0])
    backup = run("backup", folder, tmp_path / "as-it-was.db")  # copied as it is
    assert _applied(tmp_path / "as-it-was.db") == [NAMES[0]] and "as-it-was.db" in backup
    out = run("upgrade", folder)
    assert f"Upgraded through {', '.join(NAMES[1:])}, draw-steel:" in out and "backups" in out
    assert _applied(folder / "ledger.db") == NAMES
    assert "already on the current schema" in run("upgrade", folder)
    with Campaign.open(folder, readonly=True) as camp:
        assert camp.party.name == "Old Guard"
