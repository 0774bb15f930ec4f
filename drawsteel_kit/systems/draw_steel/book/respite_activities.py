"""Work on projects during a respite: each hero's one activity (a project roll, studying a guide,
finding or serving as a source, recruiting), checked for the whole party first, then resolved."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.dice import Dice, ScriptedDice
from drawsteel_kit.kit.errors import DiceExhausted, RulesError
from drawsteel_kit.kit.ledger import update_op
from drawsteel_kit.systems.draw_steel.book.base import (
    DrawSteelArea,
    Writer,
    check_count,
    check_text,
)
from drawsteel_kit.systems.draw_steel.errors import NotEnoughTokens
from drawsteel_kit.systems.draw_steel.state import (
    HeroState,
    ProjectState,
)

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.activities import Activity
    from drawsteel_kit.systems.draw_steel.catalog import projects as catalog

__all__ = ["INSPIRED_ARTISAN", "INSPIRED_ARTISAN_TOKENS", "SOURCE_STATES", "RespiteActivities"]


#: Inspired Artisan: spend a hero token for one more roll in the same activity (REFERENCE.md).
INSPIRED_ARTISAN = "Inspired Artisan"
INSPIRED_ARTISAN_TOKENS = 1


#: What a Find a Source activity may say of a source.
SOURCE_STATES = ("available", "common", "needed")


def _guide_key(name: str) -> str:
    """A guide's name as the books compare it: case and runs of spaces do not count."""
    return " ".join(name.split()).casefold()


@dataclass
class _Plan:
    """One hero's activity, checked, waiting to be resolved."""

    hero: HeroState
    activity: Activity | str
    project: ProjectState | None = None


class RespiteActivities(DrawSteelArea):
    """The respite's activities: check them all, then resolve each as its own event."""

    # -- respite activities --------------------------------------------------
    def _check_activities(self, plans: list[_Plan]) -> None:
        """Refuse a respite's activities before anything is rolled or written."""
        from drawsteel_kit.systems.draw_steel.activities import (
            FindSource,
            ProjectRoll,
            Recruit,
            ServeAsSource,
            StudyGuide,
        )

        serving = {p.project.id for p in plans
                   if isinstance(p.activity, ServeAsSource) and p.project}
        studied: set[tuple[int, str]] = set()
        guide_kinds = self._guide_kinds() if any(
            isinstance(p.activity, StudyGuide) for p in plans) else {}
        for plan in plans:
            act, project = plan.activity, plan.project
            if isinstance(act, Recruit):
                self.areas.followers.check_recruit(plan.hero, act)
            if (isinstance(act, ProjectRoll) and project is not None
                    and project.source == "needed" and project.id not in serving):
                left = (f" (the one found at {project.source_at} stayed there)"
                        if project.source_at else "")
                raise RulesError(
                        f"{plan.hero.name} cannot roll on {project.title!r}: its source is not "
                        f"at hand{left}. Find a common source first (a respite activity), or "
                        "have another hero serve as the source this respite"
                    )
            if isinstance(act, StudyGuide) and project is not None:
                key = (project.id, _guide_key(act.guide))
                if key in studied or any(_guide_key(g) == key[1] for g in project.guides):
                    raise RulesError(f"{act.guide!r} was already studied for {project.title!r}: "
                                     "a guide helps a project once")
                self._check_guide_kind(act.guide, project, guide_kinds)
                guide_kinds.setdefault(key[1], project)
                studied.add(key)
                check_count(act.knowledge, "knowledge value", maximum=10_000)
            if isinstance(act, FindSource) and project is not None and project.source != "needed":
                raise RulesError(f"{project.title!r} does not need a source found "
                                 f"(its source is {project.source})")
            if isinstance(act, ServeAsSource) and project is not None \
                    and project.hero == plan.hero.name:
                raise RulesError(f"{plan.hero.name} owns {project.title!r}: serving as a "
                                 "source is for another hero's project")

    def _guide_kinds(self) -> dict[str, ProjectState]:
        """Each guide studied so far (by its folded name), with the first project it served:
        that project's kind is the guide's kind."""
        first: dict[str, ProjectState] = {}
        for project in self.areas.projects.projects():  # oldest first
            for guide in project.guides:
                first.setdefault(_guide_key(guide), project)
        return first

    @staticmethod
    def _check_guide_kind(guide: str, project: ProjectState,
                          kinds: Mapping[str, ProjectState]) -> None:
        """Refuse a guide for a project of another kind than the one it served (Downtime
        Projects, Guides: another project of the same kind only)."""
        from drawsteel_kit.systems.draw_steel.rules import projects as rules

        served = kinds.get(_guide_key(guide))
        if served is not None and not rules.guide_serves(served.kind, project.kind):
            raise RulesError(
                f"{guide!r} is a guide for {served.kind} projects (it served "
                f"{served.title!r}): it cannot serve {project.title!r}, a {project.kind} "
                "project. A guide serves only projects of the same kind (Downtime Projects, "
                "Guides)")

    def plan_activities(
        self, heroes: list[HeroState], activities: Mapping[str, Activity | str]
    ) -> list[_Plan]:
        chosen = {h.name: h for h in heroes}
        plans: dict[str, _Plan] = {}
        if not isinstance(activities, Mapping):
            raise RulesError("activities must map each hero to one activity, such as "
                             f"{{'Val': 'Discover Lore'}}, got {activities!r}")
        if not activities:  # a respite without activities loads none of their rules
            return []
        from drawsteel_kit.systems.draw_steel.activities import (
            FindSource,
            Other,
            ProjectRoll,
            Recruit,
            ServeAsSource,
            StudyGuide,
        )

        for name, act in activities.items():
            hero = self.campaign.hero(name)
            if hero.name not in chosen:
                raise RulesError(f"{hero.name} has an activity but is not taking this respite")
            if hero.name in plans:
                raise RulesError(f"{hero.name} can do only one respite activity per respite")
            if isinstance(act, str):
                act = check_text(act, f"{hero.name}'s activity")
            elif isinstance(act, Other):
                check_text(act.text, f"{hero.name}'s activity")
            elif isinstance(act, StudyGuide):
                check_text(act.guide, f"{hero.name}'s guide")
            elif not isinstance(act, ProjectRoll | StudyGuide | FindSource | ServeAsSource
                                | Recruit | Other):
                raise RulesError(f"{hero.name}'s activity must be text or one of ProjectRoll, "
                                 f"StudyGuide, FindSource, ServeAsSource, Recruit, Other; "
                                 f"got {act!r}")
            ref = getattr(act, "project", None)
            plans[hero.name] = _Plan(hero, act, self._workable(ref) if ref is not None else None)
        ordered = sorted(plans.values(), key=lambda p: p.hero.name.casefold())
        self._check_activities(ordered)
        return ordered

    def _workable(self, ref: Any) -> ProjectState:
        """An active project, or one the followers' rolls finished today (the respite's day):
        the activity on it is then not needed, and says so."""
        found = self.areas.projects.project(ref)
        if found.status != "active" and found.completed_day == self.party.day:
            return found
        return self.areas.projects.active(ref)

    def _resolve_activity(
        self, w: Writer, plan: _Plan, dice: Dice, event: catalog.ProjectEvent | None,
        seed: int | None,
    ) -> dict[str, Any]:
        """Resolve one activity and write it as its own event; returns side effects."""
        from drawsteel_kit.systems.draw_steel.activities import (
            FindSource,
            Other,
            ProjectRoll,
            StudyGuide,
            activity_label,
        )
        from drawsteel_kit.systems.draw_steel.book.work import Roller, apply_points, roll_for
        from drawsteel_kit.systems.draw_steel.catalog.languages import hero_languages, language_fit
        from drawsteel_kit.systems.draw_steel.rules import projects as rules

        act, hero = plan.activity, plan.hero
        if isinstance(act, str | Other) or plan.project is None:
            return {}
        # fresh: an earlier activity may have changed it
        project = self.areas.projects.project(plan.project.id)
        if project.status != "active":  # finished earlier in this respite: nothing left to do
            w.event("activity_not_needed", [], actor=hero.name, visibility=project.visibility,
                    payload={"project_id": project.id, "project": project.title},
                    summary=f"{hero.name}'s {activity_label(act, project.title)} was not "
                            "needed: it was finished earlier in this respite (or by a "
                            "follower today)")
            return {}
        owner = self.areas.projects.owner(project)
        groups = self.settings.get("related_languages", [])
        apart = self.settings.get("unrelated_languages", [])
        mode = str(self.settings.get("project_events", "off"))
        start = len(getattr(dice, "faces", []))
        roll_dice = ScriptedDice(act.dice) if isinstance(act, ProjectRoll) and act.dice else dice
        payload: dict[str, Any] = {"project_id": project.id, "project": project.title}
        if isinstance(act, ProjectRoll):
            roller = Roller.of_hero(hero)
            kw = dict(characteristic=act.characteristic, edges=act.edges, banes=act.banes,
                      skill=act.skill, related_groups=groups, unrelated=apart,
                      skill_leave=act.skill_allowed,
                      allowed_skills=self.settings.get("project_skills", []),
                      own_groups=(self.settings.get("custom") or {}).get("skill_groups"))
            token_ops = self._inspired(hero, project) if act.inspired else []
            try:
                result, info = roll_for(project, roller, dice=roll_dice, bonus=act.bonus, **kw)

                def again(bonus: int) -> int:
                    return roll_for(project, roller, dice=roll_dice, bonus=act.bonus + bonus,
                                    **kw)[0].points

                points = result.points
                if act.inspired:
                    info_more = again(0)
                    points += info_more
                    payload["inspired_roll"] = info_more
                work = apply_points(project, points, day=w.day, owner=owner,
                                    dice=roll_dice, events_mode=mode, event=event, roller=roller,
                                    roll_again=again, is_roll=True, by_hero=True,
                                    next_id=self.campaign.next_id,
                                    followers=self.areas.follower_work.working_on(project))
            except DiceExhausted as exc:
                raise DiceExhausted(f"{hero.name}'s roll on {project.title!r}: {exc}") from None
            payload.update(info)
            work.ops += token_ops
            more = ([("a hero token for one more roll", payload["inspired_roll"])]
                    if act.inspired else [])
            kind, verb = "project_roll", (f"rolls on {project.title!r}: "
                                          f"{work.told(info['roll_points'], more)}")
        elif isinstance(act, StudyGuide):
            language = (language_fit(hero_languages(hero.languages), [act.language], groups,
                                     apart)
                        if act.language else "known")
            points = rules.study_guide(act.knowledge, language=language)
            guides = [*project.guides, act.guide]
            ops = [update_op("projects", project.id, {"guides": list(project.guides)},
                             {"guides": guides})]
            if not points:
                w.event("guide_studied", ops, actor=hero.name, visibility=project.visibility,
                             summary=f"{hero.name} studies {act.guide!r}, but cannot read its "
                                     "language: no points", payload=payload)
                return {}
            work = apply_points(project, max(points, 0), day=w.day, owner=owner, dice=dice,
                                events_mode=mode, next_id=self.campaign.next_id,
                                followers=self.areas.follower_work.working_on(project))
            work.ops[0]["after"]["guides"] = guides
            work.ops[0]["before"]["guides"] = list(project.guides)
            payload.update(guide=act.guide, knowledge=act.knowledge, language=language)
            kind, verb = "guide_studied", f"studies {act.guide!r} for {project.title!r}: " \
                f"+{work.points}"
        elif isinstance(act, FindSource):  # it holds where it is found (book/sources.py)
            place = self.party.location
            w.event("source_found", [update_op(
                        "projects", project.id,
                        {"source": "needed", "source_at": project.source_at},
                        {"source": "common", "source_at": place})],
                    actor=hero.name, visibility=project.visibility,
                    payload={**payload, "at": place},
                    summary=f"{hero.name} finds a common source for {project.title!r}"
                            + (f" at {place}" if place else ""))
            return {}
        else:  # ServeAsSource
            w.event("source_served", [], actor=hero.name, visibility=project.visibility,
                    payload=payload,
                    summary=f"{hero.name} serves as the source for {project.title!r}")
            return {}
        faces = list(getattr(roll_dice, "faces", []))[start if roll_dice is dice else 0:]
        total = f" ({work.detail['after']}/{work.detail['goal']})"
        summary = (f"{hero.name} {verb}{total}" + ("; complete!" if work.completed else "")
                   + work.leaving)
        payload.update(work.detail, lines=work.lines)
        w.event(kind, work.ops, summary=summary, actor=hero.name, payload=payload,
                visibility=project.visibility, seed=seed, dice=faces)
        return work.detail.get("side_effects", {})

    def _inspired(self, hero: HeroState, project: ProjectState) -> list[Any]:
        """Inspired Artisan: one hero token buys one more roll on a crafting project."""
        if not any(p.casefold() == INSPIRED_ARTISAN.casefold() for p in hero.perks):
            raise RulesError(f"{hero.name} does not have the {INSPIRED_ARTISAN} perk")
        if project.kind != "crafting":
            raise RulesError(f"{INSPIRED_ARTISAN} helps crafting projects; {project.title!r} "
                             f"is {project.kind}")
        pool = self.party.hero_tokens
        if pool < INSPIRED_ARTISAN_TOKENS:
            raise NotEnoughTokens(f"{INSPIRED_ARTISAN} costs {INSPIRED_ARTISAN_TOKENS} hero "
                                  f"token, but the pool holds {pool}")
        return [update_op("party", 1, {"hero_tokens": pool},
                          {"hero_tokens": pool - INSPIRED_ARTISAN_TOKENS})]

    def respite_activities(
        self, w: Writer, plans: list[_Plan], dice: Dice, seed: int | None, *,
        event_check: bool = True,
    ) -> dict[str, dict[str, Any]]:
        """Resolve every activity of one respite, drawing the "roll" mode event first
        (once per respite, 000: 3812: not again for heroes joining a day's respite that
        made it, ``event_check`` False)."""
        from drawsteel_kit.systems.draw_steel.activities import ProjectRoll
        from drawsteel_kit.systems.draw_steel.catalog import projects as catalog
        from drawsteel_kit.systems.draw_steel.rules import projects as rules

        rolls = [p for p in plans if isinstance(p.activity, ProjectRoll)]
        event, target = None, None
        if rolls and event_check and self.settings.get("project_events") == "roll":
            start = len(getattr(dice, "faces", []))
            check = rules.project_event_check(dice)
            text = f"Project event check: the d6 shows {check.face}"
            if check.happened:
                target = rolls[dice.roll(len(rolls)) - 1] if len(rolls) > 1 else rolls[0]
                event = catalog.roll_project_event(dice)
                text += (f": an event ({event.rolls}) comes with {target.hero.name}'s roll on "
                         f"{target.project.title if target.project else '?'}")
            w.event("project_event_check", [], summary=text, seed=seed,
                    dice=list(getattr(dice, "faces", [])[start:]),
                    payload={"face": check.face, "happened": check.happened,
                             "event": event.rolls if event else None})
        effects = {}
        for plan in plans:
            effects[plan.hero.name] = self._resolve_activity(
                w, plan, dice, event if plan is target else None, seed)
        return effects
