"""Sessions and the calendar: what every campaign keeps on its party row, whatever it plays.

The host holds this area as ``campaign.calendar``. A system adds its own to these (Draw Steel:
the hero-token pool at a session's start and end, followers' daily rolls when a day passes) in
its own area, which calls these for a campaign that plays another system.
"""

from __future__ import annotations

from drawsteel_kit.kit.book.area import Area
from drawsteel_kit.kit.book.base import (
    MAX_DAYS_AT_ONCE,
    Happened,
    check_count,
    check_text,
    operation,
)
from drawsteel_kit.kit.errors import SessionError

__all__ = ["Calendar"]


class Calendar(Area):
    """Start and end sessions; move the calendar on."""

    @operation
    def start_session(self) -> Happened:
        """Start the next session."""
        party = self.party
        if party.session_open:
            raise SessionError(
                f"session {party.session} is still open: end it first (`drawsteel-kit session end`)"
            )
        number = party.session + 1
        summary = f"Session {number} started"
        with self.campaign.writing() as w:
            ev = w.party_event(
                "session_started", {"session_open": 1, "session": number, "hero_tokens": 0},
                summary=summary, payload={"number": number, "tokens": 0}, session=number,
            )
        return Happened("session_started", summary, (ev,), {"session": number, "tokens": 0})

    @operation
    def end_session(self) -> Happened:
        """End the open session."""
        party = self.party
        if not party.session_open:
            raise SessionError("no session is open: start one with `drawsteel-kit session start`")
        summary = f"Session {party.session} ended"
        with self.campaign.writing() as w:
            ev = w.party_event("session_ended", {"session_open": 0, "hero_tokens": 0},
                               summary=summary, payload={"number": party.session})
        return Happened("session_ended", summary, (ev,), {})

    @operation
    def advance_day(self, days: int = 1, *, reason: str = "") -> Happened:
        """Move the calendar forward, a ``day_advanced`` event a day."""
        days = check_count(days, "days", maximum=MAX_DAYS_AT_ONCE)
        reason = check_text(reason, "reason")
        start = self.party.day
        with self.campaign.writing() as w:
            for step in range(1, days + 1):
                w.day = start + step
                w.party_event("day_advanced", {"day": w.day},
                              summary=f"Day {w.day} begins" + (f" ({reason})" if reason else ""),
                              payload={"days": 1, "reason": reason})
        end = start + days
        summary = (f"Day {end} begins" if days == 1 else f"Days {start + 1}-{end} pass") + (
            f" ({reason})" if reason else "")
        return Happened("day_advanced", summary, tuple(w.written), {"day": end, "seed": None})
