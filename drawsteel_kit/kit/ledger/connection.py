"""Opening a ledger: WAL, foreign keys, a busy timeout, and a read-only mode.

Every connection the package makes goes through :func:`connect`, so every one
has the same pragmas. The sqlite3 driver runs in autocommit mode
(``isolation_level=None``): transactions are opened explicitly, writes by
:func:`drawsteel_kit.kit.ledger.transaction.write` with ``BEGIN IMMEDIATE``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, TypeGuard

from drawsteel_kit.kit.errors import (
    LedgerDamaged,
    LedgerError,
    LedgerFull,
    LedgerLocked,
    LedgerReadOnly,
)
from drawsteel_kit.kit.ledger.reader import ReadDatabase, WriteDatabase
from drawsteel_kit.kit.ledger.storage import disk_is_full, storage_error, why_readonly

__all__ = ["BUSY_TIMEOUT_MS", "LEDGER_FILE", "connect", "holds_back", "is_damage_error",
           "is_locked_error", "own_execute", "settle"]

#: The ledger's file name inside a campaign folder.
LEDGER_FILE = "ledger.db"
#: How long a writer waits for another process's lock before giving up (ms).
BUSY_TIMEOUT_MS = 15_000


def is_locked_error(exc: BaseException) -> bool:
    """True when SQLite reports another connection's lock (busy or locked)."""
    text = str(exc).lower()
    return isinstance(exc, sqlite3.OperationalError) and (
        "locked" in text or "busy" in text
    )


#: What SQLite says when the file itself is damaged (not locked, not refused).
_DAMAGE_WORDS = ("malformed", "not a database", "could not decode", "disk i/o error",
                 "database corrupt")


def is_damage_error(exc: BaseException) -> bool:
    """True when SQLite reports a damaged file: a malformed page, a cell that is not UTF-8."""
    text = str(exc).lower()
    return (isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, LedgerDamaged)
            and any(word in text for word in _DAMAGE_WORDS))


def damage_error(exc: BaseException | str, path: str) -> LedgerDamaged:
    """What to raise for SQLite's report ``exc`` of a damaged ledger at ``path``."""
    return LedgerDamaged(
        f"{path} is damaged ({exc}); nothing was written. Restore the ledger from a backup "
        "(`drawsteel-kit backup` makes them) or from the last good copy you have."
    )


class _Cursor(sqlite3.Cursor):
    """A cursor whose damage errors, whenever SQLite meets them, are LedgerDamaged.

    Each call is a plain try/except (no context manager): every row read passes here."""

    def _translate(self, exc: BaseException) -> BaseException:
        """The error to raise instead of ``exc`` (``exc`` itself when it is none of ours)."""
        path = getattr(self.connection, "ledger_path", "the ledger")
        if isinstance(exc, UnicodeDecodeError):  # SQLite's message about damaged schema text
            return damage_error(exc, path)
        refused = storage_error(  # a full or read-only disk: say which
            exc, path, opened_readonly=getattr(self.connection, "opened_readonly", False))
        if refused is not None:
            return refused
        return damage_error(exc, path) if is_damage_error(exc) else exc

    def _raise(self, exc: BaseException) -> NoReturn:
        translated = self._translate(exc)
        if translated is exc:
            raise exc
        raise translated from exc

    def execute(self, *args: Any) -> _Cursor:
        try:
            return super().execute(*args)
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            self._raise(exc)

    def executemany(self, *args: Any) -> _Cursor:
        try:
            return super().executemany(*args)
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            self._raise(exc)

    def __next__(self) -> Any:
        try:
            return super().__next__()
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            self._raise(exc)

    def fetchone(self) -> Any:
        try:
            return super().fetchone()
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            self._raise(exc)

    def fetchall(self) -> list[Any]:
        try:
            return super().fetchall()
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            self._raise(exc)


class _Connection(sqlite3.Connection):
    """Every statement runs through :class:`_Cursor`, so damage is always our LedgerDamaged.

    ``deferred``: rows the write path holds back to insert together (an operation's events,
    see :mod:`drawsteel_kit.kit.ledger.events`); called with each statement's text before any
    statement runs here (a ROLLBACK: to drop them; any other: to insert them first), so every
    statement sees the ledger as if they had been inserted one by one."""

    ledger_path = "the ledger"
    opened_readonly = False
    deferred: Callable[[str], None] | None = None

    def _settle(self, sql: str) -> None:
        hook = self.deferred
        if hook is not None:
            self.deferred = None
            hook(sql)

    def cursor(self, factory: Any = _Cursor) -> Any:
        self._settle("")
        return super().cursor(factory)

    def execute(self, sql: str, *args: Any) -> Any:
        self._settle(sql)
        return super().cursor(_Cursor).execute(sql, *args)

    def executemany(self, sql: str, *args: Any) -> Any:
        self._settle(sql)
        return super().cursor(_Cursor).executemany(sql, *args)

    def backup(self, *args: Any, **kwargs: Any) -> None:
        self._settle("")
        super().backup(*args, **kwargs)


def settle(conn: sqlite3.Connection, *, drop: bool = False) -> None:
    """Insert what the write path holds back now (before a COMMIT); ``drop``: forget it
    instead (the transaction failed)."""
    if isinstance(conn, _Connection):
        conn._settle("ROLLBACK" if drop else "")


def holds_back(conn: sqlite3.Connection) -> TypeGuard[_Connection]:
    """True for a connection that can hold the write path's rows back (one of ours)."""
    return isinstance(conn, _Connection)


def own_execute(conn: sqlite3.Connection, sql: str, params: Any = ()) -> sqlite3.Cursor:
    """A statement of the write path itself (a projection's read or change), which needs
    nothing held back inserted first; any other connection: a plain ``execute``."""
    if isinstance(conn, _Connection):
        return _Cursor(conn).execute(sql, params)
    return conn.execute(sql, params)


#: Tables SQLite or sqlite-utils add on their own; any other table in a file without
#: ``events`` means the file belongs to another program.
_OWN_TABLES = frozenset({"events", "_sqlite_migrations", "sqlite_sequence"})


def _refuse_foreign(conn: sqlite3.Connection, path: Path) -> None:
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if tables and "events" not in tables and tables - _OWN_TABLES:
        conn.close()
        raise LedgerError(
            f"{path} is a SQLite file but not a drawsteel-kit ledger (it has tables "
            f"{', '.join(sorted(tables)[:5])}). Point at a campaign's ledger.db, or move this "
            "file aside and run `drawsteel-kit init`."
        )


def _quiet(path: Path) -> bool:
    """No changes waiting in a -wal file (an empty one is what a failed opening leaves) on
    a disk that cannot take one."""
    wal = Path(f"{path}-wal")
    if wal.exists() and wal.stat().st_size > 0:
        return False
    return why_readonly(path) is not None or disk_is_full(path.parent)


def _open(path: Path, *, readonly: bool, busy_timeout_ms: int,
          immutable: bool = False) -> sqlite3.Connection:
    """A connection with our pragmas; closed again if any of them fails."""
    timeout = busy_timeout_ms / 1000
    conn: sqlite3.Connection | None = None
    try:
        if readonly:
            uri = f"{path.resolve().as_uri()}?mode=ro" + ("&immutable=1" if immutable else "")
            conn = sqlite3.connect(uri, uri=True, timeout=timeout, isolation_level=None,
                                   check_same_thread=False, factory=_Connection)
        else:
            conn = sqlite3.connect(str(path), timeout=timeout, isolation_level=None,
                                   check_same_thread=False, factory=_Connection)
        conn.ledger_path = str(path)
        conn.opened_readonly = readonly
        conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        conn.execute("PRAGMA foreign_keys = ON")
        if not readonly:
            _refuse_foreign(conn, path)  # before WAL: never change another program's file
            mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
            if mode.lower() != "wal":
                conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
        # Reading the schema proves the file is a SQLite database at all.
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError as exc:
        if conn is not None:
            conn.close()
        refused = storage_error(exc, path)  # sqlite3.connect's own errors skip _Cursor
        if refused is not None:
            raise refused from exc
        raise
    except BaseException:
        if conn is not None:
            conn.close()
        raise
    return conn


def connect(
    path: str | Path,
    *,
    readonly: bool = False,
    busy_timeout_ms: int = BUSY_TIMEOUT_MS,
) -> ReadDatabase:
    """Open the ledger at ``path`` (creating it unless ``readonly``).

    Read-only connections use ``mode=ro``: SQLite itself refuses any write. They come as a
    :class:`ReadDatabase`, writable ones as a :class:`WriteDatabase`: reading a ledger or
    writing its events does not import sqlite-utils (migrating does).
    """
    path = Path(path)
    if readonly and not path.is_file():
        raise LedgerError(
            f"{path}: no ledger here. Build it first with `drawsteel-kit init {path.parent}`."
        )
    if path.is_dir():
        raise LedgerError(f"{path} is a folder, not a ledger file")
    try:
        try:
            conn = _open(path, readonly=readonly, busy_timeout_ms=busy_timeout_ms)
        except (LedgerFull, LedgerReadOnly):
            if not (readonly and _quiet(path)):
                raise
            # A full or read-only disk cannot hold WAL's shared-memory file, which even a
            # reader needs; with no changes in a -wal file, and nobody able to write
            # there, the file itself is the whole ledger: read it as it is (immutable).
            conn = _open(path, readonly=True, immutable=True, busy_timeout_ms=busy_timeout_ms)
    except sqlite3.DatabaseError as exc:  # LedgerDamaged too: at opening, say what it is
        if is_locked_error(exc):
            raise LedgerLocked(
                f"{path}: another program holds the ledger locked; try again in a moment"
            ) from exc
        reason = exc.__cause__ if isinstance(exc, LedgerDamaged) else exc
        raise LedgerError(
            f"{path} is not a readable drawsteel-kit ledger ({reason}). "
            "Restore it from a backup (`drawsteel-kit backup` makes them) or move it "
            "aside and run `drawsteel-kit init` to start a new one."
        ) from exc
    return ReadDatabase(conn) if readonly else WriteDatabase(conn)
