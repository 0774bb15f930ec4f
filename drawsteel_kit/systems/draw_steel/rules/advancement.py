"""XP, levels and echelons (REFERENCE.md "XP to reach each level"; 000: 815-866).

A hero reaches level N with ``(N - 1) * per_level`` XP, where the campaign's XP
track sets ``per_level``: normal 16, fast 8, slow 32. Level 10 is the top.
"""

from __future__ import annotations

from typing import Literal

from drawsteel_kit.kit.errors import RulesError

__all__ = [
    "ECHELON_FIRST_LEVELS",
    "MAX_LEVEL",
    "MIN_LEVEL",
    "XP_PER_LEVEL",
    "Track",
    "echelon",
    "level_for_xp",
    "xp_for_level",
]

Track = Literal["normal", "fast", "slow"]

#: XP needed for each level past the first, per track (REFERENCE.md: normal 16, fast 8, slow 32).
XP_PER_LEVEL: dict[str, int] = {"normal": 16, "fast": 8, "slow": 32}
MIN_LEVEL = 1
#: Level 10 is the highest a hero can reach (REFERENCE.md: echelon 4 = level 10).
MAX_LEVEL = 10
#: First level of each echelon: 1st = 1-3, 2nd = 4-6, 3rd = 7-9, 4th = 10 (REFERENCE.md).
ECHELON_FIRST_LEVELS: tuple[int, ...] = (1, 4, 7, 10)


def _per_level(track: str) -> int:
    try:
        return XP_PER_LEVEL[track]
    except KeyError:
        allowed = ", ".join(XP_PER_LEVEL)
        raise RulesError(f"unknown XP track {track!r}: use one of {allowed}") from None


def _check_level(level: int) -> None:
    if not isinstance(level, int) or isinstance(level, bool) or not MIN_LEVEL <= level <= MAX_LEVEL:
        raise RulesError(
            f"level must be a whole number from {MIN_LEVEL} to {MAX_LEVEL}, got {level!r}"
        )


def xp_for_level(level: int, track: str = "normal") -> int:
    """XP a hero needs to reach ``level`` on the given track (level 1 needs 0)."""
    _check_level(level)
    return (level - 1) * _per_level(track)


def level_for_xp(xp: int, track: str = "normal") -> int:
    """The highest level ``xp`` reaches on the given track, capped at level 10."""
    if not isinstance(xp, int) or isinstance(xp, bool) or xp < 0:
        raise RulesError(f"XP must be a whole number of 0 or more, got {xp!r}")
    return min(MAX_LEVEL, MIN_LEVEL + xp // _per_level(track))


def echelon(level: int) -> int:
    """The echelon of play (1-4) a hero of ``level`` belongs to."""
    _check_level(level)
    return sum(1 for first in ECHELON_FIRST_LEVELS if level >= first)
