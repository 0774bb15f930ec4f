"""Skills and their five skill groups (seed 000: 2063-2173).

The groups matter beyond tests: a Crafting or Lore skill applies to project rolls (000: 3788),
an artisan knows four Crafting skills and a sage four Lore skills (000: 3947, 3959). Data:
``catalog/data/skills.yaml``. Lookups ignore case and spacing; a skill the book does not list
(the Director may invent some, 000: 2175) has no group here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.catalog import load_data

__all__ = [
    "SKILL_GROUPS",
    "SkillGroup",
    "canonical_skill",
    "skill_group",
    "skill_groups",
    "skills_in_group",
]

#: The five groups, in the book's order (000: 2065).
SKILL_GROUPS = ("crafting", "exploration", "interpersonal", "intrigue", "lore")


@dataclass(frozen=True)
class SkillGroup:
    """One skill group: its key, the book's title for it, its skills and where the table is."""

    group: str
    title: str
    skills: tuple[str, ...]
    source: str


def _key(name: object) -> str:
    return " ".join(str(name).split()).casefold()


@cache
def _table() -> tuple[SkillGroup, ...]:
    table = tuple(
        SkillGroup(
            group=row["group"],
            title=row["title"],
            skills=tuple(row["skills"]),
            source=f"seed 000: {row['lines']}",
        )
        for row in load_data("skills")["groups"]
    )
    if tuple(g.group for g in table) != SKILL_GROUPS:
        raise RulesError(f"skills.yaml: the groups must be {', '.join(SKILL_GROUPS)} in order")
    return table


@cache
def _by_skill() -> dict[str, tuple[str, str]]:
    """Each skill's key -> (its spelling, its group); a skill in two groups is a data error."""
    found: dict[str, tuple[str, str]] = {}
    for group in _table():
        for skill in group.skills:
            if _key(skill) in found:
                raise RulesError(f"skills.yaml: {skill!r} is listed twice")
            found[_key(skill)] = (skill, group.group)
    return found


def skill_groups() -> dict[str, SkillGroup]:
    """Every group by key, in the book's order (a fresh dict; the data is cached)."""
    return {g.group: g for g in _table()}


def skills_in_group(group: str) -> tuple[str, ...]:
    """The skills of a group (``"Crafting"`` or ``"crafting"``); RulesError names the groups."""
    found = next((g for g in _table() if isinstance(group, str) and _key(group) == g.group), None)
    if found is None:
        raise RulesError(f"unknown skill group {group!r}: use one of {', '.join(SKILL_GROUPS)}")
    return found.skills


def skill_group(skill: str) -> str | None:
    """The group key of a book skill (``"crafting"`` for ``"alchemy"``); None for any other."""
    entry = _by_skill().get(_key(skill)) if isinstance(skill, str) else None
    return entry[1] if entry else None


def canonical_skill(skill: str) -> str:
    """The book's spelling of a skill, or the input with its spacing tidied if not a book skill."""
    entry = _by_skill().get(_key(skill))
    return entry[0] if entry else " ".join(skill.split())
