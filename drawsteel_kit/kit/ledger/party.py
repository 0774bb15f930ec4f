"""The players' books: an in-memory copy of a ledger holding only what one viewer may see.

Player pages and the party export read this copy, never the ledger itself, so a row marked
for the Director cannot reach them by a forgotten filter: it is not in the database they
read. The rule for a change the viewer may not see is "the effect shows, the reason stays
the Director's": each hidden event that moved a number the viewer does see (a hero's renown,
wealth, XP, victories, level, project points; the party's hero tokens and day; a visible
sheet's tracked numbers) becomes one line such as "Adjusted by the Director: Val renown +2",
with no reason, note, source or name of what stayed hidden; every other hidden event is
left out. So the history players see always adds up to the numbers they see.

What the copy drops or rewrites:

* rows of ``projects``, ``inventory``, ``titles``, ``npcs``, ``notes`` and ``sheets`` the
  viewer may not see, and a hero's hidden titles from the hero's list of titles;
* every event's replay data (``ops``: the rows it changed, hidden ones among them), seed
  and dice of hidden events, and the names of hidden projects, NPCs and Draw Steel
  encounters wherever a visible text mentions them (shown as ``(hidden)``);
* the timeline's reason for each hidden change (the chart shows the step, not why);
* each visible sheet's data through its system's *face* (``faces``): what players see at
  the table, for instance a condition-sheet foe without its profile.

Building the copy is one pass over the ledger in SQLite (a backup, then set-wise deletes
and updates); only hidden events and sheets are touched in Python.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.ledger.reader import ReadDatabase
from drawsteel_kit.kit.ledger.schema import PROJECTIONS
from drawsteel_kit.kit.ledger.timeline import sheet_changes, visible_where

if TYPE_CHECKING:
    import sqlite_utils

__all__ = ["ADJUSTED", "HIDDEN", "Face", "adjustment_summary", "party_copy"]

#: How a hidden change's line begins: its effect shows, its reason does not.
ADJUSTED = "Adjusted by the Director"
#: What a visible text shows instead of a hidden project's, NPC's or encounter's name.
HIDDEN = "(hidden)"
#: A system's face for its sheets: (sheet kind, data, the campaign's settings) -> the data
#: players see (the settings say, for instance, whether a table reveals its foes).
Face = Callable[[str, dict[str, Any], dict[str, Any]], dict[str, Any]]

#: Projection tables whose rows carry their own visibility.
_VISIBLE_ROWS = ("projects", "inventory", "titles", "npcs", "notes", "sheets")
#: Words for the numbers an adjustment line names (others: the field name in words).
_PKS = {p.table: p.pk for p in PROJECTIONS}
#: Fields whose change has its own (hidden) row: a hero's list of titles.
_OWN_LINES = {("heroes", "titles")}
_LABELS = {"xp": "XP", "hp": "HP", "max_hp": "max HP", "hero_tokens": "hero tokens",
           "project_points": "project points"}


def _label(field: str) -> str:
    return _LABELS.get(field, field.replace("_", " "))


def _names(db: sqlite_utils.Database, where: str, params: list[Any]) -> list[str]:
    """Names of hidden things a visible text may mention (longest first): hidden projects,
    NPCs, and sheets of the kinds whose names the registry says are secrets."""
    from drawsteel_kit.kit.registry import secret_sheet_kinds

    kinds = secret_sheet_kinds()
    sheets = " OR ".join("(system = ? AND kind = ?)" for _ in kinds) or "0"
    found = {r[0] for r in db.execute(
        f"SELECT title FROM projects WHERE NOT ({where}) UNION "
        f"SELECT name FROM npcs WHERE NOT ({where}) UNION "
        f"SELECT name FROM sheets WHERE ({sheets}) AND NOT ({where})",
        params * 2 + [v for pair in kinds for v in pair] + params)}
    return sorted((n for n in found if isinstance(n, str) and n.strip()), key=len,
                  reverse=True)


def adjustment_summary(changes: list[tuple[str, str, Any, Any]]) -> str:
    """One hidden event's line from its (whose, field, before, after) changes."""
    parts: list[str] = []
    for whose, field, before, after in changes:
        if after is None:
            continue
        if isinstance(before, int) and isinstance(after, int):
            change = f"{after - before:+d}"
        elif isinstance(after, int) and not isinstance(after, bool):
            change = f"now {after}"
        else:
            change = str(after)
        parts.append(f"{whose} {_label(field)} {change}".strip())
    return f"{ADJUSTED}: {', '.join(parts)}" if parts else ADJUSTED


#: The column that names a row of each projection, for an adjustment line.
_NAMED_BY = {"heroes": "name", "projects": "title", "followers": "name", "inventory": "item",
             "titles": "title", "npcs": "name", "sheets": "name"}


def _whose(db: sqlite_utils.Database, table: str, key: Any) -> str | None:
    """The visible row's name ("party" for the party), or None when the viewer does not
    see that row (then the change stays hidden, line and all)."""
    if table == "party":
        return "party"
    column, pk = _NAMED_BY.get(table), _PKS.get(table)
    if column is None or pk is None:
        return None
    row = db.execute(f"SELECT [{column}] FROM [{table}] WHERE [{pk}] = ?", [key]).fetchone()
    return None if row is None else str(row[0])


def _op_changes(db: sqlite_utils.Database, op: Mapping[str, Any]
                ) -> list[tuple[str, str, Any, Any]]:
    """What one op of a hidden event changed that the viewer sees: (whose, what, before,
    after); numbers give their step, anything else only that it changed."""
    whose = _whose(db, op.get("table", ""), op.get("key"))
    if whose is None:
        return []
    if op["op"] != "update":
        return [(whose, "added" if op["op"] == "insert" else "removed", None, "")]
    if op["table"] == "sheets":
        found = [(whose, f, b, a) for f, b, a in sheet_changes(op)]
        return found or [(whose, "sheet", None, "changed")]
    return [(whose, field, op["before"].get(field), after if isinstance(after, int)
             and not isinstance(after, bool) else "changed")
            for field, after in op["after"].items()
            if (op["table"], field) not in _OWN_LINES]


def _redact_hidden_changes(db: sqlite_utils.Database, where: str, params: list[Any]) -> None:
    """Hidden events that changed something the viewer sees become adjustment lines; the
    rest go. Only the hidden events are read in Python (a campaign has few)."""
    hidden = f"NOT ({where})"
    # a change to a sheet the viewer does not see stays hidden, line and all
    db.execute("DELETE FROM timeline WHERE tbl = 'sheets' AND key NOT IN "
               "(SELECT key FROM sheets)")
    db.execute(f"UPDATE timeline SET visibility = 'party', kind = 'adjusted', reason = ? "
               f"WHERE {hidden}", [ADJUSTED, *params])
    for event_id, payload in db.execute(f"SELECT id, payload FROM events WHERE {hidden}",
                                        params).fetchall():
        try:
            ops = json.loads(payload or "{}").get("ops", [])
        except ValueError:
            ops = []
        found = [c for op in ops if isinstance(op, dict) for c in _op_changes(db, op)]
        if found:
            db.execute("UPDATE events SET kind = 'adjusted', visibility = 'party', "
                       "payload = ?, seed = NULL, dice = NULL, undoes = NULL, "
                       "operation = NULL WHERE id = ?",
                       [json.dumps({"summary": adjustment_summary(found)},
                                   ensure_ascii=False), event_id])
    db.execute(f"DELETE FROM events WHERE {hidden}", params)


def _drop_hidden_rows(db: sqlite_utils.Database, where: str, params: list[Any]) -> None:
    hidden_titles: dict[str, set[str]] = {}
    for hero, title in db.execute(f"SELECT hero, title FROM titles WHERE NOT ({where})",
                                  params).fetchall():
        hidden_titles.setdefault(hero, set()).add(title)
    for hero, titles in hidden_titles.items():
        row = db.execute("SELECT titles FROM heroes WHERE name = ?", [hero]).fetchone()
        if row is None:
            continue
        kept = [t for t in json.loads(row[0] or "[]") if t not in titles]
        db.execute("UPDATE heroes SET titles = ? WHERE name = ?",
                   [json.dumps(kept, sort_keys=True, ensure_ascii=False), hero])
    for table in _VISIBLE_ROWS:
        db.execute(f"DELETE FROM [{table}] WHERE NOT ({where})", params)


def _blank_names(db: sqlite_utils.Database, names: list[str]) -> None:
    """Hidden names out of every visible text: event payloads and timeline reasons."""
    for name in names:
        inner = json.dumps(name, ensure_ascii=False)[1:-1]  # as the payload's JSON holds it
        db.execute("UPDATE events SET payload = replace(payload, ?, ?) "
                   "WHERE instr(payload, ?) > 0", [inner, HIDDEN, inner])
        db.execute("UPDATE timeline SET reason = replace(reason, ?, ?) "
                   "WHERE instr(reason, ?) > 0", [name, HIDDEN, name])
    if names:  # a name that was part of an escape sequence leaves a payload unreadable
        db.execute("UPDATE events SET payload = json_object('summary', ?) "
                   "WHERE NOT json_valid(payload)", [HIDDEN])


def _face_sheets(db: sqlite_utils.Database, faces: Mapping[str, Face]) -> None:
    if not faces:
        return
    marks = ", ".join("?" for _ in faces)
    row = db.execute("SELECT settings FROM party").fetchone()
    settings = json.loads(row[0] or "{}") if row else {}
    for key, system, kind, data in db.execute(
            f"SELECT key, system, kind, data FROM sheets WHERE system IN ({marks})",
            list(faces)).fetchall():
        shown = faces[system](kind, json.loads(data or "{}"), settings)
        db.execute("UPDATE sheets SET data = ? WHERE key = ?",
                   [json.dumps(shown, sort_keys=True, ensure_ascii=False), key])


#: A payload key with this prefix is the Director's and one player's business (a player's own
#: hero file, say): no players' copy holds it.
PRIVATE = "private_"


def _drop_private_payload(copy: sqlite_utils.Database) -> None:
    rows = list(copy.query("SELECT id, payload FROM events WHERE json_valid(payload) AND "
                           "payload LIKE ?", [f'%"{PRIVATE}%']))
    for row in rows:
        payload = json.loads(row["payload"])
        if isinstance(payload, dict) and any(str(k).startswith(PRIVATE) for k in payload):
            kept = {k: v for k, v in payload.items() if not str(k).startswith(PRIVATE)}
            copy.execute("UPDATE events SET payload = ? WHERE id = ?",
                         [json.dumps(kept, ensure_ascii=False), row["id"]])


def party_copy(db: sqlite_utils.Database, viewer: str, *,
               faces: Mapping[str, Face] | None = None) -> ReadDatabase:
    """An in-memory copy of ``db`` holding only what ``viewer`` may see: ``"party"`` (party
    rows) or a hero's name (party rows and that hero's own ``hero:NAME`` rows).

    The Director (everything) has no party copy: ``viewer`` must name someone. The copy is
    built with plain statements and read like a read-only ledger (no sqlite-utils)."""
    if not isinstance(viewer, str) or not viewer:
        raise ValueError("a party copy is made for the party or one hero, not the Director")
    where, params = visible_where(viewer)
    conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    db.conn.backup(conn)
    copy = ReadDatabase(conn)
    copy.execute("PRAGMA foreign_keys = OFF")
    for trigger in ("events_no_update", "events_no_delete"):
        copy.execute(f"DROP TRIGGER IF EXISTS {trigger}")
    copy.execute("BEGIN")
    names = _names(copy, where, params)
    _drop_hidden_rows(copy, where, params)
    _redact_hidden_changes(copy, where, params)
    copy.execute("UPDATE events SET payload = json_remove(payload, '$.ops') "
                 "WHERE json_valid(payload)")
    _drop_private_payload(copy)
    _blank_names(copy, names)
    _face_sheets(copy, faces or {})
    copy.execute("COMMIT")
    return copy
