"""Scripted downtime plans (Draw Steel's ``plans`` part): the YAML a Director writes for a
stretch of downtime, read and checked, then resolved day by day into campaign operations.

A plan says how many days pass, which projects start and which followers join before (or
on) which day, and which heroes rest on which days doing what. Every mistake is one
:class:`~drawsteel_kit.kit.errors.PlanError` naming the file, line, entry, field and what is
allowed, one problem a line::

    plans/week.yaml:14: respites[1] (Bran Ironvein): activity.knowledge: is required

- ``fields``: field types (project references, days, dice, bounded numbers);
- ``model``: the file format, one pydantic model per kind of entry;
- ``read``: YAML in, a checked :class:`~.read.Plan` out; ``errors``: the messages;
- ``names``: the names a plan uses, against the campaign's;
- ``check``: a plan against a campaign (heroes, projects, followers), before anything runs;
- this module: :func:`read_plan` and :func:`resolve`, the plan run.

Before day 1 the plan's undated followers join and are put to work and career points are
spent, on the campaign's current day; its undated projects start then if their hero rested
that day (else in the hero's first respite of the plan, and the entries naming them with it).
Each plan day then

1. is one respite (``take_respite``) for every hero resting that day: a respite is the party's
   day (000: 861), so it moves the calendar one day (followers make their daily rolls; a
   plan day never joins a respite the party took before the plan), starts the projects
   dated that day of the heroes resting (projects start during a respite, 000: 3746), then
   each hero does their one activity (followers a hero recruits join that day). A hero
   whose activity works on a project that is already complete rests without it (``every``
   means "until it is done"); the day's notes say so. A day nobody rests is a day passing
   (``advance_day``). Either way a 7-day plan moves the calendar exactly 7 days;
2. then adds and assigns the followers and spends the points dated that day (and starts
   other projects dated that day, where the campaign starts projects at any time), in plan
   order.

One ``SeededDice`` rolls everything, so the same plan, state and seed write the same events.
The whole plan is one ledger transaction: a real run commits it, a dry run rolls it back.
A dry run is the real run's code, so it shows exactly what the real run would write; and a
plan that fails on day 5 leaves the ledger as it was.

The transaction ends with a ``plan_resolved`` event holding the plan's digest (what it says,
not its layout). Resolving the same plan again writes nothing and says when it was resolved,
so a run that was killed, or whose end nobody saw, can simply be run again: it completes the
plan exactly once. ``again=True`` resolves it once more on purpose.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, overload

from drawsteel_kit.kit.book.plans import (
    FRESH_SEED_BELOW,
    MAX_SEED,
    PLAN_RESOLVED,
    DayResult,
    Resolution,
    already_resolved,
    find_plan,
    record_resolved,
    resolved_before,
)
from drawsteel_kit.kit.dice import SeededDice
from drawsteel_kit.kit.errors import DrawSteelKitError, LedgerError, PlanError
from drawsteel_kit.kit.progress import Progress
from drawsteel_kit.systems.draw_steel.activities import (
    FindSource,
    ProjectRoll,
    ServeAsSource,
    StartProject,
    StudyGuide,
)
from drawsteel_kit.systems.draw_steel.book.base import Happened, check_count
from drawsteel_kit.systems.draw_steel.plans.check import check_plan, entry_day, start_days
from drawsteel_kit.systems.draw_steel.plans.read import Plan, load_plan
from drawsteel_kit.systems.draw_steel.state import read_followers

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.campaign import Campaign

__all__ = [
    "PLAN_RESOLVED", "DayResult", "Resolution", "already_resolved", "find_plan",
    "read_plan", "record_resolved", "resolve", "resolved_before",
]

class _Run:
    """One plan being resolved: maps the plan's names to what the campaign made of them."""

    def __init__(self, campaign: Campaign, plan: Plan, dice: SeededDice) -> None:
        self.campaign, self.plan, self.dice = campaign, plan, dice
        self.projects: dict[str, int] = {}  # plan start titles -> project ids
        self.followers: dict[str, int] = {}  # followers the plan added -> ids
        self.notes: list[str] = []  # of the day being resolved
        self.in_respite: list[int] = []  # start entries the day's respite starts
        self.start_day = start_days(campaign, plan)  # when each start entry runs

    @overload
    def ref(self, ref: int | str) -> int | str: ...
    @overload
    def ref(self, ref: int | str | None) -> int | str | None: ...
    def ref(self, ref: int | str | None) -> int | str | None:
        """A plan project reference as the campaign knows it (started ones by id)."""
        return self.projects.get(ref.casefold(), ref) if isinstance(ref, str) else ref

    def step(self, locs: Sequence[tuple[str | int, ...]], day: int,
             op: Callable[[], Happened]) -> Happened:
        """Run one operation; a refusal names the plan entries and the day."""
        try:
            return op()
        except LedgerError:
            raise
        except DrawSteelKitError as exc:
            when = "before day 1" if day == 0 else f"on day {day}"
            named = [loc for loc in locs if (hero := self._hero_of(loc)) and hero in str(exc)]
            locs = named or locs or [()]  # a respite of several heroes: the one it names
            err = self.plan.fail([(loc, f"{when}: {exc}") for loc in locs])
            raise PlanError(f"{err}\n{self.plan.source}: the plan stopped {when}; nothing was "
                            "written (a plan resolves completely or not at all)") from exc

    def _hero_of(self, loc: tuple[str | int, ...]) -> str:
        entry = getattr(self.plan, str(loc[0]))[int(loc[1])] if len(loc) >= 2 else None
        return getattr(entry, "hero", None) or ""

    def entries(self, day: int) -> list[Happened]:
        """The party's moves, projects started, followers added and assigned, points spent on
        ``day`` (0: before)."""
        c, plan, out = self.campaign, self.plan, []
        if day == 0:  # on a plan day, the party moves before the day's respite (see day)
            out += self.moves(0)
        for i, a in enumerate(plan.adventures):
            if (a.day or 0) == day:
                why = a.reason or self.reason(day)
                out.append(self.step([("adventures", i)], day, (
                    partial(c.start_adventure, a.start, reason=why) if a.start is not None
                    else partial(c.end_adventure, reason=why))))
        for i, s in enumerate(plan.start):
            if self.start_day[i] == day and i not in self.in_respite:
                h = self.step([("start", i)], day, partial(
                    c.start_project, s.hero, s.project, title=s.title,
                    params=s.params or None, learns=s.learns,
                    treasure=s.treasure, source_language=s.source_language,
                    prerequisite=s.prerequisite, prerequisite_item=s.prerequisite_item,
                    source=s.source, at_stronghold=s.at_stronghold,
                    visibility="director" if s.director_only else "party"))
                self.projects[s.name.casefold()] = h.details["project_id"]
                out.append(h)
        for i, f in enumerate(plan.followers):
            if entry_day(c, plan, "followers", i, self.start_day) != day:
                continue
            if f.add is not None:
                new = f.add
                h = self.step([("followers", i)], day, partial(
                    c.add_follower, f.hero or "", new.name, new.role, ancestry=new.ancestry,
                    skills=new.skills, languages=new.languages, physical=new.physical,
                    characteristics=new.characteristics, level=new.level,
                    stat_block=new.stat_block))
                self.followers[new.name.casefold()] = h.details["follower_id"]
                out.append(h)
            who = self.followers.get(f.name.casefold(), f.name)
            if f.assigns:
                out.append(self.step([("followers", i, "assign")], day, partial(
                    c.assign_follower, who, self.ref(f.assign), skill_applies=f.skill_applies)))
            if f.places:
                out.append(self.step([("followers", i, "at")], day, partial(
                    c.place_follower, who, f.at or "", materials=f.materials)))
        for i, p in enumerate(plan.spend):
            if entry_day(c, plan, "spend", i, self.start_day) == day:
                out.append(self.step([("spend", i)], day, partial(
                    c.spend_project_points, p.hero, self.ref(p.project), p.points,
                    reason=p.reason or self.reason(day))))
        for i, t in enumerate(plan.shopping):  # what this downtime's shopping trip allows
            if (t.day or 0) == day:
                out.append(self.step([("shopping", i)], day, partial(
                    c.shopping, t.at, purchases=t.purchases, max_tier=t.max_tier,
                    unavailable=t.unavailable,
                    reason=self.reason(day))))
        for i, b in enumerate(plan.buy):
            if (b.day or 0) == day:
                out.append(self.step([("buy", i)], day, partial(
                    c.buy, b.hero, b.item, tier=b.tier, count=b.count,
                    reason=b.reason or self.reason(day))))
        return out

    def reason(self, day: int) -> str:
        return f"{self.plan.name}, day {day} of {self.plan.days}"

    def respite(self, day: int) -> list[Happened]:
        """One respite for every hero resting on ``day``, each with their activity."""
        resting = self.plan.resting(day)
        if not resting:
            return []
        activities: dict[str, Any] = {}
        for i in resting:
            act, hero = self.plan.activity(i, day), self.plan.respites[i].hero
            if isinstance(act, ProjectRoll | StudyGuide | FindSource | ServeAsSource):
                project = act.project
                act = replace(act, project=self.ref(project))
                if self._done(act.project):
                    self.notes.append(f"{hero} rests without an activity: {project!r} is "
                                      f"complete (respites[{i}])")
                    continue
            if act is not None:
                activities[hero] = act
        heroes = [self.plan.respites[i].hero for i in resting]
        keys = {h.casefold() for h in heroes}
        # The day's projects of heroes resting that day start in the respite (000: 3746).
        self.in_respite = [i for i, s in enumerate(self.plan.start)
                           if self.start_day[i] == day and s.hero.casefold() in keys]
        starts = [self._start_of(self.plan.start[i]) for i in self.in_respite]
        locs = [("respites", i) for i in resting] + [("start", i) for i in self.in_respite]
        happened = self.step(locs, day, lambda: self.campaign.take_respite(
            heroes, activities=activities, starts=starts, reason=self.reason(day),
            dice=self.dice, join=False))
        made = [e.payload["project_id"] for e in happened.events if e.kind == "project_started"]
        for i, pid in zip(self.in_respite, made, strict=True):
            self.projects[self.plan.start[i].name.casefold()] = pid
        return [happened]

    @staticmethod
    def _start_of(s: Any) -> StartProject:
        return StartProject(s.hero, s.project, title=s.title, params=s.params or None,
                            learns=s.learns, treasure=s.treasure,
                            source_language=s.source_language, prerequisite=s.prerequisite,
                            prerequisite_item=s.prerequisite_item,
                            source=s.source, at_stronghold=s.at_stronghold,
                            visibility="director" if s.director_only else "party")

    def _done(self, ref: int | str) -> bool:
        try:
            return self.campaign.project(ref).done
        except DrawSteelKitError:  # not there: take_respite says so, with the entry named
            return False

    def take_notes(self) -> tuple[str, ...]:
        """The notes of the day just resolved (and start afresh)."""
        notes, self.notes = tuple(self.notes), []
        return notes

    def moves(self, day: int) -> list[Happened]:
        """The party moving on, on ``day``: a common source found elsewhere is needed again."""
        return [self.step([("moves", i)], day, partial(
                    self.campaign.move_party, m.to, reason=m.reason or self.reason(day)))
                for i, m in enumerate(self.plan.moves) if (m.day or 0) == day]

    def day(self, day: int) -> list[Happened]:
        """One plan day is one calendar day: the party's moves that day, then a respite's (the
        respite moves the calendar, 000: 861) when anyone rests, else a day passing; then the
        day's other entries."""
        self.in_respite = []
        moved = self.moves(day)
        first = self.respite(day) or [self.step([], day, lambda: self.campaign.advance_day(
            1, reason=self.reason(day), dice=self.dice))]
        return [*moved, *first, *self.entries(day)]


def _state(campaign: Campaign) -> dict[str, Any]:
    return {"day": campaign.party.day, "heroes": campaign.heroes,
            "projects": {p.id: p for p in campaign.projects()},
            "followers": {f.id: f for f in read_followers(campaign.ledger.db)}}


def _summary(before: dict[str, Any], after: dict[str, Any], events: int, dry: bool) -> list[str]:
    """What changed, in a few lines: calendar, projects, heroes, followers."""
    lines = [f"Calendar: day {before['day']} → day {after['day']}"]
    for pid, p in after["projects"].items():
        old = before["projects"].get(pid)
        if old is not None and (old.points, old.status, old.goal) == (p.points, p.status, p.goal):
            continue
        start = "new" if old is None else str(old.points)
        done = f", complete on day {p.completed_day}" if p.done and (
            old is None or not old.done) else ""
        lines.append(f"{p.title!r} ({p.hero}, {p.template}): {start} → {p.points}/{p.goal}{done}")
    for name, h in after["heroes"].items():
        old = before["heroes"].get(name)
        changes = [f"{what.replace('_', ' ')} {getattr(old, what)} → {getattr(h, what)}" for what in
                   ("level", "xp", "renown", "project_points")
                   if old is not None and getattr(old, what) != getattr(h, what)]
        gained = [x for what in ("languages", "skills")
                  for x in getattr(h, what) if old is not None and x not in getattr(old, what)]
        if changes or gained:
            lines.append(f"{name}: " + ", ".join(changes + [f"learns {x}" for x in gained]))
    for fid, f in after["followers"].items():
        if fid not in before["followers"]:
            lines.append(f"{f.name} ({f.role}) now follows {f.hero}")
    lines.append(f"{events} events {'would be written' if dry else 'written'}")
    return lines


def exports_in(campaign: Campaign, plan: Plan) -> tuple[Happened, ...]:
    """``victories_from:``: the party's hero exports imported before day 1 (none unchanged)."""
    if not plan.victories_from:
        return ()
    from drawsteel_kit.systems.draw_steel.foundry.plans import import_exports

    return import_exports(campaign, plan.victories_from, plan.source)


def resolve(campaign: Campaign, plan: Plan, *, seed: int | None = None,
            dry_run: bool = True, again: bool = False,
            progress: Progress | None = None) -> Resolution:
    """Resolve ``plan`` day by day (see the module doc); a dry run writes nothing.

    ``seed=None`` picks a fresh seed, recorded in the result so the run can be repeated.
    Refuses (PlanError, before anything runs) a plan naming heroes, projects or followers
    the campaign lacks; an operation refused on some day is a PlanError naming that day.
    A plan already resolved is not resolved again (``already`` names when) unless ``again``.
    ``progress``: where each day resolved is counted (none by default).
    """
    if seed is None:
        seed = secrets.randbelow(FRESH_SEED_BELOW)
    seed = check_count(seed, "seed", minimum=0, maximum=MAX_SEED)
    with campaign.transaction(rollback=dry_run):
        earlier = None if again else resolved_before(campaign, plan)
        if earlier is not None:
            return already_resolved(plan, seed, dry_run, earlier)
        before = _state(campaign)
        imported = exports_in(campaign, plan)  # victories_from: the party's exports first
        plan = check_plan(campaign, plan)  # names the exports bring are the plan's to name
        run = _Run(campaign, plan, SeededDice(seed))
        days = [DayResult(0, before["day"], (*imported, *run.entries(0)), run.take_notes())]
        for day in range(1, plan.days + 1):
            happened = tuple(run.day(day))
            days.append(DayResult(day, before["day"] + day, happened, run.take_notes()))
            if progress is not None:
                progress.count(day, plan.days, "day")
        count = sum(len(d.events) for d in days)
        recorded = record_resolved(campaign, plan, seed, count)
        summary = _summary(before, _state(campaign), count + 1, dry_run)
    summary.append(f"Seed {seed}: the same plan, state and seed give the same rolls")
    return Resolution(plan.name, plan.source, seed, dry_run, tuple(days), tuple(summary),
                      recorded=recorded)


def read_plan(campaign: Campaign, path: str | Path) -> Plan:
    """The downtime plan at ``path``, read for ``campaign`` (names its own ``plans/`` holds)."""
    return load_plan(path, campaign=campaign.folder)
