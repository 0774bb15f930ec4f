"""Heroes in from Foundry VTT: one ``hero_imported`` event per hero, with the file's hash.

As with Forge Steel files, the ledger is the truth: an import writes ledger events and keeps
the export's whole text in the event (``private_hero_file``), so that ``heroes export`` gives
the same document back. Importing again merges three ways: a field the file changed since the
hero's last import takes the file's value (victories awarded at the table, Stamina lost, a
level gained), a field only the workbook changed (XP from a respite) keeps the ledger's. An
unchanged file (the hash of the last import) writes nothing.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.ledger import Op, insert_op, update_op
from drawsteel_kit.kit.limits import same_name
from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.draw_steel.campaign_file import HeroSpec
from drawsteel_kit.systems.draw_steel.catalog.book_names import Kind, NotInBook, book_name
from drawsteel_kit.systems.draw_steel.forge_steel.importing import HERO_FILE, IMPORTED, last_import
from drawsteel_kit.systems.draw_steel.forge_steel.merge import merge_fields, shown
from drawsteel_kit.systems.draw_steel.foundry.document import FoundryFileError
from drawsteel_kit.systems.draw_steel.foundry.items import item_id, key_name
from drawsteel_kit.systems.draw_steel.foundry.read import (
    FoundryHero,
    FoundryItem,
    parse_foundry,
    read_foundry_file,
)
from drawsteel_kit.systems.draw_steel.rules.advancement import xp_for_level
from drawsteel_kit.systems.draw_steel.state import CHARACTERISTICS, read_projects

if TYPE_CHECKING:
    from drawsteel_kit.kit.book.base import Happened
    from drawsteel_kit.systems.draw_steel.campaign import Campaign
    from drawsteel_kit.systems.draw_steel.state import HeroState

__all__ = ["FOUNDRY", "FoundryPlan", "foundry_values", "import_foundry", "last_foundry"]

#: The ``format`` an import event of a Foundry export carries.
FOUNDRY = "foundry"
#: The hero fields a Foundry import sets, in the order the preview shows them.
FIELDS = ("ancestry", "class", "career", "level", "xp", "victories", *CHARACTERISTICS,
          "max_stamina", "stamina", "max_recoveries", "recoveries", "renown", "wealth",
          "skills", "languages")


@dataclass
class FoundryPlan:
    """What importing one export would do to one hero."""

    hero: FoundryHero
    new: bool
    name: str
    changes: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    ops: list[Op] = field(default_factory=list)
    unchanged: bool = False


def _names(kind: Kind, keys: Sequence[str], custom: Any, kept: list[str] | None) -> list[str]:
    out = []
    for key in keys:
        try:
            out.append(book_name(kind, key_name(key), custom))
        except NotInBook:
            if kept is not None:
                kept.append(f"{kind}: {key_name(key)} is not in the book nor the campaign's "
                            "own list, so the workbook does not keep it")
    return list(dict.fromkeys(out))


def foundry_values(fh: FoundryHero, custom: Any, track: str,
                   kept: list[str] | None = None) -> dict[str, Any]:
    """The hero's ledger values as the export gives them, checked like campaign.yaml."""
    where = {"characteristics": "system.characteristics", "level": "the class item's "
             "system.level", "victories": "system.hero.victories", "renown":
             "system.hero.renown", "wealth": "system.hero.wealth", "max_stamina": "Stamina "
             "(the class and kit)", "max_recoveries": "the class item's system.recoveries",
             "class": "the class item's name", "career": "the career item's name",
             "ancestry": "the ancestry item's name"}
    try:
        spec = HeroSpec.model_validate({
            "name": fh.name, "ancestry": fh.ancestry, "class": fh.hero_class,
            "career": fh.career, "level": fh.level, "victories": fh.victories,
            "characteristics": fh.characteristics, "max_stamina": fh.max_stamina,
            "max_recoveries": fh.max_recoveries, "renown": fh.renown, "wealth": fh.wealth,
            "rewards_applied": True})
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = [str(p) for p in err["loc"]]
        place = where.get(loc[0], loc[0]) + "".join(f".{p}" for p in loc[1:])
        raise FoundryFileError(f"{fh.source} ({fh.name}): {place}: {err['msg']}") from None
    return {
        "name": spec.name, "ancestry": spec.ancestry, "class": spec.hero_class,
        "career": spec.career, "level": spec.level,
        "xp": max(fh.xp, xp_for_level(spec.level, track)), "victories": spec.victories,
        **{c: getattr(spec.characteristics, c) for c in CHARACTERISTICS},
        "max_stamina": spec.max_stamina,
        "stamina": max(min(fh.stamina, spec.max_stamina), -(spec.max_stamina // 2)),
        "max_recoveries": spec.max_recoveries,
        "recoveries": min(fh.recoveries, spec.max_recoveries),
        "renown": spec.renown, "wealth": spec.wealth,
        "skills": _names("skills", fh.skills, custom, kept),
        "languages": _names("languages", ["caelian", *fh.languages], custom, kept),
    }


def last_foundry(campaign: Campaign, hero: str) -> Any:
    """The hero's newest import event if it came from Foundry, or None."""
    last = last_import(campaign, hero)
    return last if last is not None and last.payload.get("format") == FOUNDRY else None



def _project_row(hero: str, p: FoundryItem, day: int, title: str) -> dict[str, Any]:
    assert p.goal is not None
    done = p.points >= p.goal
    kind = p.kind if p.kind in ("crafting", "research") else "other"
    return {"hero": hero, "title": title, "template": p.name, "kind": kind, "goal": p.goal,
            "points": p.points, "characteristics": list(p.characteristics) or ["reason"],
            "source_language": [], "item_prerequisite": "" if p.prerequisites.casefold() in (
                "", "none") else p.prerequisites, "prerequisite": "none",
            "source": "available", "completion": "none",
            "completion_detail": {"foundry_id": p.id, "source_text": p.source},
            "status": "complete" if done else "active", "started_day": day,
            "completed_day": day if done else None, "guides": [], "milestones_reached": [],
            "event_pending": 0, "visibility": "party"}


def _projects(campaign: Campaign, plan: FoundryPlan, hero: str,
              base: FoundryHero | None) -> None:
    from drawsteel_kit.systems.draw_steel.book.work import followers_leave

    mine = read_projects(campaign.ledger.db, hero=hero) if not plan.new else []
    by_id = {p.completion_detail.get("foundry_id") or item_id("project", p.id): p for p in mine}
    before = {p.id: p for p in base.projects} if base else {}
    taken = {p.title.casefold() for p in read_projects(campaign.ledger.db, status="active")}
    next_id, day = campaign.next_id("projects"), campaign.party.day
    for p in plan.hero.projects:
        if p.goal is None:
            plan.kept.append(f"project {p.name}: has no goal in Foundry yet, so it is not "
                             "tracked here: give it a goal, then import again")
            continue
        have = by_id.get(p.id)
        if have is None:
            if p.id in before:  # imported before, and gone from the ledger since: kept so
                continue
            title, n = p.name, 1
            while title.casefold() in taken:
                n += 1
                title = f"{p.name} ({n})"
            taken.add(title.casefold())
            plan.ops.append(insert_op("projects", next_id, _project_row(hero, p, day, title)))
            next_id += 1
            plan.changes.append(f"project {p.name}: starts at {p.points}/{p.goal}")
            continue
        old = before.get(p.id)
        if (old is not None and (old.points, old.goal) == (p.points, p.goal)) or (
                (have.points, have.goal) == (p.points, p.goal)):
            continue
        done = p.points >= p.goal
        plan.ops.append(update_op("projects", have.id, have.as_dict(), {
            "points": p.points, "goal": p.goal, "status": "complete" if done else "active",
            "completed_day": (have.completed_day or day) if done else None}))
        plan.changes.append(f"project {p.name}: {have.points}/{have.goal} → {p.points}/{p.goal}")
        if done and have.status == "active":
            left, names = followers_leave(have, campaign.areas.follower_work.working_on(have))
            plan.ops += left
            plan.changes += [f"{name} leaves the finished project {p.name}" for name in names]


def _titles(campaign: Campaign, plan: FoundryPlan, hero: str, held: Sequence[str],
            base: FoundryHero | None, custom: Any) -> list[str]:
    from drawsteel_kit.systems.draw_steel.book.titles import title_row
    from drawsteel_kit.systems.draw_steel.catalog import titles as title_catalog

    have = {t.casefold() for t in held}
    earlier = {t.name.casefold() for t in base.titles} if base else set()
    new: list[str] = []
    for t in plan.hero.titles:
        if t.name.casefold() in have | earlier:
            continue
        try:
            name = book_name("titles", t.name, custom)
        except NotInBook:
            plan.kept.append(f"title {t.name}: is not in the book nor the campaign's own "
                             "titles, so the workbook does not keep it")
            continue
        if name.casefold() not in {n.casefold() for n in new}:
            new.append(name)
    next_id = campaign.next_id("titles")
    for i, name in enumerate(new):
        benefit, effect = None, ""
        if title_catalog.is_book_title(name):
            book = title_catalog.title(name)
            effect = book.effect
            try:
                benefit = title_catalog.choose_benefit(book, None)
            except RulesError:
                benefit = None  # several to choose from: `drawsteel-kit titles` sets it
        plan.ops.append(insert_op("titles", next_id + i, title_row(
            hero, name, benefit, effect=effect, day=campaign.party.day)))
    return new


def _plan(campaign: Campaign, fh: FoundryHero, existing: HeroState | None) -> FoundryPlan:
    custom = campaign.settings.get("custom")
    track = campaign.settings.get("xp_track", "normal")
    plan = FoundryPlan(fh, new=existing is None, name=existing.name if existing else fh.name)
    values = foundry_values(fh, custom, track, plan.kept)
    if fh.xp < values["xp"]:
        plan.kept.append(f"xp: the file's {fh.xp} is below the {values['xp']} level "
                         f"{fh.level} needs: the ledger keeps {values['xp']}")
    if existing is None:
        plan.name = values["name"]
        row = {"player": "", **values, "project_points": 0, "titles": [], "perks": []}
        titles = _titles(campaign, plan, values["name"], [], None, custom)
        row["titles"] = titles
        plan.ops.insert(0, insert_op("heroes", row["name"], row))
        plan.changes.append(f"joins the party: {fh.ancestry or 'no ancestry'} "
                            f"{fh.hero_class}, level {fh.level} (Draw Steel {fh.version})")
        plan.changes += [f"xp {values['xp']}, victories {values['victories']}; stamina "
                         f"{values['stamina']}/{values['max_stamina']}, recoveries "
                         f"{values['recoveries']}/{values['max_recoveries']}",
                         f"renown {values['renown']}, wealth {values['wealth']}",
                         f"skills: {shown(values['skills'])}",
                         f"languages: {shown(values['languages'])}"]
        plan.changes += [f"titles: {', '.join(titles)}"] if titles else []
        _projects(campaign, plan, row["name"], None)
        return plan
    last = last_import(campaign, existing.name)
    if last is not None and last.payload.get("sha256") == fh.sha256:
        plan.unchanged = True
        return plan
    base = base_values = None
    if last is not None and last.payload.get("format") == FOUNDRY:
        base = parse_foundry(str(last.payload.get(HERO_FILE, "")).encode("utf-8"), fh.source)
        base_values = foundry_values(base, custom, track)
    have = existing.as_dict()
    after = merge_fields(FIELDS, values, base_values, have, kept=plan.kept, changes=plan.changes)
    titles = _titles(campaign, plan, existing.name, existing.titles, base, custom)
    if titles:
        after["titles"] = [*existing.titles, *titles]
        plan.changes.append(f"titles: + {', '.join(titles)}")
    if after:
        plan.ops.insert(0, update_op("heroes", existing.name, have, after))
    _projects(campaign, plan, existing.name, base)
    return plan


@contextmanager
def _joined(campaign: Campaign, *, rollback: bool) -> Iterator[None]:
    """The import's own transaction, or the one already open (a plan's ``victories_from``,
    whose transaction lands or is rolled back as a whole)."""
    if campaign.ledger.db.conn.in_transaction:
        from drawsteel_kit.kit.ledger.events import flush

        yield
        flush(campaign.ledger.db)
        return
    with campaign.transaction(rollback=rollback):
        yield


def _load(item: str | os.PathLike[str] | tuple[str, bytes]) -> FoundryHero:
    if isinstance(item, tuple):
        return parse_foundry(item[1], item[0])
    return read_foundry_file(item)


def import_foundry(campaign: Campaign,
                   files: Sequence[str | os.PathLike[str] | tuple[str, bytes]], *,
                   dry_run: bool = False) -> Happened:
    """Add or update heroes from Foundry hero exports (paths, or ``(name, bytes)``), one
    event per hero; ``dry_run``: only say what would change. Every file is read and checked
    before anything is written; one bad file refuses all."""
    from drawsteel_kit.kit.book.base import Happened
    from drawsteel_kit.systems.draw_steel.book.base import Writer

    if isinstance(files, str | os.PathLike | tuple) or not files:
        raise RulesError("name at least one Foundry hero export (.json)")
    heroes = [_load(f) for f in files]
    plans: list[FoundryPlan] = []
    with _joined(campaign, rollback=dry_run):
        seen: dict[str, str] = {}
        custom, track = campaign.settings.get("custom"), campaign.settings.get("xp_track",
                                                                                "normal")
        for fh in heroes:
            other = next((s for n, s in seen.items() if same_name(n, fh.name)), None)
            if other is not None:
                raise FoundryFileError(f"{fh.source} ({fh.name}): is also the hero of {other}:"
                                       " import one export per hero")
            seen[fh.name] = fh.source
            foundry_values(fh, custom, track)
        writer = Writer(campaign)
        for fh in heroes:  # one at a time: each plan sees the ids the last one took
            existing = next((h for h in campaign.heroes.values() if same_name(h.name, fh.name)),
                            None)
            plan = _plan(campaign, fh, existing)
            plans.append(plan)
            if plan.unchanged:
                continue
            name = os.path.basename(fh.source)
            what = (f"{fh.name} joins the party from {name} (Foundry)" if plan.new else
                    f"{fh.name} updated from {name} (Foundry): "
                    f"{plural(len(plan.changes), 'change')}")
            writer.event(IMPORTED, plan.ops, summary=what, actor=plan.name,
                         payload={"file": name, "sha256": fh.sha256, "format": FOUNDRY,
                                  "system_version": fh.version, "changes": plan.changes,
                                  "kept": plan.kept, HERO_FILE: fh.text})
    written = () if dry_run else tuple(writer.written)
    changed = [p for p in plans if not p.unchanged]
    summary = (f"{'Would import' if dry_run else 'Imported'} "
               f"{plural(len(changed), 'hero', 'heroes')} from Foundry" if changed else
               "Nothing to import: every file is unchanged since its last import")
    details = {"plans": {p.hero.name: {"file": p.hero.source, "new": p.new,
                                       "changes": p.changes, "kept": p.kept,
                                       "unchanged": p.unchanged} for p in plans}}
    return Happened("heroes_imported", summary, written, details)
