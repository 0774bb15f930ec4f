"""The schema this version makes, and what a ledger's schema has besides it or lacks.

A backup brings in rows, never SQL: ``restore`` builds a fresh ledger with the migrations a
backup's schema version names (:func:`build`) and copies its rows into it, so a trigger, view
or index added to a backup never arrives. :func:`differences` names what a file's schema has
that the migrations do not make, or lacks (a trigger, view, index, table or column added or
dropped with another tool): ``restore`` says what it left out, ``rebuild --check`` reports it.
"""

from __future__ import annotations

import functools
import re
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from drawsteel_kit.kit.errors import LedgerError
from drawsteel_kit.kit.ledger.migration_steps import KIT
from drawsteel_kit.kit.ledger.registered import registered
from drawsteel_kit.kit.ledger.schema import applied, migrations, system_set

__all__ = ["Applied", "Entry", "build", "current", "differences", "entries", "frozen", "named",
           "not_ours", "reference", "said"]

#: The migrations a ledger holds: (set, its names in order) for each set, the kit's first.
Applied = tuple[tuple[str, tuple[str, ...]], ...]

#: Tables whose text sqlite-utils writes (its migrations' record): compared by their columns.
_THEIRS = frozenset({"_sqlite_migrations"})
#: How many differences a message names before it says how many more.
SHOWN = 6
#: How much of a name a message shows.
NAME_SHOWN = 40


@dataclass(frozen=True)
class Entry:
    """One thing of a schema: a table, index, trigger or view, by its text and columns."""

    type: str
    name: str
    table: str
    sql: str
    columns: tuple[str, ...]


def _normal(sql: str | None) -> str:
    """SQL text as compared: runs of spaces as one, none beside brackets and commas."""
    text = re.sub(r"\s+", " ", sql or "").strip()
    return re.sub(r"\s*([(),])\s*", r"\1", text)


def entries(conn: Any) -> dict[tuple[str, str], Entry]:
    """Every table, index, trigger and view in ``conn``'s main database (statistics that
    ``ANALYZE`` writes aside), by type and name."""
    found: dict[tuple[str, str], Entry] = {}
    for kind, name, table, sql in conn.execute(
            "SELECT type, name, tbl_name, sql FROM main.sqlite_master").fetchall():
        if name.startswith("sqlite_stat"):
            continue
        columns: tuple[str, ...] = ()
        if kind == "table":
            columns = tuple(r[1] for r in conn.execute(
                "SELECT * FROM pragma_table_xinfo(?, 'main')", [name]).fetchall())
        found[kind, name] = Entry(kind, name, table, _normal(sql), columns)
    return found


def frozen(held: Mapping[str, Sequence[str]]) -> Applied:
    """``held`` (names by set) as :data:`Applied`: the kit's set first."""
    return tuple(sorted(((name, tuple(names)) for name, names in held.items()),
                        key=lambda pair: pair[0] != KIT.name))


def current(system: str | None) -> Applied:
    """What a new ledger of ``system`` (a system's key) holds: every migration of the kit's
    set and of the system's own."""
    own = system_set(system)
    return ((KIT.name, KIT.names), *(((own.name, own.names),) if own else ()))


def build(db: Any, held: Applied) -> None:
    """Make in ``db`` (an empty database, a sqlite-utils ``Database``) the schema the
    migrations ``held`` give, with their record; LedgerError if each set's are not its
    first migrations in this version, in order."""
    known = {KIT.name: KIT, **registered()}
    for set_name, names in held:
        found = known.get(set_name)
        if found is None or list(names) != list(found.names[:len(names)]):
            raise LedgerError("its schema history is not one drawsteel-kit writes")
    for set_name, names in held:
        if names:
            found = known[set_name]
            stop = found.names[len(names)] if len(names) < len(found.names) else None
            migrations(set_name).apply(db, stop_before=stop)


@functools.cache
def reference(held: Applied) -> Mapping[tuple[str, str], Entry]:
    """The schema the migrations ``held`` make, built once in memory."""
    import sqlite_utils

    conn = sqlite3.connect(":memory:")
    try:
        build(sqlite_utils.Database(conn, recursive_triggers=False, execute_plugins=False),
              held)
        return entries(conn)
    finally:
        conn.close()


def not_ours(conn: Any) -> list[str]:
    """What ``conn``'s schema has besides what its migrations make, or lacks, each in a few
    words ("trigger zz_evil added", "table heroes: column wealth missing"); empty when it is
    exactly what they make."""
    try:
        want = reference(frozen(applied(conn)))
    except LedgerError as exc:
        return [str(exc)]
    return differences(entries(conn), want)


def differences(have: Mapping[tuple[str, str], Entry],
                want: Mapping[tuple[str, str], Entry]) -> list[str]:
    """What ``have`` has besides ``want``, lacks, or holds otherwise, in a few words each."""
    found = [f"{named(kind)} {named(name)} added" for kind, name in have
             if (kind, name) not in want]
    found += [f"{kind} {name} missing" for kind, name in want if (kind, name) not in have]
    for key, mine in want.items():
        theirs = have.get(key)
        if theirs is None or (theirs.sql == mine.sql and theirs.columns == mine.columns):
            continue
        if mine.type != "table":
            found.append(f"{mine.type} {mine.name} changed")
            continue
        extra = [c for c in theirs.columns if c not in mine.columns]
        lost = [c for c in mine.columns if c not in theirs.columns]
        parts = [f"column {named(c)} added" for c in extra] + [f"column {c} missing" for c in lost]
        if parts:
            found.append(f"table {mine.name}: {', '.join(parts)}")
        elif mine.name not in _THEIRS:  # the same columns, another definition (a CHECK gone)
            found.append(f"table {mine.name} changed")
    return found


def named(name: str) -> str:
    """A name a file's schema holds, as a message shows it: on one line, not too long."""
    text = name if name.isprintable() else repr(name)
    return text if len(text) <= NAME_SHOWN else text[:NAME_SHOWN - 3] + "..."


def said(found: Sequence[str]) -> str:
    """Differences in one phrase, the first few named."""
    more = len(found) - SHOWN
    return "; ".join(found[:SHOWN]) + (f"; and {more} more" if more > 0 else "")
