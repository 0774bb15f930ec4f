"""Pathfinder 2e's event kinds, by the name a history shows."""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["KINDS"]

KINDS: Mapping[str, str] = {
    "pf2e_encounter_started": "Encounter begun",
    "pf2e_encounter_ended": "Encounter ended",
    "pf2e_combatant_added": "Combatant joined",
    "pf2e_removed": "Combatant left",
    "pf2e_initiative": "Initiative",
    "pf2e_turn_started": "Turn began",
    "pf2e_turn_ended": "Turn ended",
    "pf2e_actions": "Actions",
    "pf2e_reaction": "Reaction",
    "pf2e_delayed": "Delayed",
    "pf2e_returned": "Returned from Delay",
    "pf2e_readied": "Readied",
    "pf2e_readied_used": "Readied action used",
    "pf2e_attack": "Strike",
    "pf2e_aid": "Aid",
    "pf2e_check": "Check",
    "pf2e_damage": "Damage",
    "pf2e_healed": "Healing",
    "pf2e_hp": "Hit points set",
    "pf2e_condition": "Condition",
    "pf2e_cover": "Cover",
    "pf2e_flanked": "Flanked",
    "pf2e_moved": "Movement",
    "pf2e_breath": "Holding breath",
    "pf2e_air_lost": "Air lost",
    "pf2e_breathes": "Breathing again",
    "pf2e_effect_added": "Effect",
    "pf2e_effect_removed": "Effect ended",
    "pf2e_persistent_added": "Persistent damage",
    "pf2e_persistent_ended": "Persistent damage ended",
    "pf2e_identified": "Identified",
    "pf2e_defeated": "Defeated",
    "pf2e_dying": "Dying",
}
