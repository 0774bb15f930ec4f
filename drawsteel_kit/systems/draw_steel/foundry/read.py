"""Reading a Foundry VTT hero export: the JSON "Export Data" writes for a Draw Steel hero actor.

The data model is the Draw Steel system's (MetaMorphic-Digital/draw-steel: ``hero.mjs``,
``creature.mjs``, the item models): the workbook reads the hero's numbers from ``system`` and
its class, career, ancestry, projects, titles and treasures from ``items``. Everything else
stays in the file's JSON, which the import keeps whole so that ``heroes export`` gives it back.
Every problem is one :class:`FoundryFileError` line naming the file and the field.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from dataclasses import dataclass
from typing import Any

from drawsteel_kit.kit.json_numbers import bad_number
from drawsteel_kit.kit.ledger.books import path_text
from drawsteel_kit.kit.user_files import read_user_file
from drawsteel_kit.systems.draw_steel.forge_steel.read import MAX_FILE_BYTES  # one bound, both
from drawsteel_kit.systems.draw_steel.foundry.document import (
    FoundryFileError,
    decode,
    system_version,
)

__all__ = ["MAX_FILE_BYTES", "FoundryHero", "FoundryItem", "parse_foundry",
           "read_foundry_file"]

#: The five characteristics, as the system's ``CONFIG.characteristics`` keys them.
CHARACTERISTICS = ("might", "agility", "reason", "intuition", "presence")
#: The level an echelon starts at (the system's ``CONFIG.echelons`` thresholds).
ECHELON_STARTS = (1, 4, 7, 10)


@dataclass(frozen=True)
class FoundryItem:
    """One embedded item the workbook reads: a project, a title or a treasure."""

    id: str
    type: str
    name: str
    goal: int | None = None
    points: int = 0
    kind: str = ""
    characteristics: tuple[str, ...] = ()
    prerequisites: str = ""
    source: str = ""
    category: str = ""
    quantity: int = 1


@dataclass(frozen=True)
class FoundryHero:
    """What the workbook keeps of a Foundry hero actor, and the file's JSON as it was."""

    source: str
    sha256: str
    text: str
    data: dict[str, Any]
    version: str
    name: str
    ancestry: str
    career: str | None
    hero_class: str
    level: int
    characteristics: dict[str, int]
    skills: tuple[str, ...]
    languages: tuple[str, ...]
    max_stamina: int
    stamina: int
    max_recoveries: int
    recoveries: int
    xp: int
    victories: int
    renown: int
    wealth: int
    projects: tuple[FoundryItem, ...]
    titles: tuple[FoundryItem, ...]
    treasures: tuple[FoundryItem, ...]


def _fail(source: str, where: str, what: str) -> FoundryFileError:
    return FoundryFileError(f"{source}: {where}: {what}")


def _object(value: Any, where: str, source: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(source, where, f"must be an object, got {json.dumps(value)[:40]}")
    return value


def _whole(obj: dict[str, Any], key: str, where: str, source: str, *, default: int | None = None,
           minimum: int = 0, maximum: int = 1_000_000, nullable: bool = False) -> int | None:
    value = obj.get(key, default)
    if value is None:
        if nullable:
            return None
        raise _fail(source, where, "is missing: a whole number is needed")
    if isinstance(value, bool) or not isinstance(value, int | float) or (
            isinstance(value, float) and not (math.isfinite(value) and value.is_integer())):
        raise _fail(source, where, f"must be a whole number, got {json.dumps(value)[:40]}")
    if not minimum <= value <= maximum:
        raise _fail(source, where, f"must be from {minimum} to {maximum}, got {int(value)}")
    return int(value)


def _text(obj: dict[str, Any], key: str, where: str, source: str) -> str:
    value = obj.get(key, "")
    if value is None:
        return ""
    if not isinstance(value, str):
        raise _fail(source, where, f"must be text, got {json.dumps(value)[:40]}")
    return value.strip()


def _keys(value: Any, where: str, source: str) -> list[str]:
    """A SetField as the export writes it: a list of keys."""
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _fail(source, where, "must be a list of keys")
    return [v.strip() for v in value if v.strip()]


def _chosen(items: list[tuple[dict[str, Any], str]], kind: str, source: str) -> list[str]:
    """The keys chosen in the items' ``kind`` advancements (a career's skills, a culture's
    languages): the export keeps them in the item's flags, not on the actor."""
    found: list[str] = []
    for it, where in items:
        system = it.get("system")
        advancements = system.get("advancements") if isinstance(system, dict) else None
        flags = it.get("flags")
        chosen = flags.get("draw-steel") if isinstance(flags, dict) else None
        chosen = chosen.get("advancement") if isinstance(chosen, dict) else None
        if not isinstance(advancements, dict) or not isinstance(chosen, dict):
            continue
        for aid, adv in advancements.items():
            pick = chosen.get(aid)
            if isinstance(adv, dict) and adv.get("type") == kind and isinstance(pick, dict):
                found += _keys(pick.get("selected"), f"{where}.flags.draw-steel.advancement."
                               f"{aid}.selected", source)
    return found


def _item(it: dict[str, Any], where: str, source: str) -> FoundryItem:
    kind = it["type"]
    system = _object(it.get("system", {}), f"{where}.system", source)
    iid = _text(it, "_id", f"{where}._id", source)
    name = _text(it, "name", f"{where}.name", source)
    if not name:
        raise _fail(source, f"{where}.name", f"is empty: name the {kind} in Foundry")
    here = f"{where}.system"
    if kind == "project":
        chars = _keys(system.get("rollCharacteristic"), f"{here}.rollCharacteristic", source)
        odd = [c for c in chars if c not in CHARACTERISTICS]
        if odd:
            raise _fail(source, f"{here}.rollCharacteristic", f"must name characteristics "
                        f"({', '.join(CHARACTERISTICS)}), got {odd[0][:30]!r}")
        return FoundryItem(
            iid, kind, name,
            goal=_whole(system, "goal", f"{here}.goal", source, minimum=1, nullable=True),
            points=_whole(system, "points", f"{here}.points", source, default=0) or 0,
            kind=_text(system, "type", f"{here}.type", source), characteristics=tuple(chars),
            prerequisites=_text(system, "prerequisites", f"{here}.prerequisites", source),
            source=_text(system, "projectSource", f"{here}.projectSource", source))
    if kind == "treasure":
        return FoundryItem(iid, kind, name,
                           category=_text(system, "category", f"{here}.category", source),
                           quantity=_whole(system, "quantity", f"{here}.quantity", source,
                                           default=1) or 0)
    return FoundryItem(iid, kind, name)


def _items(data: dict[str, Any], source: str) -> list[tuple[dict[str, Any], str]]:
    items = data.get("items", [])
    if not isinstance(items, list):
        raise _fail(source, "items", "must be a list of the hero's items")
    out = []
    for i, it in enumerate(items):
        where = f"items[{i}]"
        _object(it, where, source)
        if not isinstance(it.get("type"), str):
            raise _fail(source, f"{where}.type", "must be the item's type (text)")
        out.append((it, where))
    return out


def _one(items: list[tuple[dict[str, Any], str]], kind: str, source: str) -> str | None:
    names = [(_text(it, "name", f"{w}.name", source), w) for it, w in items if it["type"] == kind]
    return names[0][0] or None if names else None


def _stamina(items: list[tuple[dict[str, Any], str]], level: int, cls: dict[str, Any],
             where: str, source: str) -> int:
    """Stamina maximum as the sheet derives it: the class's starting Stamina, its Stamina a
    level after the first, and the best kit bonus times the echelon (``hero.mjs``)."""
    stamina = _object(cls.get("stamina", {}), f"{where}.stamina", source)
    start = _whole(stamina, "starting", f"{where}.stamina.starting", source, default=20) or 0
    per = _whole(stamina, "level", f"{where}.stamina.level", source, default=12) or 0
    kit_bonus = 0
    for it, w in items:
        if it["type"] == "kit":
            system = _object(it.get("system", {}), f"{w}.system", source)
            bonuses = _object(system.get("bonuses", {}), f"{w}.system.bonuses", source)
            kit_bonus = max(kit_bonus, _whole(bonuses, "stamina", f"{w}.system.bonuses."
                                              "stamina", source, default=0, nullable=True) or 0)
    echelon = sum(1 for start_level in ECHELON_STARTS if level >= start_level)
    return start + per * (level - 1) + kit_bonus * echelon


def parse_foundry(raw: bytes, source: str) -> FoundryHero:
    """A Foundry hero actor from an export's bytes; FoundryFileError names the field."""
    path = source = path_text(source)
    text, data = decode(raw, source, limit=MAX_FILE_BYTES)
    version = system_version(data, source)
    name = _text(data, "name", "name", source)
    if not name:
        raise _fail(source, "name", "is empty: name the hero in Foundry")
    shown = "".join(ch if ch.isprintable() else "?" for ch in name)
    source = f"{source} ({shown if len(shown) <= 60 else shown[:59] + '…'})"
    bad = bad_number(data)
    if bad is not None:
        raise _fail(source, bad[0], f"{bad[1]}: Foundry writes plain numbers; export the "
                    "hero from Foundry again (or correct the number)")
    system = _object(data.get("system"), "system", source)
    items = _items(data, source)
    classes = [(it, w) for it, w in items if it["type"] == "class"]
    if not classes:
        raise _fail(source, "items", f"{name} has no class item: give the hero a class in "
                    "Foundry, then export again")
    cls_item, cls_where = classes[0]
    cls = _object(cls_item.get("system"), f"{cls_where}.system", source)
    class_name = _text(cls_item, "name", f"{cls_where}.name", source)
    level = _whole(cls, "level", f"{cls_where}.system.level", source, minimum=1, maximum=10)
    assert level is not None
    hero = _object(system.get("hero"), "system.hero", source)
    chars = _object(system.get("characteristics", {}), "system.characteristics", source)
    scores = {}
    for c in CHARACTERISTICS:
        slot = _object(chars.get(c, {}), f"system.characteristics.{c}", source)
        scores[c] = _whole(slot, "value", f"system.characteristics.{c}.value", source,
                           default=0, minimum=-5, maximum=10) or 0
    stamina = _object(system.get("stamina", {}), "system.stamina", source)
    recoveries = _object(system.get("recoveries", {}), "system.recoveries", source)
    skills = _object(system.get("skills", {}), "system.skills", source)
    bio = _object(system.get("biography", {}), "system.biography", source)
    owned = [_item(it, w, source) for it, w in items
             if it["type"] in ("project", "title", "treasure")]

    def count(obj: dict[str, Any], key: str, where: str, default: int = 0,
              minimum: int = 0) -> int:
        return _whole(obj, key, where, source, default=default, minimum=minimum) or 0

    return FoundryHero(
        source=path, sha256=hashlib.sha256(raw).hexdigest(), text=text, data=data,
        version=version, name=name, ancestry=_one(items, "ancestry", source) or "",
        career=_one(items, "career", source), hero_class=class_name, level=level,
        characteristics=scores,
        skills=tuple(dict.fromkeys(_keys(skills.get("value"), "system.skills.value", source)
                                   + _chosen(items, "skill", source))),
        languages=tuple(dict.fromkeys(_keys(bio.get("languages"), "system.biography.languages",
                                            source) + _chosen(items, "language", source))),
        max_stamina=_stamina(items, level, cls, f"{cls_where}.system", source),
        stamina=count(stamina, "value", "system.stamina.value", 20, minimum=-1_000),
        max_recoveries=count(cls, "recoveries", f"{cls_where}.system.recoveries", 8),
        recoveries=count(recoveries, "value", "system.recoveries.value"),
        xp=count(hero, "xp", "system.hero.xp"),
        victories=count(hero, "victories", "system.hero.victories"),
        renown=count(hero, "renown", "system.hero.renown"),
        wealth=count(hero, "wealth", "system.hero.wealth", 1),
        projects=tuple(i for i in owned if i.type == "project"),
        titles=tuple(i for i in owned if i.type == "title"),
        treasures=tuple(i for i in owned if i.type == "treasure"))


def read_foundry_file(path: str | os.PathLike[str]) -> FoundryHero:
    """Read and check one Foundry hero export (a pipe, device or folder is refused unread)."""
    raw = read_user_file(path, what="a Foundry hero export (.json)", error=FoundryFileError,
                         missing="no such file: name the .json Foundry's Export Data wrote",
                         limit=MAX_FILE_BYTES)
    return parse_foundry(raw, path_text(path))
