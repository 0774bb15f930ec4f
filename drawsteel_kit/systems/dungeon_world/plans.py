"""Dungeon World town-day plans: a YAML list of moves over days, resolved with one seed.

A plan says who makes which move, with which options, on which day::

    system: dungeon-world
    name: A week in Stonebridge
    days: 7                      # optional: the last entry's day
    entries:
      - {day: 1, move: carouse, who: Ava, coin: 200, choices: [befriend_npc, hear_rumors]}
      - {day: 2, move: bolster, who: Zora, period: week}

Resolving it (``drawsteel-kit resolve CAMPAIGN --plan P --seed N``, or the resolution
notebook) is one transaction: each plan day begins by moving the calendar one day, then its
entries are played in file order (an entry without ``day`` plays on the day of the entry
before it, or before day 1). The whole plan is first rehearsed by the pure rules with the
same seed, so a plan naming a character, move or option that does not exist, or a move the
rules refuse on day 5, is refused before anything is written. The same plan, state and
seed write the same events; a plan already resolved is not resolved twice (``again``).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from drawsteel_kit.kit.book.plans import (
    DayResult,
    Resolution,
    already_resolved,
    plan_seed,
    record_resolved,
    resolved_before,
)
from drawsteel_kit.kit.dice import SeededDice
from drawsteel_kit.kit.errors import DiceExhausted, DrawSteelKitError, PlanError, RulesError
from drawsteel_kit.kit.fields import show
from drawsteel_kit.kit.file_errors import (
    NOT_A_FIELD,
    UniqueKeyLoader,
    field_like,
    foreign_file,
    quick_yaml,
    yaml_problem,
)
from drawsteel_kit.kit.user_files import read_user_file
from drawsteel_kit.systems.dungeon_world.entries import check_options, describe_changes
from drawsteel_kit.systems.dungeon_world.rules import (
    Character,
    Move,
    Rest,
    TownEntry,
    resolve_town_days,
)

if TYPE_CHECKING:
    from drawsteel_kit.systems.dungeon_world.book import DungeonWorldBook

__all__ = ["SYSTEM", "TownPlan", "load_plan", "parse_plan", "read_plan", "resolve",
           "resolve_plan"]

SYSTEM = "dungeon-world"
_KEYS = ("system", "name", "days", "notes", "entries")
#: Ours: a plan longer than this is a typo (a year of town days is plenty).
MAX_PLAN_DAYS = 366


@dataclass(frozen=True)
class TownPlan:
    """A town-days plan, checked on its own (names are checked against a campaign when it
    is resolved). ``entries`` are in file order."""

    name: str
    days: int
    entries: tuple[TownEntry, ...]
    source: str = "plan"
    notes: str = ""

    @property
    def digest(self) -> str:
        """A hash of what the plan says (not its file name, comments or layout)."""
        said = {"system": SYSTEM, "name": self.name, "days": self.days, "notes": self.notes,
                "entries": [e.as_dict() for e in self.entries]}
        text = json.dumps(said, sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _fail(source: str, where: str, why: str) -> PlanError:
    return PlanError(f"{source}: {where}: {why}" if where else f"{source}: {why}")


def parse_plan(data: object, source: str = "plan") -> TownPlan:
    """A plan from its YAML data; one PlanError naming the file, the entry and the fix."""
    if not isinstance(data, dict):
        raise _fail(source, "", f"a plan is a mapping (`name:`, `entries:` lines), got "
                    f"{show(data)}")
    foreign = foreign_file(source, data, _KEYS, "a plan file", "name a town-days plan")
    if foreign is not None:
        raise PlanError(foreign)
    unknown = [k for k in data if k not in _KEYS]
    if unknown:
        shown = str(unknown[0]) if field_like(unknown[0]) else ""
        raise _fail(source, shown, f"{'unknown field.' if shown else NOT_A_FIELD} "
                    f"Allowed: {', '.join(_KEYS)}")
    if data.get("system", SYSTEM) != SYSTEM:
        raise _fail(source, "system", f"this campaign plays {SYSTEM}, the plan says "
                    f"{show(data.get('system'))}")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _fail(source, "name", f"is required: the plan's name, got {show(name)}")
    notes = data.get("notes", "")
    if not isinstance(notes, str):
        raise _fail(source, "notes", f"must be text, got {show(notes)}")
    raw = data.get("entries")
    if not isinstance(raw, list) or not raw:
        raise _fail(source, "entries", f"must be a list of at least one entry "
                    f"(`- {{day: 1, move: carouse, who: Ava}}`), got {show(raw)}")
    entries, last = [], 0
    for i, item in enumerate(raw):
        where = f"entries[{i}]"
        try:
            entry = TownEntry.from_dict(item)
            where += f" ({entry.label()})"
            check_options(entry)
        except RulesError as exc:
            raise _fail(source, where, str(exc)) from None
        if entry.day is not None:
            if entry.day < last:
                raise _fail(source, where, f"day {entry.day} comes before day {last} of the "
                            "entry above: list the entries in the order they happen")
            last = entry.day
        entries.append(entry)
    days = data.get("days", last)
    if not isinstance(days, int) or isinstance(days, bool) or not 0 <= days <= MAX_PLAN_DAYS:
        raise _fail(source, "days", f"must be a whole number from 0 to {MAX_PLAN_DAYS}, got "
                    f"{show(days)}")
    if last > days:
        raise _fail(source, "days", f"is {days}, but an entry is on day {last}: raise days "
                    "or move the entry")
    return TownPlan(name.strip(), days, tuple(entries), source, notes)


def load_plan(path: str | os.PathLike[str], *,
              campaign: str | os.PathLike[str] | None = None) -> TownPlan:
    """Read and check a plan file; every problem is a PlanError naming the file. A pipe or
    device is refused unread, and so is a plan in the ``campaign`` folder linked outside."""
    source = os.fspath(path)
    raw = read_user_file(path, what="a plan file", error=PlanError, campaign=campaign,
                         missing="cannot read the plan (no such file)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PlanError(f"{source}: cannot read the plan ({exc})") from None
    quick = quick_yaml(text)  # libyaml, where it reads the text as the pure parser does
    try:  # both loaders are safe loaders
        data = quick[0] if quick is not None else yaml.load(text, Loader=UniqueKeyLoader)
    except yaml.YAMLError as exc:
        raise PlanError(yaml_problem(source, exc, text)) from None
    except RecursionError:
        raise PlanError(f"{source}: nested too deeply to read") from None
    return parse_plan(data, source)


def _days(plan: TownPlan) -> list[int]:
    """Each entry's plan day: its own, else the day of the entry before (0: before day 1)."""
    out, day = [], 0
    for entry in plan.entries:
        day = entry.day if entry.day is not None else day
        out.append(day)
    return out


def _checked(book: DungeonWorldBook, plan: TownPlan) -> list[TownEntry]:
    """The entries with names as the ledger spells them; PlanError names the entry."""
    out = []
    for i, e in enumerate(plan.entries):
        options = dict(e.options)
        if e.move is Move.LEVEL_UP:  # a plan's days are days in town: a rest (003: 330)
            options.setdefault("rest", Rest.DAYS.value)
        try:
            out.append(book.entry(e.move, list(e.who), options, day=e.day))
        except DrawSteelKitError as exc:
            raise _fail(plan.source, f"entries[{i}] ({e.label()})", str(exc)) from None
    return out


def _summary(before: dict[str, Character], after: dict[str, Character], start: int, end: int,
             events: int, dry: bool) -> list[str]:
    lines = [f"Calendar: day {start} → day {end}"]
    lines += [f"{name}: {describe_changes(before[name], c)}" for name, c in after.items()
              if name in before and c != before[name]]
    lines.append(f"{events} events {'would be written' if dry else 'written'}")
    return lines


def resolve_plan(book: DungeonWorldBook, plan: TownPlan, *, seed: int, dry_run: bool = True,
                 again: bool = False) -> Resolution:
    """Resolve ``plan`` (see the module doc) in one transaction; a dry run writes nothing."""
    campaign = book.campaign
    with campaign.transaction(rollback=dry_run):
        earlier = None if again else resolved_before(campaign, plan)
        if earlier is not None:
            return already_resolved(plan, seed, dry_run, earlier)
        entries = _checked(book, plan)
        before, start = book.characters(), campaign.party.day
        try:  # the rehearsal: the pure rules, the same dice, nothing written
            resolve_town_days(list(before.values()), entries, dice=SeededDice(seed),
                              xp_on_miss=book.xp_on_miss)
        except (RulesError, DiceExhausted) as exc:
            raise PlanError(f"{plan.source}: {exc}\n{plan.source}: the plan was refused; "
                            "nothing was written (a plan resolves completely or not at all)"
                            ) from None
        dice, when = SeededDice(seed), _days(plan)
        days = [DayResult(0, start, tuple(book.play(e, dice, seed)
                                          for e, d in zip(entries, when, strict=True)
                                          if d == 0))]
        for day in range(1, plan.days + 1):
            advance = campaign.advance_day(1, reason=f"{plan.name}, day {day} of {plan.days}")
            moves = [book.play(e, dice, seed) for e, d in zip(entries, when, strict=True)
                     if d == day]
            days.append(DayResult(day, start + day, (advance, *moves)))
        count = sum(len(d.events) for d in days)
        recorded = record_resolved(campaign, plan, seed, count)
        summary = _summary(before, book.characters(), start, campaign.party.day, count + 1,
                           dry_run)
    summary.append(f"Seed {seed}: the same plan, state and seed give the same rolls")
    return Resolution(plan.name, plan.source, seed, dry_run, tuple(days), tuple(summary),
                      recorded=recorded)


def read_plan(campaign: Any, path: str | Path) -> TownPlan:
    """The town-days plan at ``path``, read for ``campaign`` (the registry's ``plans`` part)."""
    found: TownPlan = campaign.book.load_plan(path)
    return found


def resolve(campaign: Any, plan: TownPlan, *, seed: int | None, dry_run: bool = True,
            again: bool = False, progress: Any = None) -> Resolution:
    """Resolve ``plan`` in ``campaign`` (see :func:`resolve_plan`; a fresh seed when none)."""
    return resolve_plan(campaign.book, plan, seed=plan_seed(seed), dry_run=dry_run,
                        again=again)
