"""A plan checked against a campaign, before anything runs.

Every hero the plan names must be in the campaign; every project it starts must be in the
catalog (a project or a treasure) or a custom project of campaign.yaml; every project it
works on must be active in the campaign or started by the plan on or before that day; every
follower it assigns must follow someone by then (added by the plan, or recruited in one of its
respites: what the plan's own days make counts). A name may be typed as the CLI takes it:
whole, or a unique start of it (``plan.names``). All problems come as one PlanError that
lists the names that do exist.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import TYPE_CHECKING

from drawsteel_kit.systems.draw_steel.catalog import projects as catalog
from drawsteel_kit.systems.draw_steel.plans.model import (
    FindSourceSpec,
    GuideSpec,
    RecruitSpec,
    RollSpec,
    ServeSpec,
)
from drawsteel_kit.systems.draw_steel.plans.names import whole_names
from drawsteel_kit.systems.draw_steel.plans.read import Plan
from drawsteel_kit.systems.draw_steel.state import read_followers

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.campaign import Campaign

__all__ = ["check_plan", "entry_day", "project_ref_of", "recruit_days", "start_days"]

Problem = tuple[tuple[str | int, ...], str]
#: How many names an error lists before it says "and N more".
NAMES_SHOWN = 12


def _names(names: Iterable[str]) -> str:
    shown = list(names)
    if not shown:
        return "none"
    more = len(shown) - NAMES_SHOWN
    return ", ".join(shown[:NAMES_SHOWN]) + (f" and {more} more" if more > 0 else "")


def _close(name: str, names: Iterable[str]) -> str:
    """``; did you mean 'X'?`` for a near miss (or a name's first word), else ``.``."""
    by_key = {n.casefold(): n for n in names}
    key = name.casefold().strip()
    first = [k for k in by_key if k.split()[:1] == key.split()[:1] or k.startswith(key)]
    close = first[:1] or difflib.get_close_matches(key, by_key, n=1, cutoff=0.6)
    if not close and key.split():  # "Pipp" for "Pip Thistledown": the first words alone
        words = {k.split()[0]: k for k in by_key if k.split()}
        near = difflib.get_close_matches(key.split()[0], words, n=1, cutoff=0.75)
        close = [words[near[0]]] if near else []
    return f"; did you mean {by_key[close[0]]!r}?" if close else "."


def project_ref_of(spec: object) -> int | str | None:
    """The project an activity spec works on (None for other activities)."""
    match spec:
        case RollSpec():
            return spec.roll
        case GuideSpec():
            return spec.project
        case FindSourceSpec():
            return spec.find_source
        case ServeSpec():
            return spec.serve_as_source
    return None


def _when(day: int | None) -> int:
    return 0 if day is None else day


def _templates(campaign: Campaign) -> dict[str, str]:
    """Names a plan may start, by casefold: catalog projects, treasures, custom projects."""
    custom = [str(c.get("name", "")) for c in campaign.settings.get("custom_projects", [])]
    every = [*custom, *(p.name for p in catalog.projects()), *(t.name for t in catalog.treasures())]
    return {n.casefold(): n for n in every if n}


def check_plan(campaign: Campaign, plan: Plan) -> Plan:
    """Refuse (one PlanError) a plan naming heroes, projects or followers the campaign lacks;
    else the plan with each name written whole ("Korrin" as "Korrin Stonefist")."""
    plan, problems = whole_names(campaign, plan)
    heroes = {name.casefold(): name for name in campaign.heroes}
    for section in ("start", "followers", "spend", "buy", "respites"):
        for i, entry in enumerate(getattr(plan, section)):
            if entry.hero is not None and entry.hero.casefold() not in heroes:
                problems.append(((section, i, "hero"), f"no hero named {entry.hero!r} in this "
                                 f"campaign{_close(entry.hero, heroes.values())} The heroes "
                                 f"are: {_names(heroes.values())}"))
    problems += _check_starts(campaign, plan)
    problems += _check_refs(campaign, plan)
    problems += _check_followers(campaign, plan)
    if problems:
        raise plan.fail(problems)
    return plan


def _check_starts(campaign: Campaign, plan: Plan) -> list[Problem]:
    problems: list[Problem] = []
    templates = _templates(campaign)
    active = {p.title.casefold(): p for p in campaign.projects(status="active")}
    days = start_days(campaign, plan)
    heroes = {h.casefold() for h in campaign.heroes}
    for i, s in enumerate(plan.start):
        if s.treasure is not None:
            if s.project.casefold() != "craft treasure":
                problems.append(((("start", i, "treasure")), "goes with project: Craft Treasure "
                                 f"(or give the treasure as the project: project: {s.treasure})"))
            elif s.treasure.casefold() not in {t.name.casefold() for t in catalog.treasures()}:
                names = [t.name for t in catalog.treasures()]
                problems.append((("start", i, "treasure"), f"no craftable treasure named "
                                 f"{s.treasure!r}{_close(s.treasure, names)} The treasures "
                                 f"are: {_names(names)}"))
        if s.project.casefold() not in templates:
            problems.append((("start", i, "project"), f"no project or treasure named "
                             f"{s.project!r}{_close(s.project, templates.values())} It must be "
                             "a catalog project (`drawsteel-kit projects`), a treasure to "
                             "craft, or a custom project of campaign.yaml"))
        if days[i] is None and s.hero.casefold() in heroes:
            problems.append((("start", i, "day" if s.day is not None else "hero"),
                             _start_outside_respite(campaign, plan, s.hero, s.day)))
        taken = active.get(s.name.casefold())
        if taken is not None:
            problems.append((("start", i, "title" if s.title else "project"),
                             f"{s.name!r} is already the title of an active project (#{taken.id}"
                             f", {taken.hero}'s): give this one its own title (title: ...)"))
    return problems


def _rest_days(plan: Plan, hero: str) -> list[int]:
    key = hero.casefold()
    return sorted({d for i, days in enumerate(plan.schedule) for d in days
                   if plan.respites[i].hero.casefold() == key})


def start_days(campaign: Campaign, plan: Plan) -> list[int | None]:
    """The plan day each ``start`` entry runs on (0: before day 1; None: refused).

    Projects are started during a respite (000: 3746): a dated start runs in that day's
    respite; an undated one before day 1 if its hero rested today, else in the hero's
    first respite of the plan. A campaign whose ``project_starts`` is ``any_time`` runs
    them as written (undated: before day 1).
    """
    from drawsteel_kit.systems.draw_steel.book.projects import (
        PROJECT_STARTS_ANY_TIME,
        PROJECT_STARTS_DEFAULT,
    )

    any_time = campaign.settings.get("project_starts",
                                     PROJECT_STARTS_DEFAULT) == PROJECT_STARTS_ANY_TIME
    heroes = {h.casefold(): h for h in campaign.heroes}
    days: list[int | None] = []
    for s in plan.start:
        rests = _rest_days(plan, s.hero)
        if any_time:
            days.append(s.day or 0)
        elif s.day is not None:
            days.append(s.day if s.day in rests else None)
        elif (s.hero.casefold() in heroes
              and campaign.areas.projects.resting_today(heroes[s.hero.casefold()])):
            days.append(0)
        else:
            days.append(rests[0] if rests else None)
    return days


def entry_day(campaign: Campaign, plan: Plan, section: str, index: int,
              starts: list[int | None] | None = None) -> int:
    """The plan day a ``followers`` or ``spend`` entry runs on: its ``day``, or, undated and
    naming a project the plan starts later (or a follower one of its respites recruits), the
    day that project starts (that follower is recruited)."""
    entry = getattr(plan, section)[index]
    if entry.day is not None:
        return int(entry.day)
    starts = start_days(campaign, plan) if starts is None else starts
    day = 0
    if section == "followers" and entry.add is None:  # a follower the plan adds: with it
        for i, other in enumerate(plan.followers[:index]):
            if other.add is not None and other.add.name.casefold() == entry.name.casefold():
                day = entry_day(campaign, plan, section, i, starts)
        # one a respite of the plan recruits: that day, after the respite
        day = max(day, recruit_days(plan).get(entry.name.casefold(), (0, 0))[1])
    ref = entry.assign if section == "followers" else entry.project
    if isinstance(ref, str):
        for s, when in zip(plan.start, starts, strict=True):
            if s.name.casefold() == ref.casefold():
                day = max(day, when or 0)
    return day


def _start_outside_respite(campaign: Campaign, plan: Plan, hero: str, day: int | None) -> str:
    """Why a start is refused (projects are started during a respite); "" when it is fine."""
    rests = _rest_days(plan, hero)
    when = f"on day {day}" if day is not None else "in this plan"
    fix = (f"give it a day: on which {hero} rests ({_names(map(str, rests))})" if rests
           else f"give {hero} a respite in this plan")
    return (f"{hero} does not rest {when}: projects are started during a respite; {fix}, "
            "or set project_starts: any_time in campaign.yaml if your table starts them "
            "whenever")


def _check_refs(campaign: Campaign, plan: Plan) -> list[Problem]:
    """Each project reference names a project that is there on that day."""
    active = campaign.projects(status="active")
    titles = {p.title.casefold() for p in active}
    ids = {p.id for p in active}
    days = start_days(campaign, plan)
    started = {s.name.casefold(): (i, days[i] or 0) for i, s in enumerate(plan.start)}
    uses: list[tuple[tuple[str | int, ...], int | str | None, int]] = []
    for i, f in enumerate(plan.followers):
        uses.append((("followers", i, "assign"), f.assign,
                     entry_day(campaign, plan, "followers", i, days)))
    for i, s in enumerate(plan.spend):
        uses.append((("spend", i, "project"), s.project,
                     entry_day(campaign, plan, "spend", i, days)))
    for i, r in enumerate(plan.respites):
        ref = project_ref_of(r.activity)
        fields: dict[type, str] = {RollSpec: "roll", GuideSpec: "project",
                                   FindSourceSpec: "find_source", ServeSpec: "serve_as_source"}
        field = fields.get(type(r.activity), "")
        uses.append((("respites", i, "activity", field), ref, plan.schedule[i][0]))
    known = [f"#{p.id} {p.title}" for p in active] + [s.name for s in plan.start]
    usable = [p.title for p in active] + [s.name for s in plan.start]
    problems: list[Problem] = []
    for loc, ref, day in uses:
        if ref is None:
            continue
        if isinstance(ref, int):
            if ref not in ids:
                problems.append((loc, f"no active project #{ref}; the active projects are: "
                                 f"{_names(f'#{p.id} {p.title}' for p in active)}"))
            continue
        key = ref.casefold()
        if key in started and key not in titles:
            index, on = started[key]
            if on > day:
                problems.append((loc, f"{ref!r} starts on day {on} (start[{index}]), after "
                                 f"day {day} when this entry needs it"))
        elif key not in titles:
            problems.append((loc, f"no project titled {ref!r}{_close(ref, usable)} Projects "
                             f"the plan can use: {_names(known)} (start one under start:)"))
    return problems


def recruit_days(plan: Plan) -> dict[str, tuple[int, int]]:
    """The followers the plan's respites recruit (by casefolded name): the respite entry and
    the first day it recruits them. A day's respite comes before the day's other entries, so
    they may be put to work that day and after."""
    found: dict[str, tuple[int, int]] = {}
    for i, r in enumerate(plan.respites):
        if isinstance(r.activity, RecruitSpec) and plan.schedule[i]:
            for new in r.activity.recruit:
                found.setdefault(new.name.casefold(), (i, plan.schedule[i][0]))
    return found


def _check_followers(campaign: Campaign, plan: Plan) -> list[Problem]:
    """New followers have new names; followers put to work exist by then (added by the plan
    or recruited in one of its respites on or before that day)."""
    existing = {f.name.casefold(): f for f in read_followers(campaign.ledger.db)}
    added: dict[str, tuple[int, int]] = {}
    recruited = recruit_days(plan)
    problems: list[Problem] = []
    when = [entry_day(campaign, plan, "followers", i) for i in range(len(plan.followers))]
    order = sorted(range(len(plan.followers)), key=lambda i: when[i])
    for i in order:
        f = plan.followers[i]
        key, day = f.name.casefold(), when[i]
        if f.add is not None:
            if key in existing or key in added or key in recruited:
                whose = (f"#{existing[key].id}, {existing[key].hero}'s" if key in existing
                         else f"followers[{added[key][0]}]" if key in added
                         else f"recruited in respites[{recruited[key][0]}]")
                problems.append((("followers", i, "add", "name"), f"a follower named "
                                 f"{f.name!r} already exists ({whose}): give each its own name"))
            added.setdefault(key, (i, day))
        elif key in recruited and key not in existing and key not in added:
            entry, on = recruited[key]
            if on > day:
                where = "before day 1" if day == 0 else f"on day {day}"
                problems.append((("followers", i, "day" if f.day is not None else "follower"),
                                 f"{f.name!r} is recruited on day {on} (respites[{entry}]): "
                                 f"not yet a follower {where}; give this entry day: {on} or "
                                 "later"))
        elif key not in existing and key not in added:
            names = [x.name for x in existing.values()] + [
                g.add.name for g in plan.followers if g.add is not None] + [
                n.name for r in plan.respites if isinstance(r.activity, RecruitSpec)
                for n in r.activity.recruit]
            problems.append((("followers", i, "follower"), f"no follower named {f.name!r} by "
                             f"day {day}{_close(f.name, names)} The followers are: "
                             f"{_names(names)}"))
    return problems
