"""The ledger's schema, kept by sqlite-utils' built-in ``Migrations``.

The migrations' names are a plain tuple (:data:`MIGRATION_NAMES`), and a read-only opening
checks them with plain SQL; the ``Migrations`` object, and sqlite-utils with it, is built
only to migrate.

``events`` is the truth and is append-only (triggers refuse UPDATE and DELETE).
The projection tables are the current state, rebuilt from ``events`` on demand.
A ledger whose history names a migration this version does not know was made by a
newer drawsteel-kit; it is refused rather than half-understood.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.errors import LedgerError
from drawsteel_kit.kit.ledger.migration_steps import READER_OPTIONAL, STEPS
from drawsteel_kit.kit.ledger.reader import ReadDatabase

if TYPE_CHECKING:
    import sqlite_utils
    from sqlite_utils.migrations import Migrations

__all__ = [
    "MIGRATION_NAMES", "PROJECTIONS", "Projection", "applied_names",
    "check_not_newer", "migrate", "migrations", "pending_for_reading", "pending_names",
    "schema_version",
]

#: The migration set's name in ``_sqlite_migrations``.
MIGRATION_SET = "drawsteel-kit"


@dataclass(frozen=True)
class Projection:
    """A table of current state, derived from events. ``pk`` is its key column."""

    table: str
    pk: str


#: Every projection table, in the order rebuild() clears and refills them.
PROJECTIONS: tuple[Projection, ...] = (
    Projection("party", "id"),
    Projection("heroes", "name"),
    Projection("projects", "id"),
    Projection("followers", "id"),
    Projection("inventory", "id"),
    Projection("titles", "id"),
    Projection("npcs", "id"),
    Projection("notes", "id"),
    Projection("sheets", "key"),
)


#: The names of every migration this version knows, oldest first.
MIGRATION_NAMES: tuple[str, ...] = tuple(name for name, _ in STEPS)


@functools.cache
def migrations() -> Migrations:
    """sqlite-utils' ``Migrations`` for the ledger (built, and sqlite-utils imported, once)."""
    from sqlite_utils.migrations import Migrations

    built = Migrations(MIGRATION_SET)
    for name, step in STEPS:
        built(name=name)(step)
    return built


def __getattr__(name: str) -> Any:
    """``MIGRATIONS``: sqlite-utils' ``Migrations``, built on first use, so importing the
    schema (and every read-only opening) stays clear of sqlite-utils."""
    if name == "MIGRATIONS":
        return migrations()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def applied_names(db: Any) -> list[str]:
    """The migrations applied to ``db``, in the order they were applied (plain SQL, the
    same rows sqlite-utils' ``Migrations.applied`` reads)."""
    if not db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' "
                      "AND name = '_sqlite_migrations'").fetchone():
        return []
    return [r[0] for r in db.execute(
        "SELECT name FROM _sqlite_migrations WHERE migration_set = ? ORDER BY rowid",
        [MIGRATION_SET]).fetchall()]


def pending_names(db: Any) -> list[str]:
    """The migrations this version knows that ``db`` has not had, oldest first."""
    applied = set(applied_names(db))
    return [name for name in MIGRATION_NAMES if name not in applied]


def pending_for_reading(db: Any) -> list[str]:
    """The pending migrations a reader needs: :func:`pending_names` but those that only
    speed reading up (an index; ``READER_OPTIONAL``)."""
    return [name for name in pending_names(db) if name not in READER_OPTIONAL]


def schema_version(db: sqlite_utils.Database) -> str | None:
    """The name of the newest migration applied, or None for an empty file."""
    applied = applied_names(db)
    return applied[-1] if applied else None


def check_not_newer(db: sqlite_utils.Database, *, path: str = "ledger") -> None:
    """Refuse a ledger whose history names migrations this version does not know."""
    unknown = set(applied_names(db)) - set(MIGRATION_NAMES)
    if unknown:
        raise LedgerError(
            f"{path} was written by a newer drawsteel-kit (schema {sorted(unknown)[-1]}); "
            "upgrade drawsteel-kit to open it."
        )


def migrate(db: sqlite_utils.Database, *, path: str = "ledger") -> None:
    """Bring the ledger's schema up to date, refusing files that are not ledgers."""
    tables = set(db.table_names())
    applied = applied_names(db)
    if tables - {"_sqlite_migrations", "sqlite_sequence"} and not applied:
        raise LedgerError(
            f"{path} is a SQLite file but not a drawsteel-kit ledger (it has tables "
            f"{', '.join(sorted(tables)[:5])}). Point at a campaign's ledger.db, or move this "
            "file aside and run `drawsteel-kit init`."
        )
    check_not_newer(db, path=path)
    if pending_names(db):
        # Under the write lock, so two processes opening a new ledger at once
        # cannot both apply the same migration.
        from drawsteel_kit.kit.ledger.transaction import write

        with write(db):
            if pending_names(db):  # through sqlite-utils' Database over the same connection
                migrations().apply(db.full() if isinstance(db, ReadDatabase) else db)
