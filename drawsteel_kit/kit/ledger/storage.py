"""What the disk refuses: a full disk, a read-only file, folder or mount, each as one line.

SQLite reports these as bare OperationalErrors ("database or disk is full", "attempt to
write a readonly database", "unable to open database file", "disk I/O error"); the last two
also mean damage or a missing file. Here they are told apart by SQLite's error code and by
asking the system about the ledger's folder, so the message says what to fix. Every write
runs in one transaction, so a refused write leaves the ledger as it was.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

from drawsteel_kit.kit.errors import LedgerError, LedgerFull, LedgerReadOnly

__all__ = ["disk_is_full", "os_refusal", "storage_error", "why_readonly"]

#: SQLite's primary result codes (the low byte of an extended code).
SQLITE_READONLY, SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN = 8, 10, 13, 14
#: Below this much free space an I/O error is taken for a full disk (the WAL's shared
#: memory file alone needs 32 KiB).
NEARLY_FULL = 1 << 20


def _code(exc: BaseException) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def disk_is_full(folder: Path) -> bool:
    """True when the disk holding ``folder`` has (almost) no room left."""
    try:
        import shutil  # lazy: only a refused write asks

        return shutil.disk_usage(folder).free < NEARLY_FULL
    except OSError:
        return False


def why_readonly(path: Path) -> str | None:
    """Why the system will not let the ledger at ``path`` be written, said so the user
    knows what to change; None when it would allow it."""
    folder = path.parent
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return ("the disk it is on is mounted read-only: remount it read-write, or copy the "
                    "campaign folder to a disk you can write")
    except OSError:
        return None
    if path.exists() and not os.access(path, os.W_OK):
        return ("the file is read-only: make it writable (chmod u+w, or chattr -i when it is "
                "marked immutable), or copy the campaign folder somewhere you can write")
    if not os.access(folder, os.W_OK):
        return (f"its folder {folder} is read-only (SQLite writes ledger.db-wal beside the "
                "ledger): make the folder writable, or copy the campaign folder somewhere "
                "you can write")
    return None


def _full(path: Path) -> LedgerFull:
    return LedgerFull(f"{path}: the disk is full; nothing was written. Free some space on it "
                      "(or move the campaign folder to a disk with room) and try again")


def storage_error(exc: BaseException, path: str | Path, *,
                  opened_readonly: bool = False) -> LedgerError | None:
    """Our one-line error for a SQLite error that the disk caused, or None for any other
    (a write refused by a connection opened read-only is the caller's own doing)."""
    if not isinstance(exc, sqlite3.Error) or isinstance(exc, LedgerError):
        return None
    path = Path(path)
    code = _code(exc)
    if opened_readonly and code == SQLITE_READONLY:
        return None
    text = str(exc).lower()
    if code == SQLITE_FULL or "disk is full" in text or (
            code == SQLITE_IOERR and disk_is_full(path.parent)):
        return _full(path)
    if code in (SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_IOERR) or "readonly" in text:
        why = why_readonly(path)
        if why is not None:
            return LedgerReadOnly(f"{path} cannot be written: {why}; nothing was written")
        if code == SQLITE_READONLY:
            return LedgerReadOnly(f"{path} was opened read-only; nothing was written")
    return None


#: What a user can do about the system's refusals that are about the disk, not the name.
_OS_HINTS = {
    errno.ENOSPC: "the disk is full: free some space on it and try again",
    errno.EDQUOT: "your disk quota is used up: free some space and try again",
    errno.EROFS: "the disk is mounted read-only: choose a place on a disk you can write",
    errno.EACCES: "you may not write there: choose a folder you can write",
    errno.EPERM: "the system does not allow it (an immutable or protected file): choose "
                 "another place",
}


def os_refusal(exc: OSError) -> str | None:
    """What to do about a full, read-only or forbidden disk, or None for other OSErrors."""
    return _OS_HINTS.get(exc.errno) if exc.errno is not None else None
