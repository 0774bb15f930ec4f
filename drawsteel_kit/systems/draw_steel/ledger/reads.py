"""Bounded reads of Draw Steel's projects for the pages: each reads only the rows it returns,
however many projects a long campaign has finished (finished projects pile up)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.ledger import timeline

if TYPE_CHECKING:
    from drawsteel_kit.kit.ledger.reader import LedgerDb

__all__ = ["finished_projects", "hidden_project_titles", "projects_by_id"]


def finished_projects(db: LedgerDb, *, hero: str | None = None,
                      visible_to: str | None = None, limit: int) -> list[dict[str, Any]]:
    """The last ``limit`` finished projects the viewer may see (one hero's when named),
    newest first: a walk back from the newest project that stops at ``limit``."""
    vis, params = timeline.visible_where(visible_to)
    sql = f"SELECT * FROM projects WHERE status = 'complete' AND {vis}"
    if hero is not None:
        sql += " AND hero = ?"
        params.append(hero)
    return list(db.query(sql + " ORDER BY id DESC LIMIT ?", [*params, limit]))


def projects_by_id(db: LedgerDb, ids: Iterable[int]) -> list[dict[str, Any]]:
    """The projects with these ids, oldest first."""
    wanted = sorted(set(ids))
    if not wanted:
        return []
    marks = ", ".join("?" for _ in wanted)
    return list(db.query(f"SELECT * FROM projects WHERE id IN ({marks}) ORDER BY id", wanted))


def hidden_project_titles(db: LedgerDb, visible_to: str | None) -> list[str]:
    """Titles of the projects the viewer may not see (none for the Director)."""
    if visible_to is None:
        return []
    vis, params = timeline.visible_where(visible_to)
    return [r["title"] for r in db.query(  # the first term: an index of the hidden ones
        f"SELECT title FROM projects WHERE visibility <> 'party' AND NOT ({vis})", params)]
