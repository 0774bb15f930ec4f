"""Retainers: heroic NPC followers who fight beside their mentor, and what their levels add.

A hero has one retainer at a time unless the Director allows more (seed 000: 3951); its level
is its mentor's and never drops; it has 6 recoveries (000: 4770). The advancement figures are
the Monsters book's Retainer Advancement table (REFERENCE.md "Retainers"; the seed stops at
000: 4773, before the table).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.rules.advancement import MAX_LEVEL, MIN_LEVEL

__all__ = [
    "CUSTOM_RETAINER_STAMINA",
    "PARTY_RETAINERS_CHOICES",
    "RETAINERS_PER_HERO",
    "RETAINER_ABILITY_LEVELS",
    "RETAINER_CHARACTERISTIC_INCREASES",
    "RETAINER_FREE_STRIKE_BONUS",
    "RETAINER_FREE_STRIKE_LEVELS",
    "RETAINER_RECOVERIES",
    "RETAINER_STAMINA_PER_LEVEL",
    "SIGNATURE_TIER1_EVERY",
    "SIGNATURE_TIER23_EVERY",
    "RetainerStats",
    "retainer_level",
    "retainer_stats",
]

#: One retainer per hero at a time, unless the Director allows more (000: 3951).
RETAINERS_PER_HERO = 1
#: For a large party the Director may allow one retainer for the whole party, or none
#: (000: 3951); without such a limit (None) each hero has their own.
PARTY_RETAINERS_CHOICES: tuple[int, ...] = (1, 0)
#: A retainer has 6 recoveries (000: 4770).
RETAINER_RECOVERIES = 6
#: A custom retainer has 21 Stamina at level 1; every level adds 9 (REFERENCE.md).
CUSTOM_RETAINER_STAMINA = 21
RETAINER_STAMINA_PER_LEVEL = 9
#: Characteristic increases: level -> (how many characteristics, the highest it may reach).
RETAINER_CHARACTERISTIC_INCREASES: Mapping[int, tuple[Literal["one", "all"], int]] = (
    MappingProxyType({2: ("one", 2), 5: ("all", 3), 8: ("one", 4)})
)
#: +2 free strike damage at each of these levels.
RETAINER_FREE_STRIKE_LEVELS = (3, 6, 9)
RETAINER_FREE_STRIKE_BONUS = 2
#: A new (retainer or role) advancement ability at each of these levels.
RETAINER_ABILITY_LEVELS = (4, 7, 10)
#: Signature ability damage: tier 1 +1 at every second level, tiers 2 and 3 +1 at every level.
SIGNATURE_TIER1_EVERY = 2
SIGNATURE_TIER23_EVERY = 1


@dataclass(frozen=True)
class RetainerStats:
    """What a retainer's levels above its stat block's add (REFERENCE.md "Retainers").

    ``custom_stamina`` is a custom retainer's Stamina (21 at level 1, +9 a level); a retainer
    from the book adds ``stamina_bonus`` to its stat block's. ``characteristic_increases`` are
    (level, "one" or "all", the highest the increase may take a score)."""

    level: int
    start_level: int
    recoveries: int
    custom_stamina: int
    stamina_bonus: int
    characteristic_increases: tuple[tuple[int, str, int], ...]
    free_strike_bonus: int
    ability_levels: tuple[int, ...]
    signature_bonus_tier1: int
    signature_bonus_tier23: int


def _level(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not MIN_LEVEL <= value <= MAX_LEVEL:
        raise RulesError(f"{what} must be a level from {MIN_LEVEL} to {MAX_LEVEL}, got {value!r}")
    return value


def retainer_level(mentor_level: int, current: int | None = None) -> int:
    """A retainer's level: its mentor's, but never lower than it already is (REFERENCE.md)."""
    mentor = _level(mentor_level, "the mentor's level")
    return mentor if current is None else max(mentor, _level(current, "the retainer's level"))


def retainer_stats(level: int, *, start_level: int = MIN_LEVEL) -> RetainerStats:
    """The Retainer Advancement table summed over the levels above ``start_level`` (a retainer
    whose stat block starts at level 5 gains nothing for levels 2-5: those are built in)."""
    level, start = _level(level, "level"), _level(start_level, "start_level")
    if start > level:
        raise RulesError(f"start_level {start} is above level {level}")
    gained = range(start + 1, level + 1)
    return RetainerStats(
        level=level,
        start_level=start,
        recoveries=RETAINER_RECOVERIES,
        custom_stamina=CUSTOM_RETAINER_STAMINA + RETAINER_STAMINA_PER_LEVEL * (level - MIN_LEVEL),
        stamina_bonus=RETAINER_STAMINA_PER_LEVEL * len(gained),
        characteristic_increases=tuple(
            (at, *RETAINER_CHARACTERISTIC_INCREASES[at])
            for at in gained
            if at in RETAINER_CHARACTERISTIC_INCREASES
        ),
        free_strike_bonus=RETAINER_FREE_STRIKE_BONUS
        * sum(at in RETAINER_FREE_STRIKE_LEVELS for at in gained),
        ability_levels=tuple(at for at in gained if at in RETAINER_ABILITY_LEVELS),
        signature_bonus_tier1=sum(at % SIGNATURE_TIER1_EVERY == 0 for at in gained),
        signature_bonus_tier23=sum(at % SIGNATURE_TIER23_EVERY == 0 for at in gained),
    )
