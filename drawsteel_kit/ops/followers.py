"""Followers: artisans and sages added by hand, assigned to projects, rolling every day.

An artisan makes one project roll per day on a crafting project its hero picked, a
sage on a research project, whatever the heroes are doing (000: 3906-3960). The
rolls happen when the campaign day advances. Recruiting within the renown cap is a
respite activity that comes with the renown issue; here the Director adds followers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drawsteel_kit.activities import ProjectRef
from drawsteel_kit.errors import DiceExhausted, RulesError
from drawsteel_kit.ledger import insert_op, update_op
from drawsteel_kit.ops.base import Happened, Writer, check_text, operation
from drawsteel_kit.ops.projects import ProjectOps
from drawsteel_kit.ops.work import Roller, apply_points, roll_for
from drawsteel_kit.rules import followers as follower_rules
from drawsteel_kit.rules.dice import Dice
from drawsteel_kit.state import CHARACTERISTICS, FollowerState, read_followers

__all__ = ["FollowerOps"]


class FollowerOps(ProjectOps):
    """Add, assign and dismiss followers; their daily project rolls."""


    def followers(self, hero: str | None = None) -> list[FollowerState]:
        """Active followers, oldest first (one hero's when named)."""
        return read_followers(self.ledger.db, hero=self.hero(hero).name if hero else None)

    def follower(self, ref: int | str) -> FollowerState:
        """An active follower by id or name (case-insensitive)."""
        every = read_followers(self.ledger.db)
        for f in every:
            if (isinstance(ref, int) and f.id == ref) or (
                isinstance(ref, str) and f.name.casefold() == ref.strip().casefold()
            ):
                return f
        names = ", ".join(f"#{f.id} {f.name} ({f.hero})" for f in every) or "none"
        raise RulesError(f"no follower {ref!r}; the followers are: {names}")

    @operation
    def add_follower(
        self,
        hero: str,
        name: str,
        role: str,
        *,
        ancestry: str = "",
        skills: tuple[str, ...] | list[str] = (),
        languages: tuple[str, ...] | list[str] = (),
        physical: str | None = None,
        characteristics: Mapping[str, int] | None = None,
    ) -> Happened:
        """Add an artisan or sage for a hero, checked against the book's template."""
        who = self.hero(hero)
        name = check_text(name, "follower name")
        if role == "artisan":
            spec = follower_rules.make_artisan(name, ancestry=ancestry, physical=physical or "",
                                               skills=list(skills), languages=list(languages))
        elif role == "sage":
            spec = follower_rules.make_sage(name, ancestry=ancestry, skills=list(skills),
                                            languages=list(languages))
        else:
            raise RulesError(f"a follower added here is an artisan or a sage, not {role!r} "
                             "(retainers come with the renown and followers tools)")
        given = {c: (characteristics or {}).get(c, 0) for c in CHARACTERISTICS}
        if characteristics is not None and given != dict(spec.characteristics):
            raise RulesError(f"{name}'s characteristics are set by the {role} template: "
                             f"{spec.characteristics}")
        follower_id = self._next_id("followers")
        row: dict[str, Any] = {
            "hero": who.name, "name": spec.name, "role": spec.role, "ancestry": spec.ancestry,
            **{c: spec.characteristics.get(c, 0) for c in CHARACTERISTICS},
            "skills": list(spec.skills), "languages": list(spec.languages),
            "project_id": None, "skill_applies": 0, "active": 1,
        }
        summary = f"{spec.name}, {role}, now follows {who.name}"
        with self._writing() as w:
            w.event("follower_added", [insert_op("followers", follower_id, row)],
                    summary=summary, actor=who.name, payload={"follower_id": follower_id})
        return Happened("follower_added", summary, tuple(w.written), {"follower_id": follower_id})

    @operation
    def assign_follower(
        self, follower: int | str, project: ProjectRef | None, *, skill_applies: bool = False
    ) -> Happened:
        """Point an artisan at a crafting project or a sage at a research one (None: rest)."""
        f = self.follower(follower)
        after: dict[str, Any] = {"project_id": None, "skill_applies": 0}
        summary = f"{f.name} stops working on projects"
        if project is not None:
            target = self._active(project)
            wanted = " or ".join(follower_rules.FOLLOWER_PROJECT_KINDS)
            if not follower_rules.follower_may_roll(f.role, target.kind):
                raise RulesError(f"{f.name} is a{'n' if f.role == 'artisan' else ''} {f.role}: "
                                 f"they work on {wanted} projects, and {target.title!r} is "
                                 f"{target.kind}")
            after = {"project_id": target.id, "skill_applies": int(bool(skill_applies))}
            summary = f"{f.name} works on {target.title!r} every day"
        with self._writing() as w:
            w.event("follower_assigned",
                    [update_op("followers", f.id, {"project_id": f.project_id,
                                                   "skill_applies": int(f.skill_applies)}, after)],
                    summary=summary, actor=f.hero, payload={"follower_id": f.id, **after})
        return Happened("follower_assigned", summary, tuple(w.written))

    @operation
    def dismiss_follower(self, follower: int | str, *, reason: str = "") -> Happened:
        """A follower leaves (they can be replaced at any time)."""
        f = self.follower(follower)
        reason = check_text(reason, "reason")
        summary = f"{f.name} no longer follows {f.hero}" + (f": {reason}" if reason else "")
        with self._writing() as w:
            w.event("follower_dismissed",
                    [update_op("followers", f.id, {"active": 1, "project_id": f.project_id},
                               {"active": 0, "project_id": None})],
                    summary=summary, actor=f.hero, payload={"follower_id": f.id,
                                                            "reason": reason})
        return Happened("follower_dismissed", summary, tuple(w.written))

    def _workers_today(self) -> list[FollowerState]:
        """Followers on a project still under way (only artisans and sages get one)."""
        active = {p.id for p in self.projects(status="active")}
        return [f for f in read_followers(self.ledger.db) if f.project_id in active]

    def _follower_day(self, w: Writer, dice: Dice, seed: int | None) -> None:
        """Each working follower makes its one project roll of the day."""
        groups = self.settings.get("related_languages", [])
        mode = str(self.settings.get("project_events", "off"))
        for f in self._workers_today():
            project = self.project(f.project_id)  # type: ignore[arg-type]
            if project.status != "active" or project.source == "needed":
                continue
            roller = Roller(f.name, f.characteristics, f.languages, f.skills)
            start = len(getattr(dice, "faces", []))
            try:
                result, info = roll_for(project, roller, dice=dice, related_groups=groups,
                                        skill=f.skill_applies)

                def again(bonus: int, project: Any = project, roller: Roller = roller,
                          skill: bool = f.skill_applies) -> int:
                    return roll_for(project, roller, dice=dice, related_groups=groups,
                                    skill=skill, bonus=bonus)[0].points

                work = apply_points(project, result.points, day=w.day,
                                    owner=self.hero(project.hero), dice=dice, events_mode=mode,
                                    roller=roller, roll_again=again, is_roll=True,
                                    next_id=self._next_id)
            except DiceExhausted as exc:
                raise DiceExhausted(f"{f.name}'s daily roll on {project.title!r}: {exc}") from None
            summary = (f"{f.name} ({f.role} of {f.hero}) works on {project.title!r}: "
                       f"+{work.points} ({work.detail['after']}/{work.detail['goal']})"
                       + ("; complete!" if work.completed else ""))
            w.event("follower_roll", work.ops, summary=summary, actor=f.hero,
                    visibility=project.visibility, seed=seed,
                    dice=list(getattr(dice, "faces", []))[start:],
                    payload={"follower_id": f.id, "follower": f.name, "project_id": project.id,
                             **info, **work.detail, "lines": work.lines})
            renown = work.detail.get("side_effects", {}).get("renown")
            if renown:  # a follower's deed is told of their hero
                owner = self.hero(f.hero)
                w.hero_event("renown_gained", owner, {"renown": owner.renown + renown},
                             summary=f"{owner.name} gains {renown} renown (a project event of "
                                     f"{f.name}'s work)", payload={"reason": "project event"})
            tokens = work.detail.get("side_effects", {}).get("hero_token")
            if tokens:  # the event's line says the party gains it: so it does
                w.party_event("tokens_awarded", {"hero_tokens": self.party.hero_tokens + tokens},
                              summary=f"The party gains {tokens} hero token (a project event of "
                                      f"{f.name}'s work)", actor=f.hero,
                              payload={"count": tokens, "reason": "project event"})
