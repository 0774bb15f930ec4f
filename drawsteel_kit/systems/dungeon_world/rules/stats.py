"""The six stats, their scores and modifiers, and the debilities that lower them.

Seed 003 names the stats (【STR】【DEX】【CON】【INT】【WIS】【CHA】, 003: 78-83), caps a score
at 18 (003: 336) and says a higher score may change the modifier (003: 336). The modifier
table, the score floor and the six debilities are not in seed 003: they come from the
Dungeon World core book (character creation and "Debilities"), and are marked so below.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from drawsteel_kit.systems.dungeon_world.errors import DungeonWorldError
from drawsteel_kit.systems.dungeon_world.rules.checks import check_int, coerce_enum

__all__ = [
    "DEBILITY_PENALTY",
    "DEBILITY_STAT",
    "MODIFIER_TABLE",
    "SCORE_MAX",
    "SCORE_MIN",
    "STATS",
    "Debility",
    "Stat",
    "StatBlock",
    "debility_for",
    "stat_modifier",
]


class Stat(StrEnum):
    """A stat, as the seed writes it: 【STR】 ... 【CHA】 (003: 78-83)."""

    STR = "STR"
    DEX = "DEX"
    CON = "CON"
    INT = "INT"
    WIS = "WIS"
    CHA = "CHA"


#: The stats in the order the seed lists them for Defy Danger (003: 78-83).
STATS: tuple[Stat, ...] = tuple(Stat)

#: A score can never go above 18 (003: 336, 能力値が18を越えることはない).
SCORE_MAX = 18
#: The lowest score the modifier table covers (Dungeon World core book; not in seed 003).
SCORE_MIN = 1

#: Score bands to modifiers: 1-3 -3, 4-5 -2, 6-8 -1, 9-12 +0, 13-15 +1, 16-17 +2, 18 +3
#: (Dungeon World core book, character creation; seed 003 only says that raising a score
#: may change its modifier, 003: 336).
MODIFIER_TABLE: tuple[tuple[int, int, int], ...] = (
    (1, 3, -3),
    (4, 5, -2),
    (6, 8, -1),
    (9, 12, 0),
    (13, 15, 1),
    (16, 17, 2),
    (18, 18, 3),
)


class Debility(StrEnum):
    """A debility (能力減退, 003: 357): each weakens one stat.

    Seed 003 names debilities only in Recover (003: 357); the six and their stats are the
    Dungeon World core book's.
    """

    WEAK = "weak"
    SHAKY = "shaky"
    SICK = "sick"
    STUNNED = "stunned"
    CONFUSED = "confused"
    SCARRED = "scarred"


#: Which stat each debility weakens (Dungeon World core book; not in seed 003).
DEBILITY_STAT: MappingProxyType[Debility, Stat] = MappingProxyType(
    {
        Debility.WEAK: Stat.STR,
        Debility.SHAKY: Stat.DEX,
        Debility.SICK: Stat.CON,
        Debility.STUNNED: Stat.INT,
        Debility.CONFUSED: Stat.WIS,
        Debility.SCARRED: Stat.CHA,
    }
)
#: A debility takes 1 off its stat's modifier (Dungeon World core book; not in seed 003).
DEBILITY_PENALTY = 1


def debility_for(stat: Stat | str) -> Debility:
    """The debility that weakens ``stat``."""
    stat = coerce_enum(Stat, stat, "a stat")
    return next(d for d, s in DEBILITY_STAT.items() if s is stat)


def stat_modifier(score: int) -> int:
    """The modifier a score gives, before debilities (see :data:`MODIFIER_TABLE`)."""
    check_int("a stat score", score, minimum=SCORE_MIN, maximum=SCORE_MAX)
    return next(mod for low, high, mod in MODIFIER_TABLE if low <= score <= high)


@dataclass(frozen=True)
class StatBlock:
    """The six scores. ``block[Stat.WIS]`` or ``block["WIS"]`` reads one."""

    STR: int
    DEX: int
    CON: int
    INT: int
    WIS: int
    CHA: int

    def __post_init__(self) -> None:
        for stat in STATS:
            check_int(f"the {stat} score", getattr(self, stat.value), minimum=SCORE_MIN,
                      maximum=SCORE_MAX)

    def __getitem__(self, stat: Stat | str) -> int:
        return int(getattr(self, coerce_enum(Stat, stat, "a stat").value))

    @classmethod
    def from_mapping(cls, scores: object) -> StatBlock:
        """From ``{"STR": 16, ...}`` with all six stats and nothing else."""
        if isinstance(scores, StatBlock):
            return scores
        if not hasattr(scores, "items"):
            raise DungeonWorldError(
                f"scores must map each of {', '.join(STATS)} to a score, got {scores!r}"
            )
        given = {coerce_enum(Stat, k, "a stat name"): v for k, v in scores.items()}
        missing = [s.value for s in STATS if s not in given]
        if missing:
            raise DungeonWorldError(
                f"scores must give all six stats; missing {', '.join(missing)}"
            )
        return cls(**{s.value: given[s] for s in STATS})

    def as_dict(self) -> dict[str, int]:
        return {s.value: self[s] for s in STATS}

    def raised(self, stat: Stat, by: int = 1) -> StatBlock:
        """A copy with ``stat`` higher by ``by`` (validated against the cap)."""
        values = self.as_dict()
        values[stat.value] += by
        return StatBlock(**values)
