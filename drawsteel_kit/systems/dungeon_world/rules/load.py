"""Encumbrance (《過重》, 003: 269-279): the weight carried against the character's load.

At or under the load: no penalty (003: 273). Up to load + 2: -1 ongoing until the load is
lightened (003: 274). Over load + 2: drop gear to load + 2 and roll at -1, or fail the move
outright (003: 275). The load comes from the playbook and STR (003: 277); the seed gives no
numbers for it, nor for an item's weight: the base loads below are the Dungeon World core
book's, and each item's weight is written on the sheet (``weights``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from drawsteel_kit.systems.dungeon_world.errors import Overloaded
from drawsteel_kit.systems.dungeon_world.rules.character import Character
from drawsteel_kit.systems.dungeon_world.rules.moves import Move
from drawsteel_kit.systems.dungeon_world.rules.stats import Stat

__all__ = [
    "HEAVY_MARGIN",
    "HEAVY_PENALTY",
    "LOAD_MOVES",
    "PLAYBOOK_LOAD",
    "Burden",
    "Encumbrance",
    "base_load",
    "carried_weight",
    "encumbrance",
    "load_penalty",
    "max_load",
]

#: Up to this much over the load is heavy, not yet too much (003: 274-275, 所持限界+2).
HEAVY_MARGIN = 2
#: Heavy: -1 ongoing until the load is lightened (003: 274); over load + 2, a roll made
#: after dropping gear to load + 2 is at -1 too (003: 275).
HEAVY_PENALTY = -1
#: The stat the load adds (003: 277, クラスと【STR】).
LOAD_STAT = Stat.STR

#: Each playbook's base load, before STR (Dungeon World core book; seed 003 says only that
#: the load comes from the class and STR, 003: 277). A sheet's own ``load`` wins.
PLAYBOOK_LOAD: MappingProxyType[str, int] = MappingProxyType({
    "bard": 9, "cleric": 10, "druid": 6, "fighter": 12, "paladin": 12, "ranger": 11,
    "thief": 9, "wizard": 7,
})

#: The moves the load weighs on: the basic moves made on the move, and the journey
#: (our reading of 003: 279, "only moves where carrying the load plausibly matters").
#: Not Last Breath (nothing is added to it, 003: 257), nor the moves made at rest or in
#: town with the pack put down.
LOAD_MOVES: frozenset[Move] = frozenset({
    Move.HACK_AND_SLASH, Move.VOLLEY, Move.DEFY_DANGER, Move.DEFEND, Move.SPOUT_LORE,
    Move.DISCERN_REALITIES, Move.PARLEY, Move.AID_OR_INTERFERE, Move.PERILOUS_JOURNEY,
})


class Burden(StrEnum):
    """How the weight carried sits against the load (003: 273-275)."""

    LIGHT = "light"  # 所持限界以下
    HEAVY = "heavy"  # 所持限界+2以下
    OVERLOADED = "overloaded"  # 所持限界+2を越えている
    UNTRACKED = "untracked"  # no load known for the sheet


def base_load(character: Character) -> int | None:
    """The sheet's ``load``, else its playbook's (None when neither is known)."""
    if character.load is not None:
        return character.load
    return PLAYBOOK_LOAD.get(character.playbook.strip().lower())


def max_load(character: Character) -> int | None:
    """Base load + STR modifier (debilities counted), never below 0 (None: untracked)."""
    base = base_load(character)
    return None if base is None else max(0, base + character.modifier(LOAD_STAT))


def carried_weight(character: Character) -> int:
    """The weight of the gear carried (an item without a weight weighs 0)."""
    return sum(character.weights.get(item, 0) for item in character.gear)


@dataclass(frozen=True)
class Encumbrance:
    """The weight carried, the load, the burden and the roll penalty it gives."""

    weight: int
    load: int | None
    burden: Burden
    penalty: int

    def describe(self) -> str:
        """``"weight 14 of load 13: heavy, -1 ongoing"``."""
        if self.load is None:
            return f"weight {self.weight} (no load known)"
        said = f"weight {self.weight} of load {self.load}: {self.burden}"
        return said + (f", {self.penalty} ongoing" if self.penalty else "")


def encumbrance(character: Character) -> Encumbrance:
    """Where ``character`` stands under 003: 273-275."""
    weight, load = carried_weight(character), max_load(character)
    if load is None:
        return Encumbrance(weight, None, Burden.UNTRACKED, 0)
    if weight <= load:
        return Encumbrance(weight, load, Burden.LIGHT, 0)
    if weight <= load + HEAVY_MARGIN:
        return Encumbrance(weight, load, Burden.HEAVY, HEAVY_PENALTY)
    return Encumbrance(weight, load, Burden.OVERLOADED, HEAVY_PENALTY)


def load_penalty(character: Character, move: Move) -> int:
    """The load's penalty on a roll of ``move``; over load + 2 the roll is refused with
    the seed's two ways out (003: 275)."""
    if move not in LOAD_MOVES:
        return 0
    found = encumbrance(character)
    if found.burden is Burden.OVERLOADED:
        limit = (found.load or 0) + HEAVY_MARGIN
        raise Overloaded(
            f"{character.name} carries weight {found.weight}, over load {found.load} + "
            f"{HEAVY_MARGIN}: drop gear until it weighs {limit} or less (then the roll takes "
            f"{HEAVY_PENALTY}), or let the move fail without a roll"
        )
    return found.penalty
