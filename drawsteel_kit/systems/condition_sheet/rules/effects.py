"""The five attack effects and the three support effects, applied to sheets (004: 76-98).

Attack effects (004: 78-83): damage, erase a bless, add a curse (margin >= its strength),
refresh (erase one of your own curses, margin >= its strength), self-bless (margin >= its
strength). Support effects (004: 95-98): heal one damage, remove one curse, add a bless.
A 7th damage or curse on a full row knocks the character down (004: 117).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from drawsteel_kit.systems.condition_sheet.errors import ConditionSheetError
from drawsteel_kit.systems.condition_sheet.rules.battle import Battle
from drawsteel_kit.systems.condition_sheet.rules.sheet import (
    Mark,
    add_bless,
    add_curse,
    add_damage,
    check_text,
    erase_bless,
    remove_curse,
    remove_damage,
)

__all__ = [
    "ATTACK_EFFECTS",
    "SELF_EFFECTS",
    "SUPPORT_EFFECTS",
    "EffectChoice",
    "ShortMargin",
    "apply_attack_effect",
    "apply_support_effect",
    "knock_down",
]

#: The five attack effects (004: 78-83).
ATTACK_EFFECTS = ("damage", "erase_bless", "add_curse", "refresh", "self_bless")
#: Attack effects that act on the attacker's own sheet (004: 82-83).
SELF_EFFECTS = ("refresh", "self_bless")
#: The three support effects (004: 95-98).
SUPPORT_EFFECTS = ("heal_damage", "remove_curse", "add_bless")


class ShortMargin(ConditionSheetError):
    """The success margin is below the strength the effect needs (004: 81-83)."""


@dataclass(frozen=True)
class EffectChoice:
    """The effect chosen: ``name`` picks the curse/bless (recipe or mark), ``overwrite`` the
    bless a new one replaces when the bless row is full (004: 83, 98)."""

    kind: str
    name: str | None = None
    overwrite: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in (*ATTACK_EFFECTS, *SUPPORT_EFFECTS):
            raise ConditionSheetError(
                f"an effect is one of {', '.join(ATTACK_EFFECTS)} (attack) or "
                f"{', '.join(SUPPORT_EFFECTS)} (support), got {self.kind!r}")
        for what in ("name", "overwrite"):
            if getattr(self, what) is not None:
                check_text(f"the effect's {what}", getattr(self, what))
        if self.kind in ("add_curse", "self_bless", "add_bless") and self.name is None:
            raise ConditionSheetError(f"{self.kind} needs the name of the recipe used")

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values."""
        return {"kind": self.kind, "name": self.name, "overwrite": self.overwrite}


def knock_down(battle: Battle, who: str, row: str, lines: list[str]) -> Battle:
    """A damage or curse on a full row: knocked down for the rest of the battle (004: 117)."""
    c = battle.get(who)
    if c.knocked_down:
        lines.append(f"{who} is already knocked down.")
        return battle
    lines.append(f"{who}'s {row} row is full ({c.sheet.slots} slots): {who} is knocked down "
                 "and cannot act for the rest of the battle.")
    return battle.update(who, knocked_down_round=max(battle.round, 1))


def _need(margin: int, mark: Mark, what: str) -> None:
    if margin < mark.strength:
        raise ShortMargin(f"{what} {mark.name} needs a success margin of {mark.strength}; "
                          f"this one is {margin}")


def apply_attack_effect(battle: Battle, attacker: str, target: str, margin: int,
                        choice: EffectChoice) -> tuple[Battle, list[str]]:
    """One attack effect from ``attacker`` on ``target`` at success margin ``margin``."""
    if choice.kind not in ATTACK_EFFECTS:
        raise ConditionSheetError(f"{choice.kind} is a support effect; an attack's effects are "
                                  f"{', '.join(ATTACK_EFFECTS)}")
    lines: list[str] = []
    me, them = battle.get(attacker), battle.get(target)
    if choice.kind == "damage":
        sheet, over = add_damage(them.sheet)
        if over:
            return knock_down(battle, target, "damage", lines), lines
        lines.append(f"{target} takes 1 damage ({sheet.damage}/{sheet.slots}).")
        return battle.update(target, sheet=sheet), lines
    if choice.kind == "erase_bless":
        sheet, mark = erase_bless(them.sheet, choice.name)
        lines.append(f"{target}'s bless {mark.name} is erased.")
        return battle.update(target, sheet=sheet), lines
    if choice.kind == "add_curse":
        recipe = me.recipe("curse", choice.name)
        _need(margin, recipe, "the curse")
        sheet, over = add_curse(them.sheet, recipe)
        if over:
            return knock_down(battle, target, "curse", lines), lines
        lines.append(f"{target} is cursed with {recipe.name}.")
        return battle.update(target, sheet=sheet), lines
    if choice.kind == "refresh":
        sheet, mark = remove_curse(me.sheet, choice.name)
        _need(margin, mark, "refreshing away")
        lines.append(f"{attacker} refreshes: the curse {mark.name} is erased.")
        return battle.update(attacker, sheet=sheet), lines
    recipe = me.recipe("bless", choice.name)
    _need(margin, recipe, "the bless")
    lines.append(f"{attacker} gains the bless {recipe.name}"
                 + (f", over {choice.overwrite}." if choice.overwrite else "."))
    return battle.update(attacker, sheet=add_bless(me.sheet, recipe, choice.overwrite)), lines


def apply_support_effect(battle: Battle, supporter: str, target: str,
                         choice: EffectChoice) -> tuple[Battle, list[str]]:
    """One support effect from ``supporter`` on ``target``: it always works (004: 89, 95-98)."""
    if choice.kind not in SUPPORT_EFFECTS:
        raise ConditionSheetError(f"{choice.kind} is an attack effect; support's effects are "
                                  f"{', '.join(SUPPORT_EFFECTS)}")
    them = battle.get(target)
    if choice.kind == "heal_damage":
        if them.sheet.damage == 0:
            raise ConditionSheetError(f"{target} has no damage to heal")
        sheet = remove_damage(them.sheet)
        return battle.update(target, sheet=sheet), [
            f"{target} heals 1 damage ({sheet.damage}/{sheet.slots})."]
    if choice.kind == "remove_curse":
        sheet, mark = remove_curse(them.sheet, choice.name)
        return battle.update(target, sheet=sheet), [f"{target}'s curse {mark.name} is lifted."]
    recipe = battle.get(supporter).recipe("bless", choice.name)
    sheet = add_bless(them.sheet, recipe, choice.overwrite)
    over = f", over {choice.overwrite}" if choice.overwrite else ""
    return battle.update(target, sheet=sheet), [f"{target} is blessed with {recipe.name}{over}."]
