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

* rows the viewer may not see of each table whose rows carry their own visibility (notes,
  sheets; Draw Steel's projects, inventory, titles, NPCs: each projection says,
  :class:`.Projection`), and what a system's set trims besides (a Draw Steel hero's hidden
  titles from the hero's list of titles);
* every event's replay data (``ops``: the rows it changed, hidden ones among them), seed
  and dice of hidden events, and the names of hidden things (Draw Steel's projects and NPCs,
  a system's secret sheets: see :mod:`.party_names`) wherever a visible text mentions them, however
  it is written (shown as ``(hidden)``, :mod:`drawsteel_kit.kit.redact`): an event's
  words, a timeline reason, a note's text, an NPC's or an item's notes, a visible sheet;
* the timeline's reason for each hidden change (the chart shows the step, not why);
* every undone event and every undo, and their changes (the books as they stand);
* each visible sheet's data through its system's *face* (``faces``): what players see at
  the table, for instance a condition-sheet foe without its profile.

A copy holds the ledger as it was when it was made (a read transaction keeps that snapshot;
the Director's writes go on). The short tables (heroes, sheets, notes...) are copied and
trimmed; what grows with the campaign (``events``, ``timeline``, Draw Steel's ``projects``) is read
through views that filter and rewrite each row as a page reads it, so a copy of a
million-event campaign costs what a short one does. A hidden event's adjustment line too is
worked out as a page reads that event (an index walks the hidden events in id order beside
the visible ones). SQLite's authorizer then refuses any read of the ledger's own tables
except through those views: nothing left out of the copy can be reached by a query.
"""

from __future__ import annotations

import functools
import json
import re
import sqlite3
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.ledger.party_names import blank_rows, redactor, shown_payload
from drawsteel_kit.kit.ledger.reader import ReadDatabase
from drawsteel_kit.kit.ledger.registered import every_projection
from drawsteel_kit.kit.ledger.schema import held, projections
from drawsteel_kit.kit.ledger.standing import copy_conditions
from drawsteel_kit.kit.ledger.timeline import sheet_changes, visible_where
from drawsteel_kit.kit.redact import HIDDEN

if TYPE_CHECKING:
    from drawsteel_kit.kit.ledger.reader import LedgerDb

__all__ = ["ADJUSTED", "HIDDEN", "Face", "adjustment_summary", "party_copy"]

#: How a hidden change's line begins: its effect shows, its reason does not.
ADJUSTED = "Adjusted by the Director"
#: A system's face for its sheets: (sheet kind, data, the campaign's settings) -> the data
#: players see (the settings say, for instance, whether a table reveals its foes).
Face = Callable[[str, dict[str, Any], dict[str, Any]], dict[str, Any]]

#: Words for the numbers an adjustment line names (others: the field name in words).
_LABELS = {"xp": "XP", "hp": "HP", "max_hp": "max HP", "hero_tokens": "hero tokens",
           "project_points": "project points"}


def _label(field: str) -> str:
    return _LABELS.get(field, field.replace("_", " "))


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


def _own_lines() -> set[tuple[str, str]]:
    """Fields whose change has its own (hidden) row: a Draw Steel hero's list of titles."""
    return {(p.table, f) for p in every_projection().values() for f in p.own_lines}


def _whose(db: LedgerDb, table: str, key: Any) -> str | None:
    """The visible row's name ("party" for the party), or None when the viewer does not
    see that row (then the change stays hidden, line and all)."""
    if table == "party":
        return "party"
    found = every_projection().get(table)
    column, pk = (found.named_by, found.pk) if found else ("", None)
    if not column or pk is None:
        return None
    row = db.execute(f"SELECT [{column}] FROM [{table}] WHERE [{pk}] = ?", [key]).fetchone()
    return None if row is None else str(row[0])


def _op_changes(db: LedgerDb, op: Mapping[str, Any],
                whose_of: Callable[[str, Any], str | None] | None = None,
                ) -> list[tuple[str, str, Any, Any]]:
    """What one op of a hidden event changed that the viewer sees: (whose, what, before,
    after); numbers give their step, anything else only that it changed."""
    whose = (whose_of or functools.partial(_whose, db))(op.get("table", ""), op.get("key"))
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
            if (op["table"], field) not in _own_lines()]


def _adjusted(db: ReadDatabase, shown: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """A hidden event's adjustment line (its payload as players see it), or None when it
    changed nothing the viewer sees (it stays out). Run by SQLite on each hidden event a page
    reads (``dsk_adjusted``), not on every hidden event the campaign has."""
    whose_of = functools.lru_cache(maxsize=None)(functools.partial(_whose, db))

    @functools.lru_cache(maxsize=4096)  # each row asks twice: is it a line, and which
    def adjusted(payload: Any) -> Any:
        try:
            ops = json.loads(payload or "{}").get("ops", [])
        except (TypeError, ValueError, AttributeError):
            ops = []
        found = [c for op in ops if isinstance(op, dict)
                 for c in _op_changes(db, op, whose_of)]
        if not found:
            return None
        return shown(json.dumps({"summary": adjustment_summary(found)}, ensure_ascii=False))

    return adjusted


def _drop_hidden_rows(db: ReadDatabase, where: str, params: list[Any]) -> None:
    """Each held set's own trimming (before its hidden rows go), then the rows the viewer may
    not see of every copied table whose rows carry their own visibility."""
    for found in held(db):
        if found.trim is not None:
            found.trim(db, where, params)
    for p in projections(db):
        if p.visible_rows and not p.viewed:
            db.execute(f"DELETE FROM temp.[{p.table}] WHERE NOT ({where})", params)


def _face_sheets(db: LedgerDb, faces: Mapping[str, Face]) -> None:
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


#: Tables of the ledger a copy reads as they are: the schema and the migrations applied.
_OPEN_TABLES = frozenset({"sqlite_master", "sqlite_schema", "sqlite_sequence",
                          "_sqlite_migrations"})
#: Tables read through a view (they grow with the campaign): the others are copied, trimmed.
#: Besides these, each projection ``viewed`` (:func:`_viewed`).
_VIEWED = ("events", "timeline")


def _viewed(db: ReadDatabase) -> tuple[str, ...]:
    """The ledger's tables a copy reads through a view."""
    return (*_VIEWED, *(p.table for p in projections(db) if p.viewed))


def _snapshot(db: LedgerDb) -> sqlite3.Connection:
    """A connection whose ``main`` is the ledger as last committed, and stays so while it
    is open: a read-only connection to the ledger's file holding a read transaction (WAL
    keeps its snapshot; writers go on), or, for a ledger in memory or not in WAL mode
    (read as it is from a read-only disk), a copy in memory (SQLite's backup)."""
    from drawsteel_kit.kit.ledger.connection import connect

    files = {name: file for _, name, file in db.execute("PRAGMA database_list").fetchall()}
    wal = str(db.execute("PRAGMA journal_mode").fetchone()[0]).lower() == "wal"
    if files.get("main") and wal:
        conn = connect(files["main"], readonly=True).conn
    else:
        conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        db.conn.backup(conn)
    conn.execute("PRAGMA foreign_keys = OFF")
    conn.execute("PRAGMA temp_store = MEMORY")  # the copied tables: never a file on disk
    conn.execute("PRAGMA ignore_check_constraints = ON")  # the ledger's rows passed them
    conn.execute("BEGIN")
    conn.execute("SELECT count(*) FROM main.sqlite_master").fetchone()  # the snapshot
    return conn


def _copy_tables(db: ReadDatabase, viewed: tuple[str, ...]) -> None:
    """Every table but the long ones into ``temp``, with its indexes (they shadow main's)."""
    tables = db.execute(
        "SELECT name, sql FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE "
        f"'sqlite_%' AND name NOT IN ({', '.join('?' for _ in (*_OPEN_TABLES, *viewed))})",
        [*_OPEN_TABLES, *viewed]).fetchall()
    for name, sql in tables:
        db.execute(re.sub(r"^\s*CREATE\s+TABLE\s", "CREATE TEMP TABLE ", sql, count=1,
                          flags=re.IGNORECASE))
        db.execute(f"INSERT INTO temp.[{name}] SELECT * FROM main.[{name}]")
    marks = ", ".join("?" for _ in tables)
    for (sql,) in db.execute(f"SELECT sql FROM main.sqlite_master WHERE type = 'index' AND "
                             f"sql IS NOT NULL AND tbl_name IN ({marks})",
                             [name for name, _ in tables]).fetchall():
        db.execute(re.sub(r"^\s*CREATE\s+(UNIQUE\s+)?INDEX\s+", r"CREATE \1INDEX temp.", sql,
                          count=1, flags=re.IGNORECASE))


def _literal(where: str, params: list[Any]) -> str:
    """``where`` with its parameters written in as SQL strings (a view takes none)."""
    for value in params:
        text = str(value)
        if "\0" in text:
            raise ValueError("a name with a NUL character cannot be a viewer")
        where = where.replace("?", "'" + text.replace("'", "''") + "'", 1)
    return where


def _views(db: ReadDatabase, visible: str, viewed: tuple[str, ...]) -> None:
    """``events``, ``timeline`` and each viewed projection as the viewer sees them, read on
    demand: visible events (``dsk_shown``) merged in id order with the hidden ones that
    become lines (``dsk_adjusted``; each column keeps its type, so a page of the newest
    events reads that page); timeline rows of visible rows, hidden changes as adjustments;
    the visible rows of a viewed projection (Draw Steel's projects).
    Neither holds an undone event or an undo (:func:`.standing.copy_conditions`)."""
    kept, kept_changes, marks = copy_conditions(db)
    info = [(r[1], r[2] or "TEXT") for r in db.execute("PRAGMA main.table_info(events)")]
    shown = [f"CAST(dsk_shown({c}) AS {t}) AS {c}" if c == "payload" else c for c, t in info]
    line = {"kind": "'adjusted'", "visibility": "'party'", "payload": "dsk_adjusted(payload)",
            "seed": "NULL", "dice": "NULL", "undoes": "NULL", "operation": "NULL"}
    lines = [f"CAST({line[c]} AS {t}) AS {c}" if c in line else c for c, t in info]
    walk = ("INDEXED BY events_hidden_order" if db.execute(  # an older ledger: a scan
        "SELECT 1 FROM main.sqlite_master WHERE type = 'index' AND name = "
        "'events_hidden_order'").fetchone() else "")
    db.execute(f"CREATE TEMP VIEW events AS SELECT {', '.join(shown)} FROM main.events "
               f"WHERE {visible}{kept} UNION ALL SELECT {', '.join(lines)} FROM main.events "
               f"{walk} WHERE visibility <> 'party' AND NOT ({visible}) "
               f"AND dsk_adjusted(payload) IS NOT NULL{kept}")
    hidden = {"visibility": "'party'", "kind": "'adjusted'",
              "reason": "'" + ADJUSTED.replace("'", "''") + "'"}
    columns = [r[1] for r in db.execute("PRAGMA main.table_info(timeline)").fetchall()]
    seen = [(f"CAST(CASE WHEN {visible} THEN "
             f"{'dsk_text(reason)' if c == 'reason' else c} ELSE {hidden[c]} END AS TEXT) "
             f"AS {c}") if c in hidden else c for c in columns]
    db.execute(f"CREATE TEMP VIEW timeline AS SELECT {', '.join(seen)}{marks} FROM "
               "main.timeline WHERE NOT (tbl = 'sheets' AND key NOT IN (SELECT key FROM "
               f"temp.sheets)){kept_changes}")
    for table in viewed[len(_VIEWED):]:
        db.execute(f"CREATE TEMP VIEW [{table}] AS SELECT * FROM main.[{table}] WHERE {visible}")


#: All a finished copy answers: reads, and savepoints (sqlite-utils' queries run in one).
_ANSWERED = frozenset({sqlite3.SQLITE_READ, sqlite3.SQLITE_SELECT, sqlite3.SQLITE_FUNCTION,
                       sqlite3.SQLITE_PRAGMA, sqlite3.SQLITE_RECURSIVE, sqlite3.SQLITE_SAVEPOINT})


def _through_views_only(viewed: tuple[str, ...]) -> Callable[..., int]:
    """SQLite's authorizer on a finished copy: the ledger's tables are read through the
    viewer's views only (each its own table, one of ``viewed``), and nothing is made or
    changed: a new view, trigger or WITH would read them as ours do, a changed row undo a
    filter, and an ended read transaction (a savepoint inside it cannot end it) show rows
    written later, whose hidden names the copy never learnt."""
    through = frozenset(viewed)

    def authorize(action: int, table: str | None, _column: str | None,
                  database: str | None, view: str | None) -> int:
        if action not in _ANSWERED or (
                action == sqlite3.SQLITE_READ and database == "main"
                and table not in _OPEN_TABLES and not (view == table and view in through)):
            return sqlite3.SQLITE_DENY
        return sqlite3.SQLITE_OK

    return authorize


def party_copy(db: LedgerDb, viewer: str, *,
               faces: Mapping[str, Face] | None = None) -> ReadDatabase:
    """A copy of ``db`` holding only what ``viewer`` may see: ``"party"`` (party rows) or a
    hero's name (party rows and that hero's own ``hero:NAME`` rows), as the ledger is now.
    The Director (everything) has no party copy: ``viewer`` must name someone. The copy is
    read like a read-only ledger (no sqlite-utils), and answers reads only."""
    if not isinstance(viewer, str) or not viewer:
        raise ValueError("a party copy is made for the party or one hero, not the Director")
    where, params = visible_where(viewer)
    conn = _snapshot(db)
    copy = ReadDatabase(conn)
    try:
        viewed = _viewed(copy)
        _copy_tables(copy, viewed)
        redact = redactor(copy, where, params)
        _drop_hidden_rows(copy, where, params)
        _face_sheets(copy, faces or {})
        blank_rows(copy, redact)
        shown = shown_payload(redact)
        conn.create_function("dsk_shown", 1, shown, deterministic=True)
        conn.create_function("dsk_adjusted", 1, _adjusted(copy, shown), deterministic=True)
        conn.create_function("dsk_text", 1, redact.value, deterministic=True)
        _views(copy, _literal(where, params), viewed)
        conn.set_authorizer(_through_views_only(viewed))
    except BaseException:
        conn.close()
        raise
    return copy
