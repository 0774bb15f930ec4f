"""A plan checked against a campaign, before anything runs.

Every hero the plan names must be in the campaign; every project it starts must be in the
catalog (a project or a treasure) or a custom project of campaign.yaml; every project it
works on must be active in the campaign or started by the plan on or before that day; every
follower it assigns must follow someone by then. All problems come as one PlanError that
lists the names that do exist.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import TYPE_CHECKING

from drawsteel_kit.systems.draw_steel.catalog import projects as catalog
from drawsteel_kit.systems.draw_steel.plan.model import (
    FindSourceSpec,
    GuideSpec,
    RollSpec,
    ServeSpec,
)
from drawsteel_kit.systems.draw_steel.plan.read import Plan
from drawsteel_kit.systems.draw_steel.state import read_followers

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.campaign import Campaign

__all__ = ["check_plan", "project_ref_of"]

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


def check_plan(campaign: Campaign, plan: Plan) -> None:
    """Refuse (one PlanError) a plan naming heroes, projects or followers the campaign lacks."""
    problems: list[Problem] = []
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


def _check_starts(campaign: Campaign, plan: Plan) -> list[Problem]:
    problems: list[Problem] = []
    templates = _templates(campaign)
    active = {p.title.casefold(): p for p in campaign.projects(status="active")}
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
        taken = active.get(s.name.casefold())
        if taken is not None:
            problems.append((("start", i, "title" if s.title else "project"),
                             f"{s.name!r} is already the title of an active project (#{taken.id}"
                             f", {taken.hero}'s): give this one its own title (title: ...)"))
    return problems


def _check_refs(campaign: Campaign, plan: Plan) -> list[Problem]:
    """Each project reference names a project that is there on that day."""
    active = campaign.projects(status="active")
    titles = {p.title.casefold() for p in active}
    ids = {p.id for p in active}
    started = {s.name.casefold(): (i, _when(s.day)) for i, s in enumerate(plan.start)}
    uses: list[tuple[tuple[str | int, ...], int | str | None, int]] = []
    for i, f in enumerate(plan.followers):
        uses.append((("followers", i, "assign"), f.assign, _when(f.day)))
    for i, s in enumerate(plan.spend):
        uses.append((("spend", i, "project"), s.project, _when(s.day)))
    for i, r in enumerate(plan.respites):
        ref = project_ref_of(r.activity)
        field = {RollSpec: "roll", GuideSpec: "project", FindSourceSpec: "find_source",
                 ServeSpec: "serve_as_source"}.get(type(r.activity), "")
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


def _check_followers(campaign: Campaign, plan: Plan) -> list[Problem]:
    """New followers have new names; followers put to work exist by then."""
    existing = {f.name.casefold(): f for f in read_followers(campaign.ledger.db)}
    added: dict[str, tuple[int, int]] = {}
    problems: list[Problem] = []
    order = sorted(range(len(plan.followers)), key=lambda i: _when(plan.followers[i].day))
    for i in order:
        f = plan.followers[i]
        key, day = f.name.casefold(), _when(f.day)
        if f.add is not None:
            if key in existing or key in added:
                whose = (f"#{existing[key].id}, {existing[key].hero}'s" if key in existing
                         else f"followers[{added[key][0]}]")
                problems.append((("followers", i, "add", "name"), f"a follower named "
                                 f"{f.name!r} already exists ({whose}): give each its own name"))
            added.setdefault(key, (i, day))
        elif key not in existing and key not in added:
            names = [x.name for x in existing.values()] + [plan.followers[j].name for j, _ in
                                                           added.values()]
            problems.append((("followers", i, "follower"), f"no follower named {f.name!r} by "
                             f"day {day}{_close(f.name, names)} The followers are: "
                             f"{_names(names)}"))
    return problems
