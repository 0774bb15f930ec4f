"""The one way to write: ``BEGIN IMMEDIATE``, commit on success, roll back on error.

sqlite-utils' own ``atomic()`` opens a deferred transaction, which can lose a
write when two processes race to upgrade their read lock. ``BEGIN IMMEDIATE``
takes the write lock up front and waits (the busy timeout) for it instead.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING

from drawsteel_kit.kit.errors import LedgerError, LedgerLocked, LedgerReadOnly
from drawsteel_kit.kit.ledger import memo
from drawsteel_kit.kit.ledger.connection import is_locked_error, settle

if TYPE_CHECKING:
    from drawsteel_kit.kit.ledger.reader import LedgerDb

__all__ = ["write"]


def _is_readonly_error(exc: BaseException) -> bool:
    text = str(exc).lower()
    return "readonly" in text or "read-only" in text


@contextmanager
def write(db: LedgerDb) -> Iterator[LedgerDb]:
    """Run the block as one write transaction: all of it lands, or none of it."""
    conn = db.conn
    if conn.in_transaction:
        raise LedgerError("a write is already open on this connection; nested writes are a bug")
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:
        if is_locked_error(exc):
            raise LedgerLocked(
                "the ledger stayed locked by another program longer than the busy timeout; "
                "nothing was written. Try again when the other writer has finished."
            ) from exc
        if _is_readonly_error(exc):
            raise LedgerReadOnly("this ledger was opened read-only; nothing was written") from exc
        raise
    memo.start(db)
    try:
        yield db
        settle(conn)  # events held back go in now: a refusal of theirs rolls back below
    except BaseException as exc:
        memo.stop(db)
        settle(conn, drop=True)
        if conn.in_transaction:
            with suppress(sqlite3.Error, LedgerError):  # SQLite may have rolled back already
                conn.execute("ROLLBACK")
        if isinstance(exc, sqlite3.OperationalError) and _is_readonly_error(exc):
            # A mode=ro connection (or a file the user may not write) passes BEGIN
            # IMMEDIATE and fails at its first write.
            raise LedgerReadOnly(
                "the ledger cannot be written (opened read-only, or the file or its folder "
                "is read-only); nothing was written"
            ) from exc
        raise
    memo.stop(db)
    try:
        conn.execute("COMMIT")
    except (sqlite3.OperationalError, LedgerError) as exc:  # LedgerFull: a full disk
        if conn.in_transaction:
            with suppress(sqlite3.Error, LedgerError):
                conn.execute("ROLLBACK")
        if is_locked_error(exc):
            raise LedgerLocked("could not commit: the ledger is locked; nothing written") from exc
        raise
