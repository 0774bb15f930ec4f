"""The book's classes and ancestries (``catalog/data/classes.yaml``, ``ancestries.yaml``).

A class carries the numbers a level changes (starting Stamina, Stamina per level, its
recoveries); both carry the id Forge Steel gives them, so that a hero written in
campaign.yaml can go to Forge Steel with the class and ancestry chosen. Lookups ignore case,
spacing and curly apostrophes.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache
from typing import Any

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.catalog import load_data

__all__ = ["Ancestry", "HeroClass", "ancestries", "ancestry", "hero_class", "hero_classes"]


@dataclass(frozen=True)
class HeroClass:
    """One class: its Stamina at 1st level and per level after, its recoveries."""

    name: str
    forge_steel_id: str
    starting_stamina: int
    stamina_per_level: int
    recoveries: int
    source: str

    def max_stamina(self, level: int) -> int:
        """The class's share of maximum Stamina at ``level`` (a kit's bonus comes on top)."""
        return self.starting_stamina + self.stamina_per_level * (level - 1)


@dataclass(frozen=True)
class Ancestry:
    """One ancestry, with the name and id Forge Steel gives it."""

    name: str
    forge_steel_id: str
    forge_steel_name: str
    ancestry_points: int
    source: str


def _key(name: str) -> str:
    return " ".join(name.replace("\u2019", "'").split()).casefold()


def _rows(name: str, cls: type[Any]) -> tuple[Any, ...]:
    expected = {f.name for f in fields(cls)}
    out = []
    for row in load_data(name):
        if set(row) != expected:
            raise RulesError(f"{name}.yaml: entry {row!r} must have exactly the keys "
                             f"{', '.join(sorted(expected))}")
        out.append(cls(**row))
    return tuple(out)


@cache
def _classes() -> dict[str, HeroClass]:
    return {_key(c.name): c for c in _rows("classes", HeroClass)}


@cache
def _ancestries() -> dict[str, Ancestry]:
    found = {}
    for a in _rows("ancestries", Ancestry):
        found[_key(a.name)] = found[_key(a.forge_steel_name)] = a
    return found


def hero_classes() -> tuple[str, ...]:
    """The book's classes, in its order."""
    return tuple(c.name for c in _classes().values())


def ancestries() -> tuple[str, ...]:
    """The book's ancestries, in its order."""
    return tuple(dict.fromkeys(a.name for a in _ancestries().values()))


def hero_class(name: str) -> HeroClass | None:
    """The book's class called ``name``, or None (a homebrew class, or none chosen)."""
    return _classes().get(_key(name)) if isinstance(name, str) else None


def ancestry(name: str) -> Ancestry | None:
    """The book's ancestry called ``name`` ("High Elf", or Forge Steel's "Elf (high)")."""
    return _ancestries().get(_key(name)) if isinstance(name, str) else None
