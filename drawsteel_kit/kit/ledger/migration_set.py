"""What a set of ledger migrations declares: its steps and the projection tables they make.

The kit has one set (its events, the party, notes, sheets, the timeline: what every system
keeps); a game system that keeps tables of its own declares another (Draw Steel: heroes,
projects, followers, ...) in its folder, handed to the kit through the registry (the
system's ``migrations`` part, whose ``MIGRATIONS`` is a :class:`MigrationSet`). Each set's
names are recorded under its own name in ``_sqlite_migrations``. A projection says what the
kit's generic code needs to know of a table: its key, and how a players' copy and the
timeline treat it, so the kit names no system's table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["MigrationSet", "Projection", "Step"]

#: One migration: its name in ``_sqlite_migrations``, and what it does to the database.
Step = tuple[str, Callable[[Any], None]]


@dataclass(frozen=True)
class Projection:
    """A table of current state, derived from events. ``pk`` is its key column."""

    table: str
    pk: str
    #: The column that names a row (an adjustment line's "Val renown +2"); "": not named.
    named_by: str = ""
    #: Its rows carry their own ``visibility``: a players' copy keeps the viewer's only.
    visible_rows: bool = False
    #: It grows with the campaign: a players' copy reads it through a view, not a copy.
    viewed: bool = False
    #: Free texts of its visible rows, where a players' copy blanks hidden names.
    free_text: tuple[str, ...] = ()
    #: Its hidden rows' names (``named_by``) are secrets kept out of visible text; its
    #: visible rows' names are no secret.
    secret_names: bool = False
    #: Every row's name is seen by everyone (a hero's): never blanked.
    shown_names: bool = False
    #: Whole numbers the timeline keeps of its rows (what the charts draw).
    tracked: tuple[str, ...] = ()
    #: Fields whose change has a row of its own elsewhere (a hero's list of titles): an
    #: adjustment line leaves them out.
    own_lines: tuple[str, ...] = ()


@dataclass(frozen=True)
class MigrationSet:
    """One named set of migrations and the projections it makes.

    ``steps``: every migration, oldest first (a released one never changes; a new one goes
    at the end). ``reader_optional``: those a reader does without (an index). ``from_kit``:
    (its migration, the kit's) for migrations the kit's own set made before systems had
    sets of their own (issue 34): a ledger of that time holds their tables, and gets them
    recorded under this set rather than made again. ``trim``: what else a players' copy
    drops (``trim(copy, where, params)``, the viewer's condition on ``visibility``).
    """

    name: str
    steps: tuple[Step, ...]
    projections: tuple[Projection, ...] = ()
    reader_optional: frozenset[str] = frozenset()
    from_kit: tuple[tuple[str, str], ...] = ()
    trim: Callable[[Any, str, list[Any]], None] | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """Its migrations' names, oldest first."""
        return tuple(name for name, _ in self.steps)
