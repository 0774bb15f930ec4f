"""Reads remembered inside one write transaction, so an operation reads each row once.

A long operation (a 28-day plan: hundreds of follower rolls) asks for the same heroes,
followers, party and projects again and again. While a write transaction is open nobody else
can change the ledger (``BEGIN IMMEDIATE`` holds the write lock), so a read made in it stays
true until this connection itself writes to that table. Every projection write goes through
:func:`drawsteel_kit.kit.ledger.events.apply_ops`, which forgets the tables it touches
(:func:`writing`); any other write on the connection (a rebuild, a raw statement) changes
SQLite's own count of changed rows, and then everything is forgotten. Outside a write
transaction nothing is remembered: every read goes to the file.

A value read from one row may come with a ``patch``: after an update of that row it is
given the changed columns exactly as SQLite now holds them (:func:`stored_values`, and only
whole numbers in INTEGER and text in TEXT columns, which SQLite keeps as they are), and
answers the row's new state; so a project rolled on every day is not read back and decoded
after each roll. A change it cannot be patched with is forgotten, as any other.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from drawsteel_kit.kit.ledger.connection import own_execute

if TYPE_CHECKING:
    from drawsteel_kit.kit.ledger.reader import LedgerDb

__all__ = ["active", "forget", "remember", "rows", "start", "stop", "stored_values", "writing",
           "wrote"]

_ATTR = "_dsk_memo"
#: A value read from the whole table (not from one row).
_WHOLE = object()
_T = TypeVar("_T")
#: A remembered value and a row's changed columns (as stored) -> the value now (None: unknown).
Patch = Callable[[Any, Mapping[str, Any]], Any]


def stored_values(values: Mapping[str, Any]) -> dict[str, Any]:
    """Projection values as they are written: lists and dicts as JSON text with sorted keys
    (the same bytes live and on replay), tuples as JSON text, the rest as they are."""
    return {
        k: json.dumps(v, sort_keys=True, ensure_ascii=False) if isinstance(v, list | dict)
        else json.dumps(v, default=repr, ensure_ascii=False) if isinstance(v, tuple) else v
        for k, v in values.items()
    }


class _Held:
    """One table's remembered values, and what each was read from."""

    __slots__ = ("by_row", "patches", "values", "whole")

    def __init__(self) -> None:
        self.values: dict[Any, Any] = {}
        self.by_row: dict[Any, set[Any]] = {}  # a row's key -> the values read from it alone
        self.whole: dict[Any, frozenset[str] | None] = {}  # the others -> columns (None: all)
        self.patches: dict[Any, Patch] = {}  # values read from one row that can be patched

    def forget(self, key: Any, changed: Collection[str] | None,
               stored: Callable[[], Mapping[str, Any] | None] | None = None) -> None:
        """Row ``key`` changed (``changed``: these columns; None: inserted or deleted);
        ``stored``: its changed columns as SQLite holds them (None: not known), with which
        the values read from it alone that can be patched are kept up to date."""
        names = self.by_row.pop(key, None)
        if names:
            kept: set[Any] = set()
            now = None
            for name in names:
                patch = self.patches.get(name)
                if patch is not None and stored is not None and name in self.values:
                    now = stored() if now is None else now
                    value = None if now is None else patch(self.values[name], now)
                    if value is not None:
                        self.values[name] = value
                        kept.add(name)
                        continue
                self.values.pop(name, None)
                self.patches.pop(name, None)
            if kept:
                self.by_row[key] = kept
        if not self.whole:
            return
        for name, columns in list(self.whole.items()):
            if changed is None or columns is None or not columns.isdisjoint(changed):
                del self.whole[name]
                self.values.pop(name, None)


class _Memo:
    """Remembered values by table, and the connection's change count they hold for."""

    __slots__ = ("inside", "seen", "tables", "types")

    def __init__(self, seen: int) -> None:
        self.seen = seen
        self.tables: dict[str, _Held] = {}
        self.inside = False  # in a writing() block: the outer block settles the count
        self.types: dict[str, dict[str, str]] = {}  # table -> column -> "int", "text", ""

    def affinities(self, db: LedgerDb, table: str) -> dict[str, str]:
        """Each column's kind of value SQLite keeps as given: "int", "text" or "" (other)."""
        found = self.types.get(table)
        if found is None:
            found = self.types[table] = {}
            for row in own_execute(db.conn, f"PRAGMA table_info([{table}])").fetchall():
                declared = str(row[2]).upper()
                found[row[1]] = ("int" if "INT" in declared else "text" if any(
                    t in declared for t in ("CHAR", "CLOB", "TEXT")) else "")
        return found


def start(db: LedgerDb) -> None:
    """A write transaction began: remember from now on."""
    setattr(db, _ATTR, _Memo(db.conn.total_changes))


def stop(db: LedgerDb) -> None:
    """The write transaction ended (committed or rolled back): forget everything."""
    if getattr(db, _ATTR, None) is not None:
        setattr(db, _ATTR, None)


def _current(db: LedgerDb) -> _Memo | None:
    memo: _Memo | None = getattr(db, _ATTR, None)
    if memo is None or not db.conn.in_transaction:
        return None
    changes = db.conn.total_changes
    if changes != memo.seen:  # a write that did not say what it touched
        memo.tables.clear()
        memo.types.clear()
        memo.seen = changes
    return memo


def active(db: LedgerDb) -> bool:
    """True inside a write transaction, where reads are remembered."""
    return _current(db) is not None


def remember(db: LedgerDb, table: str, key: Any, read: Callable[[], _T], *,
             row: Any = _WHOLE, columns: Iterable[str] | None = None,
             patch: Patch | None = None) -> _T:
    """``read()``, or what it gave last time in this transaction (``table`` unchanged since).

    ``row``: the value is read from that one row (by its key), so only a change to it
    forgets the value (or, with ``patch``, updates it: see the module doc); else
    ``columns``: only a change to them (None: any) forgets it.
    The value is shared: callers get it as it is and must not change it (frozen states)."""
    memo = _current(db)
    if memo is None:
        return read()
    held = memo.tables.get(table)
    if held is None:
        held = memo.tables[table] = _Held()
    try:
        return held.values[key]
    except KeyError:
        value = held.values[key] = read()
        if row is _WHOLE:
            held.whole[key] = None if columns is None else frozenset(columns)
        else:
            held.by_row.setdefault(row, set()).add(key)
            if patch is not None:
                held.patches[key] = patch
        return value


def _as_stored(memo: _Memo, db: LedgerDb, table: str,
               after: Mapping[str, Any]) -> dict[str, Any] | None:
    """An update's new values as SQLite holds them, or None when SQLite may have changed
    them on the way in (a number in a text column, a flag, a fraction ...)."""
    kinds = memo.affinities(db, table)
    out = stored_values(after)
    for name, value in out.items():
        kind = kinds.get(name)
        if not (value is None or (type(value) is int and kind == "int")
                or (type(value) is str and kind == "text")):
            return None
    return out


def forget(db: LedgerDb, ops: Iterable[Mapping[str, Any]] | None = None, *,
           patch: bool = False) -> None:
    """Forget what the projection ``ops`` may have changed (None: everything); ``patch``:
    the ops were applied, so values that can be patched with an update are kept, patched."""
    memo: _Memo | None = getattr(db, _ATTR, None)
    if memo is None:
        return
    if ops is None:
        memo.tables.clear()
        return
    for op in ops:
        table = op["table"]
        held = memo.tables.get(table)
        if held is None:
            continue
        if op["op"] != "update":
            held.forget(op["key"], None)
            continue
        after = op["after"]
        stored = ((lambda m=memo, t=table, a=after: _as_stored(m, db, t, a))
                  if patch else None)
        held.forget(op["key"], after.keys(), stored)


class _Writing:
    """What :func:`writing` gives: a plain context manager (it wraps every event written)."""

    __slots__ = ("db", "memo", "ops")

    def __init__(self, db: LedgerDb, ops: Sequence[Mapping[str, Any]]) -> None:
        self.db, self.ops = db, ops
        self.memo: _Memo | None = None

    def __enter__(self) -> None:
        held: _Memo | None = getattr(self.db, _ATTR, None)
        # First notice any write made before this one; inside an outer block (an event's
        # append, which settles the count at its end) its own writes are not such writes.
        memo = None if held is not None and held.inside else _current(self.db)
        if memo is not None:
            memo.inside = True
        self.memo = memo

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        memo, db = self.memo, self.db
        if memo is None:
            forget(db, self.ops)
            return
        memo.inside = False
        if kind is not None:
            forget(db)  # a half-applied op: trust nothing
            return
        forget(db, self.ops, patch=True)
        memo.seen = db.conn.total_changes


def writing(db: LedgerDb, ops: Sequence[Mapping[str, Any]]) -> _Writing:
    """The block applies these projection ops (and writes tables nobody remembers, events and
    the timeline): afterwards what they may have changed is forgotten (or patched: see the
    module doc); after a failure, everything."""
    return _Writing(db, ops)


def wrote(db: LedgerDb, changes: int) -> None:
    """The write path inserted rows nobody remembers (events held back, now in), counted
    from ``changes``: what was remembered before still holds, if it held then."""
    memo: _Memo | None = getattr(db, _ATTR, None)
    if memo is not None and memo.seen == changes:
        memo.seen = db.conn.total_changes


def rows(db: LedgerDb, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
    """A SELECT's rows as dicts, straight from the connection (what ``db.query`` gives, with
    none of its per-call parsing of the statement: these reads run for every roll; a read of
    a projection, it needs no events held back inserted first)."""
    cursor = own_execute(db.conn, sql, params)
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
