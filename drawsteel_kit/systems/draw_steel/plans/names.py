"""A plan's names as people type them: "Korrin" for the hero Korrin Stonefist, "Lore" for the
project "Lore of Khelt", "Mirela" for the follower Mirela Dask.

Each name a plan gives for a hero, a follower it puts to work or a project it works on is
found as the CLI finds it (``kit.limits.names_meant``: the name whole, else a unique start),
among what the campaign has and what the plan's own entries make (projects it starts,
followers it adds or recruits). The plan comes back with those names whole, so every later
check and the day-by-day run compare whole names; a start that fits several names is a
problem naming them, and a name that fits none is left for the checks to refuse.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.limits import names_meant, one_of
from drawsteel_kit.systems.draw_steel.plans.model import (
    FindSourceSpec,
    GuideSpec,
    RecruitSpec,
    RollSpec,
    ServeSpec,
)
from drawsteel_kit.systems.draw_steel.plans.read import Plan
from drawsteel_kit.systems.draw_steel.state import read_followers

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.campaign import Campaign

__all__ = ["whole_names"]

Problem = tuple[tuple[str | int, ...], str]
#: Each activity's field naming the project it works on.
_PROJECT_FIELDS: dict[type, str] = {RollSpec: "roll", GuideSpec: "project",
                                   FindSourceSpec: "find_source",
                                   ServeSpec: "serve_as_source"}


class _Names:
    """One kind of name (heroes, followers, projects): what a typed one means."""

    def __init__(self, what: str, known: Sequence[str]) -> None:
        self.what, self.known = what, list(known)
        self.problems: list[Problem] = []

    def whole(self, typed: Any, loc: tuple[str | int, ...]) -> Any:
        if not isinstance(typed, str):
            return typed
        meant = names_meant(typed, self.known)
        if len(meant) == 1:
            return meant[0]
        if meant:
            self.problems.append((loc, f"{typed!r} could be the {self.what} {one_of(meant)}: "
                                  "type more of the name"))
        return typed


def _entry(entry: Any, **update: Any) -> Any:
    changed = {k: v for k, v in update.items() if getattr(entry, k) != v}
    if not changed:
        return entry
    # model_copy keeps which fields were given (FollowerSpec.assigns reads it)
    return entry.model_copy(update=changed)


def whole_names(campaign: Campaign, plan: Plan) -> tuple[Plan, list[Problem]]:
    """``plan`` with each hero, follower and project it names written whole, and the names
    that fit several (one problem each)."""
    heroes = _Names("heroes", list(campaign.heroes))
    followers = _Names("followers", [f.name for f in read_followers(campaign.ledger.db)] + [
        f.add.name for f in plan.followers if f.add is not None] + [
        n.name for r in plan.respites if isinstance(r.activity, RecruitSpec)
        for n in r.activity.recruit])
    projects = _Names("projects", [p.title for p in campaign.projects(status="active")]
                      + [s.name for s in plan.start])
    changes: dict[str, Any] = {}
    for section in ("start", "spend", "buy"):
        changes[section] = tuple(
            _entry(e, hero=heroes.whole(e.hero, (section, i, "hero")),
                   **({"project": projects.whole(e.project, (section, i, "project"))}
                      if section == "spend" else {}))
            for i, e in enumerate(getattr(plan, section)))
    changes["followers"] = tuple(
        _entry(f, hero=heroes.whole(f.hero, ("followers", i, "hero")),
               follower=followers.whole(f.follower, ("followers", i, "follower")),
               assign=projects.whole(f.assign, ("followers", i, "assign")))
        for i, f in enumerate(plan.followers))
    respites = []
    for i, r in enumerate(plan.respites):
        act, field = r.activity, _PROJECT_FIELDS.get(type(r.activity))
        if field is not None:
            act = _entry(act, **{field: projects.whole(
                getattr(act, field), ("respites", i, "activity", field))})
        respites.append(_entry(r, hero=heroes.whole(r.hero, ("respites", i, "hero")),
                               activity=act))
    changes["respites"] = tuple(respites)
    problems = heroes.problems + followers.problems + projects.problems
    if all(changes[k] == getattr(plan, k) for k in changes):
        return plan, problems
    whole = dataclasses.replace(plan, **changes)
    # What the plan says is what was written: its digest (the ledger's "resolved before"
    # mark) is the written plan's, not this copy's.
    whole.__dict__["digest"] = plan.digest
    return whole, problems
