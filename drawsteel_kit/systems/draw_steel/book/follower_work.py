"""Followers at work: where each one is, and the daily project rolls of artisans and sages.

An artisan or a sage makes one project roll a day on the project its hero picked, whatever the
heroes are doing, if it stays at the stronghold or where the project is carried out and has
access to the materials it needs (000: 3945, 3957). ``place_follower`` records where a follower
is; a daily roll it cannot make is skipped, with the reason written down for the day.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.dice import Dice
from drawsteel_kit.kit.errors import DiceExhausted, RulesError
from drawsteel_kit.kit.ledger import update_op
from drawsteel_kit.kit.limits import same_name
from drawsteel_kit.systems.draw_steel.book.base import (
    DrawSteelArea,
    Happened,
    Writer,
    check_text,
    operation,
)
from drawsteel_kit.systems.draw_steel.rules import followers as follower_rules
from drawsteel_kit.systems.draw_steel.state import FollowerState, ProjectState, read_followers

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.book.work import Roller

__all__ = ["FOLLOWER_IDLE", "FollowerWork"]

#: The event of a daily roll a follower could not make, with the reason.
FOLLOWER_IDLE = "follower_idle"
#: What a Director may type for the two places a follower works (any other text: elsewhere).
_STRONGHOLD_WORDS = ("stronghold", "the stronghold")
_SITE_WORDS = ("site", "project site", "the project's site", "project's site", "with the project")


class FollowerWork(DrawSteelArea):
    """Where followers are, and the daily rolls of those at work."""

    def working_on(self, project: ProjectState) -> list[FollowerState]:
        """The followers working on ``project`` (they leave it when it is complete)."""
        return [f for f in read_followers(self.ledger.db) if f.project_id == project.id]

    def stronghold_name(self) -> str | None:
        return (self.party.stronghold or {}).get("name") or None

    def location(self, at: str) -> str:
        """``at`` as recorded: "stronghold", "site", or the place's own name."""
        place = check_text(at, "where the follower is", name=True)
        if not place:
            raise RulesError("say where the follower is: the stronghold, the project's site, "
                             "or the place they are")
        home = self.stronghold_name()
        if place.casefold() in _STRONGHOLD_WORDS or (home and same_name(place, home)):
            if not home:
                raise RulesError("this campaign names no stronghold: give the party one in "
                                 "campaign.yaml (stronghold: name), or put the follower at "
                                 "the project's site")
            return follower_rules.AT_STRONGHOLD
        if place.casefold() in _SITE_WORDS:
            return follower_rules.AT_SITE
        return place

    @operation
    def place_follower(self, follower: int | str, at: str, *, materials: bool = True,
                       reason: str = "") -> Happened:
        """Record where a follower is (``at``: "stronghold", "site" for its project's site, or
        any other place) and whether it has the materials its work needs. An artisan or sage
        rolls each day only at the stronghold or the project's site, with its materials."""
        f = self.areas.followers.follower(follower)
        location = self.location(at)
        if not isinstance(materials, bool):
            raise RulesError(f"materials is yes or no (True/False), got {materials!r}")
        reason = check_text(reason, "reason")
        where = follower_rules.where_shown(location, self.stronghold_name())
        summary = f"{f.name} is {where}" + ("" if materials else ", without the materials "
                                            "its work needs") + (f": {reason}" if reason else "")
        with self.writing() as w:
            w.event("follower_placed",
                    [update_op("followers", f.id,
                               {"location": f.location, "materials": int(f.materials)},
                               {"location": location, "materials": int(materials)})],
                    summary=summary, actor=f.hero,
                    payload={"follower_id": f.id, "location": location,
                             "materials": materials, "reason": reason})
        return Happened("follower_placed", summary, tuple(w.written),
                        {"location": location, "materials": materials})

    def workers_today(self) -> list[FollowerState]:
        """Followers on a project still under way (only artisans and sages get one)."""
        active = {p.id for p in self.areas.projects.projects(status="active")}
        return [f for f in read_followers(self.ledger.db) if f.project_id in active]

    def _why_idle(self, f: FollowerState, project: Any, home: str | None) -> str | None:
        """Why a follower on a project makes no roll today (None: it rolls); ``home``: the
        party's stronghold (None: it names none)."""
        if project.source == "needed":
            return "the project's source is still needed (find it, or have a hero serve as it)"
        return follower_rules.why_no_roll(f.location, f.materials, home)

    def _idle(self, w: Writer, f: FollowerState, project: Any, why: str) -> None:
        w.event(FOLLOWER_IDLE, [], summary=f"{f.name} ({f.role} of {f.hero}) makes no roll on "
                f"{project.title!r} today: {why}", actor=f.hero, visibility=project.visibility,
                payload={"follower_id": f.id, "follower": f.name, "project_id": project.id,
                         "reason": why})

    def follower_day(self, w: Writer, dice: Dice, seed: int | None) -> None:
        """Each working follower makes its one project roll of the day, or says why not."""
        groups = self.settings.get("related_languages", [])
        apart = self.settings.get("unrelated_languages", [])
        mode = str(self.settings.get("project_events", "off"))
        home = self.stronghold_name()  # the day's rolls change no stronghold
        for f in self.workers_today():
            # a worker today is on an active project: its project_id is never None
            project = self.areas.projects.project(f.project_id)  # type: ignore[arg-type]
            if project.status != "active":
                continue
            why = self._why_idle(f, project, home)
            if why is not None:
                self._idle(w, f, project, why)
                continue
            # Here, not at the top: a day without a roll (a respite's) loads no project rules.
            from drawsteel_kit.systems.draw_steel.book.work import Roller, apply_points, roll_for

            roller = Roller(f.name, f.characteristics, f.languages, f.skills)
            start = len(getattr(dice, "faces", []))
            try:
                result, info = roll_for(project, roller, dice=dice, related_groups=groups,
                                        unrelated=apart, skill=f.skill_applies)

                def again(bonus: int, project: Any = project, roller: Roller = roller,
                          skill: bool = f.skill_applies) -> int:
                    return roll_for(project, roller, dice=dice, related_groups=groups,
                                    unrelated=apart, skill=skill, bonus=bonus)[0].points

                work = apply_points(project, result.points, day=w.day,
                                    owner=self.campaign.hero(project.hero), dice=dice,
                                    events_mode=mode,
                                    roller=roller, roll_again=again, is_roll=True,
                                    next_id=self.campaign.next_id,
                                    followers=self.working_on(project))
            except DiceExhausted as exc:
                raise DiceExhausted(f"{f.name}'s daily roll on {project.title!r}: {exc}") from None
            summary = (f"{f.name} ({f.role} of {f.hero}) works on {project.title!r}: "
                       f"{work.told(info['roll_points'])} "
                       f"({work.detail['after']}/{work.detail['goal']})"
                       + ("; complete!" if work.completed else "") + work.leaving)
            w.event("follower_roll", work.ops, summary=summary, actor=f.hero,
                    visibility=project.visibility, seed=seed,
                    dice=list(getattr(dice, "faces", [])[start:]),
                    payload={"follower_id": f.id, "follower": f.name, "project_id": project.id,
                             **info, **work.detail, "lines": work.lines})
            renown = work.detail.get("side_effects", {}).get("renown")
            if renown:  # a follower's deed is told of their hero
                owner = self.campaign.hero(f.hero)
                w.hero_event("renown_gained", owner, {"renown": owner.renown + renown},
                             summary=f"{owner.name} gains {renown} renown (a project event of "
                                     f"{f.name}'s work)", payload={"reason": "project event"})
            tokens = work.detail.get("side_effects", {}).get("hero_token")
            if tokens:  # the event's line says the party gains it: so it does
                w.party_event("tokens_awarded", {"hero_tokens": self.party.hero_tokens + tokens},
                              summary=f"The party gains {tokens} hero token (a project event of "
                                      f"{f.name}'s work)", actor=f.hero,
                              payload={"count": tokens, "reason": "project event"})
