"""Backups (SQLite's online backup API) and JSON export of history and state."""

from __future__ import annotations

import datetime as dt
import errno
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drawsteel_kit import __version__
from drawsteel_kit.kit.errors import LedgerError
from drawsteel_kit.kit.ledger.connection import LEDGER_FILE
from drawsteel_kit.kit.ledger.events import load_event
from drawsteel_kit.kit.ledger.projections import snapshot
from drawsteel_kit.kit.ledger.schema import schema_version
from drawsteel_kit.kit.ledger.storage import SQLITE_FULL

if TYPE_CHECKING:
    from drawsteel_kit.kit.ledger.reader import LedgerDb

__all__ = ["backup", "backup_file", "export", "fresh_ledger"]


def _target(dest: str | Path) -> Path:
    """The backup's new file name, checked before anything is written."""
    text = str(dest)
    if not text.strip() or "\x00" in text or any(ch in text for ch in "\n\r"):
        raise LedgerError(f"{text!r} is not a usable file name for a backup: name a new file, "
                          "such as backups/before-the-finale.db")
    path = Path(dest)
    try:
        if path.exists() or path.is_symlink():  # a link, even dangling: never write through
            raise LedgerError(f"{path} already exists: pick a new file name for the backup")
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise LedgerError(f"cannot write a backup to {text!r} ({exc.strerror or exc}): "
                          "name a file in a folder you can write") from None
    return path


def _copy(source: sqlite3.Connection, dest: str | Path) -> Path:
    path = _target(dest)
    try:
        target = sqlite3.connect(str(path))
        try:
            source.backup(target)
        finally:
            target.close()
    except (OSError, sqlite3.OperationalError) as exc:
        path.unlink(missing_ok=True)
        full = (getattr(exc, "errno", None) == errno.ENOSPC
                or (getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF == SQLITE_FULL)
        fix = ("the disk is full: free some space on it, or name a file on another disk"
               if full else "name a file in a folder you can write")
        raise LedgerError(f"cannot write a backup to {str(dest)!r} ({exc}): {fix}") from None
    return path


def backup(db: LedgerDb, dest: str | Path) -> Path:
    """Copy the ledger to ``dest`` with SQLite's online backup: consistent during writes."""
    return _copy(db.conn, dest)


def backup_file(source: str | Path, dest: str | Path) -> Path:
    """Copy a ledger file as it is, whatever its schema version (before an upgrade, say)."""
    from drawsteel_kit.kit.ledger.connection import connect

    db = connect(source, readonly=True)
    try:
        return _copy(db.conn, dest)
    finally:
        db.close()


def export(db: LedgerDb, *, include_director: bool = True) -> dict[str, Any]:
    """History and current state as one JSON-ready dict."""
    query = "SELECT * FROM events"
    if not include_director:
        query += " WHERE visibility != 'director'"
    events = [load_event(r).as_dict() for r in db.query(query + " ORDER BY id")]
    state = snapshot(db)
    if not include_director:  # rows the Director keeps hidden: projects, treasure, NPCs, notes
        state = {table: [r for r in rows if r.get("visibility") != "director"]
                 for table, rows in state.items()}
    return {
        "format": "drawsteel-kit export",
        "version": __version__,
        "schema": schema_version(db),
        "state": state,
        "events": events,
    }


def fresh_ledger(folder: Path) -> Path | None:
    """Move an existing ledger aside (with its WAL files) so a demo starts clean; never
    deleted, each system's demo builder calls this first."""
    ledger = folder / LEDGER_FILE
    if not ledger.exists():
        return None
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    dest_dir = folder / "backups"
    dest_dir.mkdir(exist_ok=True)
    moved = dest_dir / f"ledger-before-demo-{stamp}.db"
    n = 1
    while moved.exists():  # two rebuilds in one second keep both old ledgers
        n += 1
        moved = dest_dir / f"ledger-before-demo-{stamp}-{n}.db"
    for suffix in ("", "-wal", "-shm"):
        part = ledger.with_name(ledger.name + suffix)
        if part.exists():
            part.rename(moved.with_name(moved.name + suffix))
    return moved
