"""Sheets: what the other rule systems keep, one row each (``sheets``, migration 0004).

A sheet is one thing a system keeps as a whole: a Dungeon World character, a Pathfinder 2e
encounter, a condition-sheet battle, a logged Draw Steel encounter. Its ``data`` is the
system's own plain form (each pure rules class's ``as_dict``); an event changes it with an
update op holding the data before and after, so history, undo, rebuild, visibility, export
and the timeline (``SHEET_TRACKED`` numbers) serve every system unchanged.

:class:`SystemBook` is the base of each system's campaign operations, the area a campaign of
that system holds as ``campaign.book``; :class:`SheetStore` (``campaign.sheet_store``) reads
every sheet and the campaign's members (the names that have pages and histories of their own).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from drawsteel_kit.kit.book.area import Area
from drawsteel_kit.kit.book.base import Writer
from drawsteel_kit.kit.book.party import visible_where
from drawsteel_kit.kit.errors import PlanError, UnknownHero, UnknownSheet
from drawsteel_kit.kit.ledger import PARTY, Op, insert_op, update_op
from drawsteel_kit.kit.limits import did_you_mean, name_key, same_name
from drawsteel_kit.kit.registry import system

if TYPE_CHECKING:
    from drawsteel_kit.kit.ledger.reader import LedgerDb


__all__ = [
    "SheetState",
    "SheetStore",
    "SystemBook",
    "insert_sheet_op",
    "read_sheet",
    "read_sheets",
    "update_sheet_op",
]

SHEETS = "sheets"


@dataclass(frozen=True)
class SheetState:
    """One sheet as the ledger holds it; ``data`` is the system's plain form."""

    key: str
    system: str
    kind: str
    name: str
    status: str
    data: dict[str, Any] = field(default_factory=dict)
    day: int | None = None
    visibility: str = PARTY

    def as_dict(self) -> dict[str, Any]:
        """The row as ops and ``--json`` output carry it."""
        return {"key": self.key, "system": self.system, "kind": self.kind, "name": self.name,
                "status": self.status, "data": self.data, "day": self.day,
                "visibility": self.visibility}

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> SheetState:
        return cls(key=row["key"], system=row["system"], kind=row["kind"], name=row["name"],
                   status=row["status"], data=json.loads(row["data"] or "{}"),
                   day=row["day"], visibility=row["visibility"])


def read_sheets(db: LedgerDb, *, system: str | None = None,
                kind: str | None = None, status: str | None = None,
                visible_to: str | None = None) -> list[SheetState]:
    """Sheets in the order they were made (their rowid), filtered; ``visible_to`` as
    elsewhere: None is the Director, ``"party"`` party rows, a name adds ``hero:NAME`` rows."""
    where, params = visible_where(visible_to)
    for column, value in (("system", system), ("kind", kind), ("status", status)):
        if value is not None:
            where += f" AND [{column}] = ?"
            params.append(value)
    return [SheetState.from_row(r)
            for r in db.query(f"SELECT * FROM sheets WHERE {where} ORDER BY rowid", params)]


def read_sheet(db: LedgerDb, key: str) -> SheetState | None:
    """One sheet by key, or None."""
    rows = list(db.query("SELECT * FROM sheets WHERE key = ?", [key]))
    return SheetState.from_row(rows[0]) if rows else None


def insert_sheet_op(key: str, system: str, kind: str, name: str, data: Mapping[str, Any], *,
                    day: int | None = None, status: str = "active",
                    visibility: str = PARTY) -> Op:
    """The op that adds a sheet."""
    return insert_op(SHEETS, key, {"key": key, "system": system, "kind": kind, "name": name,
                                   "status": status, "data": dict(data), "day": day,
                                   "visibility": visibility})


def update_sheet_op(sheet: SheetState, *, data: Mapping[str, Any] | None = None,
                    status: str | None = None, name: str | None = None,
                    visibility: str | None = None, day: int | None = None) -> Op:
    """The op that changes a sheet (only what differs is kept; an empty op is dropped)."""
    before = sheet.as_dict()
    after: dict[str, Any] = {}
    for column, value in (("data", None if data is None else dict(data)), ("status", status),
                          ("name", name), ("visibility", visibility), ("day", day)):
        if value is not None:
            after[column] = value
    return update_op(SHEETS, sheet.key, before, after)


#: The status of a numbered sheet under way (an encounter, a battle).
RUNNING = "running"


class SystemBook(Area):
    """The base of a system's campaign operations (the area ``campaign.book``): its sheets,
    and the campaign's one write path. Subclasses name their system (``SYSTEM``) and the kind
    of sheet that is a member of the party (``MEMBER_KIND``: a character, with a player page
    of their own)."""

    SYSTEM: ClassVar[str] = ""
    MEMBER_KIND: ClassVar[str] = "character"

    @contextmanager
    def _writing(self) -> Iterator[Writer]:
        with self.campaign.writing() as w:
            yield w

    def sheets(self, kind: str | None = None, *, status: str | None = None,
               visible_to: str | None = None) -> list[SheetState]:
        """This system's sheets of one kind (all kinds when None)."""
        return read_sheets(self.ledger.db, system=self.SYSTEM, kind=kind, status=status,
                           visible_to=visible_to)

    def sheet(self, key: str) -> SheetState:
        """One sheet by key; UnknownSheet names the sheets there are."""
        found = read_sheet(self.ledger.db, key)
        if found is None or found.system != self.SYSTEM:
            have = ", ".join(s.key for s in self.sheets()) or "none yet"
            raise UnknownSheet(f"no sheet {key!r} in this campaign (sheets: {have})")
        return found

    def member_sheet(self, name: str) -> SheetState:
        """A member's sheet by name, case-insensitive; UnknownSheet lists the members."""
        if isinstance(name, str):
            for sheet in self.sheets(self.MEMBER_KIND):
                if same_name(sheet.name, name):
                    return sheet
        have = [s.name for s in self.sheets(self.MEMBER_KIND)]
        names = ", ".join(repr(n) for n in have) or "none"
        raise UnknownSheet(f"no {self.MEMBER_KIND} named {name!r} in this campaign "
                           f"({self.MEMBER_KIND}s: {names}){did_you_mean(name, have)}")

    def numbered_sheet(self, kind: str, ref: int | str | None, *, noun: str, starter: str,
                       error: type[Exception]) -> SheetState:
        """A numbered sheet (``kind:N``: an encounter, a battle) by number or name, the newest
        running one when ``ref`` is None; ``error`` lists the ones there are."""
        sheets = self.sheets(kind)
        have = ", ".join(f"{s.key.split(':')[1]} ({s.name}, {s.status})" for s in sheets)
        if ref is None:
            running = [s for s in sheets if s.status == RUNNING]
            if not running:
                raise error(f"no {noun} is running; start one with {starter} "
                            f"({noun}s: {have or 'none yet'})")
            return running[-1]
        if isinstance(ref, str) and ref.strip().isdecimal():
            ref = int(ref.strip())
        if isinstance(ref, int) and not isinstance(ref, bool):
            found = [s for s in sheets if s.key == f"{kind}:{ref}"]
        elif isinstance(ref, str):
            named = [s for s in sheets if same_name(s.name, ref)]
            found = [s for s in named if s.status == RUNNING][-1:] or named[-1:]
        else:
            found = []
        if not found:
            raise error(f"no {noun} {ref!r}; {noun}s: {have or 'none yet'}")
        return found[-1]

    def load_plan(self, path: object) -> Any:
        """A scripted plan of this system; a system without plans refuses (PlanError)."""
        played = system(self.SYSTEM)
        raise PlanError(f"this campaign plays {played.title}, which has no scripted plans to "
                        f"resolve (its commands: `{played.help_command}`)")

    def resolve_plan(self, plan: object, *, seed: int, dry_run: bool = True,
                     again: bool = False) -> Any:
        """Resolve a plan (a system with plans overrides this)."""
        return self.load_plan(plan)

    def status_lines(self) -> list[str]:
        """Lines for ``drawsteel-kit status``: one per member by default."""
        return [f"{s.name}: {s.status}" for s in self.sheets(self.MEMBER_KIND)]


class SheetStore(Area):
    """Every sheet, whichever system wrote it, and the campaign's members (the host holds it
    as ``campaign.sheet_store``)."""

    def sheets(self, kind: str | None = None, *,
               visible_to: str | None = None) -> list[SheetState]:
        """Every sheet (of one kind) the viewer may see, whichever system wrote it."""
        return read_sheets(self.ledger.db, kind=kind, visible_to=visible_to)

    @property
    def members(self) -> list[str]:
        """The names with a player page and a history of their own: Draw Steel's heroes,
        another system's characters."""
        played = self.campaign.system
        kind = played.book_class().MEMBER_KIND
        return [s.name for s in read_sheets(self.ledger.db, system=played.key,
                                            kind=kind)]

    @property
    def roster(self) -> list[str]:
        """The members in the order they joined: the order of their colours in every chart,
        table, report and page (``kit.ui.figures.hero_colour``). A member who joins later
        takes the next colour, so no one's colour changes (by name, a new "Aster" would shift
        everyone's, and a run's report would no longer match the pages)."""
        return self.campaign.members  # sheets are read in the order they were written

    def member(self, name: str) -> str:
        """A member's name as the ledger spells it (case-insensitive); UnknownHero lists them."""
        folded = name_key(name.strip()) if isinstance(name, str) else None
        members = self.campaign.members
        for have in members:
            if name_key(have) == folded:
                return have
        raise UnknownHero(f"no character named {name!r} in this campaign (characters: "
                          f"{', '.join(members) or 'none'})"
                          f"{did_you_mean(name, members)}")
