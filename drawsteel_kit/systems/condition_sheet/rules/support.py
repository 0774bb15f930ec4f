"""Support: heal, lift a curse or bless, always succeeding, for 1 mana (seed 004: 85-98).

The supporter names the target on its turn, an ally or itself (004: 87); no check is
made (004: 89). It costs 1 mana;
when the target is someone else, an emotion toward that character may pay instead
(004: 91, 161). Boost adds a second effect for 1 more mana (004: 130); Expand adds
targets for 1 mana each, the support itself still costing 1 (004: 133). Not both.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from drawsteel_kit.systems.condition_sheet.errors import ConditionSheetError
from drawsteel_kit.systems.condition_sheet.rules.attack import BOOST_MANA, EXPAND_MANA_PER_TARGET
from drawsteel_kit.systems.condition_sheet.rules.battle import Battle, BattleResult, require_turn
from drawsteel_kit.systems.condition_sheet.rules.effects import EffectChoice, apply_support_effect

__all__ = ["SUPPORT_MANA", "support"]

#: Support costs 1 mana (004: 91).
SUPPORT_MANA = 1


def support(battle: Battle, who: str, targets: Sequence[str], effect: EffectChoice, *,
            boost: EffectChoice | None = None, emotion_for: str | None = None) -> BattleResult:
    """``who``'s round action: a support effect on each target (004: 85-98).

    ``emotion_for`` pays the support's 1 mana with an emotion toward that target, who must
    be someone other than ``who`` (004: 91). Boost and Expand are always paid in mana.
    """
    require_turn(battle, who)
    if isinstance(targets, str) or not targets or len(set(targets)) != len(targets):
        raise ConditionSheetError(f"support needs a list of different targets, got {targets!r}")
    side = battle.get(who).side
    for t in targets:
        if battle.get(t).withdrawn:
            raise ConditionSheetError(f"{t} has withdrawn from the battle")
        if battle.get(t).side != side:
            raise ConditionSheetError(f"{t} is not on {who}'s side: support heals and helps "
                                      "allies or oneself; attack an enemy instead")
    extra = len(targets) - 1
    if extra and boost is not None:
        raise ConditionSheetError("Boost and Expand cannot be used together")
    mana = (0 if emotion_for else SUPPORT_MANA) + extra * EXPAND_MANA_PER_TARGET + (
        BOOST_MANA if boost else 0)
    parts = [f"support {SUPPORT_MANA}" if not emotion_for else f"an emotion toward {emotion_for}"]
    parts += [f"Expand {extra}"] if extra else []
    parts += [f"Boost {BOOST_MANA}"] if boost else []
    lines = [f"{who} supports {', '.join(targets)} ({', '.join(parts)})."]
    if emotion_for is not None:
        if emotion_for == who or emotion_for not in targets:
            raise ConditionSheetError("an emotion pays for support only toward a target other "
                                      f"than the supporter; targets: {', '.join(targets)}")
        battle = battle.spend_emotion(who, emotion_for, "support")
    if mana:
        have = battle.get(who).mana
        if have < mana:
            raise ConditionSheetError(f"this support costs {mana} mana ({', '.join(parts)}); "
                                      f"{who} has {have}")
        battle = battle.spend_mana(who, mana, "support")
    for choice in (effect, *((boost,) if boost else ())):
        for t in targets:
            battle, said = apply_support_effect(battle, who, t, choice)
            lines.extend(said)
    new = replace(battle, acted=(*battle.acted, who), last_attack=None)
    return BattleResult(new, tuple(lines))
