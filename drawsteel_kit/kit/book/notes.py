"""Notes in the books: a rumour, a debt, a secret; any campaign keeps them, whatever it plays."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.book.area import Area
from drawsteel_kit.kit.book.base import (
    Happened,
    check_text,
    check_visibility,
    operation,
)
from drawsteel_kit.kit.book.party import visible_where
from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.ledger import PARTY, insert_op

if TYPE_CHECKING:
    from drawsteel_kit.kit.ledger.reader import LedgerDb


__all__ = ["NoteState", "NoteStore", "read_notes"]


@dataclass(frozen=True)
class NoteState:
    """A note in the books, for the party or the Director's eyes only."""

    id: int
    text: str
    about: str
    day: int | None
    visibility: str

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return asdict(self)


def read_notes(db: LedgerDb, *,
               visible_to: str | None = None) -> list[NoteState]:
    """Notes, oldest first."""
    where, params = visible_where(visible_to)
    return [NoteState(**r)
            for r in db.query(f"SELECT * FROM notes WHERE {where} ORDER BY id", params)]


class NoteStore(Area):
    """Notes in the books (the host holds it as ``campaign.note_store``)."""

    def notes(self, *, visible_to: str | None = None) -> list[NoteState]:
        """Notes in the books (those the players may see, with ``visible_to``)."""
        return read_notes(self.ledger.db, visible_to=visible_to)

    @operation
    def add_note(self, text: str, *, about: str = "", visibility: str = PARTY) -> Happened:
        """A note in the books: a rumour, a debt, a secret (``visibility="director"``)."""
        text = check_text(text, "note")
        if not text:
            raise RulesError("the note is empty")
        about = check_text(about, "about")
        with self.campaign.writing() as w:
            w.event("note_added", [insert_op("notes", self.campaign.next_id("notes"), {
                "text": text, "about": about, "day": w.day,
                "visibility": check_visibility(visibility)})],
                visibility=visibility, summary=f"Note{' on ' + about if about else ''}: {text}")
        return Happened("note_added", w.written[-1].summary, tuple(w.written))
