"""Schema upgrades: a ledger made by an older schema opens and upgrades in place."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
import sqlite_utils

from drawsteel_kit.errors import LedgerError
from drawsteel_kit.ledger import MIGRATIONS, Ledger
from drawsteel_kit.ledger.connection import connect
from drawsteel_kit.ledger.schema import PROJECTIONS

NAMES = [m.name for m in MIGRATIONS._migrations]


def old_ledger(path: Path, newest: str) -> None:
    """A ledger at schema ``newest``, with a campaign and a hero in it, as that schema wrote."""
    db = connect(path)
    later = NAMES[NAMES.index(newest) + 1:]
    MIGRATIONS.apply(db, stop_before=later[0] if later else None)
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
        assert {p.table for p in PROJECTIONS} <= set(ledger.db.table_names())
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
