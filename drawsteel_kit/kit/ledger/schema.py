"""The ledger's schema, kept by sqlite-utils' built-in ``Migrations``: the kit's set of
migrations, and the set of each game system that keeps tables of its own.

A ledger holds the kit's set (events, the party, notes, sheets, the timeline) and the sets
it records in ``_sqlite_migrations``; a new ledger gets its system's set too (Draw Steel's
heroes, projects, ...: ``systems/draw_steel/ledger``), found through the registry (a
system's ``migrations`` part), so the kit names no system. Each set's names are recorded
under its own name. A ledger made before systems had sets of their own (issue 34) holds a
system's tables made by the kit's set: they are recorded under that system's set
(:func:`adopted`), not made again.

The migrations' names are plain tuples and a read-only opening checks them with plain SQL;
the ``Migrations`` objects, and sqlite-utils with them, are built only to migrate.
``events`` is the truth and is append-only (triggers refuse UPDATE and DELETE). The
projection tables are the current state, rebuilt from ``events`` on demand. A ledger whose
history names a migration or a set this version does not know was made by a newer
drawsteel-kit; it is refused rather than half-understood.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.errors import LedgerError
from drawsteel_kit.kit.ledger.migration_set import MigrationSet, Projection
from drawsteel_kit.kit.ledger.migration_steps import KIT
from drawsteel_kit.kit.ledger.reader import ReadDatabase
from drawsteel_kit.kit.ledger.registered import registered

if TYPE_CHECKING:
    import sqlite3

    import sqlite_utils
    from sqlite_utils.migrations import Migrations

    from drawsteel_kit.kit.ledger.reader import LedgerDb

__all__ = [
    "MIGRATION_NAMES", "MIGRATION_SET", "PROJECTIONS", "Projection", "adopted", "applied",
    "applied_names", "check_not_newer", "held", "migrate", "migrations",
    "pending_for_reading", "pending_names", "projections", "recorded", "schema_version",
    "system_set",
]

#: The kit's set's name in ``_sqlite_migrations``.
MIGRATION_SET = KIT.name
#: The names of every migration of the kit's set this version knows, oldest first.
MIGRATION_NAMES: tuple[str, ...] = KIT.names
#: The projections every system keeps (a ledger's own: :func:`projections`).
PROJECTIONS: tuple[Projection, ...] = KIT.projections


def system_set(key: str | None) -> MigrationSet | None:
    """The set of migrations of the system named ``key`` (None: it keeps no tables)."""
    if key is None:
        return None
    from drawsteel_kit.kit.registry import system

    played = system(key)
    return played.part("migrations").MIGRATIONS if played.has("migrations") else None


@functools.cache
def migrations(name: str = MIGRATION_SET) -> Migrations:
    """sqlite-utils' ``Migrations`` for one set (built, and sqlite-utils imported, once)."""
    from sqlite_utils.migrations import Migrations

    found = KIT if name == MIGRATION_SET else registered()[name]
    built = Migrations(found.name)
    for step_name, step in found.steps:
        built(name=step_name)(step)
    return built


def __getattr__(name: str) -> Any:
    """``MIGRATIONS``: sqlite-utils' ``Migrations`` for the kit's set, built on first use, so
    importing the schema (and every read-only opening) stays clear of sqlite-utils."""
    if name == "MIGRATIONS":
        return migrations()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _has_table(db: Any, name: str) -> bool:
    return db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                      [name]).fetchone() is not None


def recorded(db: Any) -> dict[str, list[str]]:
    """The migrations ``_sqlite_migrations`` records, by set, each in the order applied
    (plain SQL: the rows sqlite-utils' ``Migrations.applied`` reads)."""
    if not _has_table(db, "_sqlite_migrations"):
        return {}
    found: dict[str, list[str]] = {}
    for set_name, name in db.execute(
            "SELECT migration_set, name FROM _sqlite_migrations ORDER BY rowid").fetchall():
        found.setdefault(set_name, []).append(name)
    return found


def adopted(db: Any, held_now: dict[str, list[str]] | None = None) -> dict[str, list[str]]:
    """The systems' migrations a ledger made before issue 34 holds though it does not record
    them: the kit's set made their tables then. A set is adopted when it records nothing and
    its first table is there; its migrations whose kit counterpart the kit's set records."""
    held_now = recorded(db) if held_now is None else held_now
    kit = set(held_now.get(MIGRATION_SET, ()))
    found: dict[str, list[str]] = {}
    for own in registered().values():
        if (own.name in held_now or not own.from_kit or not own.projections
                or not _has_table(db, own.projections[0].table)):
            continue
        made = [name for name, by_kit in own.from_kit if by_kit in kit]
        if made:
            found[own.name] = made
    return found


def applied(db: Any) -> dict[str, list[str]]:
    """The migrations a ledger holds, by set: those it records and those it holds unrecorded
    (:func:`adopted`)."""
    found = recorded(db)
    return {**found, **adopted(db, found)}


def held(db: Any, sets: dict[str, list[str]] | None = None) -> list[MigrationSet]:
    """The sets of migrations a ledger holds: the kit's, and each system's it holds (those
    this version does not know are left out: :func:`check_not_newer` refuses them)."""
    sets = applied(db) if sets is None else sets
    known = registered()
    return [KIT, *(known[name] for name in sets if name in known)]


def projections(db: Any) -> tuple[Projection, ...]:
    """A ledger's projection tables in the order rebuild() fills them: the party, each held
    system's tables, then the notes and sheets."""
    own = [p for found in held(db)[1:] for p in found.projections]
    return (KIT.projections[0], *own, *KIT.projections[1:])


def applied_names(db: Any) -> list[str]:
    """The kit's migrations applied to ``db``, in the order they were applied (plain SQL)."""
    return recorded(db).get(MIGRATION_SET, [])


def _fresh(db: Any) -> bool:
    """The ledger holds no campaign yet (a new file, or no party row)."""
    return not _has_table(db, "party") or db.execute("SELECT 1 FROM party").fetchone() is None


def pending_names(db: Any, system: str | None = None) -> list[str]:
    """The migrations this version knows that ``db`` does not record yet, oldest first: the
    kit's by name, a system's as ``set:name`` (adopted ones too: they are written down). A
    ledger holding no campaign yet gets the set of ``system`` (a system's key)."""
    found = recorded(db)
    pending = [name for name in KIT.names if name not in found.get(MIGRATION_SET, ())]
    sets = held(db, applied(db))[1:]
    own = system_set(system)
    if own is not None and own not in sets and _fresh(db):
        sets.append(own)
    for other in sets:
        done = set(found.get(other.name, ()))
        pending += [f"{other.name}:{name}" for name in other.names if name not in done]
    return pending


def pending_for_reading(db: Any) -> list[str]:
    """The pending migrations a reader needs: :func:`pending_names` but those that only
    speed reading up (an index: a set's ``reader_optional``) and those a ledger holds
    unrecorded (:func:`adopted`)."""
    sets = applied(db)
    pending = [name for name in KIT.names
               if name not in sets.get(MIGRATION_SET, ()) and name not in KIT.reader_optional]
    for other in held(db, sets)[1:]:
        done = set(sets.get(other.name, ()))
        pending += [f"{other.name}:{name}" for name in other.names
                    if name not in done and name not in other.reader_optional]
    return pending


def schema_version(db: LedgerDb) -> str | None:
    """The name of the newest of the kit's migrations applied, or None for an empty file."""
    names = applied_names(db)
    return names[-1] if names else None


def check_not_newer(db: LedgerDb | sqlite3.Connection, *, path: str = "ledger") -> None:
    """Refuse a ledger whose history names migrations this version does not know: of the
    kit's set, of a system's, or a set of a system that keeps no tables in this version. A
    set named after nothing this version knows is not ours (another tool's): left alone."""
    from drawsteel_kit.kit.registry import SYSTEMS

    known = {MIGRATION_SET: KIT, **registered()}
    for set_name, names in recorded(db).items():
        own = known.get(set_name)
        if own is None and set_name not in SYSTEMS:
            continue
        unknown = sorted(set(names) - set(own.names)) if own else [f"{set_name}:{names[-1]}"]
        if unknown:
            from drawsteel_kit.kit.limits import shown

            name = unknown[-1]  # a damaged file's name may hold any character: one line
            said = name if name.isprintable() and len(name) <= 60 else shown(name, 60)
            raise LedgerError(
                f"{path} was written by a newer drawsteel-kit (schema {said}); "
                "upgrade drawsteel-kit to open it."
            )


def migrate(db: LedgerDb, *, path: str = "ledger", system: str | None = None
            ) -> None:
    """Bring the ledger's schema up to date, refusing files that are not ledgers. A ledger
    holding no campaign yet gets the tables of ``system`` (a system's key) too."""
    tables = set(db.table_names())
    if tables - {"_sqlite_migrations", "sqlite_sequence"} and not applied_names(db):
        raise LedgerError(
            f"{path} is a SQLite file but not a drawsteel-kit ledger (it has tables "
            f"{', '.join(sorted(tables)[:5])}). Point at a campaign's ledger.db, or move this "
            "file aside and run `drawsteel-kit init`."
        )
    check_not_newer(db, path=path)
    if pending_names(db, system):
        # Under the write lock, so two processes opening a new ledger at once
        # cannot both apply the same migration.
        from drawsteel_kit.kit.ledger.transaction import write

        with write(db):
            if pending_names(db, system):  # through sqlite-utils' Database, same connection
                _apply(db.full() if isinstance(db, ReadDatabase) else db, system)


def _apply(db: sqlite_utils.Database, system: str | None) -> None:
    """Record what the ledger holds unrecorded, then apply every pending migration: the
    kit's set first, then each system's set the ledger holds (or gets)."""
    found = recorded(db)
    migrations().ensure_migrations_table(db)
    kit_at = dict(db.execute("SELECT name, applied_at FROM _sqlite_migrations WHERE "
                             "migration_set = ?", [MIGRATION_SET]).fetchall())
    for set_name, names in adopted(db, found).items():
        by_kit = dict(registered()[set_name].from_kit)
        db.conn.executemany(  # applied when the kit's set made them, as it was
            "INSERT INTO _sqlite_migrations (migration_set, name, applied_at) VALUES (?, ?, ?)",
            [(set_name, name, kit_at.get(by_kit[name], "")) for name in names])
    own = system_set(system)
    fresh = _fresh(db)
    migrations().apply(db)
    sets = held(db)[1:]
    if own is not None and own not in sets and fresh:
        sets.append(own)
    for other in sets:
        migrations(other.name).apply(db)
