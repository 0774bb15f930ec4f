"""Recoveries and the respite: 24 hours of rest that restores a hero and turns victories into XP.

Seed sections: 000: 815-867 (victories, XP, recoveries, respite), 000: 3060 (recovery
value rounds down), 000: 243, 577 (dying and winded); 001: 6-7.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.rules.advancement import MAX_LEVEL, MIN_LEVEL, level_for_xp

__all__ = [
    "INTERRUPTED_REASON",
    "RECOVERY_VALUE_DIVISOR",
    "RESPITE_HOURS",
    "WINDED_DIVISOR",
    "RespiteHero",
    "RespiteResult",
    "recovery_value",
    "take_respite",
    "winded_value",
]

#: A respite is 24 uninterrupted hours of rest (000: 861-863, 449; 001: 7).
RESPITE_HOURS = 24
#: Recovery value = one third of max Stamina, rounded down (000: 847, 3060, 443; 001: 6).
RECOVERY_VALUE_DIVISOR = 3
#: Winded value = half of max Stamina, rounded down (000: 577; always round down, 000: 781-783).
#: A dying hero's Stamina is 0 or less; at minus the winded value the hero dies (000: 243).
WINDED_DIVISOR = 2
#: Why an interrupted respite changes nothing (000: 865).
INTERRUPTED_REASON = (
    "the respite was interrupted: it ends early and gives none of its benefits (Respite)"
)


@dataclass(frozen=True)
class RespiteHero:
    """The numbers a respite reads and changes, as plain values."""

    level: int
    xp: int
    victories: int
    stamina: int
    max_stamina: int
    recoveries: int
    max_recoveries: int


@dataclass(frozen=True)
class RespiteResult:
    """What a respite did: the hero before and after, and what changed."""

    before: RespiteHero
    after: RespiteHero
    completed: bool
    reason: str
    xp_gained: int
    levels_gained: int
    stamina_restored: int
    recoveries_restored: int


def _check_max_stamina(max_stamina: object) -> int:
    if not isinstance(max_stamina, int) or isinstance(max_stamina, bool) or max_stamina < 1:
        raise RulesError(f"max_stamina must be a whole number of 1 or more, got {max_stamina!r}")
    return max_stamina


def recovery_value(max_stamina: int) -> int:
    """Stamina one recovery restores: a third of max Stamina, rounded down (000: 847, 3060)."""
    return _check_max_stamina(max_stamina) // RECOVERY_VALUE_DIVISOR


def winded_value(max_stamina: int) -> int:
    """Half of max Stamina, rounded down; a hero dies at minus this (000: 243, 577)."""
    return _check_max_stamina(max_stamina) // WINDED_DIVISOR


def _validate(hero: RespiteHero) -> None:
    if not isinstance(hero, RespiteHero):
        raise RulesError(f"take_respite needs a RespiteHero, got {type(hero).__name__}")
    for field in fields(hero):
        value = getattr(hero, field.name)
        if not isinstance(value, int) or isinstance(value, bool):
            raise RulesError(f"{field.name} must be a whole number, got {value!r}")
    if not MIN_LEVEL <= hero.level <= MAX_LEVEL:
        raise RulesError(f"level must be from {MIN_LEVEL} to {MAX_LEVEL}, got {hero.level}")
    for name in ("xp", "victories", "recoveries", "max_recoveries"):
        if getattr(hero, name) < 0:
            raise RulesError(f"{name} must be 0 or more, got {getattr(hero, name)}")
    _check_max_stamina(hero.max_stamina)
    if hero.stamina > hero.max_stamina:
        raise RulesError(
            f"stamina ({hero.stamina}) cannot be above max_stamina ({hero.max_stamina})"
        )
    death_at = -winded_value(hero.max_stamina)
    if hero.stamina <= death_at:
        raise RulesError(
            f"stamina {hero.stamina} is at or below minus the winded value ({death_at}): "
            f"the hero is dead and cannot take a respite; stamina must be above {death_at}"
        )
    if hero.recoveries > hero.max_recoveries:
        raise RulesError(
            f"recoveries ({hero.recoveries}) cannot be above max_recoveries ({hero.max_recoveries})"
        )


def take_respite(
    hero: RespiteHero, *, track: str = "normal", interrupted: bool = False
) -> RespiteResult:
    """Take one respite (000: 861-867; 001: 7).

    When it ends, all Stamina and recoveries come back and victories become XP
    (000: 833, 863); the hero's level rises to what the new XP reaches on ``track``
    (never down, never past 10). An interrupted respite gives nothing (000: 865).
    Stamina may be 0 or below (a dying hero), but not dead (000: 243).
    """
    _validate(hero)
    level_for_xp(hero.xp, track)  # rejects an unknown track even when interrupted
    if not isinstance(interrupted, bool):
        raise RulesError(f"interrupted must be True or False, got {interrupted!r}")
    if interrupted:
        return RespiteResult(
            before=hero,
            after=hero,
            completed=False,
            reason=INTERRUPTED_REASON,
            xp_gained=0,
            levels_gained=0,
            stamina_restored=0,
            recoveries_restored=0,
        )
    xp = hero.xp + hero.victories
    after = replace(
        hero,
        xp=xp,
        victories=0,
        level=max(hero.level, level_for_xp(xp, track)),
        stamina=hero.max_stamina,
        recoveries=hero.max_recoveries,
    )
    return RespiteResult(
        before=hero,
        after=after,
        completed=True,
        reason=f"a full respite of {RESPITE_HOURS} hours",
        xp_gained=hero.victories,
        levels_gained=after.level - hero.level,
        stamina_restored=after.stamina - hero.stamina,
        recoveries_restored=after.recoveries - hero.recoveries,
    )
