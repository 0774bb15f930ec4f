"""Heroes back out to Foundry VTT: the export last imported, with the workbook's numbers.

Only the numbers the workbook keeps change: ``system.hero.xp``, ``.victories``, ``.renown``,
``.wealth``, ``system.recoveries.value``, ``system.stamina.value``, and the ``points`` (and
``goal``) of project items; a project started here becomes a project item, a title earned or a
treasure gained here a title or treasure item. A number is written only where the workbook's
differs from what it imported, so an export of a hero the workbook did not change is the file
that came in. Everything else (ids, ``_stats``, flags, effects, keys a newer system adds, the
key order) is written back as it came.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.forge_steel.importing import HERO_FILE
from drawsteel_kit.systems.draw_steel.foundry.importing import foundry_values, last_foundry
from drawsteel_kit.systems.draw_steel.foundry.items import item_id, new_item
from drawsteel_kit.systems.draw_steel.foundry.read import parse_foundry
from drawsteel_kit.systems.draw_steel.state import read_projects

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.campaign import Campaign
    from drawsteel_kit.systems.draw_steel.state import HeroState, ProjectState

__all__ = ["export_foundry", "foundry_file_text", "write_foundry_file"]

#: The numbers written back: the ledger's field, and where it sits under ``system``.
NUMBERS = (("xp", ("hero", "xp")), ("victories", ("hero", "victories")),
           ("renown", ("hero", "renown")), ("wealth", ("hero", "wealth")),
           ("recoveries", ("recoveries", "value")), ("stamina", ("stamina", "value")))
#: Foundry's treasure category for each kind of the workbook's treasures.
CATEGORY = {"consumable": ("consumable", ""), "trinket": ("trinket", ""),
            "armor": ("leveled", "armor"), "implement": ("leveled", "implement"),
            "weapon": ("leveled", "weapon"), "other": ("leveled", "other")}
EVENTS_TABLE = "Compendium.draw-steel.tables.RollTable.ebiZk3Sfa6Jw1JKk"


def _set(obj: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    for key in path[:-1]:
        if not isinstance(obj.get(key), dict):
            obj[key] = {}
        obj = obj[key]
    obj[path[-1]] = value


def _items(data: dict[str, Any]) -> list[dict[str, Any]]:
    items = data.get("items")
    if not isinstance(items, list):
        items = data["items"] = []
    return items


def _source(p: ProjectState) -> str:
    """Where the project's knowledge comes from, as the sheet's Source field shows it."""
    from drawsteel_kit.systems.draw_steel.catalog.projects import UnknownProject, project

    if p.completion_detail.get("source_text"):
        return str(p.completion_detail["source_text"])
    try:
        book = project(p.template).project_source or ""
    except (UnknownProject, RulesError):
        book = ""
    langs = ", ".join(p.source_language)
    return f"{book} ({langs})" if book and langs else book or langs


def _project_item(p: ProjectState, stats: Any) -> dict[str, Any]:
    source = _source(p)
    return new_item("project", p.id, p.title, {
        "type": p.kind if p.kind in ("crafting", "research") else "other",
        "prerequisites": p.item_prerequisite or "None", "projectSource": source,
        "rollCharacteristic": list(p.characteristics), "goal": p.goal, "points": p.points,
        "events": EVENTS_TABLE, "yield": {"item": None, "amount": "1", "display": ""}},
        stats, img="icons/sundries/books/book-open-brown.webp")


def _projects(campaign: Campaign, data: dict[str, Any], who: HeroState,
              imported: dict[str, tuple[int, int | None]]) -> None:
    items = _items(data)
    by_item = {it.get("_id"): it for it in items
               if isinstance(it, dict) and it.get("type") == "project"}
    for p in read_projects(campaign.ledger.db, hero=who.name):
        fid = p.completion_detail.get("foundry_id") or item_id("project", p.id)
        it = by_item.get(fid)
        if it is None:
            if p.completion_detail.get("foundry_id"):
                continue  # deleted at the table since: not brought back
            items.append(_project_item(p, data.get("_stats")))
            continue
        if imported.get(fid) != (p.points, p.goal):
            system = it.setdefault("system", {})
            if system.get("points") != p.points:
                system["points"] = p.points
            if system.get("goal") != p.goal:
                system["goal"] = p.goal


def _titles(campaign: Campaign, data: dict[str, Any], who: HeroState) -> None:
    items = _items(data)
    have = {str(it.get("name", "")).casefold() for it in items
            if isinstance(it, dict) and it.get("type") == "title"}
    for t in campaign.titles(who.name):
        if not t.active or t.title.casefold() in have:
            continue
        items.append(new_item("title", t.id, t.title, {"advancements": {}, "echelon": 1,
                                                       "story": t.effect},
                              data.get("_stats"), img="icons/environment/people/group.webp"))
        have.add(t.title.casefold())


def _treasures(campaign: Campaign, data: dict[str, Any], who: HeroState) -> None:
    items = _items(data)
    have = {str(it.get("name", "")).casefold() for it in items
            if isinstance(it, dict) and it.get("type") == "treasure"}
    for line in campaign.inventory(who.name):
        if line.kind not in CATEGORY or line.item.casefold() in have:
            continue
        category, kind = CATEGORY[line.kind]
        items.append(new_item("treasure", line.id, line.item, {
            "kind": kind, "category": category, "echelon": line.tier or 1, "keywords": [],
            "quantity": line.count, "project": {"prerequisites": "", "source": "",
                                                "rollCharacteristic": [], "goal": None,
                                                "yield": {"amount": "1", "display": ""}}},
            data.get("_stats"), img="icons/svg/item-bag.svg"))
        have.add(line.item.casefold())


def export_foundry(campaign: Campaign, hero: str) -> dict[str, Any]:
    """The hero's Foundry actor export with the workbook's numbers in it."""
    who = campaign.hero(hero)
    last = last_foundry(campaign, who.name)
    if last is None:
        raise RulesError(f"{who.name} was never imported from Foundry, so there is no actor "
                         "export to write back into: export the hero in Foundry (Export Data) "
                         "and bring it in with `drawsteel-kit heroes import` first")
    text = str(last.payload[HERO_FILE])
    base = parse_foundry(text.encode("utf-8"), str(last.payload.get("file", "hero.json")))
    values = foundry_values(base, campaign.settings.get("custom"),
                            campaign.settings.get("xp_track", "normal"))
    data = json.loads(text)
    system = data["system"]
    for ours, path in NUMBERS:
        if getattr(who, ours) != values[ours]:
            _set(system, path, getattr(who, ours))
    _projects(campaign, data, who, {p.id: (p.points, p.goal) for p in base.projects})
    _titles(campaign, data, who)
    _treasures(campaign, data, who)
    return data


def foundry_file_text(campaign: Campaign, hero: str) -> str:
    """:func:`export_foundry` as Foundry writes JSON (two spaces, as the file came in)."""
    last = last_foundry(campaign, campaign.hero(hero).name)
    end = "\n" if last is not None and str(last.payload[HERO_FILE]).endswith("\n") else ""
    return json.dumps(export_foundry(campaign, hero), ensure_ascii=False, indent=2) + end


def write_foundry_file(campaign: Campaign, hero: str, dest: str | os.PathLike[str], *,
                       force: bool = False) -> Path:
    """Write the hero's Foundry export to ``dest`` (an existing file only with ``force``, and
    never one of the campaign's own files)."""
    from drawsteel_kit.kit.outputs import write_new_file

    return write_new_file(dest, foundry_file_text(campaign, hero), force=force,
                          campaign=campaign.folder, option="--to")
