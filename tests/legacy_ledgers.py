"""Ledgers as drawsteel-kit wrote them before issue 34: one migration set, "drawsteel-kit",
whose steps made Draw Steel's tables in every system's ledger.

Today each of those steps is the kit's part and Draw Steel's part (its ``from_kit``); run
together, and only the kit's name recorded, they make the ledger that version made.
"""

from __future__ import annotations

import datetime
from typing import Any

from drawsteel_kit.kit.ledger.migration_steps import KIT
from drawsteel_kit.kit.ledger.schema import migrations
from drawsteel_kit.systems.draw_steel.ledger import MIGRATIONS as DRAW_STEEL

#: The names of the one set of those days, oldest first.
LEGACY_NAMES = KIT.names


def legacy_apply(db: Any, newest: str | None = None) -> None:
    """Bring ``db`` (a sqlite-utils ``Database``) to the old schema ``newest`` (the last
    when None), recording the kit's names only, as that version did."""
    own = dict(DRAW_STEEL.steps)
    made_by: dict[str, list[str]] = {}
    for name, by_kit in DRAW_STEEL.from_kit:
        made_by.setdefault(by_kit, []).append(name)
    migrations().ensure_migrations_table(db)
    done = {r[0] for r in db.execute("SELECT name FROM _sqlite_migrations").fetchall()}
    for name, step in KIT.steps:
        if name not in done:
            with db.atomic():
                step(db)
                for part in made_by.get(name, []):
                    own[part](db)
                db["_sqlite_migrations"].insert({
                    "migration_set": KIT.name, "name": name,
                    "applied_at": str(datetime.datetime.now(datetime.UTC))})
        if name == newest:
            return
