"""The campaign facade: the one door for every change to a campaign.

Each method validates its input, computes with ``rules/``, then writes its
events and their projection changes in one ``BEGIN IMMEDIATE`` transaction, and
returns what happened. Widgets, notebooks and the CLI call these methods; none
of them writes SQL. The methods live in mixins by area (``drawsteel_kit.systems.draw_steel.book``);
:class:`Campaign` composes them.

An operation that touches several heroes writes one event per hero (so each
hero's history and visibility stay their own), all sharing an ``operation`` id:
undoing any of them undoes the whole operation.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from pathlib import Path
from typing import Any

from drawsteel_kit.kit.errors import CampaignNotFound, LedgerNeedsUpgrade, RulesError, UndoError
from drawsteel_kit.kit.folder import CAMPAIGN_FILE, find_campaign_dir
from drawsteel_kit.kit.ledger import LEDGER_FILE, MIGRATIONS, Event, Ledger, check_sqlite_file
from drawsteel_kit.kit.ledger.backup import backup_file
from drawsteel_kit.systems.draw_steel.book.adventures import ADVENTURE_EVENTS
from drawsteel_kit.systems.draw_steel.book.base import Happened, Writer, check_text, operation
from drawsteel_kit.systems.draw_steel.book.encounters import EncounterOps
from drawsteel_kit.systems.draw_steel.book.followers import FollowerOps
from drawsteel_kit.systems.draw_steel.book.npcs import NpcOps
from drawsteel_kit.systems.draw_steel.book.respites import RespiteOps
from drawsteel_kit.systems.draw_steel.book.sessions import SessionOps
from drawsteel_kit.systems.draw_steel.book.sheets import SheetOps
from drawsteel_kit.systems.draw_steel.state import encodable, read_party

__all__ = ["Campaign", "Happened", "Writer", "find_campaign_dir"]


#: Events that cannot be undone, and why.
NOT_UNDOABLE: dict[str, str] = {
    "campaign_created": "the campaign's creation; delete the campaign folder instead",
}


def _backup_name(folder: Path, ledger: Ledger) -> Path:
    return folder / "backups" / f"ledger-{ledger.event_count()}-{uuid.uuid4().hex[:6]}.db"


class Campaign(SheetOps, EncounterOps, SessionOps, RespiteOps, FollowerOps, NpcOps):
    """One campaign: its folder, its ledger, and every operation on them."""

    # -- opening -------------------------------------------------------------
    @classmethod
    def open(cls, where: str | Path, *, readonly: bool = False,
             upgrade: bool = False) -> Campaign:
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
        campaign = cls(folder, ledger)
        campaign.upgraded_from = copy
        if read_party(ledger.db) is None:
            ledger.close()
            raise CampaignNotFound(
                f"{ledger_path} holds no campaign yet: run `drawsteel-kit init {folder}`"
            )
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
            pending = [m.name for m in MIGRATIONS.pending(ledger.db)]
        if not pending:
            return None, []
        copy = backup_file(path, folder / "backups" / f"ledger-before-{pending[0]}-"
                           f"{uuid.uuid4().hex[:6]}.db")
        Ledger.open(path, create=False).close()  # migrates, in one transaction
        return copy, pending

    @classmethod
    def init(cls, where: str | Path) -> tuple[Campaign, Happened]:
        """Build the ledger from campaign.yaml, or bring it up to date (see :mod:`setup`)."""
        from drawsteel_kit.systems.draw_steel.init import init_campaign

        return init_campaign(cls, where)

    def close(self) -> None:
        """Close the ledger."""
        self.ledger.close()

    def __enter__(self) -> Campaign:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def status(self) -> dict[str, Any]:
        """The party and every hero, JSON-ready (``drawsteel-kit status --json``)."""
        return {
            "campaign": str(self.folder),
            "system": self.system.key,
            "party": self.party.as_dict(),
            "heroes": [h.as_dict() for h in self.heroes.values()],
            "followers": [f.as_dict() for f in self.followers()],
            "follower_caps": {h: {"cap": c.cap, "kept": c.kept, "bonus": c.bonus, "over": c.over}
                              for h in self.heroes for c in [self.follower_cap(h)]},
            "titles": [t.as_dict() for t in self.titles()],
            "inventory": [i.as_dict() for i in self.inventory()],
            "sheets": [s.as_dict() for s in self.sheets()],
            "events": self.ledger.event_count(),
        }

    def history(
        self,
        *,
        kind: str | None = None,
        hero: str | None = None,
        limit: int | None = None,
        visible_to: str | None = None,
        newest_first: bool = True,
    ) -> list[Event]:
        """Events, newest first by default; ``visible_to`` hides what that viewer may not see.

        ``hero`` names a member: a Draw Steel hero, or another system's character."""
        for what, value in (("kind", kind), ("visible_to", visible_to)):
            if isinstance(value, str) and not encodable(value):
                raise RulesError(f"{what} holds bytes that are not UTF-8 text ({value!r}); "
                                 "type it again, or set the terminal to UTF-8")
        actor = self.member(hero) if hero else None
        return self.ledger.events(
            kind=kind, actor=actor, limit=limit, visible_to=visible_to,
            newest_first=newest_first,
        )

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
        if not any(e.ops or e.kind in ADVENTURE_EVENTS for e in members):
            raise UndoError(f"event #{event_id} ({target.summary}) changed nothing: "
                            "there is nothing to undo")
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
        them (:class:`~drawsteel_kit.systems.draw_steel.party_view.PartyView`: hidden rows left out,
        hidden changes as "Adjusted by the Director" lines, foes without their profiles)."""
        if include_director:
            return self.ledger.export(include_director=True)
        from drawsteel_kit.systems.draw_steel.party_view import PartyView

        with PartyView.of(self) as view:
            return view.export()

    def export_json(self, *, include_director: bool = True) -> str:
        """:meth:`export` as JSON text."""
        return json.dumps(self.export(include_director=include_director), indent=2,
                          ensure_ascii=False)


