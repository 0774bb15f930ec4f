"""The condition-sheet combat system: pure rules of seed 004 (a small homebrew system).

Each character has a condition sheet of 6 slots (fewer for weak foes) in three rows,
damage, curse and bless. Every round starts with a 2d6 initiative check; then each acts
once: attack (cast vs guard), support (1 mana) or withdraw. Mana and emotions pay for
boost, expand, cover, chain combo, counter, last stand and rerolls. A damage or curse on
a full row knocks a character down; after the fight every sheet resets.

Typical use::

    battle = new_battle([new_character("Ava", "pc", cast=2, guard=1, mana=3),
                         new_character("Imp", "gm", cast=1, guard=1, slots=3,
                                       fixed_initiative=7)])
    battle = start_round(battle, dice).state
    battle = settle_order(battle, dice).state
    cast = roll_check(battle, dice, "Ava", "cast")
    guard = roll_check(cast.state, dice, "Imp", "guard")
    battle = attack(guard.state, "Ava", cast.check, {"Imp": guard.check},
                    EffectChoice("damage")).state
"""

from drawsteel_kit.systems.condition_sheet.errors import ConditionSheetError, TieUnresolved
from drawsteel_kit.systems.condition_sheet.rules.attack import (
    BOOST_MANA,
    CHAIN_COMBO_BONUS,
    COUNTER_BONUS,
    EMOTION_COST,
    EXPAND_MANA_PER_TARGET,
    Cover,
    attack,
    attack_succeeds,
    chain_combo,
    counter,
    success_margin,
)
from drawsteel_kit.systems.condition_sheet.rules.battle import (
    LAST_STAND_PER_ROUND,
    Battle,
    BattleResult,
    LastAttack,
    end_battle,
    last_stand,
    new_battle,
    pass_turn,
    withdraw,
)
from drawsteel_kit.systems.condition_sheet.rules.character import GM, PC, Character, new_character
from drawsteel_kit.systems.condition_sheet.rules.checks import (
    CHECK_DICE,
    DIE_SIDES,
    KEEPS,
    PREPARATION_EXTRA_DICE,
    Check,
    CheckResult,
    fixed_check,
    kept_roll,
    reroll_check,
    roll_check,
)
from drawsteel_kit.systems.condition_sheet.rules.effects import (
    ATTACK_EFFECTS,
    SUPPORT_EFFECTS,
    EffectChoice,
)
from drawsteel_kit.systems.condition_sheet.rules.initiative import (
    reroll_initiative,
    settle_order,
    start_round,
)
from drawsteel_kit.systems.condition_sheet.rules.readings import (
    CHAIN_COMBO_MANA,
    COUNTER_MANA,
    COVER_MANA,
    FUMBLE_FACE,
    LAST_STAND_MANA,
    LUCK_MATCHES,
    LUCKY_FACE,
    REROLL_MANA,
    WITHDRAW_DIFFICULTY,
    TableRules,
)
from drawsteel_kit.systems.condition_sheet.rules.sheet import MIN_SLOTS, ROWS, SLOTS, Mark, Sheet
from drawsteel_kit.systems.condition_sheet.rules.support import SUPPORT_MANA, support

__all__ = [
    "ATTACK_EFFECTS",
    "BOOST_MANA",
    "CHAIN_COMBO_BONUS",
    "CHAIN_COMBO_MANA",
    "CHECK_DICE",
    "COUNTER_BONUS",
    "COUNTER_MANA",
    "COVER_MANA",
    "DIE_SIDES",
    "EMOTION_COST",
    "EXPAND_MANA_PER_TARGET",
    "FUMBLE_FACE",
    "GM",
    "KEEPS",
    "LAST_STAND_MANA",
    "LAST_STAND_PER_ROUND",
    "LUCKY_FACE",
    "LUCK_MATCHES",
    "MIN_SLOTS",
    "PC",
    "PREPARATION_EXTRA_DICE",
    "REROLL_MANA",
    "ROWS",
    "SLOTS",
    "SUPPORT_EFFECTS",
    "SUPPORT_MANA",
    "WITHDRAW_DIFFICULTY",
    "Battle",
    "BattleResult",
    "Character",
    "Check",
    "CheckResult",
    "ConditionSheetError",
    "Cover",
    "EffectChoice",
    "LastAttack",
    "Mark",
    "Sheet",
    "TableRules",
    "TieUnresolved",
    "attack",
    "attack_succeeds",
    "chain_combo",
    "counter",
    "end_battle",
    "fixed_check",
    "kept_roll",
    "last_stand",
    "new_battle",
    "new_character",
    "pass_turn",
    "reroll_check",
    "reroll_initiative",
    "roll_check",
    "settle_order",
    "start_round",
    "success_margin",
    "support",
    "withdraw",
]
