"""Ledger connections that do not import sqlite-utils.

Reading a campaign (``status``, ``history``, the pages, the players' copy) and writing its
events and projection rows (``respite``, ``day``, ...) need only a few of
``sqlite_utils.Database``'s methods, and importing sqlite-utils costs about three times a
bare interpreter's start. :class:`ReadDatabase` (read-only openings) and
:class:`WriteDatabase` (writable ones) answer those methods with plain sqlite3, in the same
way; anything else (``db["table"]``, ``db.table(...)``, migrations) builds a
``sqlite_utils.Database`` over the same connection on first use and is answered by it.
The players' in-memory copy (:func:`.party.party_copy`) is a ReadDatabase too: built with
plain statements, then read.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from typing import TypeAlias

    import sqlite_utils

__all__ = ["ReadDatabase", "WriteDatabase"]

_QUERY_MESSAGE = ("query() can only be used with SQL that returns rows - "
                  "use execute() for other statements")


class ReadDatabase:
    """The read path's part of ``sqlite_utils.Database`` over a sqlite3 connection."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self._full: sqlite_utils.Database | None = None

    def execute(self, sql: str, parameters: Sequence[Any] | dict[str, Any] | None = None
                ) -> sqlite3.Cursor:
        """Run ``sql`` and return its cursor."""
        if parameters is not None:
            return self.conn.execute(sql, parameters)
        return self.conn.execute(sql)

    def query(self, sql: str, params: Sequence[Any] | dict[str, Any] | None = None
              ) -> Iterator[dict[str, Any]]:
        """Run ``sql`` now; its rows as dicts, fetched as they are iterated."""
        cursor = self.execute(sql, params)
        if cursor.description is None:
            raise ValueError(_QUERY_MESSAGE)
        keys = _keys(cursor)
        return (dict(zip(keys, row, strict=True)) for row in cursor)

    def table_names(self) -> list[str]:
        """Every table's name."""
        return [r[0] for r in self.execute(
            "select name from sqlite_master where type = 'table'").fetchall()]

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    def __enter__(self) -> ReadDatabase:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def full(self) -> sqlite_utils.Database:
        """A ``sqlite_utils.Database`` over this connection (built once, on first use)."""
        if self._full is None:
            import sqlite_utils

            self._full = sqlite_utils.Database(self.conn, recursive_triggers=False,
                                               execute_plugins=False)
        return self._full

    def __getitem__(self, table: str) -> Any:
        return self.full()[table]

    def __getattr__(self, name: str) -> Any:
        """sqlite-utils' public API for the rest; private names (the memo's) are our own."""
        if name.startswith("_") or name == "conn":
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        return getattr(self.full(), name)


def _keys(cursor: sqlite3.Cursor) -> list[str]:
    """A row's column names; a join naming a column twice gets sqlite-utils' names."""
    keys = [d[0] for d in cursor.description]
    if len(set(keys)) != len(keys):
        from sqlite_utils.utils import dedupe_keys

        keys = dedupe_keys(keys)
    return keys


#: What sqlite-utils' ``query`` refuses without running: statements that never return rows
#: and cannot run inside (or would break out of) its savepoint.
_REFUSED = frozenset({"BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE", "VACUUM",
                      "ATTACH", "DETACH"})
#: A statement's first keyword, after what the sqlite3 driver skips (white space, ``--`` and
#: ``/* */`` comments, bare ``;``, a byte order mark).
_FIRST_WORD = re.compile(r"(?:[\s;\ufeff]+|--[^\n]*(?:\n|$)|/\*.*?\*/)*([^\W\d]*)", re.S)


class WriteDatabase(ReadDatabase):
    """A writable ledger connection (autocommit: every write opens its own ``BEGIN
    IMMEDIATE``). ``query`` runs a statement inside a savepoint, as sqlite-utils does, so
    one that returns no rows is undone before its ValueError."""

    def query(self, sql: str, params: Sequence[Any] | dict[str, Any] | None = None
              ) -> Iterator[dict[str, Any]]:
        """Run ``sql`` now; its rows as dicts (sqlite-utils' rules for a statement that
        returns none, a PRAGMA, and a write that returns rows)."""
        # (every text matches _FIRST_WORD: all of it is optional)
        keyword = _FIRST_WORD.match(sql).group(1).upper()  # type: ignore[union-attr]
        if keyword in _REFUSED:
            raise ValueError(_QUERY_MESSAGE)
        if keyword == "PRAGMA":  # some refuse to run inside a transaction: no savepoint
            return super().query(sql, params)
        conn = self.conn
        conn.execute('SAVEPOINT "sqlite_utils_query"')
        released = False
        try:
            cursor = self.execute(sql, params)
            if cursor.description is None:
                raise ValueError(_QUERY_MESSAGE)
            keys = _keys(cursor)
            try:
                conn.execute('RELEASE "sqlite_utils_query"')
                released = True
            except sqlite3.OperationalError:  # a write returning rows, not all fetched yet
                fetched = cursor.fetchall()
                conn.execute('RELEASE "sqlite_utils_query"')
                released = True
                return (dict(zip(keys, row, strict=True)) for row in fetched)
            return (dict(zip(keys, row, strict=True)) for row in cursor)
        finally:
            if not released and conn.in_transaction:  # undo what the statement changed
                conn.execute('ROLLBACK TO "sqlite_utils_query"')
                conn.execute('RELEASE "sqlite_utils_query"')


if TYPE_CHECKING:
    #: A ledger database, writable or read-only: sqlite-utils' ``Database`` (migrations, a
    #: replay's in-memory copy) or one of ours (a :class:`ReadDatabase`, a
    #: :class:`WriteDatabase`, a players' copy), which answers the same calls. For type hints
    #: only: the kit imports sqlite-utils only to migrate.
    LedgerDb: TypeAlias = sqlite_utils.Database | ReadDatabase
