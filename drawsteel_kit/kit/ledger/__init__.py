"""The ledger: an append-only ``events`` table and the projections it implies.

``Ledger.open(path)`` connects (WAL, foreign keys, busy timeout), migrates and
checks the file is a ledger. Every write goes through ``ledger.write()``.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.errors import LedgerError, LedgerNeedsUpgrade, LedgerReadOnly, UndoError
from drawsteel_kit.kit.ledger import events as _events
from drawsteel_kit.kit.ledger import standing as _standing
from drawsteel_kit.kit.ledger.backup import backup as _backup
from drawsteel_kit.kit.ledger.backup import export as _export
from drawsteel_kit.kit.ledger.connection import (
    BUSY_TIMEOUT_MS,
    LEDGER_FILE,
    connect,
    damage_error,
    is_damage_error,
)
from drawsteel_kit.kit.ledger.events import (
    DIRECTOR,
    PARTY,
    Event,
    Op,
    hero_visibility,
    insert_op,
    load_event,
    update_op,
)
from drawsteel_kit.kit.ledger.projections import rebuild as _rebuild
from drawsteel_kit.kit.ledger.projections import snapshot
from drawsteel_kit.kit.ledger.schema import (
    MIGRATION_NAMES,
    applied_names,
    check_not_newer,
    migrate,
    migrations,
    pending_for_reading,
    pending_names,
    schema_version,
)
from drawsteel_kit.kit.ledger.transaction import write as _write

if TYPE_CHECKING:
    from drawsteel_kit.kit.ledger.reader import LedgerDb

__all__ = [
    "COUNTED",
    "DIRECTOR",
    "LEDGER_FILE",
    "MAX_ROW_ID",
    "MIGRATION_NAMES",
    "PARTY",
    "Event",
    "Ledger",
    "Op",
    "check_sqlite_file",
    "hero_visibility",
    "insert_op",
    "pending_names",
    "update_op",
]


def __getattr__(name: str) -> Any:
    """``MIGRATIONS``: sqlite-utils' ``Migrations`` for the ledger, built on first use."""
    if name == "MIGRATIONS":
        return migrations()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: How many later events an undo looks through to name the ones blocking it.
UNDO_SCAN_LIMIT = 20_000
#: How many events a history counts at most before it says "more than" this.
COUNTED = 10_000


def _fields(op: Op) -> set[str] | None:
    """The fields an op changes; None for a whole row (an insert or a delete)."""
    return set(op["after"]) if op["op"] == "update" else None


#: The largest row id (and LIMIT) SQLite can hold: a signed 64-bit integer.
MAX_ROW_ID = 2**63 - 1
#: The first bytes of every SQLite database file.
SQLITE_HEADER = b"SQLite format 3\x00"


def check_sqlite_file(path: Path) -> None:
    """Refuse a path that is not an existing SQLite file, without touching it."""
    if path.is_dir():
        raise LedgerError(f"{path} is a folder, not a ledger file: move it aside")
    from drawsteel_kit.kit.user_files import file_kind

    try:
        kind = file_kind(os.stat(path).st_mode)
    except OSError:
        kind = None  # said below, when it is opened
    if kind is not None:  # a pipe would hang the command: never opened
        raise LedgerError(f"{path} is {kind}, not a ledger file: move it aside")
    try:
        with path.open("rb") as file:
            head = file.read(len(SQLITE_HEADER))
    except FileNotFoundError:
        raise LedgerError(f"{path}: no ledger here. Build it with "
                          f"`drawsteel-kit init {path.parent}`.") from None
    except OSError as exc:
        raise LedgerError(f"{path} cannot be read ({exc.strerror or exc})") from None
    if head != SQLITE_HEADER:
        what = "is empty" if not head else "is not a SQLite database (it may be cut short)"
        raise LedgerError(
            f"{path} {what}: it holds no campaign, and it was left as it is. Restore it from a "
            f"backup, or move it aside and run `drawsteel-kit init {path.parent}`."
        )


def _remove_new(path: Path) -> None:
    """Take away the empty file an opening created and could not fill (a full disk), which
    later openings would refuse as "empty"; a file with anything in it stays."""
    with contextlib.suppress(OSError):
        if os.path.getsize(path) != 0:
            return
        for name in (str(path), f"{path}-wal", f"{path}-shm", f"{path}-journal"):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(name)


class Ledger:
    """One campaign's ledger file."""

    def __init__(self, db: LedgerDb, path: Path,
                 readonly: bool) -> None:
        self.db = db
        self.path = path
        self.readonly = readonly

    @classmethod
    def open(
        cls, path: str | Path, *, readonly: bool = False, busy_timeout_ms: int = BUSY_TIMEOUT_MS,
        create: bool = True, check_schema: bool = True, migrate_schema: bool = True,
        system: str | None = None,
    ) -> Ledger:
        """Open (and, unless read-only, create and migrate) the ledger at ``path``.

        ``create=False`` opens only a file that is already a SQLite database: an empty or
        cut-short file is refused as it is, never turned into a new, empty ledger.
        ``check_schema=False`` (read-only only) skips the schema version checks, to read an
        older ledger's migrations or copy it before an upgrade. ``migrate_schema=False``
        refuses an older ledger (LedgerNeedsUpgrade) instead of upgrading it on the spot.
        ``system`` (a game system's key): a ledger holding no campaign yet gets that system's
        own tables too (its migrations, from the registry).
        """
        path = Path(path)
        if not create:
            check_sqlite_file(path)
        new = not readonly and not os.path.lexists(path)
        try:
            db = connect(path, readonly=readonly, busy_timeout_ms=busy_timeout_ms)
        except Exception:
            if new:  # a full disk: leave no empty file that later openings would refuse
                _remove_new(path)
            raise
        try:
            if readonly:
                applied = applied_names(db)
                if "events" not in db.table_names() or not applied:
                    raise LedgerError(f"{path} is not a drawsteel-kit ledger")
                check_not_newer(db, path=str(path))
                if check_schema and pending_for_reading(db):
                    raise LedgerNeedsUpgrade(
                        f"{path} uses an older schema, and a read-only opening cannot "
                        f"upgrade it in place: run `drawsteel-kit upgrade {path.parent}` "
                        "first (it keeps a copy from before)"
                    )
            else:
                if not migrate_schema and pending_names(db):
                    check_not_newer(db, path=str(path))
                    raise LedgerNeedsUpgrade(f"{path} uses an older schema")
                migrate(db, path=str(path), system=system)
        except Exception:
            db.close()
            if new:
                _remove_new(path)
            raise
        return cls(db, path, readonly)

    def close(self) -> None:
        """Close the connection."""
        self.db.close()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing -------------------------------------------------------------
    @contextmanager
    def write(self) -> Iterator[Ledger]:
        """One ``BEGIN IMMEDIATE`` transaction: everything in the block lands, or nothing."""
        if self.readonly:
            # SQLite lets a mode=ro connection BEGIN IMMEDIATE and only fails at the first
            # write, as a bare OperationalError: refuse up front, with our own error.
            raise LedgerReadOnly("this ledger was opened read-only; nothing was written")
        with _write(self.db):
            yield self

    def append(self, kind: str, **kwargs: Any) -> Event:
        """Append an event (see :func:`drawsteel_kit.kit.ledger.events.append`)."""
        return _events.append(self.db, kind, **kwargs)

    # -- reading -------------------------------------------------------------
    @property
    def schema(self) -> str | None:
        """The newest migration applied to this file."""
        return schema_version(self.db)

    def event(self, event_id: int) -> Event:
        """One event by id."""
        if isinstance(event_id, bool) or not isinstance(event_id, int):
            raise UndoError(f"an event is named by its number (#12), got {event_id!r}")
        rows = (list(self.db.query("SELECT * FROM events WHERE id = ?", [event_id]))
                if 0 < event_id <= MAX_ROW_ID else [])
        if not rows:
            last = self.db.execute("SELECT max(id) FROM events").fetchone()[0]
            raise UndoError(f"there is no event #{event_id} (the last is #{last or 0})")
        return load_event(rows[0])

    def events(
        self,
        *,
        kind: str | None = None,
        actor: str | None = None,
        visible_to: str | None = None,
        since: int | None = None,
        day: int | None = None,
        limit: int | None = None,
        offset: int = 0,
        newest_first: bool = False,
    ) -> list[Event]:
        """Events filtered by kind, actor and who may see them; ``offset`` skips that many
        first (a page of a long history).

        ``visible_to``: None (the Director: everything), ``"party"`` (party events
        only) or a hero name (party events plus that hero's own).
        """
        sql, params = _filtered("SELECT *", kind, actor, visible_to, since, day)
        sql += " ORDER BY id" + (" DESC" if newest_first else "")
        if limit is not None or offset:
            count = -1 if limit is None else max(0, min(int(limit), MAX_ROW_ID))
            sql += f" LIMIT {count} OFFSET {max(0, min(int(offset), MAX_ROW_ID))}"
        return [load_event(r) for r in self.db.query(sql, params)]

    def count_events(self, *, kind: str | None = None, actor: str | None = None,
                     visible_to: str | None = None, at_most: int = COUNTED) -> int:
        """How many events :meth:`events` would list with these filters and no limit,
        counted newest first up to ``at_most`` (more: ``at_most + 1``, "more than"), so a
        page of a million-event history need not read every event to say how many."""
        sql, params = _filtered("SELECT 1", kind, actor, visible_to, None, None)
        # No ORDER BY: any at_most + 1 rows prove "more than", and without it SQLite stops
        # at the limit even when events is a players' copy's view (two halves merged)
        sql = f"SELECT count(*) FROM ({sql} LIMIT {max(0, int(at_most)) + 1})"
        return int(self.db.execute(sql, params).fetchone()[0])

    def operation_events(self, operation: str) -> list[Event]:
        """The events one campaign operation wrote together, in order."""
        rows = self.db.query("SELECT * FROM events WHERE operation = ? ORDER BY id", [operation])
        return [load_event(r) for r in rows]

    def event_count(self) -> int:
        """How many events the history holds."""
        return self.db.execute("SELECT count(*) FROM events").fetchone()[0]

    def undone_ids(self) -> set[int]:
        """Ids of events undone by an undo event that is not itself undone."""
        return _standing.undone_ids(_standing.undo_pairs(self.db))

    # -- state ---------------------------------------------------------------
    def snapshot(self) -> dict[str, list[dict[str, Any]]]:
        """Every projection's rows (see :func:`projections.snapshot`)."""
        return snapshot(self.db)

    def rebuild(self) -> int:
        """Replay every event into fresh projections; returns how many were replayed."""
        with self.write():
            return _rebuild(self.db)

    def schema_problems(self) -> list[str]:
        """What the file's schema has besides what its migrations make, or lacks (a trigger,
        view, index, table or column added or dropped with another tool); empty: none."""
        from drawsteel_kit.kit.ledger.schema_check import not_ours

        return not_ours(self.db.conn)

    def integrity(self) -> list[str]:
        """SQLite's own check of the file (``PRAGMA quick_check``): its problems, if any."""
        try:
            rows = [r[0] for r in self.db.execute("PRAGMA quick_check").fetchall()]
        except sqlite3.DatabaseError as exc:
            return [str(exc)]
        return [] if rows == ["ok"] else rows

    def verify(self) -> bool:
        """Do the projections equal a replay of history (on an in-memory copy)? A history
        that cannot be replayed (a repeated or edited event) raises ReplayError."""
        copy = sqlite3.connect(":memory:", isolation_level=None)
        try:
            self.db.conn.backup(copy)
            import sqlite_utils

            mem = sqlite_utils.Database(copy, recursive_triggers=False, execute_plugins=False)
            copy.execute("BEGIN IMMEDIATE")
            _rebuild(mem, check=True)
            return snapshot(mem, with_timeline=True) == snapshot(self.db, with_timeline=True)
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:  # the copy is a plain
            # connection: its damage errors are said as the ledger's own would be
            if isinstance(exc, UnicodeDecodeError) or is_damage_error(exc):
                raise damage_error(exc, str(self.path)) from None
            raise
        finally:
            copy.close()

    # -- undo, backup, export -----------------------------------------------
    def undo_ops(self, event_id: int) -> tuple[Event, list[Op]]:
        """Check that ``event_id`` can be undone now, and return it with its inverse ops."""
        target = self.event(event_id)
        if event_id in self.undone_ids():
            raise UndoError(f"event #{event_id} ({target.summary}) is already undone")
        problems = _events.check_ops_current(self.db, target.ops)
        if problems:
            blockers = self._later_events_touching(target)
            names = ", ".join(f"#{e.id} ({e.summary})" for e in reversed(blockers)) or "none found"
            raise UndoError(
                f"event #{event_id} ({target.summary}) cannot be undone: later events changed "
                f"what it set ({'; '.join(problems[:3])}). Undo these first, newest first: "
                f"{names}"
            )
        return target, _events.invert_ops(target.ops)

    def _later_events_touching(self, target: Event, scan: int = UNDO_SCAN_LIMIT) -> list[Event]:
        """Later events (not undone) whose ops change a value ``target`` set.

        A later change to other fields of the same row does not block an undo, so
        it is not named either.
        """
        touched = {(op["table"], op["key"]): _fields(op) for op in target.ops}
        undone = self.undone_ids()
        rows = self.db.query(
            "SELECT * FROM events WHERE id > ? ORDER BY id LIMIT ?", [target.id, scan]
        )
        found = []
        for row in rows:
            ev = load_event(row)
            if ev.id in undone:
                continue
            for op in ev.ops:
                key = (op["table"], op["key"])
                if key not in touched:
                    continue
                mine, theirs = touched[key], _fields(op)
                if mine is None or theirs is None or mine & theirs:
                    found.append(ev)
                    break
        return found

    def backup(self, dest: str | Path) -> Path:
        """Online backup to ``dest`` (see :func:`backup.backup`)."""
        return _backup(self.db, dest)

    def export(self, *, include_director: bool = True) -> dict[str, Any]:
        """History and state as a JSON-ready dict."""
        return _export(self.db, include_director=include_director)


def _filtered(select: str, kind: str | None, actor: str | None, visible_to: str | None,
              since: int | None, day: int | None) -> tuple[str, list[Any]]:
    """``select`` over the events these filters keep, and its parameters."""
    where: list[str] = []
    params: list[Any] = []
    for clause, value in (("kind = ?", kind), ("actor = ?", actor), ("id > ?", since),
                          ("day = ?", day)):
        if value or (value is not None and clause in ("id > ?", "day = ?")):
            where.append(clause)
            params.append(value)
    if visible_to is not None:
        if visible_to == PARTY:
            where.append("visibility = 'party'")
        else:
            where.append("(visibility = 'party' OR visibility = ?)")
            params.append(hero_visibility(visible_to))
    sql = f"{select} FROM events"
    if where:
        sql += " WHERE " + " AND ".join(where)
    return sql, params
