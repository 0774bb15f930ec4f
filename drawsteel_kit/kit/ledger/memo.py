"""Reads remembered inside one write transaction, so an operation reads each row once.

A long operation (a 28-day plan: hundreds of follower rolls) asks for the same heroes,
followers, party and projects again and again. While a write transaction is open nobody else
can change the ledger (``BEGIN IMMEDIATE`` holds the write lock), so a read made in it stays
true until this connection itself writes to that table. Every projection write goes through
:func:`drawsteel_kit.kit.ledger.events.apply_ops`, which forgets the tables it touches
(:func:`writing`); any other write on the connection (a rebuild, a raw statement) changes
SQLite's own count of changed rows, and then everything is forgotten. Outside a write
transaction nothing is remembered: every read goes to the file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    import sqlite_utils

__all__ = ["active", "forget", "remember", "rows", "start", "stop", "writing"]

_ATTR = "_dsk_memo"
#: A value read from the whole table (not from one row).
_WHOLE = object()
_T = TypeVar("_T")


class _Held:
    """One table's remembered values, and what each was read from."""

    __slots__ = ("by_row", "values", "whole")

    def __init__(self) -> None:
        self.values: dict[Any, Any] = {}
        self.by_row: dict[Any, set[Any]] = {}  # a row's key -> the values read from it alone
        self.whole: dict[Any, frozenset[str] | None] = {}  # the others -> columns (None: all)

    def forget(self, key: Any, changed: set[str] | None) -> None:
        """Row ``key`` changed (``changed``: these columns; None: inserted or deleted)."""
        for name in self.by_row.pop(key, ()):
            self.values.pop(name, None)
        for name, columns in list(self.whole.items()):
            if changed is None or columns is None or not changed.isdisjoint(columns):
                del self.whole[name]
                self.values.pop(name, None)


class _Memo:
    """Remembered values by table, and the connection's change count they hold for."""

    __slots__ = ("inside", "seen", "tables")

    def __init__(self, seen: int) -> None:
        self.seen = seen
        self.tables: dict[str, _Held] = {}
        self.inside = False  # in a writing() block: the outer block settles the count


def start(db: sqlite_utils.Database) -> None:
    """A write transaction began: remember from now on."""
    setattr(db, _ATTR, _Memo(db.conn.total_changes))


def stop(db: sqlite_utils.Database) -> None:
    """The write transaction ended (committed or rolled back): forget everything."""
    if getattr(db, _ATTR, None) is not None:
        setattr(db, _ATTR, None)


def _current(db: sqlite_utils.Database) -> _Memo | None:
    memo: _Memo | None = getattr(db, _ATTR, None)
    if memo is None or not db.conn.in_transaction:
        return None
    changes = db.conn.total_changes
    if changes != memo.seen:  # a write that did not say what it touched
        memo.tables.clear()
        memo.seen = changes
    return memo


def active(db: sqlite_utils.Database) -> bool:
    """True inside a write transaction, where reads are remembered."""
    return _current(db) is not None


def remember(db: sqlite_utils.Database, table: str, key: Any, read: Callable[[], _T], *,
             row: Any = _WHOLE, columns: Iterable[str] | None = None) -> _T:
    """``read()``, or what it gave last time in this transaction (``table`` unchanged since).

    ``row``: the value is read from that one row (by its key), so only a change to it
    forgets the value; else ``columns``: only a change to them (None: any) forgets it.
    The value is shared: callers get it as it is and must not change it (frozen states)."""
    memo = _current(db)
    if memo is None:
        return read()
    held = memo.tables.get(table)
    if held is None:
        held = memo.tables[table] = _Held()
    try:
        return held.values[key]  # type: ignore[no-any-return]
    except KeyError:
        value = held.values[key] = read()
        if row is _WHOLE:
            held.whole[key] = None if columns is None else frozenset(columns)
        else:
            held.by_row.setdefault(row, set()).add(key)
        return value


def forget(db: sqlite_utils.Database, ops: Iterable[Mapping[str, Any]] | None = None) -> None:
    """Forget what the projection ``ops`` may have changed (None: everything)."""
    memo: _Memo | None = getattr(db, _ATTR, None)
    if memo is None:
        return
    if ops is None:
        memo.tables.clear()
        return
    for op in ops:
        held = memo.tables.get(op["table"])
        if held is not None:
            held.forget(op["key"], set(op["after"]) if op["op"] == "update" else None)


@contextmanager
def writing(db: sqlite_utils.Database, ops: Sequence[Mapping[str, Any]]) -> Iterator[None]:
    """The block applies these projection ops (and writes tables nobody remembers, events and
    the timeline): afterwards (even after a failure) what they may have changed is forgotten."""
    held: _Memo | None = getattr(db, _ATTR, None)
    # First notice any write made before this one; inside an outer block (an event's
    # append, which settles the count at its end) its own writes are not such writes.
    memo = None if held is not None and held.inside else _current(db)
    if memo is None:
        try:
            yield
        finally:
            forget(db, ops)
        return
    memo.inside = True
    try:
        yield
    except BaseException:
        forget(db)  # a half-applied op: trust nothing
        raise
    finally:
        memo.inside = False
    forget(db, ops)
    memo.seen = db.conn.total_changes


def rows(db: sqlite_utils.Database, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
    """A SELECT's rows as dicts, straight from the connection (what ``db.query`` gives, with
    none of its per-call parsing of the statement: these reads run for every roll)."""
    cursor = db.conn.execute(sql, params)
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
