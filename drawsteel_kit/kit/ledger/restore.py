"""``restore``: a backup's rows put in place as a campaign's ledger; never its schema.

A backup is read, never installed: a fresh ledger is built beside the current one with the
migrations the backup's schema version names, the backup's rows are copied into it table by
table (the columns this version makes), and the copy is brought up to date like any older
ledger. A trigger, view or index a backup carries never arrives, and one it lacks (the
triggers that keep ``events`` append-only) is there again; what was left out is named. The
copy's history is then checked event by event and replayed (each change must start from
what the events before it left), its state must equal the replay, and it must be of this
campaign; only then is the current ledger kept aside in ``backups/`` and the copy put in
its place in one rename.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from drawsteel_kit.kit.errors import LedgerError
from drawsteel_kit.kit.ledger.books import path_text, read_only, same_campaign
from drawsteel_kit.kit.ledger.connection import LEDGER_FILE
from drawsteel_kit.kit.ledger.history_check import HistoryCheck, ReplayError, kinds_of
from drawsteel_kit.kit.ledger.schema import applied, applied_names, check_not_newer
from drawsteel_kit.kit.ledger.schema_check import (
    Applied,
    Entry,
    build,
    current,
    differences,
    entries,
    frozen,
    named,
    reference,
)

if TYPE_CHECKING:
    from drawsteel_kit.kit.ledger import Ledger

__all__ = ["Restored", "restore"]

#: Tables SQLite keeps itself, and sqlite-utils' record of the migrations: not copied as rows.
_NOT_COPIED = frozenset({"sqlite_sequence", "_sqlite_migrations"})


@dataclass(frozen=True)
class Restored:
    """What a restore did: where the ledger from before was kept (None: there was none),
    how many events it restored, and what of the backup's schema it left out."""

    kept: Path | None
    count: int
    left_out: list[str] = field(default_factory=list)


def restore(folder: Path, backup: str | os.PathLike[str]) -> Restored:
    """Put ``backup``'s rows in place as ``folder``'s ledger, checked first; the current
    ledger is kept in ``backups/``."""
    source, shown = Path(backup), path_text(backup)
    if not source.is_file():
        raise LedgerError(f"{shown}: no such backup file: name a .db file `drawsteel-kit "
                          "backup` wrote (they are in the campaign's backups/)")
    ledger_path = folder / LEDGER_FILE
    with contextlib.suppress(OSError):
        if ledger_path.exists() and source.resolve() == ledger_path.resolve():
            raise LedgerError(f"{shown} is the campaign's own ledger: name a backup")
    staged = folder / f".restore-{uuid.uuid4().hex[:8]}.db"
    try:
        left_out = _rows_into(source, staged, shown)
        count = _check(staged, shown)
        same_campaign(folder, ledger_path, staged, shown)
        kept = None
        if ledger_path.exists():  # moved, not opened: a damaged ledger is kept as it is
            kept = folder / "backups" / f"ledger-before-restore-{uuid.uuid4().hex[:6]}.db"
            kept.parent.mkdir(exist_ok=True)
            for suffix in ("-wal", "-shm", ""):
                part = Path(f"{ledger_path}{suffix}")
                if part.exists():
                    os.replace(part, f"{kept}{suffix}")
        os.replace(staged, ledger_path)
    finally:
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{staged}{suffix}").unlink(missing_ok=True)
    return Restored(kept, count, left_out)


def _open_backup(source: Path, shown: str) -> sqlite3.Connection:
    """The backup, read-only, its schema trusted with nothing (no function a view names)."""
    try:
        conn = sqlite3.connect(read_only(source), uri=True)
        conn.execute("PRAGMA trusted_schema = OFF")
        conn.execute("PRAGMA query_only = ON")
        conn.execute("BEGIN")  # one snapshot of every table
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError as exc:
        raise LedgerError(f"{shown} is not a ledger backup ({exc}): name a .db file "
                          "`drawsteel-kit backup` wrote") from None
    return conn


def _rows_into(source: Path, staged: Path, shown: str) -> list[str]:
    """Build ``staged`` at the backup's schema version and copy the backup's rows into it;
    what of the backup's schema was left out (or LedgerError: a backup that cannot be)."""
    src = _open_backup(source, shown)
    try:
        try:
            problems = [r[0] for r in src.execute("PRAGMA quick_check").fetchall()]
            history = frozen(applied(src))
            tables = {r[0] for r in src.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
        except sqlite3.DatabaseError as exc:
            raise LedgerError(f"{shown} is damaged ({exc}): choose another backup") from None
        if problems != ["ok"]:
            raise LedgerError(f"{shown} fails SQLite's check ({problems[0]}): choose another "
                              "backup")
        if "events" not in tables or not applied_names(src):
            held = (f" (it has tables {', '.join(named(t) for t in sorted(tables)[:5])})"
                    if tables else "")
            raise LedgerError(f"{shown} is not a drawsteel-kit ledger{held}: name a .db file "
                              "`drawsteel-kit backup` wrote")
        check_not_newer(src, path=shown)
        try:
            want = reference(history)
        except LedgerError as exc:
            raise LedgerError(f"{shown}: {exc}: choose another backup") from None
        have = entries(src)
        _has_every_table(have, want, shown)
        _copy(src, staged, want, history, shown)
        return differences(have, want)
    finally:
        src.close()


def _has_every_table(have: Mapping[tuple[str, str], Entry],
                     want: Mapping[tuple[str, str], Entry], shown: str) -> None:
    """Refuse a backup missing a table or column whose rows a ledger needs."""
    for (kind, name), entry in want.items():
        if kind != "table" or name in _NOT_COPIED:
            continue
        theirs = have.get(("table", name))
        lost = [c for c in entry.columns if theirs is None or c not in theirs.columns]
        if theirs is None or lost:
            what = f"table {name}" if theirs is None else f"column {lost[0]} of table {name}"
            raise LedgerError(f"{shown}: its {what} is missing (its schema was changed with "
                              "another tool), so its books cannot be read: choose another "
                              "backup")


def _copy(src: sqlite3.Connection, staged: Path, want: Mapping[tuple[str, str], Entry],
          held: Applied, shown: str) -> None:
    """A fresh ledger at ``staged`` with the backup's schema version, holding its rows."""
    from drawsteel_kit.kit.ledger.connection import connect
    from drawsteel_kit.kit.ledger.transaction import write

    db = connect(staged)
    try:
        with write(db):
            build(db.full(), held)
        table = ""
        with write(db):
            for (kind, table), entry in want.items():
                if kind != "table" or table in _NOT_COPIED:
                    continue
                names = ", ".join(f"[{c}]" for c in entry.columns)
                marks = ", ".join("?" for _ in entry.columns)
                rows = src.execute(f"SELECT {names} FROM main.[{table}] ORDER BY rowid")
                db.conn.executemany(f"INSERT INTO main.[{table}] ({names}) VALUES ({marks})",
                                    rows)
            for set_name, name, applied_at in src.execute(
                    "SELECT migration_set, name, applied_at FROM _sqlite_migrations"
                    ).fetchall():  # when each was applied, as it was
                db.conn.execute("UPDATE _sqlite_migrations SET applied_at = ? WHERE name = ? "
                                "AND migration_set = ?", (applied_at, name, set_name))
        db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    except sqlite3.IntegrityError as exc:
        raise LedgerError(f"{shown}: its table {table} holds a row a ledger refuses ({exc}): "
                          "choose another backup") from None
    except sqlite3.DatabaseError as exc:
        raise LedgerError(f"{shown} is damaged ({exc}): choose another backup") from None
    finally:
        db.close()


def _check(staged: Path, shown: str) -> int:
    """Bring the copy's schema up to date, check its history event by event and its state
    against a replay; the number of events."""
    from drawsteel_kit.kit.ledger import Ledger

    try:
        ledger = Ledger.open(staged, create=False)
    except LedgerError as exc:
        raise LedgerError(f"{shown}: {str(exc).removeprefix(str(staged)).lstrip(': ')}"
                          ) from None
    with ledger:
        party = ledger.db.execute("SELECT name, settings FROM party").fetchall()
        if not party:
            raise LedgerError(f"{shown} holds no campaign: choose another backup")
        _check_events(ledger, _played(party[0][1]), shown)
        try:
            same = ledger.verify()
        except ReplayError as exc:
            raise LedgerError(f"{shown}: {exc.where}: choose another backup") from None
        if not same:
            raise LedgerError(f"{shown}: its state differs from its history: choose another "
                              "backup (or restore it and run `drawsteel-kit rebuild`)")
        ledger.db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return ledger.event_count()


def _played(settings: object) -> object:
    from drawsteel_kit.kit.registry import default_system

    try:
        loaded = json.loads(settings) if isinstance(settings, str) else {}
    except ValueError:
        loaded = {}
    return (loaded.get("system") if isinstance(loaded, dict) else None) or default_system().key


def _check_events(ledger: Ledger, played: object, shown: str) -> None:
    """Each event alone: a kind this version writes, a campaign day, numbers SQLite holds,
    none repeated (:class:`HistoryCheck`)."""
    try:
        kinds = kinds_of(played)
    except LedgerError as exc:
        raise LedgerError(f"{shown}: {exc}: choose another backup") from None
    want = reference(current(played if isinstance(played, str) else None))
    columns = {name: set(e.columns) for (kind, name), e in want.items() if kind == "table"}
    check = HistoryCheck(kinds, columns)
    conn = ledger.db.conn
    cursor = conn.execute("SELECT * FROM events ORDER BY id")
    keys = [d[0] for d in cursor.description]
    for values in cursor:
        row = dict(zip(keys, values, strict=True))
        try:
            body = json.loads(row["payload"]) if isinstance(row["payload"], str) else None
        except (ValueError, RecursionError):
            body = None
        ops = body.pop("ops", []) if isinstance(body, dict) else None
        problem = check.problem(row, body, ops if ops is not None else [])
        if problem:
            raise LedgerError(f"{shown}: event #{row['id']}: {problem}: choose another "
                              "backup")

