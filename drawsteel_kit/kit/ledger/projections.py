"""Projections: the current state, and rebuilding it by replaying every event.

A ledger's projection tables are the kit's and those of each system's set it holds
(:func:`.schema.projections`).
"""

from __future__ import annotations

import sqlite3
import sys
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.errors import LedgerError
from drawsteel_kit.kit.ledger import timeline
from drawsteel_kit.kit.ledger.events import apply_ops, load_event
from drawsteel_kit.kit.ledger.schema import projections

if TYPE_CHECKING:
    from drawsteel_kit.kit.ledger.reader import LedgerDb

__all__ = ["rebuild", "snapshot"]

#: Events are replayed in pages of this many rows, so a long history needs little memory.
REPLAY_PAGE = 5_000


def snapshot(
    db: LedgerDb, *, with_timeline: bool = False
) -> dict[str, list[dict[str, Any]]]:
    """Every projection table's rows (and the timeline's, a history index, when asked),
    sorted by key: comparable across rebuilds."""
    tables = [(p.table, p.pk) for p in projections(db)]
    if with_timeline:
        tables.append(("timeline", "id"))
    return {
        table: [dict(r) for r in db.query(f"SELECT * FROM [{table}] ORDER BY [{pk}]")]
        for table, pk in tables
    }


def rebuild(db: LedgerDb, *, check: bool = False) -> int:
    """Clear the projections and replay every event's ops. Must run inside a write.

    ``check``: each change must start from the rows the events before it left (a hero added
    is not there yet, a value changed had the value it says), so a repeated or edited event
    is found. An event that cannot be replayed raises ReplayError naming it.
    Returns the number of events replayed.
    """
    for p in reversed(projections(db)):
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
            _replay(db, row, check)
            count += 1
        last = rows[-1]["id"]


def _replay(db: LedgerDb, row: dict[str, Any], check: bool) -> None:
    """One event's ops applied; ReplayError when its payload or a change cannot be."""
    from drawsteel_kit.kit.ledger.history_check import ReplayError, op_problem

    summary = str(row.get("kind"))
    try:
        event = load_event(row)
        summary = event.summary
        for op in event.ops if check else ():
            problem = op_problem(db.conn, op)
            if problem:
                raise ReplayError(row["id"], summary, problem)
        apply_ops(db, event.ops)
    except ReplayError:
        raise
    except Exception as exc:
        if not _about_the_event(exc):
            raise
        raise ReplayError(row["id"], summary, f"cannot be applied ({exc})") from None


def _about_the_event(exc: Exception) -> bool:
    """An error an event's own content causes (not the disk's, not a lock's)."""
    if type(exc) is LedgerError or isinstance(exc, sqlite3.IntegrityError | KeyError |
                                              TypeError | ValueError | OverflowError):
        return True
    found = sys.modules.get("sqlite_utils.db")
    return found is not None and isinstance(exc, found.NotFoundError)
