"""Draw Steel's part of the ledger: its migrations and projection tables (the registry's
``migrations`` part of Draw Steel), handed to the kit as one :class:`MigrationSet`.

A Draw Steel ledger holds these besides what every system keeps; another system's ledger
does not (one made before issue 34 holds them empty, recorded under this set).
"""

from __future__ import annotations

import json
from typing import Any

from drawsteel_kit.kit.ledger.migration_set import MigrationSet, Projection
from drawsteel_kit.systems.draw_steel.ledger.steps import FROM_KIT, READER_OPTIONAL, STEPS

__all__ = ["MIGRATIONS", "PROJECTIONS"]

#: Draw Steel's projection tables, in the order rebuild() fills them (a hero before what
#: refers to it).
PROJECTIONS: tuple[Projection, ...] = (
    Projection("heroes", "name", named_by="name", shown_names=True,
               tracked=("level", "xp", "victories", "renown", "wealth", "project_points"),
               own_lines=("titles",)),
    Projection("projects", "id", named_by="title", visible_rows=True, viewed=True,
               secret_names=True),
    Projection("followers", "id", named_by="name"),
    Projection("inventory", "id", named_by="item", visible_rows=True, free_text=("notes",)),
    Projection("titles", "id", named_by="title", visible_rows=True),
    Projection("npcs", "id", named_by="name", visible_rows=True, free_text=("notes",),
               secret_names=True),
)


def hidden_titles_out(db: Any, where: str, params: list[Any]) -> None:
    """A players' copy: a hero's hidden titles out of the hero's list of titles (the
    ``titles`` rows themselves go as every hidden row does)."""
    hidden: dict[str, set[str]] = {}
    for hero, title in db.execute(f"SELECT hero, title FROM titles WHERE NOT ({where})",
                                  params).fetchall():
        hidden.setdefault(hero, set()).add(title)
    for hero, titles in hidden.items():
        row = db.execute("SELECT titles FROM heroes WHERE name = ?", [hero]).fetchone()
        if row is None:
            continue
        kept = [t for t in json.loads(row[0] or "[]") if t not in titles]
        db.execute("UPDATE heroes SET titles = ? WHERE name = ?",
                   [json.dumps(kept, sort_keys=True, ensure_ascii=False), hero])


#: Draw Steel's set of migrations, recorded as "draw-steel" in ``_sqlite_migrations``.
MIGRATIONS = MigrationSet("draw-steel", STEPS, PROJECTIONS, READER_OPTIONAL, FROM_KIT,
                          trim=hidden_titles_out)
