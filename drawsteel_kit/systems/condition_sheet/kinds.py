"""The condition-sheet system's event kinds, by the name a history shows."""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["KINDS"]

KINDS: Mapping[str, str] = {
    "cs_battle_started": "Battle begun",
    "cs_battle_ended": "Battle ended",
    "cs_round_started": "Round began",
    "cs_order_settled": "Turn order",
    "cs_initiative_reroll": "Initiative rerolled",
    "cs_check": "Check",
    "cs_check_reroll": "Check rerolled",
    "cs_attack": "Attack",
    "cs_chain_combo": "Chain combo",
    "cs_counter": "Counter",
    "cs_support": "Support",
    "cs_withdraw": "Withdrawal",
    "cs_pass": "Pass",
    "cs_last_stand": "Last stand",
    "cs_resources_kept": "Resources kept",
    "cs_mana_set": "Mana set",
    "cs_emotion_granted": "Emotion gained",
    "cs_preparation_granted": "Preparation gained",
}
