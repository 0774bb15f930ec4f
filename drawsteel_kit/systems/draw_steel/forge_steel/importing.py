"""Heroes in from Forge Steel: one ``hero_imported`` event per hero, with the file's hash.

The ledger is the truth after ``init``, so an import writes ledger events, not campaign.yaml
(the Director's hand-written file, comments and all, is left as it is). Each event holds the
file's text, so that ``heroes export`` can give the file back with the workbook's numbers.

Importing again merges three ways: a field the file changed since the hero's last import
takes the file's value; a field only the workbook changed (XP from respites, renown awarded)
keeps the ledger's. The first import of a hero the ledger already has takes the file's values.
An unchanged file (same hash as the last import) writes nothing.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.ledger import Op, insert_op, update_op
from drawsteel_kit.kit.limits import same_name
from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.draw_steel.book.work import followers_leave
from drawsteel_kit.systems.draw_steel.campaign_file import HeroSpec
from drawsteel_kit.systems.draw_steel.catalog import titles as title_catalog
from drawsteel_kit.systems.draw_steel.catalog.book_names import NotInBook, book_name
from drawsteel_kit.systems.draw_steel.forge_steel.merge import merge_fields
from drawsteel_kit.systems.draw_steel.forge_steel.read import (
    ForgeHero,
    ForgeProject,
    HeroFileError,
    hero_source,
    parse_hero,
    read_hero_file,
)
from drawsteel_kit.systems.draw_steel.rules.advancement import xp_for_level
from drawsteel_kit.systems.draw_steel.state import CHARACTERISTICS, HeroState, read_projects

if TYPE_CHECKING:
    from drawsteel_kit.kit.book.base import Happened
    from drawsteel_kit.systems.draw_steel.campaign import Campaign

__all__ = ["FORGE_STEEL", "HERO_FILE", "IMPORTED", "HeroPlan", "check_heroes", "import_heroes",
           "last_import", "plan_hero"]

#: The event kind of a hero brought in from Forge Steel.
IMPORTED = "hero_imported"
#: Where the event keeps the file's whole text (for the export back): the player's own, so
#: the ``private_`` prefix keeps it out of every players' copy of the books.
HERO_FILE = "private_hero_file"
#: The hero fields an import sets, in the order the diff shows them.
FIELDS = ("ancestry", "class", "career", "level", "xp", "victories", *CHARACTERISTICS,
          "max_stamina", "max_recoveries", "renown", "wealth", "project_points", "skills",
          "languages")


@dataclass
class HeroPlan:
    """What importing one file would do to one hero."""

    hero: ForgeHero
    new: bool
    name: str
    changes: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    ops: list[Op] = field(default_factory=list)
    unchanged: bool = False


def _values(fh: ForgeHero, custom: Any, track: str) -> dict[str, Any]:
    """The hero's ledger values as the file gives them, checked like campaign.yaml."""
    spec_data = {"name": fh.name, "ancestry": fh.ancestry, "class": fh.hero_class,
                 "career": fh.career, "level": fh.level, "victories": fh.victories,
                 "characteristics": fh.characteristics, "max_stamina": fh.max_stamina,
                 "max_recoveries": fh.max_recoveries, "skills": list(fh.skills),
                 "languages": list(fh.languages), "renown": fh.renown, "wealth": fh.wealth,
                 "project_points": fh.project_points, "rewards_applied": True}
    where = {"characteristics": "class.characteristics", "max_stamina": "Stamina (the class "
             "and kit bonuses)", "max_recoveries": "Recoveries (the class bonus)",
             "renown": "state.renown", "wealth": "state.wealth",
             "project_points": "state.projectPoints", "class": "class.name",
             "level": "class.level", "career": "career.name", "ancestry": "ancestry.name",
             "victories": "state.victories"}
    source = hero_source(fh.source, fh.name)
    try:
        spec = HeroSpec.model_validate(spec_data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = [str(p) for p in err["loc"]]
        place = where.get(loc[0], loc[0]) + "".join(f".{p}" for p in loc[1:])
        raise HeroFileError(f"{source}: {place}: {err['msg']}") from None
    values: dict[str, Any] = {
        "name": spec.name, "ancestry": spec.ancestry, "class": spec.hero_class,
        "career": spec.career,
        "level": spec.level, "xp": max(fh.xp, xp_for_level(spec.level, track)),
        "victories": spec.victories,
        **{c: getattr(spec.characteristics, c) for c in CHARACTERISTICS},
        "max_stamina": spec.max_stamina, "max_recoveries": spec.max_recoveries,
        "renown": spec.renown, "wealth": spec.wealth, "project_points": spec.project_points,
    }
    try:
        for kind in ("skills", "languages"):
            values[kind] = list(dict.fromkeys(
                book_name(kind, n, custom, what=f"{source}: {kind}")
                for n in getattr(spec, kind)))
        for t in fh.titles:
            book_name("titles", t.name, custom, what=f"{source}: state.titles")
    except NotInBook as exc:
        raise HeroFileError(str(exc)) from None
    return values


def _benefit(title: str, chosen: str) -> title_catalog.Benefit | None:
    """The benefit of a book title the Forge Steel feature chose (by its name), if it says."""
    book = title_catalog.title(title)
    try:
        return title_catalog.choose_benefit(book, None)
    except RulesError:
        words = chosen.casefold()
        return next((b for b in book.benefits if b.key.replace("-", " ") in words
                     or (words and words in b.text.casefold())), None)


def _title_ops(campaign: Campaign, fh: ForgeHero, hero_name: str, names: Sequence[str],
               next_id: int, custom: Any) -> list[Op]:
    from drawsteel_kit.systems.draw_steel.book.titles import title_row

    ops = []
    chosen = {t.name: t.chosen for t in fh.titles}
    for i, name in enumerate(names):
        if title_catalog.is_book_title(name):
            book = title_catalog.title(name)
            row = title_row(hero_name, book.name, _benefit(name, chosen.get(name, "")),
                            effect=book.effect, day=campaign.party.day)
        else:
            row = title_row(hero_name, book_name("titles", name, custom), None, effect="",
                            day=campaign.party.day)
        ops.append(insert_op("titles", next_id + i, row))
    return ops


def _project_row(hero: str, p: ForgeProject, day: int, title: str) -> dict[str, Any]:
    from drawsteel_kit.systems.draw_steel.catalog.projects import UnknownProject, project

    try:
        template = project(p.name)
        name, kind = template.name, template.kind
    except (UnknownProject, RulesError):
        name, kind = p.name, "other"
    done = p.points >= p.goal
    return {"hero": hero, "title": title, "template": name, "kind": kind, "goal": p.goal,
            "points": p.points, "characteristics": list(p.characteristics) or ["reason"],
            "source_language": [], "item_prerequisite": p.item_prerequisite,
            "prerequisite": "owned" if p.item_prerequisite and p.has_prerequisite else "none",
            "source": "available", "completion": "none",
            "completion_detail": {"forge_steel_id": p.id, "source_text": p.source},
            "status": "complete" if done else "active", "started_day": day,
            "completed_day": day if done else None, "guides": [], "milestones_reached": [],
            "event_pending": 0, "visibility": "party"}


FORGE_STEEL = "forge-steel"  # the ``format`` of a Forge Steel import (older events: none)


def last_import(campaign: Campaign, hero: str, fmt: str | None = None) -> Any:
    """The hero's newest import event that is not undone, or None; ``fmt``: the newest of
    that format only (``forge-steel``: the newest .ds-hero, whatever came from Foundry since)."""
    undone = campaign.ledger.undone_ids()
    for ev in campaign.ledger.events(kind=IMPORTED, actor=hero, newest_first=True):
        if ev.id in undone:
            continue
        if fmt is None or ev.payload.get("format", FORGE_STEEL) == fmt:
            return ev
    return None


def _project_ops(campaign: Campaign, plan: HeroPlan, hero_name: str,
                 base: ForgeHero | None) -> None:
    mine = read_projects(campaign.ledger.db, hero=hero_name) if not plan.new else []
    by_id = {p.completion_detail.get("forge_steel_id"): p for p in mine}
    before = {p.id: p for p in base.projects} if base else {}
    taken = {p.title.casefold() for p in read_projects(campaign.ledger.db, status="active")}
    next_id = campaign.next_id("projects")
    day = campaign.party.day
    for p in plan.hero.projects:
        have = by_id.get(p.id)
        if have is None:
            if p.id in before:  # imported before, and gone from the ledger since: kept so
                continue
            title, n = p.name, 1
            while title.casefold() in taken:
                n += 1
                title = f"{p.name} ({n})"
            taken.add(title.casefold())
            plan.ops.append(insert_op("projects", next_id, _project_row(hero_name, p, day,
                                                                         title)))
            next_id += 1
            plan.changes.append(f"project {p.name}: starts at {p.points}/{p.goal}")
            continue
        old = before.get(p.id)
        if old is not None and (old.points, old.goal) == (p.points, p.goal):
            if (have.points, have.goal) != (p.points, p.goal):
                plan.kept.append(f"project {p.name}: the ledger's {have.points}/{have.goal} "
                                 f"(the file still has {p.points}/{p.goal})")
            continue
        if (have.points, have.goal) == (p.points, p.goal):
            continue
        done = p.points >= p.goal
        after = {"points": p.points, "goal": p.goal,
                 "status": "complete" if done else "active",
                 "completed_day": (have.completed_day or day) if done else None}
        plan.ops.append(update_op("projects", have.id, have.as_dict(), after))
        plan.changes.append(f"project {p.name}: {have.points}/{have.goal} → "
                            f"{p.points}/{p.goal}")
        if done and have.status == "active":
            left, names = followers_leave(have, campaign.areas.follower_work.working_on(have))
            plan.ops += left
            plan.changes += [f"{name} leaves the finished project {p.name}" for name in names]


def _career_check(fh: ForgeHero, name: str | None) -> list[str]:
    """Where the file's career grants other numbers than the book's career (homebrew, or
    a file edited by hand): the file's are kept, and the diff says so."""
    from drawsteel_kit.systems.draw_steel.catalog.careers import career

    if name is None:
        return []
    book = career(name)
    return [f"career: the file's {name} gives {key.replace('_', ' ')} "
            f"{fh.career_bonuses[key]}, the book's {getattr(book, key)}: the file's numbers "
            "are kept (`drawsteel-kit adjust` changes them)"
            for key in ("renown", "wealth", "project_points")
            if fh.career_bonuses[key] != getattr(book, key)]


def _sheet_lines(values: dict[str, Any]) -> list[str]:
    """A new hero's sheet as the diff shows it: numbers, then skills by group, languages."""
    from drawsteel_kit.systems.draw_steel.catalog.skills import skill_group

    chars = ", ".join(f"{c} {values[c]:+d}" for c in CHARACTERISTICS)
    lines = [f"career: {values['career'] or 'none'}; xp {values['xp']}, victories "
             f"{values['victories']}", f"characteristics: {chars}",
             f"max_stamina {values['max_stamina']}, max_recoveries {values['max_recoveries']}",
             f"renown {values['renown']}, wealth {values['wealth']}, project_points "
             f"{values['project_points']}"]
    groups: dict[str, list[str]] = {}
    for skill in values["skills"]:
        groups.setdefault((skill_group(skill) or "the campaign's own").title(), []).append(skill)
    lines.append("skills: " + ("; ".join(f"{g}: {', '.join(s)}" for g, s in groups.items())
                               or "none"))
    lines.append(f"languages: {', '.join(values['languages'])}")
    return lines



def _plan(campaign: Campaign, fh: ForgeHero, existing: HeroState | None) -> HeroPlan:
    custom = campaign.settings.get("custom")
    track = campaign.settings.get("xp_track", "normal")
    values = _values(fh, custom, track)
    plan = HeroPlan(fh, new=existing is None,
                    name=existing.name if existing else values["name"])
    if fh.xp < values["xp"]:
        plan.kept.append(f"xp: the file's {fh.xp} is below the {values['xp']} level "
                         f"{fh.level} needs: the ledger keeps {values['xp']}")
    plan.kept += _career_check(fh, values["career"])
    if existing is None:
        row = {"player": "", **values, "stamina": values["max_stamina"],
               "recoveries": values["max_recoveries"],
               "titles": [], "perks": []}
        titles = list(dict.fromkeys(book_name("titles", t.name, custom) for t in fh.titles))
        row["titles"] = titles
        plan.ops.append(insert_op("heroes", row["name"], row))
        plan.ops += _title_ops(campaign, fh, row["name"], titles,
                               campaign.next_id("titles"), custom)
        plan.changes.append(f"joins the party: {fh.ancestry or 'no ancestry'} {fh.hero_class}, "
                            f"level {fh.level}")
        plan.changes += _sheet_lines(values)
        plan.changes += [f"titles: {', '.join(titles)}"] if titles else []
        _project_ops(campaign, plan, row["name"], None)
        return plan
    last = last_import(campaign, existing.name, FORGE_STEEL)
    if last is not None and last.payload.get("sha256") == fh.sha256:
        plan.unchanged = True
        return plan
    base = None
    if last is not None:
        base_hero = parse_hero(str(last.payload.get(HERO_FILE, "")).encode("utf-8"),
                               fh.source)
        base = _values(base_hero, custom, track)
    have = existing.as_dict()
    after = merge_fields(FIELDS, values, base, have, kept=plan.kept, changes=plan.changes)
    if "max_stamina" in after and existing.stamina > after["max_stamina"]:
        after["stamina"] = after["max_stamina"]
    if "max_recoveries" in after and existing.recoveries > after["max_recoveries"]:
        after["recoveries"] = after["max_recoveries"]
    held = {t.title.casefold() for t in campaign.titles(existing.name)}
    earlier = {t.name.casefold() for t in base_hero.titles} if last is not None else set()
    new_titles = [book_name("titles", t.name, custom) for t in fh.titles
                  if t.name.casefold() not in held and t.name.casefold() not in earlier]
    new_titles = list(dict.fromkeys(new_titles))
    if new_titles:
        after["titles"] = [*existing.titles, *new_titles]
        plan.changes.append(f"titles: + {', '.join(new_titles)}")
    if after:
        plan.ops.append(update_op("heroes", existing.name, have, after))
    plan.ops += _title_ops(campaign, fh, existing.name, new_titles,
                           campaign.next_id("titles"), custom)
    _project_ops(campaign, plan, existing.name, base_hero if last is not None else None)
    return plan


def _find(heroes: Iterable[HeroState], name: str) -> HeroState | None:
    return next((h for h in heroes if same_name(h.name, name)), None)


def check_heroes(campaign: Campaign, files: Sequence[ForgeHero]) -> None:
    """Refuse, before anything is written, a campaign of another system, two files of one
    hero, and any value the ledger would not take."""
    seen: dict[str, str] = {}
    for fh in files:
        for other_name, other_source in seen.items():
            if same_name(other_name, fh.name):
                raise HeroFileError(f"{fh.source}: name: {fh.name} is also the hero of "
                                    f"{other_source}: import one file per hero")
        seen[fh.name] = fh.source
        _values(fh, campaign.settings.get("custom"), campaign.settings.get("xp_track", "normal"))


def plan_hero(campaign: Campaign, fh: ForgeHero) -> HeroPlan:
    """What importing ``fh`` would do now; nothing is written."""
    return _plan(campaign, fh, _find(campaign.heroes.values(), fh.name))


def _load(item: str | os.PathLike[str] | tuple[str, bytes]) -> ForgeHero:
    if isinstance(item, tuple):
        name, raw = item
        return parse_hero(raw, name)
    return read_hero_file(item)


def import_heroes(campaign: Campaign,
                  files: Sequence[str | os.PathLike[str] | tuple[str, bytes]], *,
                  dry_run: bool = False) -> Happened:
    """Add or update heroes from Forge Steel files (paths, or ``(name, bytes)`` as an upload
    gives them), one event per hero; ``dry_run``: only say what would change.

    Every file is read and checked before anything is written; one bad file refuses all."""
    from drawsteel_kit.kit.book.base import Happened

    if isinstance(files, str | os.PathLike | tuple) or not files:
        raise RulesError("name at least one Forge Steel hero file (.ds-hero)")
    heroes = [_load(f) for f in files]
    plans = []
    with campaign.transaction(rollback=dry_run):
        check_heroes(campaign, heroes)
        from drawsteel_kit.systems.draw_steel.book.base import Writer

        writer = Writer(campaign)
        for fh in heroes:  # one at a time: each plan sees the ids the last one took
            plan = plan_hero(campaign, fh)
            plans.append(plan)
            if plan.unchanged:
                continue
            name = os.path.basename(fh.source)
            what = (f"{fh.name} joins the party from {name} (Forge Steel)" if plan.new else
                    f"{fh.name} updated from {name} (Forge Steel): "
                    f"{plural(len(plan.changes), 'change')}")
            writer.event(IMPORTED, plan.ops, summary=what, actor=plan.name,
                         payload={"file": name, "sha256": fh.sha256, "forge_steel_id": fh.id,
                                  "changes": plan.changes, "kept": plan.kept,
                                  HERO_FILE: fh.text})
    written = () if dry_run else tuple(writer.written)
    changed = [p for p in plans if not p.unchanged]
    counted = plural(len(changed), "hero", "heroes")
    summary = (f"{'Would import' if dry_run else 'Imported'} {counted} from Forge Steel"
               if changed else "Nothing to import: every file is unchanged "
               "since its last import")
    details = {"plans": {p.hero.name: {"file": p.hero.source, "new": p.new,
                                       "changes": p.changes, "kept": p.kept,
                                       "unchanged": p.unchanged} for p in plans}}
    return Happened("heroes_imported", summary, written, details)

