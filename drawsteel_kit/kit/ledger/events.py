"""Events: the append-only truth, and the projection changes each one carries.

An event row holds what happened (``kind``, ``payload``), when (campaign ``day``,
``session``), who (``actor``), how it was rolled (``seed``, ``dice``), who may
see it (``visibility``), and which package version wrote it. Its payload's
``ops`` are the exact changes it made to the projection tables, with the values
before and after, so that

* ``rebuild()`` replays them without re-running any rule (history stays what it
  was even if a later version reads the rules differently), and
* ``undo`` appends the inverse ops as a new event, refusing when a later event
  has since changed the same values.
"""

from __future__ import annotations

import datetime as _dt
import functools
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from drawsteel_kit import __version__
from drawsteel_kit.kit.errors import LedgerError
from drawsteel_kit.kit.ledger import memo, standing, timeline
from drawsteel_kit.kit.ledger.connection import holds_back, own_execute, settle
from drawsteel_kit.kit.ledger.registered import pks

if TYPE_CHECKING:
    from sqlite_utils.db import NotFoundError

    from drawsteel_kit.kit.ledger.reader import LedgerDb

__all__ = [
    "DIRECTOR", "PARTY", "Event", "Op", "append", "apply_ops", "check_ops_current", "flush",
    "hero_visibility", "insert_op", "invert_ops", "load_event", "update_op",
]

DIRECTOR = "director"
PARTY = "party"

Op = dict[str, Any]


def hero_visibility(name: str) -> str:
    """The visibility value for an event only one hero's player may see."""
    return f"hero:{name}"


def insert_op(table: str, key: Any, row: Mapping[str, Any]) -> Op:
    """An op that adds ``row`` (whose key column is ``key``) to ``table``."""
    return {"op": "insert", "table": table, "key": key, "row": dict(row)}


def update_op(table: str, key: Any, before: Mapping[str, Any], after: Mapping[str, Any]) -> Op:
    """An op that changes fields of one row; only fields whose value changes are kept."""
    changed = [k for k in after if before.get(k) != after[k]]
    return {
        "op": "update",
        "table": table,
        "key": key,
        "before": {k: before.get(k) for k in changed},
        "after": {k: after[k] for k in changed},
    }


def delete_op(table: str, key: Any, row: Mapping[str, Any]) -> Op:
    """An op that removes a row (``row`` is kept so undo can put it back)."""
    return {"op": "delete", "table": table, "key": key, "row": dict(row)}


def _is_noop(op: Op) -> bool:
    return op["op"] == "update" and not op["after"]


def invert_ops(ops: Sequence[Op]) -> list[Op]:
    """The ops that take the projections back to before ``ops`` ran."""
    inverted: list[Op] = []
    for op in reversed(ops):
        kind = op["op"]
        if kind == "insert":
            inverted.append(delete_op(op["table"], op["key"], op["row"]))
        elif kind == "delete":
            inverted.append(insert_op(op["table"], op["key"], op["row"]))
        else:
            inverted.append(
                {**op, "before": dict(op["after"]), "after": dict(op["before"])}
            )
    return inverted


def _decode(value: Any) -> Any:
    """Projection columns hold lists and dicts as JSON text; compare them as values."""
    if isinstance(value, str) and value[:1] in "[{":
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def _current_row(db: LedgerDb, table: str, key: Any) -> dict[str, Any] | None:
    pk = pks()[table]
    rows = list(db.query(f"SELECT * FROM [{table}] WHERE [{pk}] = ?", [key]))
    return {k: _decode(v) for k, v in rows[0].items()} if rows else None


def check_ops_current(db: LedgerDb, ops: Sequence[Op]) -> list[str]:
    """Where the projections no longer hold what ``ops`` left; empty when undo is safe."""
    problems: list[str] = []
    for op in ops:
        row = _current_row(db, op["table"], op["key"])
        where = f"{op['table']} {op['key']!r}"
        if op["op"] == "insert":
            if row is None:
                problems.append(f"{where} no longer exists")
            else:  # undoing an insert deletes the row: later changes to it would be lost
                problems += [
                    f"{where}: {fld} is now {row.get(fld)!r}, not {value!r}"
                    for fld, value in op["row"].items()
                    if fld in row and row[fld] != _decode(value)
                ]
        elif op["op"] == "delete":
            if row is not None:
                problems.append(f"{where} exists again")
        elif row is None:
            problems.append(f"{where} no longer exists")
        else:
            for fld, value in op["after"].items():
                if row.get(fld) != value:
                    problems.append(f"{where}: {fld} is now {row.get(fld)!r}, not {value!r}")
    return problems


#: Lists and dicts become JSON text with sorted keys: the same bytes live and on replay.
_canonical = memo.stored_values


@functools.lru_cache(maxsize=512)
def _insert_sql(table: str, columns: tuple[str, ...]) -> str:
    names = ", ".join(f"[{c}]" for c in columns)
    return f"INSERT INTO [{table}] ({names}) VALUES ({', '.join('?' * len(columns))})"


@functools.lru_cache(maxsize=512)
def _update_sql(table: str, pk: str, columns: tuple[str, ...]) -> str:
    sets = ", ".join(f"[{c}] = ?" for c in columns)
    return f"UPDATE [{table}] SET {sets} WHERE [{pk}] = ?"


def _missing(table: str, key: Any) -> NotFoundError:
    """What a change to a row that is not there raises (sqlite-utils' own error, as before)."""
    from sqlite_utils.db import NotFoundError

    return NotFoundError(f"no row {key!r} in {table}")


def apply_ops(db: LedgerDb, ops: Iterable[Op]) -> None:
    """Apply projection ops in order, as plain statements on the connection (prepared once
    and kept by SQLite's statement cache). Must run inside a write transaction."""
    ops = list(ops)
    with memo.writing(db, ops):
        _apply(db.conn, ops)


def _apply(conn: Any, ops: Sequence[Op]) -> None:
    """The ops' statements (inside the caller's :func:`memo.writing` block)."""
    for op in ops:
        table, key = op["table"], op["key"]
        pk = pks().get(table)
        if pk is None:
            raise LedgerError(f"an event names table {table!r}, which this version lacks")
        kind = op["op"]
        if kind == "insert":
            row = _canonical({**op["row"], pk: key})
            own_execute(conn, _insert_sql(table, tuple(row)), tuple(row.values()))
        elif kind == "delete":
            if own_execute(conn, f"DELETE FROM [{table}] WHERE [{pk}] = ?",
                           (key,)).rowcount != 1:
                raise _missing(table, key)
        elif kind == "update":
            after = op["after"]
            if not after:  # nothing changes (append drops these; old events may hold one)
                continue
            row = _canonical(after)
            if own_execute(conn, _update_sql(table, pk, tuple(row)),
                           (*row.values(), key)).rowcount != 1:
                raise _missing(table, key)
        else:
            raise LedgerError(f"unknown projection op {kind!r}")


@dataclass(frozen=True)
class Event:
    """One row of history, decoded."""

    id: int
    kind: str
    day: int
    session: int | None
    actor: str | None
    payload: dict[str, Any]
    seed: int | None
    dice: list[int] | None
    visibility: str
    version: str
    created_at: str
    undoes: int | None = None
    operation: str | None = None
    ops: list[Op] = field(default_factory=list)

    @property
    def summary(self) -> str:
        """The one-line description the event was written with."""
        return str(self.payload.get("summary", self.kind))

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (for export and ``--json`` output)."""
        return {
            "id": self.id, "kind": self.kind, "day": self.day, "session": self.session,
            "actor": self.actor, "payload": self.payload, "seed": self.seed, "dice": self.dice,
            "visibility": self.visibility, "version": self.version,
            "created_at": self.created_at, "undoes": self.undoes,
            "operation": self.operation, "ops": self.ops,
        }


def _read_payload(self: Event) -> dict[str, Any]:
    """The payload, decoded from the text written the first time it is read (an event just
    appended carries that text; every other event its payload)."""
    values = self.__dict__
    try:
        return values["_payload"]
    except KeyError:
        decoded = json.loads(values["_text"])
        values["_ops"] = decoded.pop("ops", [])
        values["_payload"] = decoded
        return decoded


def _read_ops(self: Event) -> list[Op]:
    if "_ops" not in self.__dict__:
        _read_payload(self)
    return self.__dict__["_ops"]


def _set(name: str) -> Callable[[Event, Any], None]:  # for the dataclass' __init__ (replace)
    return lambda self, value: self.__dict__.__setitem__(name, value)


# Fields held under their own names, so an event just written can decode its payload only when
# someone reads it (what it returns is what reading the row back gives: the same text decoded).
# (For mypy: a dataclass field replaced by a property that returns the field's type.)
Event.payload = property(_read_payload, _set("_payload"))  # type: ignore[assignment]
Event.ops = property(_read_ops, _set("_ops"))  # type: ignore[assignment]  # as payload
_EVENT_NEW = object.__new__


def load_event(row: Mapping[str, Any]) -> Event:
    """Decode an ``events`` row (LedgerDamaged: a record that is not whole, as a cut file's
    last page leaves it)."""
    try:
        if not (isinstance(row["id"], int) and isinstance(row["kind"], str)
                and isinstance(row["day"], int)):
            raise ValueError("an event without its number, kind or day")
        payload = json.loads(row["payload"]) if row["payload"] else {}
        dice = json.loads(row["dice"]) if row["dice"] else None
    except (ValueError, TypeError):
        from drawsteel_kit.kit.ledger.connection import damage_error

        raise damage_error(f"event #{row['id']}'s record is not whole",
                           "the ledger") from None
    ops = payload.pop("ops", []) if isinstance(payload, dict) else []
    return Event(
        id=row["id"], kind=row["kind"], day=row["day"], session=row["session"],
        actor=row["actor"], payload=payload, seed=row["seed"], dice=dice,
        visibility=row["visibility"], version=row["version"], created_at=row["created_at"],
        undoes=row["undoes"], operation=row.get("operation"), ops=ops,
    )


#: ``json.dumps(body, ensure_ascii=False, sort_keys=True)``, the same text, its encoder built
#: once and not tracking every list and dict it meets (a payload is a tree the operation just
#: built: one that held itself would fail as too deep instead, and nothing is written).
_encode_payload = json.JSONEncoder(ensure_ascii=False, sort_keys=True,
                                   check_circular=False).encode
_INSERT_EVENT = ("INSERT INTO events (kind, day, session, actor, payload, seed, dice, visibility, "
                 "version, created_at, undoes, operation) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                 "?, ?)")


def append(
    db: LedgerDb,
    kind: str,
    *,
    day: int,
    session: int | None,
    actor: str | None = None,
    payload: Mapping[str, Any] | None = None,
    ops: Sequence[Op] = (),
    seed: int | None = None,
    dice: Sequence[int] | None = None,
    visibility: str = PARTY,
    undoes: int | None = None,
    operation: str | None = None,
) -> Event:
    """Append one event and apply its ops. Must run inside a write transaction."""
    if not db.conn.in_transaction:
        raise LedgerError("events are appended inside ledger.write(); this is a bug")
    ops = [op for op in ops if not _is_noop(op)]
    body = {**(payload or {}), "ops": ops}
    faces = None if dice is None else list(dice)
    whole = faces is not None and all(type(face) is int for face in faces)
    row: dict[str, Any] = {
        "kind": kind, "day": day, "session": session, "actor": actor,
        "payload": _encode_payload(body),
        "seed": seed, "dice": None if faces is None else f"[{', '.join(map(str, faces))}]"
        if whole else json.dumps(faces),  # (json.dumps' own text for whole numbers)
        "visibility": visibility, "version": __version__,
        "created_at": _dt.datetime.now(_dt.UTC).isoformat(timespec="microseconds"),
        "undoes": undoes, "operation": operation,
    }
    if not holds_back(db.conn):  # a plain sqlite3 connection (an in-memory copy)
        with memo.writing(db, ops):
            cursor = db.conn.execute(_INSERT_EVENT, tuple(row.values()))
            _apply(db.conn, ops)
            assert cursor.lastrowid is not None
            timeline.record(db, cursor.lastrowid, row, body, ops)
        if undoes is not None:  # the books as they stand: no undone change is drawn
            standing.after_undo(db, cursor.lastrowid)
        return load_event({**row, "id": cursor.lastrowid})
    with memo.writing(db, ops):  # events, timeline: never remembered
        held = _held_back(db)
        event_id = held.next_id()
        held.events.append((event_id, *row.values()))
        held.timeline += timeline.rows_for(event_id, kind, day, session, visibility, body, ops)
        _apply(db.conn, ops)
    # What load_event gives for the row: its payload decoded from the text written, when read.
    event: Event = _EVENT_NEW(Event)
    event.__dict__.update(
        id=event_id, kind=kind, day=day, session=session, actor=actor, _text=row["payload"],
        seed=seed, visibility=visibility,  # dice as read back: whole numbers are already that
        dice=faces if faces is None or whole else json.loads(row["dice"]),
        version=__version__, created_at=row["created_at"], undoes=undoes, operation=operation)
    if undoes is not None:  # (reading which events undo which inserts those held back)
        standing.after_undo(db, event_id)
    return event


_INSERT_HELD = _INSERT_EVENT.replace("INSERT INTO events (", "INSERT INTO events (id, ").replace(
    "VALUES (", "VALUES (?, ")
_HELD = "_dsk_held_back"


class _HeldBack:
    """Events (and their timeline rows) appended but not inserted yet: they go in together,
    by one ``executemany`` each, before the connection runs any other statement (the
    projections' own reads and changes aside), at the end of each operation, and before a
    COMMIT; a ROLLBACK drops them. Their ids are the ones SQLite would have given."""

    __slots__ = ("db", "events", "last", "timeline")

    def __init__(self, db: LedgerDb, last: int) -> None:
        self.db, self.last = db, last
        self.events: list[tuple[Any, ...]] = []
        self.timeline: list[dict[str, Any]] = []

    def next_id(self) -> int:
        self.last += 1
        return self.last

    def __call__(self, sql: str) -> None:
        """Before ``sql`` runs: insert what is held back (a ROLLBACK: drop it)."""
        setattr(self.db, _HELD, None)
        conn, changes = self.db.conn, self.db.conn.total_changes
        if sql.lstrip()[:8].upper() == "ROLLBACK" or not conn.in_transaction:
            return  # (SQLite ended the transaction itself: its events went with it)
        conn.executemany(_INSERT_HELD, self.events)
        if self.timeline:
            conn.executemany(timeline.INSERT, self.timeline)
        memo.wrote(self.db, changes)


def _held_back(db: LedgerDb) -> _HeldBack:
    """What this connection holds back (a new batch, its next id read from the file)."""
    held: _HeldBack | None = getattr(db, _HELD, None)
    conn = db.conn
    assert holds_back(conn)  # append holds events back only on a connection of ours
    if held is None or conn.deferred is not held:
        # AUTOINCREMENT: past the largest id ever used, even one since deleted.
        last = own_execute(conn, "SELECT max(coalesce((SELECT seq FROM sqlite_sequence "
                           "WHERE name = 'events'), 0), coalesce((SELECT max(id) FROM "
                           "events), 0))").fetchone()[0]
        held = _HeldBack(db, int(last))
        setattr(db, _HELD, held)
        conn.deferred = held
    return held


def flush(db: LedgerDb) -> None:
    """Insert the events held back now (the end of an operation)."""
    settle(db.conn)
