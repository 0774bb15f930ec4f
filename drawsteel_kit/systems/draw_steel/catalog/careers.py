"""Careers and what they add to a hero at creation (REFERENCE.md "Careers").

The figures live in ``catalog/data/careers.yaml``; this module gives them a type
and a case-insensitive lookup, so "mage's apprentice" finds "Mage's Apprentice".
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.catalog import load_data

__all__ = ["Career", "career", "career_key", "careers"]


@dataclass(frozen=True)
class Career:
    """One career: its bonuses over the starting renown 0 and wealth 1, and its skill count."""

    name: str
    renown: int
    wealth: int
    project_points: int
    career_skills: int
    source: str


def career_key(name: str) -> str:
    """The lookup key of a career name: case, spacing and curly apostrophes ignored."""
    return " ".join(name.replace("\u2019", "'").split()).casefold()


@cache
def _table() -> tuple[Career, ...]:
    expected = {f.name for f in fields(Career)}
    table = []
    for row in load_data("careers"):
        if set(row) != expected:
            keys = ", ".join(sorted(expected))
            raise RulesError(f"careers.yaml: entry {row!r} must have exactly the keys {keys}")
        table.append(Career(**row))
    return tuple(table)


@cache
def _by_key() -> dict[str, Career]:
    return {career_key(c.name): c for c in _table()}


def careers() -> dict[str, Career]:
    """Every career by its canonical name, in the book's order (a fresh dict; data is cached)."""
    return {c.name: c for c in _table()}


def career(name: str) -> Career:
    """The career called ``name`` (case-insensitive); RulesError names the allowed ones."""
    found = _by_key().get(career_key(name)) if isinstance(name, str) else None
    if found is None:
        allowed = ", ".join(c.name for c in _table())
        raise RulesError(f"unknown career {name!r}: use one of {allowed}")
    return found
