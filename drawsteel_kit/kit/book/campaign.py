"""The campaign: one folder, its ledger, and the door every change goes through.

:class:`BaseCampaign` is what every game system's campaign is: it opens (upgrading an older
ledger), builds its ledger from campaign.yaml (:meth:`BaseCampaign.init`), reads its history,
undoes an operation, backs up and exports. A system's operations come on top: Draw Steel's
``Campaign`` composes its mixins; another system's book is ``campaign.book``. Opening a folder
gives the class of the system it plays (the registry's ``campaign``).

An operation that touches several members writes one event per member (so each one's
history and visibility stay their own), all sharing an ``operation`` id: undoing any of them
undoes the whole operation.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from drawsteel_kit.kit.book.base import Happened, check_text, operation
from drawsteel_kit.kit.book.calendar import CalendarOps
from drawsteel_kit.kit.book.notes import NoteOps
from drawsteel_kit.kit.book.party import encodable, read_party
from drawsteel_kit.kit.book.sentences import is_kind, kind_for
from drawsteel_kit.kit.book.sheets import SheetOps
from drawsteel_kit.kit.errors import CampaignNotFound, LedgerNeedsUpgrade, RulesError, UndoError
from drawsteel_kit.kit.folder import CAMPAIGN_FILE, find_campaign_dir
from drawsteel_kit.kit.ledger import (
    COUNTED,
    LEDGER_FILE,
    Event,
    Ledger,
    check_sqlite_file,
    pending_names,
)
from drawsteel_kit.kit.ledger.backup import backup_file
from drawsteel_kit.kit.words import plural

__all__ = ["NOT_UNDOABLE", "BaseCampaign", "open_campaign"]

#: Events that cannot be undone, and why.
NOT_UNDOABLE: dict[str, str] = {
    "campaign_created": "the campaign's creation; delete the campaign folder instead",
}

_C = TypeVar("_C", bound="BaseCampaign")


def _backup_name(folder: Path, ledger: Ledger) -> Path:
    return folder / "backups" / f"ledger-{ledger.event_count()}-{uuid.uuid4().hex[:6]}.db"


def _played_class(cls: type[_C], settings: dict[str, Any]) -> type[_C]:
    """``cls``, or the class of the system the campaign plays when ``cls`` is not one."""
    from drawsteel_kit.kit.registry import DEFAULT_SYSTEM, system

    wanted = system(settings.get("system", DEFAULT_SYSTEM)).campaign_class() or BaseCampaign
    return cls if issubclass(cls, wanted) else wanted  # type: ignore[return-value]


class BaseCampaign(CalendarOps, NoteOps, SheetOps):
    """One campaign of any system: its folder, its ledger, its history; the operations are
    its system's."""

    #: Event kinds that undo accepts though they change no row (a system's markers).
    undoable_without_changes: ClassVar[frozenset[str]] = frozenset()

    # -- opening -------------------------------------------------------------
    @classmethod
    def open(cls: type[_C], where: str | Path, *, readonly: bool = False,
             upgrade: bool = False) -> _C:
        """Open an initialised campaign (``readonly`` for player pages: SQLite refuses writes).

        An older ledger is upgraded first (see :meth:`upgrade`: a copy from before is kept,
        named by ``upgraded_from``), except that a read-only opening refuses it
        (LedgerNeedsUpgrade) unless ``upgrade``, as the Director's read commands pass.
        Player pages never upgrade.
        """
        folder = find_campaign_dir(where)
        ledger_path = folder / LEDGER_FILE
        if not ledger_path.exists():
            raise CampaignNotFound(
                f"{folder} has no ledger yet: run `drawsteel-kit init {folder}` to build it "
                f"from {CAMPAIGN_FILE}"
            )
        copy = None
        try:
            ledger = Ledger.open(ledger_path, readonly=readonly, create=False,
                                 migrate_schema=False)
        except LedgerNeedsUpgrade:
            if readonly and not upgrade:
                raise
            copy, _ = cls.upgrade(folder)
            ledger = Ledger.open(ledger_path, readonly=readonly, create=False)
        party = read_party(ledger.db)
        if party is None:
            ledger.close()
            raise CampaignNotFound(
                f"{ledger_path} holds no campaign yet: run `drawsteel-kit init {folder}`"
            )
        campaign = _played_class(cls, party.settings)(folder, ledger)
        campaign.upgraded_from = copy
        return campaign

    @classmethod
    def upgrade(cls, where: str | Path) -> tuple[Path | None, list[str]]:
        """Bring an older ledger's schema up to date in place, keeping a copy from before.

        Returns the copy (in ``backups/``) and the migrations applied; ``(None, [])`` when
        the ledger was already current.
        """
        folder = find_campaign_dir(where)
        path = folder / LEDGER_FILE
        check_sqlite_file(path)
        with Ledger.open(path, readonly=True, create=False, check_schema=False) as ledger:
            pending = pending_names(ledger.db)
        if not pending:
            return None, []
        first = pending[0].replace(":", "-")  # a system's migration: "draw-steel:0001_heroes"
        copy = backup_file(path, folder / "backups" / f"ledger-before-{first}-"
                           f"{uuid.uuid4().hex[:6]}.db")
        Ledger.open(path, create=False).close()  # migrates, in one transaction
        return copy, pending

    @classmethod
    def init(cls, where: str | Path) -> tuple[BaseCampaign, Happened]:
        """Build the ledger from campaign.yaml, or bring it up to date (see
        :mod:`drawsteel_kit.kit.book.init`)."""
        from drawsteel_kit.kit.book.init import init_campaign
        from drawsteel_kit.kit.campaign_file import load_campaign_file

        folder = find_campaign_dir(where)
        cf = load_campaign_file(folder / CAMPAIGN_FILE)  # checked before anything is written
        return init_campaign(_played_class(cls, {"system": cf.system}), folder, cf)

    def close(self) -> None:
        """Close the ledger."""
        self.ledger.close()

    def __enter__(self: _C) -> _C:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def status(self) -> dict[str, Any]:
        """The party and its sheets, JSON-ready (``drawsteel-kit status --json``)."""
        return {"campaign": str(self.folder), "system": self.system.key,
                "party": self.party.as_dict(), "sheets": [s.as_dict() for s in self.sheets()],
                "events": self.ledger.event_count()}

    def status_text(self) -> str:
        """The campaign as ``drawsteel-kit status`` prints it, for a system whose book keeps
        sheets: the party line, then a line per member (its book's ``status_lines``)."""
        party = self.party
        session = (f"session {party.session} (open)" if party.session_open
                   else f"{plural(party.session, 'session')} played")
        return "\n".join([f"{party.name} ({self.system.title}) — day {party.day}, {session}",
                          "", *self.book.status_lines()])

    def history(
        self,
        *,
        kind: str | None = None,
        hero: str | None = None,
        limit: int | None = None,
        visible_to: str | None = None,
        newest_first: bool = True,
        offset: int = 0,
    ) -> list[Event]:
        """Events, newest first by default; ``visible_to`` hides what that viewer may not see.

        ``hero`` names a member: a Draw Steel hero, or another system's character. ``kind``
        is a kind or its human name ("Project roll"); ``offset`` skips that many (a page)."""
        kind, actor = self._history_filters(kind, hero, visible_to)
        return self.ledger.events(
            kind=kind, actor=actor, limit=limit, visible_to=visible_to,
            newest_first=newest_first, offset=offset,
        )

    def history_count(self, *, kind: str | None = None, hero: str | None = None,
                      visible_to: str | None = None, at_most: int = COUNTED) -> int:
        """How many events :meth:`history` lists with these filters and no limit (past
        ``at_most``, one more than it: "more than")."""
        kind, actor = self._history_filters(kind, hero, visible_to)
        return self.ledger.count_events(kind=kind, actor=actor, visible_to=visible_to,
                                        at_most=at_most)

    def _history_filters(self, kind: str | None, hero: str | None,
                         visible_to: str | None) -> tuple[str | None, str | None]:
        for what, value in (("kind", kind), ("visible_to", visible_to)):
            if isinstance(value, str) and not encodable(value):
                raise RulesError(f"{what} holds bytes that are not UTF-8 text ({value!r}); "
                                 "type it again, or set the terminal to UTF-8")
        if isinstance(kind, str) and kind and not is_kind(kind):
            kind = kind_for(kind, self.system)
        return kind, (self.member(hero) if hero else None)

    # -- undo ------------------------------------------------------------------
    @operation
    def undo(self, event_id: int, *, reason: str = "") -> Happened:
        """Undo an operation by appending compensating events; history is never deleted.

        Refuses when a later event has since changed what the operation set: undo
        the later one first.
        """
        reason = check_text(reason, "reason")
        target = self.ledger.event(event_id)
        members = (
            self.ledger.operation_events(target.operation) if target.operation else [target]
        )
        for member in [target, *members]:  # the first init wrote its heroes with the party
            if member.kind in NOT_UNDOABLE:
                part = "" if member.id == target.id else f"it is part of #{member.id}, "
                raise UndoError(f"event #{event_id} ({target.summary}) cannot be undone: "
                                f"{part}{NOT_UNDOABLE[member.kind]}")
        if not any(e.ops or e.kind in self.undoable_without_changes for e in members):
            raise UndoError(f"event #{event_id} ({target.summary}) changed nothing: "
                            "there is nothing to undo")
        self._check_undo(target, members)
        summary = f"Undid #{event_id} ({target.summary})" + (f": {reason}" if reason else "")
        with self._writing() as w:
            # Newest first, each checked against the state the later undos left: events of
            # one operation may change the same row (a week of days, a roll then a respite).
            for member in reversed(members):
                ev, inverse = self.ledger.undo_ops(member.id)
                try:
                    w.event("undo", inverse, summary=f"Undo #{ev.id}: {ev.summary}",
                            actor=ev.actor, payload={"reason": reason, "undone_kind": ev.kind},
                            visibility=ev.visibility, undoes=ev.id)
                except sqlite3.IntegrityError:
                    raise UndoError(
                        f"event #{event_id} ({target.summary}) cannot be undone: something "
                        "made later still refers to what it created (a follower assigned to "
                        "the project, an item it made). Undo or change that first"
                    ) from None
        return Happened("undo", summary, tuple(w.written))

    def _check_undo(self, target: Event, members: list[Event]) -> None:
        """A system's own reason to refuse an undo (UndoError), beyond the ledger's: Draw
        Steel keeps a day whole while other heroes' respites joined it."""

    # -- backup and export ---------------------------------------------------
    def backup(self, dest: str | Path | None = None) -> Path:
        """An online copy of the ledger (default: ``backups/ledger-<events>.db`` in the folder)."""
        return self.ledger.backup(dest or _backup_name(self.folder, self.ledger))

    @staticmethod
    def backup_ledger(where: str | Path, dest: str | Path | None = None) -> Path:
        """:meth:`backup` without opening the campaign: an older ledger is copied as it is,
        not upgraded first (to keep a copy from before the upgrade)."""
        folder = find_campaign_dir(where)
        with Ledger.open(folder / LEDGER_FILE, readonly=True, create=False,
                         check_schema=False) as ledger:
            return ledger.backup(dest or _backup_name(folder, ledger))

    def export(self, *, include_director: bool = True) -> dict[str, Any]:
        """History and state as a JSON-ready dict; without ``include_director``, the party's view of
        them (:class:`~drawsteel_kit.kit.book.party_view.PartyView`: hidden rows left out,
        hidden changes as "Adjusted by the Director" lines, foes without their profiles)."""
        if include_director:
            return self.ledger.export(include_director=True)
        from drawsteel_kit.kit.book.party_view import PartyView

        with PartyView.of(self) as view:
            return view.export()

    def export_json(self, *, include_director: bool = True) -> str:
        """:meth:`export` as JSON text."""
        return json.dumps(self.export(include_director=include_director), indent=2,
                          ensure_ascii=False)




def open_campaign(where: str | Path, **kw: Any) -> BaseCampaign:
    """Open a campaign folder as the class of the system it plays (:meth:`BaseCampaign.open`)."""
    return BaseCampaign.open(where, **kw)
