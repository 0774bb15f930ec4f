"""Attack, with boost, expand and cover; the chain combo and the counter (004: 60-83, 122-150).

An attack is the attacker's cast check (2d6 + cast) against each target's guard check
(2d6 + guard): it succeeds when cast >= guard (004: 62-66). A lucky attacker succeeds
whatever the totals, a fumbling one fails, unless the defender rolled the same, when the
totals decide (004: 70-72). The success margin is cast - guard, never below 0 (004: 74).
Roll the checks first (:func:`~.checks.roll_check`, rerolls with mana), then resolve here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from drawsteel_kit.systems.condition_sheet.errors import ConditionSheetError
from drawsteel_kit.systems.condition_sheet.rules.battle import (
    Battle,
    BattleResult,
    LastAttack,
    require_turn,
)
from drawsteel_kit.systems.condition_sheet.rules.checks import Check
from drawsteel_kit.systems.condition_sheet.rules.effects import (
    ATTACK_EFFECTS,
    SELF_EFFECTS,
    EffectChoice,
    apply_attack_effect,
)
from drawsteel_kit.systems.condition_sheet.rules.readings import (
    CHAIN_COMBO_MANA,
    COUNTER_MANA,
    COVER_MANA,
)

__all__ = [
    "BOOST_MANA",
    "CHAIN_COMBO_BONUS",
    "CHAIN_COMBO_MANA",
    "COUNTER_BONUS",
    "COUNTER_MANA",
    "COVER_MANA",
    "EMOTION_COST",
    "EXPAND_MANA_PER_TARGET",
    "Cover",
    "attack",
    "attack_succeeds",
    "chain_combo",
    "counter",
    "success_margin",
]

#: Boost: one more effect for 1 mana (004: 128-130).
BOOST_MANA = 1
#: Expand: 1 mana for each target beyond the first (004: 131-133).
EXPAND_MANA_PER_TARGET = 1
#: Cover, chain combo and counter are special actions paid with mana (004: 124, 140); the
#: amounts are readings, a table's choice (readings.COVER_MANA ...). Cover and chain combo
#: may instead spend one emotion toward the ally helped (004: 141, 146, 161).
EMOTION_COST = 1
#: Chain combo and counter MAY add 1 to the cast total (004: 145, 150): the player chooses.
CHAIN_COMBO_BONUS = 1
COUNTER_BONUS = 1


@dataclass(frozen=True)
class Cover:
    """An ally takes the attack for a target whose guard failed (004: 137-141).

    ``guard`` is the coverer's own guard check, rolled only to find the margin: the attack
    hits anyway, at margin 0 when that guard reaches the cast (004: 140).
    """

    coverer: str
    guard: Check
    pay_with_emotion: bool = False


def attack_succeeds(cast: Check, guard: Check) -> bool:
    """Cast >= guard; a lucky cast always hits, a fumbled one never, unless the guard roll
    matches it (004: 66-72)."""
    if cast.lucky and not guard.lucky:
        return True
    if cast.fumble and not guard.fumble:
        return False
    return cast.total >= guard.total


def success_margin(cast_total: int, guard: Check) -> int:
    """Cast minus guard, 0 when that is negative (a lucky success) (004: 74)."""
    return max(0, cast_total - guard.total)


def _check(check: Check, who: str, kind: str) -> None:
    if not isinstance(check, Check) or check.who != who or check.kind != kind:
        got = f"{check.who}'s {check.kind}" if isinstance(check, Check) else repr(check)
        raise ConditionSheetError(f"expected {who}'s {kind} check, got {got}")


def _resolve(battle: Battle, attacker: str, cast: Check, guards: Mapping[str, Check],
             effect: EffectChoice, boost: EffectChoice | None,
             covers: Mapping[str, Cover] | None, bonus: int, lines: list[str]) -> BattleResult:
    _check(cast, attacker, "cast")
    targets = list(guards)
    if not targets:
        raise ConditionSheetError("an attack needs at least one target and its guard check")
    for t in targets:
        _check(guards[t], t, "guard")
        if t == attacker:
            raise ConditionSheetError(f"{attacker} cannot attack itself")
        if not battle.get(t).can_act:
            raise ConditionSheetError(f"{t} is knocked down or has withdrawn: not a target")
    for choice in (effect, *((boost,) if boost else ())):
        if not isinstance(choice, EffectChoice) or choice.kind not in ATTACK_EFFECTS:
            raise ConditionSheetError(f"an attack's effect is one of {', '.join(ATTACK_EFFECTS)}"
                                      f", got {choice!r}")
    extra = len(targets) - 1
    if extra and boost is not None:
        raise ConditionSheetError("Boost and Expand cannot be used together")
    if extra and effect.kind in SELF_EFFECTS:
        raise ConditionSheetError(f"{effect.kind} acts on the attacker, but an expanded attack "
                                  "applies its one effect to every target: choose "
                                  "an effect on the targets")
    covers = dict(covers or {})
    cost = extra * EXPAND_MANA_PER_TARGET + (BOOST_MANA if boost else 0)
    if cost:
        parts = ([f"Expand {extra}"] if extra else []) + ([f"Boost {BOOST_MANA}"] if boost else [])
        battle = battle.spend_mana(attacker, cost, f"{' and '.join(parts)}")
        lines.append(f"{attacker} spends {cost} mana on {' and '.join(parts)}.")
    cast = replace(cast, bonus=cast.bonus + bonus)
    total = cast.total
    lines.append(f"{attacker} attacks {', '.join(targets)}: cast {battle.says(cast)}.")
    hits: list[tuple[str, int]] = []
    failed: list[str] = []
    for t in targets:
        guard = guards[t]
        if not attack_succeeds(cast, guard):
            lines.append(f"{t} guards {battle.says(guard)}: the attack fails.")
            if t in covers:
                raise ConditionSheetError(f"Cover is declared when an ally fails its guard; "
                                          f"{t}'s guard held")
            continue
        margin = success_margin(total, guard)
        lines.append(f"{t} guards {battle.says(guard)}: hit, success margin {margin}.")
        if t not in covers:
            failed.append(t)
            hits.append((t, margin))
            continue
        cv = covers.pop(t)
        _check(cv.guard, cv.coverer, "guard")
        helper = battle.get(cv.coverer)
        if cv.coverer in (t, attacker) or helper.side != battle.get(t).side or not helper.can_act:
            raise ConditionSheetError(f"{cv.coverer} cannot cover {t}: Cover is an ally still in "
                                      "the fight taking the attack for another")
        if cv.pay_with_emotion:
            battle = battle.spend_emotion(cv.coverer, t, f"covering {t}")
            paid = f"an emotion toward {t}"
        else:
            battle = battle.spend_mana(cv.coverer, battle.rules.cover_mana, f"covering {t}")
            paid = f"{battle.rules.cover_mana} mana"
        margin = success_margin(total, cv.guard)
        if attack_succeeds(cast, cv.guard):
            failed.append(cv.coverer)
        lines.append(f"{cv.coverer} covers {t} ({paid}): guard {battle.says(cv.guard)}, "
                     f"hit anyway, success margin {margin}.")
        hits.append((cv.coverer, margin))
    if covers:
        raise ConditionSheetError(f"Cover names {', '.join(covers)}, not a target of this attack")
    if not hits and boost is not None:
        raise ConditionSheetError("Boost is declared when the attack succeeds")
    for choice in (effect, *((boost,) if boost else ())):
        if not hits:
            break
        battle = _apply(battle, attacker, hits, choice, lines)
    last = LastAttack(attacker, tuple(targets), bool(hits), tuple(failed))
    new = replace(battle, acted=(*battle.acted, attacker), last_attack=last)
    return BattleResult(new, tuple(lines), ())


def _apply(battle: Battle, attacker: str, hits: list[tuple[str, int]], choice: EffectChoice,
           lines: list[str]) -> Battle:
    """The same effect on every hit target; a curse short of margin fails there (004: 133)."""
    if choice.kind in SELF_EFFECTS:
        target, margin = hits[0]
        battle, said = apply_attack_effect(battle, attacker, target, margin, choice)
        lines.extend(said)
        return battle
    errors: list[ConditionSheetError] = []
    for target, margin in hits:
        try:
            battle, said = apply_attack_effect(battle, attacker, target, margin, choice)
        except ConditionSheetError as exc:
            if len(hits) == 1:
                raise
            errors.append(exc)
            lines.append(f"No effect on {target}: {exc}.")
            continue
        lines.extend(said)
    if errors and len(errors) == len(hits):
        raise errors[0]
    return battle


def attack(battle: Battle, attacker: str, cast: Check, guards: Mapping[str, Check],
           effect: EffectChoice, *, boost: EffectChoice | None = None,
           covers: Mapping[str, Cover] | None = None) -> BattleResult:
    """The attacker's round action: attack one target, or more with Expand (004: 60-83, 131).

    ``guards`` maps each target to its guard check; ``effect`` is applied to every target
    hit, ``boost`` (1 mana, one target only) adds a second effect (004: 128-130); ``covers``
    maps a target whose guard failed to the ally covering it (004: 137-141).
    """
    require_turn(battle, attacker)
    return _resolve(battle, attacker, cast, guards, effect, boost, covers, 0, [])


def _special(battle: Battle, who: str, name: str) -> LastAttack:
    c = battle.get(who)
    if battle.phase != "acting" or battle.last_attack is None:
        raise ConditionSheetError(f"{name} answers an attack just made")
    if who in battle.acted or not c.can_act:
        raise ConditionSheetError(f"{name} uses {who}'s turn: only for one who has not acted "
                                  "this round and is still in the fight")
    return battle.last_attack


def chain_combo(battle: Battle, who: str, ally: str, cast: Check, guards: Mapping[str, Check],
                effect: EffectChoice, *, boost: EffectChoice | None = None,
                covers: Mapping[str, Cover] | None = None,
                pay_with_emotion: bool = False, take_bonus: bool = True) -> BattleResult:
    """Chain combo: right after an ally's successful attack, attack the same target, using
    your own turn; the cast may take +1 (``take_bonus=False`` declines it) (004: 142-146).
    Mana (the table's amount), or an emotion toward the ally."""
    last = _special(battle, who, "Chain combo")
    if last.attacker != ally or ally == who or battle.get(ally).side != battle.get(who).side:
        raise ConditionSheetError(f"Chain combo follows an ally's attack; the last attack was "
                                  f"{last.attacker}'s")
    if not last.succeeded:
        raise ConditionSheetError(f"{ally}'s attack failed: Chain combo follows a success")
    if not set(guards) <= set(last.targets):
        raise ConditionSheetError(f"Chain combo attacks the same target as {ally}: "
                                  f"{', '.join(last.targets)}")
    lines: list[str] = []
    if pay_with_emotion:
        battle = battle.spend_emotion(who, ally, "Chain combo")
        paid = f"an emotion toward {ally}"
    else:
        battle = battle.spend_mana(who, battle.rules.chain_combo_mana, "Chain combo")
        paid = f"{battle.rules.chain_combo_mana} mana"
    lines.append(f"{who} chains onto {ally}'s attack ({paid}){_bonus(take_bonus)}.")
    return _resolve(battle, who, cast, guards, effect, boost, covers,
                    CHAIN_COMBO_BONUS if take_bonus else 0, lines)


def _bonus(take: bool) -> str:
    if not isinstance(take, bool):
        raise ConditionSheetError(f"taking the +1 to the cast is yes or no, got {take!r}")
    return ", +1 to the cast" if take else ", without the +1 to the cast"


def counter(battle: Battle, who: str, cast: Check, guard: Check, effect: EffectChoice, *,
            boost: EffectChoice | None = None, take_bonus: bool = True) -> BattleResult:
    """Counter: hit back at once at the one whose attack you failed to guard, using your own
    turn; attack only; the cast may take +1 (``take_bonus=False`` declines it)
    (004: 147-150). Mana: the table's amount."""
    last = _special(battle, who, "Counter")
    if who not in last.failed_guard:
        raise ConditionSheetError(f"Counter is declared by one who just failed to guard an "
                                  f"enemy attack; the last attack was {last.attacker}'s on "
                                  f"{', '.join(last.targets)}")
    if battle.get(last.attacker).side == battle.get(who).side:
        raise ConditionSheetError("Counter answers an enemy's attack")
    cost = battle.rules.counter_mana
    battle = battle.spend_mana(who, cost, "Counter")
    lines = [f"{who} counters {last.attacker} ({cost} mana){_bonus(take_bonus)}."]
    return _resolve(battle, who, cast, {last.attacker: guard}, effect, boost, None,
                    COUNTER_BONUS if take_bonus else 0, lines)
