"""The projection tables there are: the kit's own, and each game system's set of migrations
(the registry's ``migrations`` part of each system that keeps tables of its own).

Which of them one ledger holds: :func:`.schema.projections`.
"""

from __future__ import annotations

import functools

from drawsteel_kit.kit.ledger.migration_set import MigrationSet, Projection

__all__ = ["PROJECTIONS", "every_projection", "pks", "registered"]

#: The projections every system keeps, in the order rebuild() fills them: a system's own
#: come after the party's, before the notes and sheets (as they always did: an export's
#: tables stay in their order).
PROJECTIONS: tuple[Projection, ...] = (
    Projection("party", "id", tracked=("hero_tokens", "day", "session")),
    Projection("notes", "id", visible_rows=True, free_text=("text", "about")),
    Projection("sheets", "key", named_by="name", visible_rows=True),
)


@functools.cache
def registered() -> dict[str, MigrationSet]:
    """Every game system's set of migrations, by its name (the registry's ``migrations``
    part of each system that has one)."""
    from drawsteel_kit.kit.registry import SYSTEMS

    found: dict[str, MigrationSet] = {}
    for played in SYSTEMS.values():
        if played.has("migrations"):
            own: MigrationSet = played.part("migrations").MIGRATIONS
            found[own.name] = own
    return found


@functools.cache
def every_projection() -> dict[str, Projection]:
    """Every projection table this version knows (the kit's and every system's), by name:
    an event's change names its table, whichever ledger holds it."""
    return {p.table: p for p in (*PROJECTIONS, *(p for found in registered().values()
                                                 for p in found.projections))}


@functools.cache
def pks() -> dict[str, str]:
    """Every projection table's key column, by table (:func:`every_projection`)."""
    return {table: p.pk for table, p in every_projection().items()}
