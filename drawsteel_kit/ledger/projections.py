"""Projections: the current state, and rebuilding it by replaying every event."""

from __future__ import annotations

from typing import Any

import sqlite_utils

from drawsteel_kit.ledger import timeline
from drawsteel_kit.ledger.events import apply_ops, load_event
from drawsteel_kit.ledger.schema import PROJECTIONS

__all__ = ["rebuild", "snapshot"]

#: Events are replayed in pages of this many rows, so a long history needs little memory.
REPLAY_PAGE = 5_000


def snapshot(
    db: sqlite_utils.Database, *, with_timeline: bool = False
) -> dict[str, list[dict[str, Any]]]:
    """Every projection table's rows (and the timeline's, a history index, when asked),
    sorted by key: comparable across rebuilds."""
    tables = [(p.table, p.pk) for p in PROJECTIONS]
    if with_timeline:
        tables.append(("timeline", "id"))
    return {
        table: [dict(r) for r in db.query(f"SELECT * FROM [{table}] ORDER BY [{pk}]")]
        for table, pk in tables
    }


def rebuild(db: sqlite_utils.Database) -> int:
    """Clear the projections and replay every event's ops. Must run inside a write.

    Returns the number of events replayed.
    """
    for p in reversed(PROJECTIONS):
        db.execute(f"DELETE FROM [{p.table}]")
    count = 0
    timeline.fill(db)
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
