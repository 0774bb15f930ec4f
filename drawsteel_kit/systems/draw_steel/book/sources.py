"""Where the party is, and the project sources that stay where they were found.

A project source must be at hand at the start and at every project roll (000: 3760). A common
source (a library, a guild) is found as a respite activity where it is (000: 3768-3770): it
holds there only. When the party moves on, each common source found elsewhere is needed again
(found again, or another hero serves as the source); back where it was found, it is at hand
again. A source the Director marks available (a book the hero carries, a mentor who travels
along) is not tied to a place.
"""

from __future__ import annotations

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.ledger import update_op
from drawsteel_kit.kit.limits import same_name
from drawsteel_kit.systems.draw_steel.book.base import (
    DrawSteelArea,
    Happened,
    check_text,
    operation,
)
from drawsteel_kit.systems.draw_steel.state import ProjectState, read_projects

__all__ = ["SOURCE_LEFT_BEHIND", "Sources"]

#: What a common source found elsewhere becomes when the party moves on (000: 3760, 3770).
SOURCE_LEFT_BEHIND = "needed"
#: What it is again when the party comes back where it was found.
SOURCE_FOUND = "common"


class Sources(DrawSteelArea):
    """The party's place, and the found sources it leaves behind or comes back to."""

    def _sources_at(self, place: str) -> tuple[list[ProjectState], list[ProjectState]]:
        """Active projects whose found source is left behind / at hand again at ``place``."""
        behind, again = [], []
        for p in read_projects(self.ledger.db, status="active"):
            if p.source == SOURCE_FOUND and not (p.source_at and same_name(p.source_at, place)):
                behind.append(p)
            elif p.source == SOURCE_LEFT_BEHIND and p.source_at and same_name(p.source_at, place):
                again.append(p)
        return behind, again

    @operation
    def move_party(self, to: str, *, reason: str = "") -> Happened:
        """The party moves on to ``to`` (a place's name). Common sources found elsewhere are
        needed again; those found at ``to`` are at hand again (000: 3760, 3768-3770)."""
        place = " ".join(check_text(to, "the place", name=True).split())
        if not place:
            raise RulesError("say where the party goes: the name of a place")
        from drawsteel_kit.kit.fields import check_label  # pydantic: when asked

        place = check_label(place, "the place")
        reason = check_text(reason, "reason")
        here = self.party.location
        if here and same_name(here, place):
            raise RulesError(f"the party is at {here} already")
        behind, again = self._sources_at(place)
        text = f"The party moves on to {place}" + (f" ({reason})" if reason else "")
        with self.writing() as w:
            w.party_event("party_moved", {"location": place}, summary=text,
                          payload={"from": here, "to": place, "reason": reason})
            for p, state, what in (
                *((p, SOURCE_LEFT_BEHIND, "is left behind: it is needed again (find it "
                   "again, or have another hero serve as the source)") for p in behind),
                *((p, SOURCE_FOUND, "is at hand again") for p in again),
            ):
                found = f" found at {p.source_at}" if p.source_at else ""
                w.event("source_left_behind" if state == SOURCE_LEFT_BEHIND else
                        "source_at_hand", [update_op("projects", p.id, {"source": p.source},
                                                     {"source": state})],
                        actor=p.hero, visibility=p.visibility,
                        summary=f"The source{found} for {p.title!r} {what}",
                        payload={"project_id": p.id, "project": p.title,
                                 "source_at": p.source_at, "party_at": place})
        return Happened("party_moved", text, tuple(w.written),
                        {"location": place, "left_behind": [p.id for p in behind],
                         "at_hand_again": [p.id for p in again]})
