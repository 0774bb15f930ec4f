"""Adventures: a story with a beginning, a middle and an end (000: 813). Victories start at 0
each adventure (000: 817): starting one sets every hero's victories to 0.

The adventure under way is read from history (the latest ``adventure_started`` or
``adventure_ended`` not undone), so it needs no column of its own and an older ledger
replays as it was.
"""

from __future__ import annotations

from dataclasses import dataclass

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.book.base import (
    DrawSteelArea,
    Happened,
    check_text,
    operation,
)

__all__ = ["ADVENTURE_EVENTS", "ADVENTURE_VICTORIES", "Adventure", "Adventures"]

#: The events that start and end an adventure; they change no row (undo still takes them back).
ADVENTURE_EVENTS = ("adventure_started", "adventure_ended")
#: Victories at the start of an adventure (000: 817, "at the start of an adventure a hero's
#: victories are 0").
ADVENTURE_VICTORIES = 0


@dataclass(frozen=True)
class Adventure:
    """One adventure: its name, the day it started and the day it ended (None: under way)."""

    name: str
    started_day: int
    ended_day: int | None = None


class Adventures(DrawSteelArea):
    """Start and end adventures; read them back from history."""

    def adventures(self, *, visible_to: str | None = None) -> list[Adventure]:
        """Every adventure, oldest first (``visible_to``: as that viewer's history has it)."""
        undone = self.ledger.undone_ids()
        marks = sorted((e for kind in ADVENTURE_EVENTS
                        for e in self.ledger.events(kind=kind, visible_to=visible_to,
                                                    newest_first=False)
                        if e.id not in undone), key=lambda e: e.id)
        found: list[Adventure] = []
        for e in marks:
            if e.kind == "adventure_started":
                found.append(Adventure(str(e.payload.get("name", "")), e.day))
            elif found and found[-1].ended_day is None:
                last = found[-1]
                found[-1] = Adventure(last.name, last.started_day, e.day)
        return found

    def adventure(self) -> Adventure | None:
        """The adventure under way, if any."""
        found = self.adventures()
        return found[-1] if found and found[-1].ended_day is None else None

    @operation
    def start_adventure(self, name: str, *, reason: str = "") -> Happened:
        """Start an adventure: every hero's victories are set to 0 (000: 817).

        Victories not yet turned into XP by a respite are lost, and the history says whose.
        """
        name = check_text(name, "the adventure's name", name=True)
        reason = check_text(reason, "reason")
        if not name:
            raise RulesError("name the adventure (the story the heroes set out on)")
        under_way = self.adventure()
        if under_way is not None:
            raise RulesError(f"the adventure {under_way.name!r} is still under way (since day "
                             f"{under_way.started_day}): end it first (`drawsteel-kit "
                             "adventure end`)")
        summary = f"The adventure {name!r} begins" + (f" ({reason})" if reason else "")
        with self.writing() as w:
            w.event("adventure_started", [], summary=summary,
                    payload={"name": name, "reason": reason})
            for h in self.campaign.heroes.values():
                if h.victories != ADVENTURE_VICTORIES:
                    w.hero_event("victories_reset", h, {"victories": ADVENTURE_VICTORIES},
                                 summary=f"{h.name}'s {h.victories} victor"
                                 f"{'ies' if h.victories != 1 else 'y'} go back to 0: a new "
                                 "adventure begins (a respite first would have made them XP)",
                                 payload={"adventure": name, "lost": h.victories})
        return Happened("adventure_started", summary, tuple(w.written), {"name": name})

    @operation
    def end_adventure(self, *, reason: str = "") -> Happened:
        """End the adventure under way (victories become XP at the next respite, as always)."""
        reason = check_text(reason, "reason")
        under_way = self.adventure()
        if under_way is None:
            raise RulesError("no adventure is under way: start one with `drawsteel-kit "
                             "adventure start`")
        summary = f"The adventure {under_way.name!r} ends" + (f" ({reason})" if reason else "")
        with self.writing() as w:
            w.event("adventure_ended", [], summary=summary,
                    payload={"name": under_way.name, "reason": reason,
                             "started_day": under_way.started_day})
        return Happened("adventure_ended", summary, tuple(w.written), {"name": under_way.name})
