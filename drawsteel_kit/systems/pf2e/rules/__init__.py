"""Pathfinder 2e encounter tracking: pure rules of seed 002 (encounter mode).

An :class:`Encounter` holds the combatants, the initiative order, the round and whose turn
it is. Each step takes a state (+ a dice source + choices) and returns an
:class:`EncounterResult`: the new state, log lines for the GM and for the players (unknown
enemies under the names the players know), and the dice faces rolled.

Typical use::

    enc = new_encounter("Bridge ambush")
    enc = add_combatant(enc, "Ava", "pc", initiative_modifier=7).state
    enc = add_combatant(enc, "Goblin 1", "enemy", initiative_modifier=2, group="Goblins",
                        shown_as="Small creature A").state
    enc = roll_initiative(enc, SeededDice(1)).state
    enc = start_turn(enc).state
"""

from drawsteel_kit.systems.pf2e.errors import PcTieUnresolved, Pf2eError
from drawsteel_kit.systems.pf2e.rules.checks import (
    AGILE_PENALTIES,
    AID_DC,
    ATTACK_PENALTIES,
    DEGREES,
    OFF_GUARD_AC,
    aid,
    attack,
    attack_penalty,
    check,
    degree_of_success,
    set_cover,
    set_off_guard,
    target_ac,
)
from drawsteel_kit.systems.pf2e.rules.combatant import (
    ACTIONS_PER_TURN,
    COVERS,
    DEFAULT_INITIATIVE_SKILL,
    ENEMY,
    INITIATIVE_DIE,
    PC,
    REACTIONS_PER_TURN,
    READY_ACTIONS,
    ROUND_SECONDS,
    TICK_END,
    TICK_START,
    Combatant,
    Effect,
    PersistentDamage,
    Readied,
)
from drawsteel_kit.systems.pf2e.rules.conditions import (
    DYING_DEATH,
    VALUED,
    damage,
    heal,
    recovery_check,
    set_condition,
    set_dying,
)
from drawsteel_kit.systems.pf2e.rules.delay import delay, ready, return_from_delay, use_readied
from drawsteel_kit.systems.pf2e.rules.encounter import (
    Encounter,
    EncounterResult,
    add_combatant,
    defeat,
    identify,
    new_encounter,
    remove,
)
from drawsteel_kit.systems.pf2e.rules.initiative import initiative_order, roll_initiative
from drawsteel_kit.systems.pf2e.rules.movement import (
    breathe,
    hold_breath,
    lose_air,
    move,
    movement_cost,
)
from drawsteel_kit.systems.pf2e.rules.record import (
    EncounterRecord,
    EndResult,
    PlayerView,
    end_encounter,
    player_view,
)
from drawsteel_kit.systems.pf2e.rules.turns import (
    add_effect,
    add_persistent,
    end_persistent,
    end_turn,
    remove_effect,
    start_turn,
    use_actions,
    use_reaction,
)

__all__ = [
    "ACTIONS_PER_TURN",
    "AGILE_PENALTIES",
    "AID_DC",
    "ATTACK_PENALTIES",
    "COVERS",
    "DEFAULT_INITIATIVE_SKILL",
    "DEGREES",
    "DYING_DEATH",
    "ENEMY",
    "INITIATIVE_DIE",
    "OFF_GUARD_AC",
    "PC",
    "REACTIONS_PER_TURN",
    "READY_ACTIONS",
    "ROUND_SECONDS",
    "TICK_END",
    "TICK_START",
    "VALUED",
    "Combatant",
    "Effect",
    "Encounter",
    "EncounterRecord",
    "EncounterResult",
    "EndResult",
    "PcTieUnresolved",
    "PersistentDamage",
    "Pf2eError",
    "PlayerView",
    "Readied",
    "add_combatant",
    "add_effect",
    "add_persistent",
    "aid",
    "attack",
    "attack_penalty",
    "breathe",
    "check",
    "damage",
    "defeat",
    "degree_of_success",
    "delay",
    "end_encounter",
    "end_persistent",
    "end_turn",
    "heal",
    "hold_breath",
    "identify",
    "initiative_order",
    "lose_air",
    "move",
    "movement_cost",
    "new_encounter",
    "player_view",
    "ready",
    "recovery_check",
    "remove",
    "remove_effect",
    "return_from_delay",
    "roll_initiative",
    "set_condition",
    "set_cover",
    "set_dying",
    "set_off_guard",
    "start_turn",
    "target_ac",
    "use_actions",
    "use_reaction",
    "use_readied",
]
