"""Dungeon World's moves between adventures, as pure rules (seed 003: 282-387).

A character sheet (:class:`Character`), the 2d6 move roll (:func:`roll_move`: 10+, 7-9,
6-) and each special move as a function that takes the state, a dice source and the
player's choices, and returns a :class:`MoveResult` (the characters before and after, the
rolls with their faces, and lines for the session log). :func:`resolve_town_days` runs a
stretch of such moves in order with one dice source.

Not imported by ``drawsteel_kit``: import this package when a campaign plays Dungeon World.
"""

from drawsteel_kit.systems.dungeon_world.advancement import (
    BondResolution,
    LevelUpChoice,
    SessionQuestion,
    can_level_up,
    end_of_session,
    level_up,
    xp_to_level_up,
)
from drawsteel_kit.systems.dungeon_world.camp import Job, make_camp, perilous_journey, take_watch
from drawsteel_kit.systems.dungeon_world.character import Alignment, Bond, Character, Modifier
from drawsteel_kit.systems.dungeon_world.downtime import (
    BolsterPeriod,
    RecruitCondition,
    RecruitDecision,
    bolster,
    recover,
    recruit,
)
from drawsteel_kit.systems.dungeon_world.errors import (
    DungeonWorldError,
    LevelUpNotReady,
    NotEnoughCoin,
    NotEnoughPreparation,
    NotEnoughRations,
    UnknownCharacter,
)
from drawsteel_kit.systems.dungeon_world.moves import Move
from drawsteel_kit.systems.dungeon_world.roll import Band, MoveResult, MoveRoll, roll_move
from drawsteel_kit.systems.dungeon_world.stats import Debility, Stat, stat_modifier
from drawsteel_kit.systems.dungeon_world.town import (
    CarouseOption,
    SupplyOption,
    WarrantComplication,
    carouse,
    outstanding_warrants,
    supply,
)
from drawsteel_kit.systems.dungeon_world.town_days import (
    TownDaysResult,
    TownEntry,
    resolve_town_days,
)

__all__ = [
    "Alignment",
    "Band",
    "BolsterPeriod",
    "Bond",
    "BondResolution",
    "CarouseOption",
    "Character",
    "Debility",
    "DungeonWorldError",
    "Job",
    "LevelUpChoice",
    "LevelUpNotReady",
    "Modifier",
    "Move",
    "MoveResult",
    "MoveRoll",
    "NotEnoughCoin",
    "NotEnoughPreparation",
    "NotEnoughRations",
    "RecruitCondition",
    "RecruitDecision",
    "SessionQuestion",
    "Stat",
    "SupplyOption",
    "TownDaysResult",
    "TownEntry",
    "UnknownCharacter",
    "WarrantComplication",
    "bolster",
    "can_level_up",
    "carouse",
    "end_of_session",
    "level_up",
    "make_camp",
    "outstanding_warrants",
    "perilous_journey",
    "recover",
    "recruit",
    "resolve_town_days",
    "roll_move",
    "stat_modifier",
    "supply",
    "take_watch",
    "xp_to_level_up",
]
