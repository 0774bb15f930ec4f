"""The books as they stand: which events' changes an undo has taken back.

History keeps everything (an undo appends its inverse, and may itself be undone), but what
players read (every chart's lines, their history) shows only what stands: an undone event
and its undo leave it together. An event is *undone* when an undo that counts names it (an
undo counts unless it is undone itself, :func:`undone_ids`); the changes the books no longer
draw (:func:`not_drawn`) are those of every undo event and of every undone event.

The ``timeline`` keeps this as its ``undone`` column (migration 0009): each change is marked
when the undo that takes it back is written (:func:`after_undo`), and again on ``rebuild``
and by the migration (:func:`mark_all`), so a replay gives the same marks. Readers take
:func:`standing_where`; a ledger read before its upgrade has no marks, and they are worked
out from its events instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drawsteel_kit.kit.ledger import memo

__all__ = ["LEFT_OUT", "after_undo", "copy_conditions", "mark_all", "marked", "not_drawn",
           "standing_where", "undo_pairs", "undone_ids"]

#: Where a database remembers that its timeline has the ``undone`` column.
_MARKED = "_dsk_timeline_marked"
#: Event ids per UPDATE when every mark is set at once.
_CHUNK = 500


def undo_pairs(db: Any, events: str = "events") -> dict[int, int]:
    """Each undo event's id and the id of the event it undoes (``events``: the table)."""
    # "> 0" (an event id), not "IS NOT NULL": SQLite takes the index through a players'
    # copy's view for the one, not the other
    return dict(db.execute(f"SELECT id, undoes FROM {events} WHERE undoes > 0").fetchall())


def undone_ids(pairs: Mapping[int, int]) -> set[int]:
    """Ids of events undone by an undo that counts (one not undone itself)."""
    undone: set[int] = set()
    for undo_id in sorted(pairs, reverse=True):  # newest first: an undone undo does not count
        if undo_id not in undone:
            undone.add(pairs[undo_id])
    return undone


def not_drawn(pairs: Mapping[int, int]) -> set[int]:
    """The events whose changes the books as they stand leave out: undos, and what they
    undid (an undone undo and the undo of it cancel out; the event they name stands)."""
    return set(pairs) | undone_ids(pairs)


def marked(db: Any) -> bool:
    """Whether the timeline has its ``undone`` marks (a ledger upgraded through 0009, or a
    players' copy of any ledger). Remembered once seen: a column is never taken away."""
    if getattr(db, _MARKED, False):
        return True
    found = any(r[1] == "undone" for r in db.execute("PRAGMA table_info(timeline)").fetchall())
    if found:
        setattr(db, _MARKED, True)
    return found


def standing_where(db: Any) -> str:
    """A WHERE condition on ``timeline`` keeping the changes that stand: its marks, or on a
    ledger not upgraded yet, the events :func:`not_drawn` left out by id."""
    if marked(db):
        return "undone = 0"
    left_out = sorted(not_drawn(undo_pairs(db)))
    return f"event_id NOT IN ({', '.join(map(str, left_out))})" if left_out else "1"


def after_undo(db: Any, undo_id: int) -> None:
    """Mark what the undo ``undo_id`` (just appended) changes: its own changes, and those of
    the event at the root of its chain of undos (undone, or standing again when the undo
    took back an undo of it)."""
    pairs = undo_pairs(db)
    root = undo_id
    while root in pairs:
        root = pairs[root]
    changes = db.conn.total_changes
    db.execute("UPDATE timeline SET undone = 1 WHERE event_id = ?", [undo_id])
    db.execute("UPDATE timeline SET undone = ? WHERE event_id = ?",
               [int(root in undone_ids(pairs)), root])
    memo.wrote(db, changes)  # the timeline only: what the operation remembered still holds


def mark_all(db: Any) -> None:
    """Mark every change of the events :func:`not_drawn` (the timeline's marks all 0)."""
    left_out = sorted(not_drawn(undo_pairs(db)))
    for start in range(0, len(left_out), _CHUNK):
        chunk = left_out[start:start + _CHUNK]
        db.execute(f"UPDATE timeline SET undone = 1 WHERE event_id IN "
                   f"({', '.join('?' for _ in chunk)})", chunk)


#: A players' copy's table of the events it leaves out (:func:`copy_conditions`).
LEFT_OUT = "temp.dsk_left_out"


def copy_conditions(db: Any) -> tuple[str, str, str]:
    """For a players' copy, before its views are made: what its ``events`` and ``timeline``
    views add to their WHERE so that they hold only what stands (no undone event, no undo),
    and the column its timeline adds (``undone``, for a ledger not upgraded yet). The events
    left out are kept in a temp table (none: nothing is added)."""
    left_out = sorted(not_drawn(undo_pairs(db, "main.events")))
    has_marks = any(r[1] == "undone" for r in
                    db.execute("PRAGMA main.table_info(timeline)").fetchall())
    if not left_out:
        return "", "", "" if has_marks else ", 0 AS undone"
    db.execute(f"CREATE TEMP TABLE {LEFT_OUT.split('.')[1]} (id INTEGER PRIMARY KEY)")
    db.conn.executemany(f"INSERT INTO {LEFT_OUT} (id) VALUES (?)", [(i,) for i in left_out])
    events = f" AND id NOT IN (SELECT id FROM {LEFT_OUT})"
    if has_marks:
        return events, " AND undone = 0", ""
    return events, f" AND event_id NOT IN (SELECT id FROM {LEFT_OUT})", ", 0 AS undone"
