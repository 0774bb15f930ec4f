"""The timeline: every change of a tracked number, one row each, derived from events.

Charts of XP, level, renown, wealth and hero tokens over time read this small indexed
table instead of scanning history. It is an index, not a projection: each row is a
pure function of one event (its ops, day, session, kind, visibility and reason), so it
is written in the same transaction as the event, refilled by ``rebuild()``, and filled
for older ledgers by the migration that made it. Undo events invert ops, so an undone
award shows as a change back, with the undo's reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlite_utils

__all__ = ["TRACKED", "record", "rows_for"]

#: The numbers the timeline keeps, by projection table.
TRACKED: Mapping[str, tuple[str, ...]] = {
    "heroes": ("level", "xp", "victories", "renown", "wealth", "project_points"),
    "party": ("hero_tokens", "day", "session"),
}


def _reason(kind: str, payload: Mapping[str, Any]) -> str:
    reason = payload.get("reason")
    if isinstance(reason, str) and reason:
        return reason
    return str(payload.get("summary", kind))


def rows_for(
    event_id: int, kind: str, day: int, session: int | None, visibility: str,
    payload: Mapping[str, Any], ops: list[dict[str, Any]],
) -> list[dict[str, Any]]:
    """The timeline rows one event implies (none when it changes no tracked number)."""
    out: list[dict[str, Any]] = []
    for op in ops:
        fields = TRACKED.get(op["table"])
        if not fields:
            continue
        if op["op"] == "update":
            # In TRACKED order: the stored payload's keys are sorted, the live ones are not.
            changes = [(f, op["before"].get(f), op["after"][f]) for f in fields
                       if f in op["after"]]
        elif op["op"] == "insert":
            changes = [(f, None, op["row"][f]) for f in fields if f in op["row"]]
        else:
            changes = [(f, op["row"][f], None) for f in fields if f in op["row"]]
        for field, before, after in changes:
            out.append({
                "event_id": event_id, "day": day, "session": session, "tbl": op["table"],
                "key": str(op["key"]), "field": field, "before": before, "after": after,
                "visibility": visibility, "kind": kind, "reason": _reason(kind, payload),
            })
    return out


def record(db: sqlite_utils.Database, event_id: int, row: Mapping[str, Any],
           payload: Mapping[str, Any], ops: list[dict[str, Any]]) -> None:
    """Add the timeline rows of one event (inside the event's write transaction)."""
    rows = rows_for(event_id, row["kind"], row["day"], row["session"], row["visibility"],
                    payload, ops)
    if rows:
        db["timeline"].insert_all(rows)


#: Events are read in pages of this many rows when the timeline is refilled.
FILL_PAGE = 5_000


def fill(db: sqlite_utils.Database) -> int:
    """Empty the timeline and refill it from every event (inside a write); rows written."""
    import json

    db.execute("DELETE FROM timeline")
    last, count = 0, 0
    while True:
        page = list(db.query("SELECT id, kind, day, session, visibility, payload FROM events "
                             "WHERE id > ? ORDER BY id LIMIT ?", [last, FILL_PAGE]))
        if not page:
            return count
        rows: list[dict[str, Any]] = []
        for event in page:
            payload = json.loads(event["payload"] or "{}")
            rows += rows_for(event["id"], event["kind"], event["day"], event["session"],
                             event["visibility"], payload, payload.get("ops", []))
        if rows:
            db["timeline"].insert_all(rows)
        count += len(rows)
        last = page[-1]["id"]
