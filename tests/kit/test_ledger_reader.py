"""A read-only opening reads with plain sqlite3 (no sqlite-utils), and answers as sqlite-utils
did: the same rows, table names and migrations; anything else still reaches sqlite-utils."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
import sqlite_utils

from drawsteel_kit.kit.errors import LedgerNeedsUpgrade
from drawsteel_kit.kit.ledger import MIGRATION_NAMES, MIGRATIONS, Ledger, pending_names
from drawsteel_kit.kit.ledger.migration_steps import READER_OPTIONAL
from drawsteel_kit.kit.ledger.reader import ReadDatabase, WriteDatabase
from drawsteel_kit.kit.ledger.schema import applied_names


def test_the_names_are_the_migrations_applied(ledger_path: Path, campaign: object) -> None:
    assert tuple(m.name for m in MIGRATIONS._migrations) == MIGRATION_NAMES
    with Ledger.open(ledger_path, readonly=True) as ledger:
        assert isinstance(ledger.db, ReadDatabase)
        full = ledger.db.full()
        assert applied_names(ledger.db) == [m.name for m in MIGRATIONS.applied(full)]
        assert applied_names(ledger.db) == list(MIGRATION_NAMES)
        assert pending_names(ledger.db) == [m.name for m in MIGRATIONS.pending(full)] == []
        assert ledger.schema == MIGRATION_NAMES[-1]


def test_reads_answer_as_sqlite_utils_did(ledger_path: Path, campaign: object) -> None:
    with Ledger.open(ledger_path, readonly=True) as ledger:
        db = ledger.db
        full = sqlite_utils.Database(db.conn, recursive_triggers=False, execute_plugins=False)
        assert db.table_names() == full.table_names()
        for sql, params in (("SELECT * FROM events ORDER BY id", None),
                            ("SELECT * FROM heroes WHERE name = ?", ["Val"]),
                            ("SELECT e.id, h.name, e.id FROM events e, heroes h "  # a name twice
                             "ORDER BY e.id, h.name", None)):
            assert list(db.query(sql, params)) == list(full.query(sql, params))
        for reader in (db, full):
            with pytest.raises(ValueError, match="only be used with SQL that returns rows"):
                reader.query("PRAGMA foreign_keys = ON")
            with pytest.raises(sqlite3.OperationalError, match="readonly"):
                list(reader.query("DELETE FROM notes WHERE 0 RETURNING id"))
        assert db["heroes"].count == full["heroes"].count == 3  # the rest: sqlite-utils
        assert getattr(db, "_not_there", None) is None  # private names stay the reader's


def test_an_older_ledger_opened_to_read_is_sent_to_upgrade(ledger_path: Path,
                                                           campaign: object) -> None:
    needed = [n for n in MIGRATION_NAMES if n not in READER_OPTIONAL][-1]
    conn = sqlite3.connect(ledger_path)
    conn.execute("DELETE FROM _sqlite_migrations WHERE name = ?", [needed])
    conn.commit()
    conn.close()
    with pytest.raises(LedgerNeedsUpgrade, match="drawsteel-kit upgrade"):
        Ledger.open(ledger_path, readonly=True)
    with Ledger.open(ledger_path, readonly=True, check_schema=False) as ledger:
        assert pending_names(ledger.db) == [needed]


def test_a_ledger_lacking_only_an_index_is_read_as_it_is(ledger_path: Path,
                                                         campaign: object) -> None:
    optional = sorted(READER_OPTIONAL)
    conn = sqlite3.connect(ledger_path)
    conn.executemany("DELETE FROM _sqlite_migrations WHERE name = ?", [[n] for n in optional])
    conn.commit()
    conn.close()
    with Ledger.open(ledger_path, readonly=True) as ledger:
        assert pending_names(ledger.db) == optional
        assert ledger.event_count() > 0


def test_opening_to_read_imports_no_sqlite_utils(ledger_path: Path, campaign: object) -> None:
    code = ("import sys\nfrom drawsteel_kit.kit.ledger import Ledger\n"
            f"with Ledger.open({str(ledger_path)!r}, readonly=True) as led:\n"
            "    led.events(); led.snapshot()\n"
            "print(sorted(m for m in sys.modules if m.startswith('sqlite_utils')))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"


def test_a_writable_opening_answers_as_sqlite_utils_did(ledger_path: Path,
                                                        campaign: object) -> None:
    with Ledger.open(ledger_path) as ledger:
        db = ledger.db
        assert isinstance(db, WriteDatabase)
        full = sqlite_utils.Database(db.conn, recursive_triggers=False, execute_plugins=False)
        heroes = "SELECT count(*) AS n FROM heroes"
        for sql, params in (("SELECT * FROM events ORDER BY id", None),
                            ("  -- a comment first\nSELECT * FROM heroes WHERE name = ?", ["Val"]),
                            ("SELECT e.id, h.name, e.id FROM events e, heroes h "
                             "ORDER BY e.id, h.name", None),
                            ("PRAGMA table_info(heroes)", None)):
            assert list(db.query(sql, params)) == list(full.query(sql, params))
        before = list(db.query(heroes))
        for writer in (db, full):  # a statement with no rows: refused, and undone
            with pytest.raises(ValueError, match="only be used with SQL that returns rows"):
                writer.query("DELETE FROM heroes")
            assert list(writer.query(heroes)) == before
            for sql in ("BEGIN", "/* x */ commit", "SAVEPOINT s", "VACUUM"):
                with pytest.raises(ValueError, match="only be used with SQL that returns rows"):
                    writer.query(sql)
            assert not db.conn.in_transaction
        # A write that returns rows lands even when they are never read.
        won = next(db.query("SELECT victories FROM heroes WHERE name = 'Val'"))["victories"]
        db.query("UPDATE heroes SET victories = victories + 1 WHERE name = 'Val' "
                 "RETURNING victories")
        full.query("UPDATE heroes SET victories = victories + 1 WHERE name = 'Val' "
                   "RETURNING victories")
        val = "SELECT victories FROM heroes WHERE name = 'Val'"
        assert next(db.query(val)) == {"victories": won + 2}
        assert db["heroes"].count == 3  # the rest: sqlite-utils


def test_writing_imports_no_sqlite_utils_migrating_does(ledger_path: Path,
                                                        campaign: object) -> None:
    code = ("import sys\nfrom drawsteel_kit.kit.ledger import Ledger\n"
            f"with Ledger.open({str(ledger_path)!r}) as led:\n"
            "    with led.write():\n"
            "        led.append('note', day=1, session=None, payload={'summary': 'A note'})\n"
            "print(sorted(m for m in sys.modules if m.startswith('sqlite_utils')))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"
    with Ledger.open(ledger_path.parent / "new.db") as ledger:  # migrated by sqlite-utils
        assert applied_names(ledger.db) == list(MIGRATION_NAMES)
