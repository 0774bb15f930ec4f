"""The party's day: a respite is the party's 24 hours (000: 861), so the heroes who rest on a
day share that day's respite.

In the ledger, **today's respite** is the operation whose ``day_advanced`` event (payload
``respite: true``) began the party's current day, while that event is not undone: the first
respite of a day moves the calendar, and its followers' daily rolls are made on it. A later
respite on the same day *joins* it when none of its heroes has rested on it yet (a
``respite`` event of theirs on that day, not undone): it writes no ``day_advanced`` (the
calendar stays, followers do not roll again, a "roll" mode project event check is not made
twice), and each of its ``respite`` events carries ``joined``: the id of the event that began
the day. A respite of a hero who already rested that day is a new respite: a new day.

Undoing a joined respite takes back that hero's part only (the day stands). Undoing the day's
respite is refused while a respite that joined it stands (undo those first, newest first);
then it takes back the day as before. Older ledgers keep their days: their ``day_advanced``
events are replayed as written, and a day begun before respites were days joins nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from drawsteel_kit.kit.errors import UndoError
from drawsteel_kit.systems.draw_steel.book.base import DrawSteelArea

if TYPE_CHECKING:
    from drawsteel_kit.kit.ledger import Event

__all__ = ["DAY_BEGUN", "JOINED", "PartyDay"]

#: The event that begins a day, and the respite payload key naming the day's respite joined.
DAY_BEGUN = "day_advanced"
JOINED = "joined"


class PartyDay(DrawSteelArea):
    """Today's respite: which it is, who rested on it, and undo that keeps the day whole."""

    def day_respite(self) -> Event | None:
        """The event that began today as the party's respite (None: today did not begin
        with a respite, or that respite was undone)."""
        undone = self.ledger.undone_ids()
        for ev in self.ledger.events(kind=DAY_BEGUN, day=self.party.day, newest_first=True):
            if ev.id not in undone:
                return ev if ev.payload.get("respite") else None
        return None

    def rested_today(self) -> list[str]:
        """The heroes who completed a respite today (not undone), in the order they rested."""
        undone = self.ledger.undone_ids()
        names = [ev.actor for ev in self.ledger.events(kind="respite", day=self.party.day)
                 if ev.id not in undone and ev.actor]
        return list(dict.fromkeys(names))

    def joins(self, heroes: Iterable[str]) -> Event | None:
        """Today's respite, when a respite of ``heroes`` joins it (none of them rested on it);
        None: the respite begins a new day."""
        day = self.day_respite()
        if day is None:
            return None
        rested = {name.casefold() for name in self.rested_today()}
        return None if any(h.casefold() in rested for h in heroes) else day

    def check_undo(self, target: Event, members: Sequence[Event]) -> None:
        """Refuse undoing a day's respite while a respite that joined it stands."""
        began = [e for e in members if e.kind == DAY_BEGUN and e.payload.get("respite")]
        if not began:
            return
        ids = {e.id for e in began}
        mine = {e.id for e in members}
        undone = self.ledger.undone_ids()
        joined = [ev for day in {e.day for e in began}
                  for ev in self.ledger.events(kind="respite", day=day)
                  if ev.payload.get(JOINED) in ids and ev.id not in undone and ev.id not in mine]
        if joined:
            names = ", ".join(f"#{e.id} ({e.summary})" for e in reversed(joined))
            raise UndoError(
                f"event #{target.id} ({target.summary}) cannot be undone: it began day "
                f"{began[0].day}, and other heroes' respites joined that day's respite. Undo "
                f"these first, newest first: {names}")
