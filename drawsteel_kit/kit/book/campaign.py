"""The campaign: one folder, its ledger, and the door every change goes through.

:class:`BaseCampaign` is the host every game system's campaign is: it owns the folder, the
ledger, the party row and the one write path (:meth:`BaseCampaign.writing`,
:meth:`BaseCampaign.transaction`), and holds the kit's areas: the calendar
(``campaign.calendar``), the notes (``campaign.note_store``) and the sheet store
(``campaign.sheet_store``). It opens (upgrading an older ledger), builds its ledger from
campaign.yaml (:meth:`BaseCampaign.init`), reads its history, undoes an operation, backs up
and exports. A system's areas hold the host: Draw Steel's ``Campaign`` holds its respites,
projects, followers ... (``campaign.areas``); another system's one area is ``campaign.book``.
Opening a folder gives the class of the system it plays (the registry's ``campaign``).

An operation that touches several members writes one event per member (so each one's
history and visibility stay their own), all sharing an ``operation`` id: undoing any of them
undoes the whole operation.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar, cast

from drawsteel_kit.kit.book.base import Discard, Happened, Writer, check_text, operation
from drawsteel_kit.kit.book.calendar import Calendar
from drawsteel_kit.kit.book.notes import NoteState, NoteStore
from drawsteel_kit.kit.book.party import PartyState, encodable, read_party
from drawsteel_kit.kit.book.sentences import is_kind, kind_for
from drawsteel_kit.kit.book.sheets import SheetState, SheetStore
from drawsteel_kit.kit.errors import (
    CampaignNotFound,
    LedgerNeedsUpgrade,
    RulesError,
    UndoError,
    WrongSystem,
)
from drawsteel_kit.kit.folder import CAMPAIGN_FILE, find_campaign_dir
from drawsteel_kit.kit.ledger import (
    COUNTED,
    LEDGER_FILE,
    PARTY,
    Event,
    Ledger,
    check_sqlite_file,
    pending_names,
)
from drawsteel_kit.kit.ledger.backup import backup_file
from drawsteel_kit.kit.ledger.events import flush
from drawsteel_kit.kit.registry import System, played
from drawsteel_kit.kit.words import plural

__all__ = ["NOT_UNDOABLE", "BaseCampaign", "BookCampaign", "open_campaign"]

#: Events that cannot be undone, and why.
NOT_UNDOABLE: dict[str, str] = {
    "campaign_created": "the campaign's creation; delete the campaign folder instead",
}

_C = TypeVar("_C", bound="BaseCampaign")


def _backup_name(folder: Path, ledger: Ledger) -> Path:
    return folder / "backups" / f"ledger-{ledger.event_count()}-{uuid.uuid4().hex[:6]}.db"


def _played_class(cls: type[_C], settings: dict[str, Any]) -> type[_C]:
    """The class of the system the campaign plays: ``cls`` itself or a subclass of it. A
    system's own class (Draw Steel's ``Campaign``) opens only that system's campaigns
    (WrongSystem names the commands of the one it plays)."""
    from drawsteel_kit.kit.registry import SYSTEMS, played

    plays = played(settings)
    wanted = plays.campaign_class() or BaseCampaign
    if issubclass(wanted, cls):
        return cast(type[_C], wanted)  # a subclass of cls, as just checked
    meant = next((s for s in SYSTEMS.values() if s.campaign and issubclass(
        cls, s.campaign_class() or BaseCampaign)), None)
    what = f"{meant.title}'s" if meant else "these"
    raise WrongSystem(
        f"this campaign plays {plays.title} (system: {plays.key}): {what} operations don't "
        f"apply; use its own commands (`{plays.help_command}` lists them)")


class BaseCampaign:
    """One campaign of any system, the host its areas share: its folder, its ledger, its
    party, the one write path, the calendar, notes and sheets, its history; the operations
    are its system's areas."""

    #: Event kinds that undo accepts though they change no row (a system's markers).
    undoable_without_changes: ClassVar[frozenset[str]] = frozenset()
    #: The writer operations get from :meth:`writing` (a system may add its own events).
    writer_class: ClassVar[type[Writer]] = Writer

    def __init__(self, folder: Path, ledger: Ledger) -> None:
        self.folder = folder
        self.ledger = ledger
        #: The copy kept when opening upgraded an older ledger (None: no upgrade).
        self.upgraded_from: Path | None = None
        self.calendar = Calendar(self)
        self.note_store = NoteStore(self)
        self.sheet_store = SheetStore(self)
        self._book: Any = None

    # -- what every area reads -------------------------------------------------
    @property
    def party(self) -> PartyState:
        """The party: name, day, session, hero tokens, settings, stronghold."""
        party = read_party(self.ledger.db)
        assert party is not None  # open() checked
        return party

    @property
    def settings(self) -> dict[str, Any]:
        """The campaign's table rules as the ledger has them."""
        return self.party.settings

    @property
    def system(self) -> System:
        """The rule system the campaign plays (campaign.yaml's ``system:``)."""
        return played(self.party.settings)

    @property
    def book(self) -> Any:
        """The system's campaign operations (a :class:`~drawsteel_kit.kit.book.sheets.SystemBook`,
        the one area of a system that keeps sheets); a system with a campaign class of its own
        (Draw Steel) has its operations on that class instead."""
        played = self.system
        if not played.book:
            raise WrongSystem(f"this campaign plays {played.title}: its operations are the "
                              "campaign's own methods")
        if self._book is None:
            self._book = played.book_class()(self)
        return self._book

    def next_id(self, table: str) -> int:
        """The next free id of a projection table (inside the write, so no one else takes it)."""
        return int(self.ledger.db.execute(f"SELECT coalesce(max(id), 0) + 1 FROM [{table}]")
                   .fetchone()[0])

    # -- the one write path --------------------------------------------------
    @contextmanager
    def transaction(self, *, rollback: bool = False) -> Iterator[None]:
        """One ``BEGIN IMMEDIATE`` transaction that every operation inside joins: all of it
        lands, or none. ``rollback``: never commit (a dry run or a preview), leaving by an
        exception like any failure, so the real run and the preview share every line of the
        write path but the last."""
        try:
            with self.ledger.write():
                yield
                if rollback:
                    raise Discard
        except Discard:
            pass

    @contextmanager
    def writing(self) -> Iterator[Writer]:
        """The writer of an operation's events: inside an
        :func:`~drawsteel_kit.kit.book.base.operation`, in its transaction (its events go in
        at its end), else in a write of its own."""
        if self.ledger.db.conn.in_transaction:  # inside an @operation: its transaction
            yield self.writer_class(self)
            flush(self.ledger.db)  # the operation's events go in at its end, preview or not
            return
        with self.ledger.write():
            yield self.writer_class(self)

    # -- the kit's areas: the calendar, notes, sheets and members --------------
    def start_session(self) -> Happened:
        """Start the next session."""
        return self.calendar.start_session()

    def end_session(self) -> Happened:
        """End the open session."""
        return self.calendar.end_session()

    def advance_day(self, days: int = 1, *, reason: str = "") -> Happened:
        """Move the calendar forward, a ``day_advanced`` event a day."""
        return self.calendar.advance_day(days, reason=reason)

    def notes(self, *, visible_to: str | None = None) -> list[NoteState]:
        """Notes in the books (those the players may see, with ``visible_to``)."""
        return self.note_store.notes(visible_to=visible_to)

    def add_note(self, text: str, *, about: str = "", visibility: str = PARTY
                 ) -> Happened:
        """A note in the books: a rumour, a debt, a secret (``visibility="director"``)."""
        return self.note_store.add_note(text, about=about, visibility=visibility)

    def sheets(self, kind: str | None = None, *,
               visible_to: str | None = None) -> list[SheetState]:
        """Every sheet (of one kind) the viewer may see, whichever system wrote it."""
        return self.sheet_store.sheets(kind, visible_to=visible_to)

    @property
    def members(self) -> list[str]:
        """The names with a player page and a history of their own: Draw Steel's heroes,
        another system's characters."""
        return self.sheet_store.members

    @property
    def roster(self) -> list[str]:
        """The members in the order they joined: the order of their colours in every chart,
        table, report and page (``kit.ui.figures.hero_colour``)."""
        return self.sheet_store.roster

    def member(self, name: str) -> str:
        """A member's name as the ledger spells it (case-insensitive); UnknownHero lists them."""
        return self.sheet_store.member(name)

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
        try:
            opens_as = _played_class(cls, party.settings)
        except WrongSystem:
            ledger.close()
            raise
        campaign = opens_as(folder, ledger)
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
    def init(cls: type[_C], where: str | Path) -> tuple[_C, Happened]:
        """Build the ledger from campaign.yaml, or bring it up to date (see
        :mod:`drawsteel_kit.kit.book.init`)."""
        from drawsteel_kit.kit.book.init import init_campaign
        from drawsteel_kit.kit.campaign_file import load_campaign_file

        folder = find_campaign_dir(where)
        cf = load_campaign_file(folder / CAMPAIGN_FILE)  # checked before anything is written
        built, happened = init_campaign(_played_class(cls, {"system": cf.system}), folder, cf)
        return cast(_C, built), happened  # built as the class _played_class gave: cls's own

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
        with self.writing() as w:
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




def open_campaign(where: str | Path, *, readonly: bool = False,
                  upgrade: bool = False) -> BaseCampaign:
    """Open a campaign folder as the campaign of the system it plays (``drawsteel_kit.open``):
    Draw Steel's ``Campaign``, or another system's. ``readonly`` for reading only (an older
    ledger is then refused unless ``upgrade``); see :meth:`BaseCampaign.open`."""
    return BaseCampaign.open(where, readonly=readonly, upgrade=upgrade)


_B = TypeVar("_B")


class BookCampaign(BaseCampaign, Generic[_B]):
    """The host of a system whose operations are one book (``campaign.book``, a
    ``SystemBook``): its campaign class names the book's type, so calls on it are typed."""

    @property
    def book(self) -> _B:
        """The system's operations on this campaign: one object, kept."""
        found: _B = super().book
        return found
