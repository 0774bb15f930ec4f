"""Reading a Forge Steel hero file (``.ds-hero``: the JSON of Forge Steel's ``Hero``).

Only what the workbook keeps is read; everything else stays in the file's JSON, which the
import keeps whole so that ``heroes export`` can give it back with the workbook's numbers.
Every problem is one :class:`HeroFileError` line naming the file and the field.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from dataclasses import dataclass
from typing import Any

from drawsteel_kit.kit.json_numbers import bad_number, loads
from drawsteel_kit.kit.ledger.books import path_text
from drawsteel_kit.kit.user_files import read_user_file
from drawsteel_kit.systems.draw_steel.forge_steel.features import (
    CHARACTERISTIC_NAMES,
    HeroFileError,
    bonus,
    characteristic_bonus,
    echelon,
    features,
    kit_stamina,
)

__all__ = [
    "MAX_FILE_BYTES",
    "ForgeHero",
    "ForgeProject",
    "ForgeTitle",
    "HeroFileError",
    "hero_source",
    "parse_hero",
    "read_hero_file",
]

#: Our own bound: a hero file is a few hundred kilobytes; anything far larger is not one.
MAX_FILE_BYTES = 20 * 1024 * 1024
#: Caelian: every hero knows it, whatever the sheet lists (000: 1219).
CAELIAN = "Caelian"


@dataclass(frozen=True)
class ForgeProject:
    """A project in the hero's Forge Steel state, and its progress."""

    id: str
    name: str
    goal: int
    points: int
    characteristics: tuple[str, ...]
    item_prerequisite: str
    source: str
    has_prerequisite: bool
    has_source: bool


@dataclass(frozen=True)
class ForgeTitle:
    """A title the hero holds in Forge Steel, with the name of the feature chosen."""

    name: str
    chosen: str


@dataclass(frozen=True)
class ForgeHero:
    """What the workbook keeps of a Forge Steel hero, and the file's JSON as it was."""

    source: str
    sha256: str
    text: str
    data: dict[str, Any]
    id: str
    name: str
    ancestry: str
    career: str | None
    hero_class: str
    level: int
    characteristics: dict[str, int]
    languages: tuple[str, ...]
    skills: tuple[str, ...]
    max_stamina: int
    max_recoveries: int
    xp: int
    victories: int
    renown: int
    wealth: int
    project_points: int
    bonuses: dict[str, int]
    career_bonuses: dict[str, int]
    titles: tuple[ForgeTitle, ...]
    projects: tuple[ForgeProject, ...]


def _fail(source: str, where: str, what: str) -> HeroFileError:
    return HeroFileError(f"{source}: {where}: {what}")


def _whole(obj: dict[str, Any], key: str, where: str, source: str, *, default: int | None = None,
           minimum: int = 0, maximum: int = 1_000_000) -> int:
    value = obj.get(key, default)
    if value is None:
        raise _fail(source, where, "is missing: a whole number is needed")
    if isinstance(value, bool) or not isinstance(value, int | float) or (
            isinstance(value, float) and not (math.isfinite(value) and value.is_integer())):
        raise _fail(source, where, f"must be a whole number, got {json.dumps(value)[:40]}")
    if not minimum <= value <= maximum:
        got = int(value) if abs(value) < 10**12 else f"a number {len(str(int(abs(value))))} " \
            "digits long"
        raise _fail(source, where, f"must be from {minimum} to {maximum}, got {got}")
    return int(value)


def _text(obj: dict[str, Any], key: str, where: str, source: str, *, default: str = "") -> str:
    value = obj.get(key, default)
    if value is None:
        return default
    if not isinstance(value, str):
        raise _fail(source, where, f"must be text, got {json.dumps(value)[:40]}")
    return value.strip()


def _named(obj: Any, where: str, source: str) -> str | None:
    """The ``name`` of an element (an ancestry, a career ...), None when the slot is empty."""
    if obj is None:
        return None
    if not isinstance(obj, dict):
        raise _fail(source, where, f"must be an object, got {type(obj).__name__}")
    return _text(obj, "name", f"{where}.name", source) or None


def _strings(value: Any, where: str, source: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _fail(source, where, "must be a list of names")
    return [v.strip() for v in value if v.strip()]


def _kind(value: object) -> str:
    """What a JSON value is, in words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    return {list: "a list", str: "text", int: "a number", float: "a number"}.get(
        type(value), "something else")


def _decode(raw: bytes, source: str) -> tuple[str, dict[str, Any]]:
    if len(raw) > MAX_FILE_BYTES:
        raise HeroFileError(f"{source}: is {len(raw) // 1024 // 1024} MB, too large for a hero "
                            "file: export the hero from Forge Steel again")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise HeroFileError(f"{source}: is not text (not UTF-8): a Forge Steel hero file "
                            "(.ds-hero) is JSON; export the hero from Forge Steel again") from None
    if not text.strip():
        raise HeroFileError(f"{source}: is empty: export the hero from Forge Steel again")
    try:
        data = loads(text)
    except json.JSONDecodeError as exc:
        cut = exc.pos >= len(text.rstrip())
        why = "the file ends there: cut short?" if cut else f"{exc.msg.lower()}"
        raise HeroFileError(f"{source}: is not a whole Forge Steel hero file: the JSON breaks "
                            f"at line {exc.lineno}, column {exc.colno} ({why}); export the "
                            "hero from Forge Steel again") from None
    except RecursionError:
        raise HeroFileError(f"{source}: is nested too deeply to read") from None
    except ValueError:  # a number of more digits than Python reads
        raise HeroFileError(f"{source}: holds a number too long to read: export the hero "
                            "from Forge Steel again") from None
    if not isinstance(data, dict):
        raise HeroFileError(f"{source}: the top level must be a Forge Steel hero (an object "
                            f"with name, class and state), got {_kind(data)}")
    if data.get("format") == "drawsteel-kit export":
        raise HeroFileError(f"{source}: is a drawsteel-kit export, not a Forge Steel hero: "
                            "bring it in with `drawsteel-kit import`")
    if "state" not in data or "class" not in data:
        missing = "state" if "state" not in data else "class"
        raise HeroFileError(f"{source}: {missing}: is missing, so this is not a Forge Steel "
                            "hero file (.ds-hero); export the hero from Forge Steel")
    return text, data


def _characteristics(hero_class: dict[str, Any], found: Any, source: str) -> dict[str, int]:
    scores = {c.lower(): 0 for c in CHARACTERISTIC_NAMES}
    rows = hero_class.get("characteristics")
    if not isinstance(rows, list):
        raise _fail(source, "class.characteristics", "must be a list of "
                    "{characteristic, value}")
    for i, row in enumerate(rows):
        where = f"class.characteristics[{i}]"
        if not isinstance(row, dict) or row.get("characteristic") not in CHARACTERISTIC_NAMES:
            raise _fail(source, f"{where}.characteristic", "must be one of "
                        f"{', '.join(CHARACTERISTIC_NAMES)}")
        scores[row["characteristic"].lower()] += _whole(row, "value", f"{where}.value", source,
                                                        minimum=-5, maximum=5)
    for key, extra in characteristic_bonus(found, source).items():
        scores[key] += extra
    return scores


def _projects(state: dict[str, Any], source: str) -> tuple[ForgeProject, ...]:
    out = []
    items = state.get("projects") or []
    if not isinstance(items, list):
        raise _fail(source, "state.projects", "must be a list")
    for i, p in enumerate(items):
        where = f"state.projects[{i}]"
        if not isinstance(p, dict):
            raise _fail(source, where, "must be an object")
        name = _text(p, "name", f"{where}.name", source)
        if not name:
            raise _fail(source, f"{where}.name", "is empty: give the project a name")
        progress = p.get("progress")
        if progress is not None and not isinstance(progress, dict):
            raise _fail(source, f"{where}.progress", "must be an object or null")
        progress = progress or {}
        chars = _strings(p.get("characteristic"), f"{where}.characteristic", source)
        for c in chars:
            if c not in CHARACTERISTIC_NAMES:
                raise _fail(source, f"{where}.characteristic", f"must name characteristics "
                            f"({', '.join(CHARACTERISTIC_NAMES)}), got {c!r}")
        out.append(ForgeProject(
            id=_text(p, "id", f"{where}.id", source) or name, name=name,
            goal=_whole(p, "goal", f"{where}.goal", source, minimum=1),
            points=_whole(progress, "points", f"{where}.progress.points", source, default=0),
            characteristics=tuple(c.lower() for c in chars),
            item_prerequisite=_text(p, "itemPrerequisites", f"{where}.itemPrerequisites",
                                    source),
            source=_text(p, "source", f"{where}.source", source),
            has_prerequisite=bool(progress.get("prerequisites")),
            has_source=bool(progress.get("source"))))
    return tuple(out)


def _titles(state: dict[str, Any], source: str) -> tuple[ForgeTitle, ...]:
    items = state.get("titles") or []
    if not isinstance(items, list):
        raise _fail(source, "state.titles", "must be a list")
    out = []
    for i, t in enumerate(items):
        name = _named(t, f"state.titles[{i}]", source)
        if not name:
            raise _fail(source, f"state.titles[{i}].name", "is empty: name the title")
        chosen_id = t.get("selectedFeatureID")
        chosen = next((str(f.get("name", "")) for f in t.get("features") or []
                       if isinstance(f, dict) and chosen_id and f.get("id") == chosen_id), "")
        out.append(ForgeTitle(name, chosen))
    return tuple(out)


def _book_ancestry(name: str) -> str:
    """The book's name of a Forge Steel ancestry ("Elf (high)" is the book's High Elf)."""
    from drawsteel_kit.systems.draw_steel.catalog.classes import ancestry

    found = ancestry(name)
    return name if found is None else found.name


def hero_source(source: str, name: str) -> str:
    """``ilsa.ds-hero (Ilsa)``: the file and its hero, as every later message names them."""
    shown = "".join(ch if ch.isprintable() else "?" for ch in name)
    return f"{source} ({shown if len(shown) <= 60 else shown[:59] + '…'})"


def parse_hero(raw: bytes, source: str) -> ForgeHero:
    """A Forge Steel hero from a file's bytes; HeroFileError names the field otherwise."""
    path = source = path_text(source)
    text, data = _decode(raw, source)
    name = _text(data, "name", "name", source)
    if not name:
        raise _fail(source, "name", "is empty: name the hero in Forge Steel")
    source = hero_source(source, name)  # from here on, each message names the hero too
    bad = bad_number(data)
    if bad is not None:
        raise _fail(source, bad[0], f"{bad[1]}: Forge Steel writes plain numbers; export "
                    "the hero from Forge Steel again (or correct the number)")
    hero_class = data.get("class")
    if hero_class is None:
        raise _fail(source, "class", f"{name} has no class yet: choose one in Forge Steel, "
                    "then export the hero again")
    if not isinstance(hero_class, dict):
        raise _fail(source, "class", f"must be an object, got {type(hero_class).__name__}")
    class_name = _text(hero_class, "name", "class.name", source)
    if not class_name:
        raise _fail(source, "class.name", "is empty: choose a class in Forge Steel")
    level = _whole(hero_class, "level", "class.level", source, minimum=1, maximum=10)
    state = data.get("state")
    if not isinstance(state, dict):
        raise _fail(source, "state", f"must be an object, got {type(state).__name__}")
    found = features(data, source, level)
    scores = _characteristics(hero_class, found, source)
    languages: list[str] = [CAELIAN]
    skills: list[str] = []
    cancelled: list[str] = []
    for feature, where in found:
        kind, fdata = feature.get("type"), feature.get("data")
        if not isinstance(fdata, dict):
            continue
        if kind == "Language":
            languages += _strings([fdata.get("language")], f"{where}.data.language", source)
        elif kind == "Language Choice":
            languages += _strings(fdata.get("selected"), f"{where}.data.selected", source)
        elif kind == "Skill Choice":
            skills += _strings(fdata.get("selected"), f"{where}.data.selected", source)
        elif kind == "Skill Cancel Choice":
            cancelled += _strings(fdata.get("selected"), f"{where}.data.selected", source)
    skills = [s for s in skills if s not in cancelled]
    fields = (("renown", "Renown"), ("wealth", "Wealth"), ("project_points", "Project Points"))
    bonuses = {key: bonus(found, field, source, level, scores) for key, field in fields}
    from_career = [(f, w) for f, w in found if w.startswith("career.")]
    career_bonuses = {key: bonus(from_career, field, source, level, scores)
                      for key, field in fields}
    stamina = kit_stamina(found, source) * echelon(level) + bonus(found, "Stamina", source,
                                                                  level, scores)
    return ForgeHero(
        source=path, sha256=hashlib.sha256(raw).hexdigest(), text=text, data=data,
        id=_text(data, "id", "id", source), name=name,
        ancestry=_book_ancestry(_named(data.get("ancestry"), "ancestry", source) or ""),
        career=_named(data.get("career"), "career", source),
        hero_class=class_name, level=level, characteristics=scores,
        languages=tuple(dict.fromkeys(languages)), skills=tuple(dict.fromkeys(skills)),
        max_stamina=stamina,
        max_recoveries=bonus(found, "Recoveries", source, level, scores),
        xp=_whole(state, "xp", "state.xp", source, default=0),
        victories=_whole(state, "victories", "state.victories", source, default=0),
        renown=_whole(state, "renown", "state.renown", source, default=0,
                      minimum=-1_000) + bonuses["renown"],
        wealth=_whole(state, "wealth", "state.wealth", source, default=1,
                      minimum=-1_000) + bonuses["wealth"],
        project_points=_whole(state, "projectPoints", "state.projectPoints", source,
                              default=0, minimum=-1_000_000) + bonuses["project_points"],
        bonuses=bonuses, career_bonuses=career_bonuses, titles=_titles(state, source),
        projects=_projects(state, source))


def read_hero_file(path: str | os.PathLike[str]) -> ForgeHero:
    """Read and check one ``.ds-hero`` file (a pipe, device or folder is refused unread)."""
    raw = read_user_file(path, what="a .ds-hero file", error=HeroFileError,
                         missing="no such file: name a .ds-hero file Forge Steel exported",
                         limit=MAX_FILE_BYTES)
    return parse_hero(raw, path_text(path))
