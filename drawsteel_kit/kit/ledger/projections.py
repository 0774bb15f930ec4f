"""Projections: the current state, and rebuilding it by replaying every event.

Besides ``snapshot`` and ``rebuild``, the bounded reads the pages need from a projection
that grows with the campaign's age (finished projects pile up): each reads only the rows
it returns, however many projects a long campaign has finished.
"""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.errors import LedgerError
from drawsteel_kit.kit.ledger import timeline
from drawsteel_kit.kit.ledger.events import apply_ops, load_event
from drawsteel_kit.kit.ledger.schema import PROJECTIONS

if TYPE_CHECKING:
    import sqlite_utils

__all__ = ["finished_projects", "hidden_project_titles", "projects_by_id", "rebuild",
           "snapshot"]

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


def rebuild(db: sqlite_utils.Database, *, check: bool = False) -> int:
    """Clear the projections and replay every event's ops. Must run inside a write.

    ``check``: each change must start from the rows the events before it left (a hero added
    is not there yet, a value changed had the value it says), so a repeated or edited event
    is found. An event that cannot be replayed raises ReplayError naming it.
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
            _replay(db, row, check)
            count += 1
        last = rows[-1]["id"]


def _replay(db: sqlite_utils.Database, row: dict[str, Any], check: bool) -> None:
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


def finished_projects(db: sqlite_utils.Database, *, hero: str | None = None,
                      visible_to: str | None = None, limit: int) -> list[dict[str, Any]]:
    """The last ``limit`` finished projects the viewer may see (one hero's when named),
    newest first: a walk back from the newest project that stops at ``limit``."""
    vis, params = timeline.visible_where(visible_to)
    sql = f"SELECT * FROM projects WHERE status = 'complete' AND {vis}"
    if hero is not None:
        sql += " AND hero = ?"
        params.append(hero)
    return list(db.query(sql + " ORDER BY id DESC LIMIT ?", [*params, limit]))


def projects_by_id(db: sqlite_utils.Database, ids: Iterable[int]) -> list[dict[str, Any]]:
    """The projects with these ids, oldest first."""
    wanted = sorted(set(ids))
    if not wanted:
        return []
    marks = ", ".join("?" for _ in wanted)
    return list(db.query(f"SELECT * FROM projects WHERE id IN ({marks}) ORDER BY id", wanted))


def hidden_project_titles(db: sqlite_utils.Database, visible_to: str | None) -> list[str]:
    """Titles of the projects the viewer may not see (none for the Director)."""
    if visible_to is None:
        return []
    vis, params = timeline.visible_where(visible_to)
    return [r["title"] for r in db.query(  # the first term: an index of the hidden ones
        f"SELECT title FROM projects WHERE visibility <> 'party' AND NOT ({vis})", params)]
