"""Reading a plan: YAML text or data in, a checked :class:`Plan` out, or one PlanError.

The checks here need no campaign: fields (``plan.model``), then what one entry cannot tell
alone (days past the plan's end, a hero resting twice a day, dice for each day).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import yaml
from pydantic import ValidationError

from drawsteel_kit.kit.errors import PlanError
from drawsteel_kit.kit.fields import show
from drawsteel_kit.kit.file_errors import (
    UniqueKeyLoader,
    foreign_file,
    quick_yaml,
    yaml_problem,
)
from drawsteel_kit.kit.user_files import read_user_file
from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.draw_steel.activities import (
    Activity,
    FindSource,
    Other,
    ProjectRoll,
    Recruit,
    ServeAsSource,
)
from drawsteel_kit.systems.draw_steel.activities import StudyGuide as StudyGuideActivity
from drawsteel_kit.systems.draw_steel.plans import errors as plan_errors
from drawsteel_kit.systems.draw_steel.plans.fields import EVERY
from drawsteel_kit.systems.draw_steel.plans.model import (
    TAGS,
    AdventureSpec,
    BuySpec,
    FindSourceSpec,
    FollowerSpec,
    GuideSpec,
    MoveSpec,
    OtherSpec,
    PlanFile,
    RecruitSpec,
    RespiteSpec,
    RollSpec,
    ServeSpec,
    ShoppingSpec,
    SpendSpec,
    StartSpec,
)

__all__ = ["MAX_NODES", "Plan", "load_plan", "parse_plan", "plan_from_data"]

#: A plan whose YAML (aliases expanded) has more nodes than this is refused unread.
MAX_NODES = 20_000


# --- the checked plan -----------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """A plan read and checked on its own (``plan.check_plan`` checks it against a campaign).

    ``schedule[i]`` are the days ``respites[i]`` covers; ``node`` is the YAML it came from,
    for line numbers (None for a plan built from data); ``spec`` the checked file it was
    read from (its entries are this plan's).
    """

    name: str
    days: int
    start: tuple[StartSpec, ...]
    followers: tuple[FollowerSpec, ...]
    spend: tuple[SpendSpec, ...]
    respites: tuple[RespiteSpec, ...]
    schedule: tuple[tuple[int, ...], ...]
    source: str = "plan"
    notes: str = ""
    node: yaml.Node | None = field(default=None, repr=False, compare=False)
    shopping: tuple[ShoppingSpec, ...] = ()
    buy: tuple[BuySpec, ...] = ()
    moves: tuple[MoveSpec, ...] = ()
    adventures: tuple[AdventureSpec, ...] = ()
    spec: PlanFile | None = field(default=None, repr=False, compare=False)
    victories_from: str | None = None  # a folder of hero exports, imported before day 1

    @cached_property
    def digest(self) -> str:
        """A hash of what the plan says (not its file name, comments or layout): the ledger
        keeps it to refuse resolving the same plan twice. Worked out once per plan, from one
        dump of the checked file (each entry's own dump would build its model's serializer
        again, the file's having been built with its checks)."""
        parts = ("start", "followers", "spend", "respites")
        said = {"name": self.name, "days": self.days, "notes": self.notes,
                **{part: self._dumped(part) for part in parts}}
        if self.moves:  # only then: a plan written before moves keeps its digest
            said["moves"] = self._dumped("moves")
        for part in ("shopping", "buy"):  # only when given: older plans keep their digest
            if getattr(self, part):
                said[part] = self._dumped(part)
        if self.adventures:  # only then: the digests of older plans stay as they were
            said["adventures"] = self._dumped("adventures")
        if self.victories_from:  # only then, likewise
            said["victories_from"] = self.victories_from
        text = json.dumps(said, sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    @cached_property
    def _file_dump(self) -> dict[str, Any] | None:
        return None if self.spec is None else self.spec.model_dump(mode="json", warnings=False)

    def _dumped(self, part: str) -> list[dict[str, Any]]:
        """The entries of ``part`` as JSON-ready dicts (what each entry's own dump gives)."""
        whole = self._file_dump
        if whole is not None:
            return list(whole[part])
        return [entry.model_dump(mode="json", warnings=False) for entry in getattr(self, part)]

    def activity(self, index: int, day: int) -> Activity | None:
        """What ``respites[index]`` does on ``day`` (a plan day it covers)."""
        spec = self.respites[index].activity
        match spec:
            case None:
                return None
            case str():
                return Other(spec)
            case RollSpec():
                dice = spec.dice[self.schedule[index].index(day)] if spec.dice else None
                return ProjectRoll(spec.roll, spec.characteristic, spec.edges, spec.banes,
                                   spec.skill, spec.bonus, dice,
                                   skill_allowed=spec.skill_allowed)
            case GuideSpec():
                return StudyGuideActivity(spec.project, spec.guide, spec.knowledge, spec.language)
            case FindSourceSpec():
                return FindSource(spec.find_source)
            case ServeSpec():
                return ServeAsSource(spec.serve_as_source)
            case RecruitSpec():
                return Recruit(tuple(n.activity() for n in spec.recruit), spec.at)
            case OtherSpec():
                return Other(spec.other)
        raise AssertionError(spec)

    def resting(self, day: int) -> list[int]:
        """Indexes of the respite entries that cover ``day``, in plan order."""
        return [i for i, days in enumerate(self.schedule) if day in days]

    def fail(self, problems: Sequence[tuple[Sequence[str | int], str]]) -> PlanError:
        """One PlanError listing ``(location, message)`` problems with their lines."""
        return PlanError(plan_errors.report(self.source, problems, self.node, _entry_names(self)))


def _entry_names(plan: Plan) -> dict[tuple[str, int], str]:
    names: dict[tuple[str, int], str] = {}
    for section in ("start", "spend", "buy", "respites"):
        for i, entry in enumerate(getattr(plan, section)):
            names[section, i] = entry.hero
    for i, s in enumerate(plan.shopping):
        names["shopping", i] = s.at
    for i, f in enumerate(plan.followers):
        names["followers", i] = " / ".join(x for x in (f.hero, f.name) if x)
    for i, a in enumerate(plan.adventures):
        names["adventures", i] = a.start or "the end of an adventure"
    return names


def _cross_check(spec: PlanFile) -> list[tuple[tuple[str | int, ...], str]]:
    """What one entry cannot tell alone: days past the end, two respites a day, dice counts."""
    problems: list[tuple[tuple[str | int, ...], str]] = []
    last = spec.days
    for i, a in enumerate(spec.adventures):
        if (a.start is None) == (not a.end):
            problems.append((("adventures", i), "give either start: NAME (an adventure begins) "
                             "or end: true (the one under way ends), one of them"))
    for section in ("start", "followers", "spend", "shopping", "buy", "moves",
                    "adventures"):
        for i, entry in enumerate(getattr(spec, section)):
            if entry.day is not None and entry.day > last:
                problems.append(((section, i, "day"),
                                 f"must be from 1 to {last} (the plan's days), got {entry.day}"))
    titles: dict[str, int] = {}
    for i, s in enumerate(spec.start):
        key = s.name.casefold()
        if key in titles:
            problems.append((("start", i, "title" if s.title else "project"),
                             f"{s.name!r} is already the title of start[{titles[key]}]: give "
                             "each project its own title (title: ...)"))
        titles.setdefault(key, i)
    for i, f in enumerate(spec.followers):
        if (f.add is None) == (f.follower is None):
            which = "not both" if f.add else "one of them"
            problems.append((("followers", i), "give either add: {name, role, ...} (a new "
                             f"follower) or follower: NAME (one already following), {which}"))
        elif f.add is not None and f.hero is None:
            problems.append((("followers", i, "hero"), "is required to add a follower: "
                             "the hero they follow"))
        elif f.follower is not None and not (f.assigns or f.places):
            problems.append((("followers", i, "assign"), "is required for an existing "
                             "follower: a project title or id (null: no project), unless "
                             "the entry says where they are (at:)"))
        if f.places and f.at is None:
            problems.append((("followers", i, "at"), "is required with materials: where the "
                             "follower is (stronghold, site or a place)"))
    resting: dict[tuple[str, int], int] = {}
    schedule = _schedule(spec)
    for i, (r, days) in enumerate(zip(spec.respites, schedule, strict=True)):
        late = [d for d in days if d > last]
        if late:
            problems.append((("respites", i, "days"), f"day {late[0]} is past the plan's end: "
                             f"days run from 1 to {last}"))
            continue
        for d in days:
            first = resting.setdefault((r.hero.casefold(), d), i)
            if first != i:
                problems.append((("respites", i, "days"), f"{r.hero} already rests on day {d} "
                                 f"(respites[{first}]): one activity per respite, so one entry "
                                 "per hero and day"))
                break
        dice = r.activity.dice if isinstance(r.activity, RollSpec) else None
        if dice is not None and len(dice) != len(days):
            problems.append((("respites", i, "activity", "dice"),
                             f"gives faces for {plural(len(dice), 'day')} but {r.hero} rests on "
                             f"{len(days)}: one list of faces per day (null to let the "
                             "workbook roll)"))
    return problems


def _schedule(spec: PlanFile) -> tuple[tuple[int, ...], ...]:
    every = tuple(range(1, spec.days + 1))
    return tuple(every if r.days == EVERY else r.days for r in spec.respites)  # type: ignore[misc]  # not EVERY: days


def plan_from_data(data: object, source: str = "plan", node: yaml.Node | None = None) -> Plan:
    """Check plan data (as YAML would load it); every problem is one PlanError naming ``source``."""
    if data is None:
        raise PlanError(f"{source}: is empty: a plan needs at least `name:` and `days:`")
    if not isinstance(data, dict):
        raise PlanError(f"{source}: the top level must be a mapping (`name:`, `days:`, "
                        f"`respites:` ... lines), got {show(data)}")
    foreign = foreign_file(source, data, list(PlanFile.model_fields), "a plan file",
                           "templates/campaign/plans/example.yaml shows the format")
    if foreign is not None:
        raise PlanError(foreign)
    try:
        spec = PlanFile.model_validate(data)
    except ValidationError as exc:
        raise PlanError(plan_errors.report_validation(source, exc, data, node, PlanFile, TAGS)
                        ) from None
    plan = Plan(spec.name, spec.days, tuple(spec.start), tuple(spec.followers), tuple(spec.spend),
                tuple(spec.respites), _schedule(spec), source, spec.notes, node,
                shopping=tuple(spec.shopping), buy=tuple(spec.buy), moves=tuple(spec.moves),
                adventures=tuple(spec.adventures), spec=spec,
                victories_from=spec.victories_from)
    problems = _cross_check(spec)
    if problems:
        raise plan.fail(problems)
    return plan


def parse_plan(text: str, source: str = "plan") -> Plan:
    """Read a plan from YAML text; every problem is one PlanError naming ``source``."""
    if not isinstance(text, str):
        raise PlanError(f"{source}: a plan is YAML text, got {show(text)}")
    def small(node: yaml.Node) -> None:
        if plan_errors.node_count(node, MAX_NODES) > MAX_NODES:
            raise PlanError(f"{source}: is too large to be a plan (more than {MAX_NODES} "
                            "values once its aliases are expanded)")

    quick = quick_yaml(text, small)  # libyaml, where it reads as the pure parser does
    if quick is not None:
        return plan_from_data(quick[0], source, quick[1])
    try:
        loader = UniqueKeyLoader(text)
        try:
            node = loader.get_single_node()
            if node is not None:
                small(node)
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        raise PlanError(yaml_problem(source, exc, text)) from None
    except RecursionError:
        raise PlanError(f"{source}: nested too deeply to read") from None
    return plan_from_data(data, source, node)


def load_plan(path: str | os.PathLike[str], *,
              campaign: str | os.PathLike[str] | None = None) -> Plan:
    """Read a plan file; every problem is one PlanError naming the file. A pipe or device
    is refused unread, and so is a plan in the ``campaign`` folder linked to a file outside."""
    source = os.fspath(path)
    raw = read_user_file(path, what="a plan file", error=PlanError, campaign=campaign,
                         missing="no such plan file (plans live in the campaign's plans/ "
                         "folder; templates/campaign/plans/example.yaml shows the format)")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise PlanError(f"{source}: is not UTF-8 text (byte 0x{raw[exc.start]:02x} on line "
                        f"{line}); save it as UTF-8") from None
    return parse_plan(text, source)

