"""Read-only views of the campaign's records besides heroes, projects and followers: titles, the
inventory, NPCs, notes and the timeline, each row a frozen dataclass."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.book.notes import NoteState, read_notes
from drawsteel_kit.kit.book.party import visible_where as _visible
from drawsteel_kit.kit.ledger.standing import standing_where
from drawsteel_kit.systems.draw_steel.state import decoded_row

if TYPE_CHECKING:
    from drawsteel_kit.kit.ledger.reader import LedgerDb

__all__ = [
    "ItemState",
    "NoteState",
    "NpcState",
    "TimelinePoint",
    "TitleState",
    "read_inventory",
    "read_notes",
    "read_npcs",
    "read_timeline",
    "read_titles",
]


class _Row:
    """as_dict for the frozen row dataclasses below."""

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {f.name: list(v) if isinstance(v := getattr(self, f.name), tuple) else v
                for f in fields(self)}  # type: ignore[arg-type]  # self is always a dataclass


@dataclass(frozen=True)
class TitleState(_Row):
    """A title a hero holds (or held: ``active`` False once revoked) and what it gave."""

    id: int
    hero: str
    title: str
    benefit: str
    renown: int
    wealth: int
    followers: int
    retainers: int
    effect: str
    day: int | None
    active: bool
    visibility: str


@dataclass(frozen=True)
class ItemState(_Row):
    """One line of the party's inventory: a treasure, a consumable, a purchase."""

    id: int
    holder: str | None
    item: str
    kind: str
    count: int
    origin: str
    project_id: int | None
    visibility: str
    tier: int | None = None
    notes: str = ""
    acquired_day: int | None = None


@dataclass(frozen=True)
class NpcState(_Row):
    """An NPC the heroes negotiate with: impression, tags, and who they know.

    ``standing`` maps a hero's name to ``fame``, ``infamy`` or ``known`` (the NPC knows
    the hero; the Director has not said which); a hero not in it is unknown to the NPC."""

    id: int
    name: str
    level: int | None
    impression: int
    tags: tuple[str, ...]
    standing: dict[str, str]
    notes: str
    visibility: str


@dataclass(frozen=True)
class TimelinePoint(_Row):
    """One change of a tracked number (see :mod:`drawsteel_kit.kit.ledger.timeline`)."""

    event_id: int
    day: int
    session: int | None
    table: str
    key: str
    field: str
    before: int | None
    after: int | None
    visibility: str
    kind: str
    reason: str


def read_titles(db: LedgerDb, *, hero: str | None = None,
                visible_to: str | None = None, include_revoked: bool = False
                ) -> list[TitleState]:
    """Titles held, oldest first (one hero's when named)."""
    where, params = _visible(visible_to)
    sql = f"SELECT * FROM titles WHERE {where}"
    if not include_revoked:
        sql += " AND active = 1"
    if hero is not None:
        sql += " AND hero = ?"
        params.append(hero)
    return [TitleState(**decoded_row(r, flags=("active",)))
            for r in db.query(sql + " ORDER BY id", params)]


def read_inventory(db: LedgerDb, *, holder: str | None = None,
                   visible_to: str | None = None, include_used: bool = False
                   ) -> list[ItemState]:
    """The inventory, oldest first; used-up consumables (count 0) only when asked."""
    where, params = _visible(visible_to)
    sql = f"SELECT * FROM inventory WHERE {where}"
    if not include_used:
        sql += " AND count > 0"
    if holder is not None:
        sql += " AND holder = ?"
        params.append(holder)
    return [ItemState(**r) for r in db.query(sql + " ORDER BY id", params)]


def read_npcs(db: LedgerDb, *,
              visible_to: str | None = None) -> list[NpcState]:
    """NPCs, oldest first."""
    where, params = _visible(visible_to)
    return [NpcState(**decoded_row(r, lists=("tags",), dicts=("standing",)))
            for r in db.query(f"SELECT * FROM npcs WHERE {where} ORDER BY id", params)]


def read_timeline(db: LedgerDb, *, hero: str | None = None,
                  fields: Iterable[str] | None = None, visible_to: str | None = None,
                  standing: bool = True) -> list[TimelinePoint]:
    """Changes of tracked numbers in order (a hero's, or the party's with ``hero="party"``
    ... or everything when None), optionally only some ``fields``: those that stand (no undo
    took them back: what a chart draws), or with ``standing=False`` every one, undone
    changes and undos among them (the Director's history of a number)."""
    where, params = _visible(visible_to)
    sql = f"SELECT * FROM timeline WHERE {where}"
    if standing:
        sql += f" AND {standing_where(db)}"
    if hero == "party":
        sql += " AND tbl = 'party'"
    elif hero is not None:
        sql += " AND tbl = 'heroes' AND key = ?"
        params.append(hero)
    if fields is not None:
        wanted = list(fields)
        sql += f" AND field IN ({', '.join('?' for _ in wanted)})"
        params += wanted
    out = []
    for r in db.query(sql + " ORDER BY id", params):
        r = dict(r)
        r.pop("id")
        r.pop("undone", None)  # (always 0 here)
        r["table"] = r.pop("tbl")
        out.append(TimelinePoint(**r))
    return out
