"""Heroes back out to Forge Steel: the file last imported, with the workbook's numbers.

A hero who never came from Forge Steel (one of campaign.yaml) goes out as a new Forge Steel
hero (:mod:`.new_hero`) with the same numbers in its state.

Only the hero's state changes: XP, victories, renown, wealth, project points, the projects and
their progress, and the titles. Everything else in the file (abilities, notes, fields a newer
Forge Steel added) is written back as it came in, in the same key order.

Forge Steel keeps renown, wealth and project points as a base in the state plus what the
hero's features add (a career's +1 renown, a title's); the workbook keeps the totals. The
export writes base = total - what the features add, so Forge Steel shows the workbook's totals.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drawsteel_kit.systems.draw_steel.forge_steel.features import bonus, features
from drawsteel_kit.systems.draw_steel.forge_steel.importing import (
    FORGE_STEEL,
    HERO_FILE,
    last_import,
)
from drawsteel_kit.systems.draw_steel.state import read_projects

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.campaign import Campaign

__all__ = ["export_hero", "export_notes", "hero_file_text", "write_hero_file"]

_FIELDS = (("renown", "Renown", "renown", 0), ("wealth", "Wealth", "wealth", 1),
           ("project_points", "Project Points", "projectPoints", 0))


def _put(obj: dict[str, Any], key: str, value: Any, default: Any) -> None:
    """Set ``key`` only when the file means something else now: an unchanged hero's file
    comes back as it went in, without keys it did not have."""
    if obj.get(key, default) != value:
        obj[key] = value


def _titles(state: dict[str, Any], held: list[str]) -> None:
    original = [t for t in state.get("titles") or [] if isinstance(t, dict)]
    kept = [t for t in original if any(str(t.get("name", "")).casefold() == h.casefold()
                                       for h in held)]
    names = {str(t.get("name", "")).casefold() for t in kept}
    added = [{"id": f"drawsteel-kit-title-{n}", "name": n, "description": "", "echelon": 1,
              "prerequisites": "", "features": [], "selectedFeatureID": ""}
             for n in held if n.casefold() not in names]
    if kept != original or added:
        state["titles"] = kept + added


def _projects(state: dict[str, Any], campaign: Campaign, hero: str) -> None:
    mine = read_projects(campaign.ledger.db, hero=hero)
    by_id = {p.completion_detail.get("forge_steel_id"): p for p in mine}
    items = state.get("projects")
    listed = [p for p in items if isinstance(p, dict)] if isinstance(items, list) else []
    seen = set()
    for p in listed:
        have = by_id.get(p.get("id") or p.get("name"))
        if have is None:
            continue
        seen.add(have.id)
        _put(p, "goal", have.goal, None)
        progress = p.get("progress")
        points = progress.get("points", 0) if isinstance(progress, dict) else 0
        if points != have.points:
            if not isinstance(progress, dict):
                progress = p["progress"] = {"prerequisites": False, "source": False,
                                            "followerID": None, "points": 0}
            progress["points"] = have.points
    new = [{"id": f"drawsteel-kit-project-{p.id}", "name": p.title, "description": "",
            "itemPrerequisites": p.item_prerequisite, "source": ", ".join(p.source_language),
            "characteristic": [c.capitalize() for c in p.characteristics], "goal": p.goal,
            "isCustom": True,
            "progress": {"prerequisites": p.prerequisite != "none", "source":
                         p.source in ("available", "common"), "followerID": None,
                         "points": p.points}}
           for p in mine if p.id not in seen]
    if new:
        state["projects"] = [*listed, *new]


def export_hero(campaign: Campaign, hero: str) -> dict[str, Any]:
    """The hero's Forge Steel JSON with the workbook's numbers in its state: the file last
    imported, or, for a hero who never came from Forge Steel (one of campaign.yaml, or one from
    Foundry), a new Forge Steel hero."""
    from drawsteel_kit.systems.draw_steel.forge_steel.new_hero import new_hero_file

    who = campaign.hero(hero)
    last = last_import(campaign, who.name, FORGE_STEEL)
    if last is None:
        data, source = new_hero_file(campaign, who), "campaign.yaml"
    else:
        data, source = json.loads(str(last.payload[HERO_FILE])), str(last.payload.get("file"))
    state = data["state"]
    _put(state, "xp", who.xp, 0)
    _put(state, "victories", who.victories, 0)
    _titles(state, list(who.titles))
    _projects(state, campaign, who.name)
    level = data["class"]["level"] if isinstance(data.get("class"), dict) else who.level
    found = features(data, source, level)
    scores = {c: getattr(who, c) for c in ("might", "agility", "reason", "intuition",
                                           "presence")}
    for ours, field, key, default in _FIELDS:
        base = getattr(who, ours) - bonus(found, field, "hero", level, scores)
        _put(state, key, base, default)
    return data


def export_notes(campaign: Campaign, hero: str) -> list[str]:
    """What the player still chooses in Forge Steel: nothing for a hero who came from it."""
    from drawsteel_kit.systems.draw_steel.forge_steel.new_hero import new_hero_notes

    who = campaign.hero(hero)
    return [] if last_import(campaign, who.name, FORGE_STEEL) is not None else \
        new_hero_notes(who)


def hero_file_text(campaign: Campaign, hero: str) -> str:
    """:func:`export_hero` as the text of a ``.ds-hero`` file."""
    return json.dumps(export_hero(campaign, hero), ensure_ascii=False, indent=2) + "\n"


def write_hero_file(campaign: Campaign, hero: str, dest: str | os.PathLike[str], *,
                    force: bool = False) -> Path:
    """Write the hero's ``.ds-hero`` to ``dest`` (an existing file only with ``force``, and
    never one of the campaign's own files)."""
    from drawsteel_kit.kit.outputs import write_new_file

    return write_new_file(dest, hero_file_text(campaign, hero), force=force,
                          campaign=campaign.folder, option="--to")
