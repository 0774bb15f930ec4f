"""Dungeon World's moves, as pure rules (seed 003).

A character sheet (:class:`Character`), the 2d6 move roll (:func:`roll_move`: 10+, 7-9,
6-), the load carried (:func:`encumbrance`), and each move with bookkeeping (the basic
moves' choices, Defend's hold, Last Breath, the special moves) as a function that takes
the state, a dice source and the player's choices, and returns a :class:`MoveResult`
(the characters before and after, the rolls with their faces, and lines for the session
log). :func:`resolve_town_days` runs a stretch of such moves in order with one dice source.

Not imported by ``drawsteel_kit``: import this package when a campaign plays Dungeon World.
"""

from drawsteel_kit.systems.dungeon_world.errors import (
    DungeonWorldError,
    LevelUpNotReady,
    NotEnoughCoin,
    NotEnoughPreparation,
    NotEnoughRations,
    Overloaded,
    UnknownCharacter,
)
from drawsteel_kit.systems.dungeon_world.rules.advancement import (
    BondResolution,
    LevelUpChoice,
    Rest,
    SessionQuestion,
    can_level_up,
    end_of_session,
    level_up,
    xp_to_level_up,
)
from drawsteel_kit.systems.dungeon_world.rules.basic import (
    BargainAnswer,
    DiscernQuestion,
    aid_or_interfere,
    discern_realities,
    last_breath,
)
from drawsteel_kit.systems.dungeon_world.rules.camp import (
    Job,
    make_camp,
    perilous_journey,
    take_watch,
)
from drawsteel_kit.systems.dungeon_world.rules.character import (
    Alignment,
    Bond,
    Character,
    Fate,
    Modifier,
)
from drawsteel_kit.systems.dungeon_world.rules.combat import (
    DefendOption,
    VolleyOption,
    defend,
    end_defense,
    hack_and_slash,
    spend_hold,
    volley,
)
from drawsteel_kit.systems.dungeon_world.rules.downtime import (
    BolsterPeriod,
    RecruitCondition,
    RecruitDecision,
    bolster,
    recover,
    recruit,
)
from drawsteel_kit.systems.dungeon_world.rules.load import Burden, Encumbrance, encumbrance
from drawsteel_kit.systems.dungeon_world.rules.moves import Move
from drawsteel_kit.systems.dungeon_world.rules.roll import Band, MoveResult, MoveRoll, roll_move
from drawsteel_kit.systems.dungeon_world.rules.stats import Debility, Stat, stat_modifier
from drawsteel_kit.systems.dungeon_world.rules.town import (
    CarouseOption,
    SupplyOption,
    WarrantComplication,
    carouse,
    outstanding_warrants,
    supply,
)
from drawsteel_kit.systems.dungeon_world.rules.town_days import (
    TownDaysResult,
    TownEntry,
    resolve_town_days,
)

__all__ = [
    "Alignment",
    "Band",
    "BargainAnswer",
    "BolsterPeriod",
    "Bond",
    "BondResolution",
    "Burden",
    "CarouseOption",
    "Character",
    "Debility",
    "DefendOption",
    "DiscernQuestion",
    "DungeonWorldError",
    "Encumbrance",
    "Fate",
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
    "Overloaded",
    "RecruitCondition",
    "RecruitDecision",
    "Rest",
    "SessionQuestion",
    "Stat",
    "SupplyOption",
    "TownDaysResult",
    "TownEntry",
    "UnknownCharacter",
    "VolleyOption",
    "WarrantComplication",
    "aid_or_interfere",
    "bolster",
    "can_level_up",
    "carouse",
    "defend",
    "discern_realities",
    "encumbrance",
    "end_defense",
    "end_of_session",
    "hack_and_slash",
    "last_breath",
    "level_up",
    "make_camp",
    "outstanding_warrants",
    "perilous_journey",
    "recover",
    "recruit",
    "resolve_town_days",
    "roll_move",
    "spend_hold",
    "stat_modifier",
    "supply",
    "take_watch",
    "volley",
    "xp_to_level_up",
]
