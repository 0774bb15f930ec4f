"""A history checked event by event before a ledger takes it (``import``, ``restore``).

What a history must be for this version to hold it: events numbered upward, each of a kind
drawsteel-kit writes, on a campaign day (1 or later), undoing only an earlier event, holding
only numbers SQLite keeps (whole numbers of 64 bits, no NaN or infinity), changing only the
tables and columns a ledger has, and none repeating an earlier one. :class:`HistoryCheck`
looks at each event alone (before anything is written); :func:`op_problem` at each change
against the rows the events before it left (a replay: ``rebuild(check=True)``), so an
event that adds a hero already there, or changes a value from one it never had, is named.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from drawsteel_kit.kit.errors import LedgerError
from drawsteel_kit.kit.json_numbers import INT64_MAX, INT64_MIN
from drawsteel_kit.kit.ledger.memo import stored_values
from drawsteel_kit.kit.ledger.registered import pks

__all__ = ["FIRST_DAY", "HistoryCheck", "ReplayError", "kinds_of", "number_problem",
           "op_problem"]

#: The first campaign day (the ledger's ``party.day`` is never below it).
FIRST_DAY = 1
#: How much of a value a message shows.
SHOWN = 40
#: What each column of an ``events`` row holds (None where the column allows it).
_TYPES: dict[str, tuple[type, ...]] = {
    "id": (int,), "kind": (str,), "day": (int,), "session": (int, type(None)),
    "actor": (str, type(None)), "payload": (str,), "seed": (int, type(None)),
    "dice": (str, type(None)), "visibility": (str,), "version": (str,), "created_at": (str,),
    "undoes": (int, type(None)), "operation": (str, type(None))}
#: The parts each kind of change holds, besides its table and key (looked up with whatever a
#: file's op holds as its kind: any JSON value).
_PARTS: dict[object, tuple[str, ...]] = {
    "insert": ("row",), "update": ("before", "after"), "delete": ("row",)}


class ReplayError(LedgerError):
    """An event that cannot be replayed onto the rows the events before it left."""

    def __init__(self, event_id: int, summary: str, reason: str) -> None:
        self.event_id, self.summary, self.reason = event_id, summary, reason
        super().__init__(f"the ledger's history cannot be replayed at event #{event_id} "
                         f"({_short(summary)}): {reason}; restore a backup "
                         "(`drawsteel-kit restore`)")

    @property
    def where(self) -> str:
        """The event and why, without the advice (for a message that gives its own)."""
        return f"event #{self.event_id} ({_short(self.summary)}) {self.reason}"


def _short(value: Any) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= SHOWN else text[:SHOWN - 3] + "..."


def number_problem(value: Any) -> str | None:
    """A number in ``value`` (however nested) that SQLite cannot hold, in words."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, bool | str) or item is None:
            continue
        if isinstance(item, int) and not INT64_MIN <= item <= INT64_MAX:  # SQLite's whole
            return (f"a number of {len(str(abs(item)))} digits, more than SQLite holds "
                    f"(whole numbers up to {INT64_MAX})")
        if isinstance(item, float) and not math.isfinite(item):
            return f"{item!r}, which is not a number a ledger holds"
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return None


def kinds_of(system_key: Any) -> frozenset[str]:
    """Every event kind a campaign of ``system_key`` writes (LedgerError: no such system)."""
    from drawsteel_kit.kit.book.sentences import kind_names
    from drawsteel_kit.kit.registry import SYSTEMS

    if not isinstance(system_key, str) or system_key not in SYSTEMS:
        raise LedgerError(f"it plays {_short(system_key)}, a system this version does not "
                          f"know (it knows {', '.join(SYSTEMS)})")
    return frozenset(kind_names(system_key))


class HistoryCheck:
    """Each event alone, in order; :meth:`problem` says what is wrong with one."""

    def __init__(self, kinds: Collection[str], columns: Mapping[str, Collection[str]]) -> None:
        self.kinds, self.columns = kinds, columns
        self.last = 0
        self.seen: dict[int, int] = {}  # what an event holds but its id -> that id
        self.ids: set[int] = set()

    def problem(self, row: Mapping[str, Any], payload: Any, ops: Sequence[Any]) -> str | None:
        """What is wrong with ``row`` (an ``events`` row, its payload as text) whose payload
        and changes are ``payload`` and ``ops``; None: nothing."""
        if not isinstance(payload, dict) or not isinstance(ops, list):
            return "payload: is not what an event holds (its details and changes)"
        found = self._numbers(row, payload, ops) or self._fields(row) or self._ops(ops)
        if found:
            return found
        body = hash(tuple(v for k, v in sorted(row.items()) if k != "id"))
        if body in self.seen:
            return f"repeats event #{self.seen[body]} (only its number differs)"
        self.seen[body] = self.last = row["id"]
        self.ids.add(row["id"])
        return None

    @staticmethod
    def _numbers(row: Mapping[str, Any], payload: Any, ops: Sequence[Any]) -> str | None:
        for name, value in (*row.items(), ("payload", payload), ("ops", ops)):
            found = number_problem(value)
            if found:
                return f"{name}: holds {found}"
        return None

    def _fields(self, row: Mapping[str, Any]) -> str | None:
        for name, types in _TYPES.items():
            if isinstance(row[name], bool) or not isinstance(row[name], types):
                return f"{name}: is not what an event holds there"
        event_id, day, session, undoes = row["id"], row["day"], row["session"], row["undoes"]
        if event_id < 1 or event_id <= self.last:
            return (f"id: #{event_id} comes after #{self.last}: events are numbered upward, "
                    "each once")
        if row["kind"] not in self.kinds:
            return f"kind: {_short(row['kind'])} is not an event drawsteel-kit writes"
        if day < FIRST_DAY:
            return f"day: {day} is before the campaign's first day ({FIRST_DAY})"
        if session is not None and session < 0:
            return f"session: {session} is below 0"
        if undoes is not None and undoes not in self.ids:
            return f"undoes: #{undoes} is not an earlier event"
        visibility = row["visibility"]
        if visibility not in ("party", "director") and not visibility.startswith("hero:"):
            return f"visibility: {_short(visibility)} is not party, director or hero:NAME"
        return None

    def _ops(self, ops: Sequence[Any]) -> str | None:
        for i, op in enumerate(ops):
            kind = op.get("op") if isinstance(op, dict) else None
            parts = _PARTS.get(kind) if isinstance(kind, str) else None
            if parts is None or not isinstance(op.get("table"), str) or any(
                    not isinstance(op.get(p), dict) for p in parts) or not isinstance(
                    op.get("key"), str | int) or isinstance(op["key"], bool):
                return f"ops[{i}]: is not a change a ledger holds"
            table = op["table"]
            if table not in self.columns:
                return f"ops[{i}].table: {_short(table)} is not a table of a ledger"
            names = [*op.get("row", {}), *op.get("before", {}), *op.get("after", {})]
            unknown = [n for n in names if n not in self.columns[table]]
            if unknown:
                return f"ops[{i}]: {table} has no column {_short(unknown[0])}"
        return None


def op_problem(conn: Any, op: Mapping[str, Any]) -> str | None:
    """What keeps ``op`` from applying to the rows as they stand (None: nothing): a row added
    that is there, a row changed or removed that is not, a value changed from one it is not."""
    table, key = op["table"], op["key"]
    pk = pks().get(table)
    if pk is None:
        return f"changes table {_short(table)}, which a ledger does not have"
    cursor = conn.execute(f"SELECT * FROM [{table}] WHERE [{pk}] = ?", (key,))
    found = cursor.fetchone()
    where = f"{table} {_short(key)}"
    if op["op"] == "insert":
        return f"adds {where}, which is already there" if found is not None else None
    if found is None:
        return f"{'removes' if op['op'] == 'delete' else 'changes'} {where}, which is not there"
    row = dict(zip((d[0] for d in cursor.description), found, strict=True))
    want = stored_values(op["row"] if op["op"] == "delete" else op["before"])
    for name, value in want.items():
        if name in row and row[name] != value:
            return (f"{'removes' if op['op'] == 'delete' else 'changes'} {where} when its "
                    f"{name} was {_short(value)}, but it is {_short(row[name])}")
    return None
