"""Projections: the current state, and rebuilding it by replaying every event."""

from __future__ import annotations

from typing import Any

import sqlite_utils

from drawsteel_kit.ledger.events import apply_ops, load_event
from drawsteel_kit.ledger.schema import PROJECTIONS

__all__ = ["rebuild", "snapshot"]

#: Events are replayed in pages of this many rows, so a long history needs little memory.
REPLAY_PAGE = 5_000


def snapshot(db: sqlite_utils.Database) -> dict[str, list[dict[str, Any]]]:
    """Every projection table's rows, sorted by key: comparable across rebuilds."""
    return {
        p.table: [dict(r) for r in db.query(f"SELECT * FROM [{p.table}] ORDER BY [{p.pk}]")]
        for p in PROJECTIONS
    }


def rebuild(db: sqlite_utils.Database) -> int:
    """Clear the projections and replay every event's ops. Must run inside a write.

    Returns the number of events replayed.
    """
    for p in reversed(PROJECTIONS):
        db.execute(f"DELETE FROM [{p.table}]")
    count = 0
    last = 0
    while True:
        rows = list(
            db.query(
                "SELECT * FROM events WHERE id > ? ORDER BY id LIMIT ?", [last, REPLAY_PAGE]
            )
        )
        if not rows:
            return count
        for row in rows:
            apply_ops(db, load_event(row).ops)
            count += 1
        last = rows[-1]["id"]
