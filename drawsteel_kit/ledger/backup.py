"""Backups (SQLite's online backup API) and JSON export of history and state."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import sqlite_utils

from drawsteel_kit import __version__
from drawsteel_kit.errors import LedgerError
from drawsteel_kit.ledger.events import load_event
from drawsteel_kit.ledger.projections import snapshot
from drawsteel_kit.ledger.schema import schema_version

__all__ = ["backup", "export"]


def backup(db: sqlite_utils.Database, dest: str | Path) -> Path:
    """Copy the ledger to ``dest`` with SQLite's online backup: consistent during writes."""
    dest = Path(dest)
    if dest.exists():
        raise LedgerError(f"{dest} already exists: pick a new file name for the backup")
    dest.parent.mkdir(parents=True, exist_ok=True)
    target = sqlite3.connect(str(dest))
    try:
        db.conn.backup(target)
    finally:
        target.close()
    return dest


def export(db: sqlite_utils.Database, *, include_director: bool = True) -> dict[str, Any]:
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
