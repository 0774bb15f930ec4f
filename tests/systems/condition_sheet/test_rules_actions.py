"""Condition-sheet combat: round actions, boost/expand, special actions, reset (004: 50-154)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from drawsteel_kit.kit.dice import ScriptedDice, SeededDice
from drawsteel_kit.systems.condition_sheet.rules import (
    Battle,
    Check,
    ConditionSheetError,
    Cover,
    EffectChoice,
    Mark,
    Sheet,
    attack,
    attack_succeeds,
    chain_combo,
    counter,
    end_battle,
    last_stand,
    new_battle,
    new_character,
    pass_turn,
    roll_check,
    settle_order,
    start_round,
    success_margin,
    support,
    withdraw,
)

DAMAGE = EffectChoice("damage")


def fighters() -> Battle:
    """Ava, Bram (players) and the Imp, the Ogre (GM), acting in that order in round 1."""
    return new_battle([
        new_character("Ava", "pc", cast=2, guard=1, mana=3, curses={"Poison": 2, "Slow": 0},
                      blesses={"Cast Up": 1, "Guard Up": 3}, emotions={"Bram": 1}),
        new_character("Bram", "pc", cast=1, guard=2, mana=2, emotions={"Ava": 2},
                      blesses={"Swift": 0}),
        new_character("Imp", "gm", cast=1, guard=1, mana=1, slots=3, fixed_initiative=7,
                      curses={"Hex": 1}),
        new_character("Ogre", "gm", cast=3, guard=0, mana=2, fixed_initiative=4),
    ])


def acting(faces: tuple[int, ...] = (6, 6, 5, 4), battle: Battle | None = None) -> Battle:
    """Round 1 settled: by default Ava 12, Bram 9, Imp 7, Ogre 4."""
    battle = start_round(battle or fighters(), ScriptedDice(faces)).state
    return settle_order(battle, ScriptedDice([])).state


def check(who: str, kind: str, *faces: int, value: int = 0, bonus: int = 0) -> Check:
    """A check as typed in: ``value`` is the ability added."""
    return Check(who, kind, tuple(faces), value, bonus)


def ava_hits_imp(battle: Battle, cast=(5, 4), guard=(2, 2), effect=DAMAGE, **kwargs):
    return attack(battle, "Ava", check("Ava", "cast", *cast, value=2),
                  {"Imp": check("Imp", "guard", *guard, value=1)}, effect, **kwargs)


def at(battle: Battle, who: str) -> Battle:
    """Pass turns until it is ``who``'s."""
    while battle.current != who:
        battle = pass_turn(battle, battle.current).state
    return battle


def with_sheet(battle: Battle, who: str, **sheet) -> Battle:
    return battle.update(who, sheet=replace(battle.get(who).sheet, **sheet))


# --- attack -------------------------------------------------------------------------------


@pytest.mark.parametrize(("cast", "guard", "hit", "margin"), [
    ((3, 3), (3, 2), True, 3), ((3, 3), (4, 4), True, 0), ((2, 2), (4, 4), False, 0),
])
def test_cast_against_guard(cast, guard, hit, margin):
    c, g = check("A", "cast", *cast, value=1), check("B", "guard", *guard, value=-1)
    assert attack_succeeds(c, g) is hit  # 004: 66
    if hit:
        assert success_margin(c.total, g) == margin  # 004: 74


def test_lucky_and_fumble_decide_the_attack():
    lucky, fumble = check("A", "cast", 6, 6), check("A", "cast", 1, 1, value=20)
    assert attack_succeeds(lucky, check("B", "guard", 5, 5, value=9))  # 004: 70
    assert success_margin(lucky.total, check("B", "guard", 5, 5, value=9)) == 0  # 004: 74
    assert not attack_succeeds(lucky, check("B", "guard", 6, 6, value=1))  # both lucky: totals
    assert not attack_succeeds(fumble, check("B", "guard", 2, 3))  # 004: 72
    assert attack_succeeds(fumble, check("B", "guard", 1, 1))  # both fumble: totals


def test_an_attack_that_hits_does_damage():
    result = ava_hits_imp(acting())
    assert result.lines == ("Ava attacks Imp: cast 11 (5+4 +2).",
                            "Imp guards 5: hit, success margin 6.",  # a foe: its total only
                            "Imp takes 1 damage (1/3).")
    assert result.state.get("Imp").sheet.damage == 1
    assert result.state.current == "Bram" and "Ava" in result.state.acted  # 004: 58


def test_an_attack_that_fails_changes_no_sheet():
    result = ava_hits_imp(acting(), cast=(1, 2), guard=(5, 5))
    assert result.state.get("Imp").sheet == Sheet(slots=3)
    assert result.lines[-1] == "Imp guards 11: the attack fails."  # a foe: its total only
    assert result.state.last_attack.succeeded is False


def test_erase_a_bless():
    battle = with_sheet(acting(), "Imp", blesses=(Mark("Cast Up"), Mark("Guard Up")))
    result = ava_hits_imp(battle, effect=EffectChoice("erase_bless", "Cast Up"))
    assert result.state.get("Imp").sheet.blesses == (Mark("Guard Up"),)  # 004: 80
    with pytest.raises(ConditionSheetError, match="no bless to remove"):
        ava_hits_imp(acting(), effect=EffectChoice("erase_bless"))


def test_add_a_curse_needs_a_margin_of_its_strength():
    hit = ava_hits_imp(acting(), cast=(2, 2), guard=(1, 2), effect=EffectChoice("add_curse",
                                                                                "Poison"))
    assert hit.state.get("Imp").sheet.curses == (Mark("Poison", 2),)  # margin 2 >= 2 (004: 81)
    with pytest.raises(ConditionSheetError, match="needs a success margin of 2; this one is 1"):
        ava_hits_imp(acting(), cast=(1, 2), guard=(1, 2), effect=EffectChoice("add_curse",
                                                                              "Poison"))
    with pytest.raises(ConditionSheetError, match="has not learned a curse called 'Hex'"):
        ava_hits_imp(acting(), effect=EffectChoice("add_curse", "Hex"))


def test_refresh_erases_an_own_curse_with_enough_margin():
    battle = with_sheet(acting(), "Ava", curses=(Mark("Hex", 3),))
    done = ava_hits_imp(battle, cast=(3, 3), guard=(1, 2), effect=EffectChoice("refresh"))
    assert done.state.get("Ava").sheet.curses == ()  # margin 5 >= 3 (004: 82)
    assert "Ava refreshes: the curse Hex is erased." in done.lines
    with pytest.raises(ConditionSheetError, match="needs a success margin of 3"):
        ava_hits_imp(battle, cast=(1, 2), guard=(1, 2), effect=EffectChoice("refresh"))


def test_self_bless_and_overwrite_on_a_full_row():
    done = ava_hits_imp(acting(), effect=EffectChoice("self_bless", "Cast Up"))
    assert done.state.get("Ava").sheet.blesses == (Mark("Cast Up", 1),)  # 004: 83
    full = with_sheet(acting(), "Ava", blesses=(Mark("Swift"),) * 6)
    with pytest.raises(ConditionSheetError, match="name the bless"):
        ava_hits_imp(full, effect=EffectChoice("self_bless", "Cast Up"))
    over = ava_hits_imp(full, effect=EffectChoice("self_bless", "Cast Up", overwrite="Swift"))
    assert Mark("Cast Up", 1) in over.state.get("Ava").sheet.blesses
    with pytest.raises(ConditionSheetError, match="needs a success margin of 3"):
        ava_hits_imp(acting(), cast=(1, 1), guard=(1, 1),
                     effect=EffectChoice("self_bless", "Guard Up"))


def test_support_effects_are_not_attack_effects():
    with pytest.raises(ConditionSheetError, match="an attack's effect is one of"):
        ava_hits_imp(acting(), effect=EffectChoice("heal_damage"))
    with pytest.raises(ConditionSheetError, match="one of"):
        EffectChoice("fireball")
    with pytest.raises(ConditionSheetError, match="needs the name"):
        EffectChoice("add_curse")


def test_attacks_out_of_turn_or_on_the_wrong_targets_are_refused():
    battle = acting()
    with pytest.raises(ConditionSheetError, match="not Bram's turn; now acting: Ava"):
        attack(battle, "Bram", check("Bram", "cast", 1, 1), {"Imp": check("Imp", "guard", 1, 1)},
               DAMAGE)
    with pytest.raises(ConditionSheetError, match="cannot attack itself"):
        attack(battle, "Ava", check("Ava", "cast", 1, 1), {"Ava": check("Ava", "guard", 1, 1)},
               DAMAGE)
    with pytest.raises(ConditionSheetError, match="expected Imp's guard check, got Ogre's"):
        attack(battle, "Ava", check("Ava", "cast", 1, 1), {"Imp": check("Ogre", "guard", 1, 1)},
               DAMAGE)
    with pytest.raises(ConditionSheetError, match="order is set"):
        ava_hits_imp(fighters())


# --- knock-down and last stand ------------------------------------------------------------


def test_a_seventh_damage_knocks_down():
    battle = acting(battle=with_sheet(fighters(), "Ogre", damage=6))
    result = attack(battle, "Ava", check("Ava", "cast", 6, 5), {"Ogre": check("Ogre", "guard",
                                                                              1, 1)}, DAMAGE)
    ogre = result.state.get("Ogre")
    assert ogre.knocked_down and ogre.sheet.damage == 6  # 004: 117
    assert "Ogre's damage row is full (6 slots): Ogre is knocked down and cannot act for the " \
           "rest of the battle." in result.lines
    after = at(result.state, "Imp")
    after = pass_turn(after, "Imp").state
    assert after.current is None  # the Ogre's turn is skipped
    assert "Ogre" not in dict(start_round(after, ScriptedDice([1, 1, 1, 1])).state.initiative)


def test_a_curse_on_a_full_curse_row_knocks_down_a_weak_foe():
    battle = with_sheet(acting(), "Imp", curses=(Mark("Slow"),) * 3)
    result = ava_hits_imp(battle, effect=EffectChoice("add_curse", "Slow"))
    assert result.state.get("Imp").knocked_down  # the 4th curse on 3 slots (004: 15, 117)
    with pytest.raises(ConditionSheetError, match="not a target"):
        attack(at(result.state, "Bram"), "Bram", check("Bram", "cast", 1, 1),
               {"Imp": check("Imp", "guard", 1, 1)}, DAMAGE)


def test_last_stand_undoes_a_knock_down_once_a_round():
    battle = with_sheet(acting(), "Imp", damage=3)
    down = ava_hits_imp(battle).state
    stand = last_stand(down, "Imp")
    imp = stand.state.get("Imp")
    assert not imp.knocked_down and imp.sheet.damage == 3 and imp.mana == 0  # 004: 153-154
    assert stand.state.current == "Bram"
    again = attack(stand.state, "Bram", check("Bram", "cast", 6, 5),
                   {"Imp": check("Imp", "guard", 1, 1)}, DAMAGE).state
    assert again.get("Imp").knocked_down
    with pytest.raises(ConditionSheetError, match="already made a Last Stand this round"):
        last_stand(again.update("Imp", mana=1), "Imp")
    with pytest.raises(ConditionSheetError, match="is knocked down, in that round"):
        last_stand(acting(), "Ava")
    with pytest.raises(ConditionSheetError, match="costs 1 mana; Imp has 0"):
        last_stand(down.update("Imp", mana=0), "Imp")


# --- boost and expand ---------------------------------------------------------------------


def test_boost_adds_a_second_effect_for_one_mana():
    result = ava_hits_imp(acting(), boost=DAMAGE)
    assert result.state.get("Imp").sheet.damage == 2 and result.state.get("Ava").mana == 2
    mixed = ava_hits_imp(acting(), boost=EffectChoice("add_curse", "Slow"))
    assert mixed.state.get("Imp").sheet.curses == (Mark("Slow", 0),)  # 004: 130
    with pytest.raises(ConditionSheetError, match="declared when the attack succeeds"):
        ava_hits_imp(acting(), cast=(1, 2), guard=(5, 5), boost=DAMAGE)
    broke = acting().update("Ava", mana=0)
    with pytest.raises(ConditionSheetError, match="costs 1 mana; Ava has 0"):
        ava_hits_imp(broke, boost=DAMAGE)


def test_expand_one_cast_each_target_guards():
    battle = acting()
    result = attack(battle, "Ava", check("Ava", "cast", 2, 3, value=2),
                    {"Imp": check("Imp", "guard", 1, 1, value=1),
                     "Ogre": check("Ogre", "guard", 3, 3)}, EffectChoice("add_curse", "Poison"))
    # cast 7: Imp guard 3 (margin 4, cursed); Ogre guard 6 (margin 1 < Poison 2: no effect).
    assert result.state.get("Imp").sheet.curses == (Mark("Poison", 2),)  # 004: 133
    assert result.state.get("Ogre").sheet.curses == ()
    assert any(line.startswith("No effect on Ogre") for line in result.lines)
    assert result.state.get("Ava").mana == 2  # 1 extra target


def test_expand_costs_one_mana_per_extra_target_and_excludes_boost():
    battle = acting().update("Ava", mana=1)
    three = {"Imp": check("Imp", "guard", 1, 1), "Ogre": check("Ogre", "guard", 1, 1),
             "Bram": check("Bram", "guard", 1, 1)}
    with pytest.raises(ConditionSheetError, match="Expand 2 costs 2 mana; Ava has 1"):
        attack(battle, "Ava", check("Ava", "cast", 5, 5), three, DAMAGE)
    two = {"Imp": check("Imp", "guard", 1, 1), "Ogre": check("Ogre", "guard", 1, 1)}
    with pytest.raises(ConditionSheetError, match="Boost and Expand cannot"):
        attack(battle, "Ava", check("Ava", "cast", 5, 5), two, DAMAGE, boost=DAMAGE)
    with pytest.raises(ConditionSheetError, match="acts on the attacker"):
        attack(battle, "Ava", check("Ava", "cast", 5, 5), two, EffectChoice("refresh"))


# --- cover --------------------------------------------------------------------------------


def imp_attacks(battle: Battle, target: str = "Ava", guard=(1, 1), **kwargs):
    return attack(battle, "Imp", check("Imp", "cast", 4, 4, value=1),
                  {target: check(target, "guard", *guard, value=1)}, DAMAGE, **kwargs)


def test_cover_takes_the_hit_for_an_ally():
    battle = at(acting(), "Imp")
    cover = Cover("Bram", check("Bram", "guard", 2, 2, value=2))
    result = imp_attacks(battle, covers={"Ava": cover})
    assert result.state.get("Bram").sheet.damage == 1  # 004: 140
    assert result.state.get("Ava").sheet.damage == 0
    assert result.state.get("Bram").mana == 1
    assert "Bram covers Ava (1 mana): guard 6 (2+2 +2), hit anyway, success margin 3." \
        in result.lines
    assert result.state.acted == (*battle.acted, "Imp")  # not Bram's round action


def test_a_cover_that_guards_well_still_takes_the_hit_at_margin_zero():
    battle = at(acting(), "Imp")
    cover = Cover("Bram", check("Bram", "guard", 6, 5, value=2), pay_with_emotion=True)
    result = imp_attacks(battle, covers={"Ava": cover})
    assert result.state.get("Bram").sheet.damage == 1
    assert "success margin 0" in result.lines[-2]
    assert result.state.get("Bram").emotion("Ava") == 1  # an emotion paid (004: 141)
    assert result.state.get("Bram").mana == 2


def test_one_ally_may_cover_several_targets_of_one_attack():
    cy = new_character("Cy", "pc", cast=0, guard=0, mana=2)
    battle = acting((6, 6, 5, 4, 1, 1), battle=new_battle([*fighters().characters, cy]))
    battle = at(battle, "Imp")
    result = attack(battle, "Imp", check("Imp", "cast", 5, 5, value=1),
                    {"Ava": check("Ava", "guard", 1, 1), "Bram": check("Bram", "guard", 1, 1)},
                    DAMAGE, covers={"Ava": Cover("Cy", check("Cy", "guard", 2, 2)),
                                    "Bram": Cover("Cy", check("Cy", "guard", 3, 3))})
    cy_after = result.state.get("Cy")
    assert (cy_after.sheet.damage, cy_after.mana) == (2, 0)  # separate guards (004: 140)
    assert "Cy covers Bram (1 mana): guard 6 (3+3 +0), hit anyway, success margin 5." \
        in result.lines


def test_cover_limits():
    battle = at(acting(), "Imp")
    with pytest.raises(ConditionSheetError, match="guard held"):
        imp_attacks(battle, guard=(6, 5), covers={"Ava": Cover("Bram", check("Bram", "guard",
                                                                             1, 1))})
    with pytest.raises(ConditionSheetError, match="cannot cover Ava"):
        imp_attacks(battle, covers={"Ava": Cover("Ogre", check("Ogre", "guard", 1, 1))})
    with pytest.raises(ConditionSheetError, match="costs 1 mana; Bram has 0"):
        imp_attacks(battle.update("Bram", mana=0),
                    covers={"Ava": Cover("Bram", check("Bram", "guard", 1, 1))})
    with pytest.raises(ConditionSheetError, match="no emotion toward Ava"):
        imp_attacks(battle.update("Bram", emotions=()),
                    covers={"Ava": Cover("Bram", check("Bram", "guard", 1, 1),
                                         pay_with_emotion=True)})
    with pytest.raises(ConditionSheetError, match="not a target"):
        imp_attacks(battle, covers={"Ogre": Cover("Imp", check("Imp", "guard", 1, 1))})


# --- chain combo and counter --------------------------------------------------------------


def test_chain_combo_follows_an_allys_success_with_plus_one():
    hit = ava_hits_imp(acting()).state
    chained = chain_combo(hit, "Bram", "Ava", check("Bram", "cast", 2, 2, value=1),
                          {"Imp": check("Imp", "guard", 2, 2, value=1)}, DAMAGE)
    assert "Bram attacks Imp: cast 6 (2+2 +1 +1)." in chained.lines  # 004: 145
    assert chained.state.get("Imp").sheet.damage == 2
    assert chained.state.get("Bram").mana == 1
    assert chained.state.current == "Imp"  # Bram's turn is used (004: 144)


def test_chain_combo_paid_with_an_emotion_toward_the_ally():
    hit = ava_hits_imp(acting()).state
    chained = chain_combo(hit, "Bram", "Ava", check("Bram", "cast", 2, 2, value=1),
                          {"Imp": check("Imp", "guard", 2, 2, value=1)}, DAMAGE,
                          pay_with_emotion=True)
    bram = chained.state.get("Bram")
    assert (bram.mana, bram.emotion("Ava")) == (2, 1)  # 004: 146, 161


def test_chain_combo_limits():
    cast = check("Bram", "cast", 2, 2)
    missed = ava_hits_imp(acting(), cast=(1, 1), guard=(6, 6)).state
    with pytest.raises(ConditionSheetError, match="follows a success"):
        chain_combo(missed, "Bram", "Ava", cast, {"Imp": check("Imp", "guard", 1, 1)}, DAMAGE)
    hit = ava_hits_imp(acting()).state
    with pytest.raises(ConditionSheetError, match="same target as Ava: Imp"):
        chain_combo(hit, "Bram", "Ava", cast, {"Ogre": check("Ogre", "guard", 1, 1)}, DAMAGE)
    with pytest.raises(ConditionSheetError, match="follows an ally's attack"):
        chain_combo(hit, "Ogre", "Ava", check("Ogre", "cast", 1, 1),
                    {"Imp": check("Imp", "guard", 1, 1)}, DAMAGE)
    with pytest.raises(ConditionSheetError, match="answers an attack just made"):
        chain_combo(pass_turn(hit, "Bram").state, "Imp", "Bram", check("Imp", "cast", 1, 1),
                    {"Ava": check("Ava", "guard", 1, 1)}, DAMAGE)
    bram_done = pass_turn(at(acting(), "Bram"), "Bram").state
    imp_hit = imp_attacks(bram_done).state
    with pytest.raises(ConditionSheetError, match="not acted this round"):
        chain_combo(imp_hit, "Ava", "Imp", check("Ava", "cast", 1, 1),
                    {"Ava": check("Ava", "guard", 1, 1)}, DAMAGE)


def test_counter_strikes_back_at_the_attacker_with_plus_one():
    battle = at(acting((1, 1, 5, 4)), "Imp")
    # order: Bram 9, Imp 7, Ogre 4, Ava 2. The Imp hits Ava, who has not acted yet.
    hit = imp_attacks(battle).state
    result = counter(hit, "Ava", check("Ava", "cast", 3, 3, value=2),
                     check("Imp", "guard", 4, 4, value=1), DAMAGE)
    assert "Ava attacks Imp: cast 9 (3+3 +2 +1)." in result.lines  # 004: 150
    assert result.state.get("Imp").sheet.damage == 1
    assert result.state.get("Ava").mana == 2
    assert "Ava" in result.state.acted


def test_counter_limits():
    battle = at(acting((1, 1, 5, 4)), "Imp")
    held = imp_attacks(battle, guard=(6, 6)).state
    with pytest.raises(ConditionSheetError, match="just failed to guard"):
        counter(held, "Ava", check("Ava", "cast", 3, 3), check("Imp", "guard", 1, 1), DAMAGE)
    covered = imp_attacks(battle, covers={"Ava": Cover("Bram", check("Bram", "guard", 1, 1))})
    with pytest.raises(ConditionSheetError, match="just failed to guard"):
        counter(covered.state, "Ava", check("Ava", "cast", 3, 3), check("Imp", "guard", 1, 1),
                DAMAGE)
    with pytest.raises(ConditionSheetError, match="not acted this round"):
        counter(covered.state, "Bram", check("Bram", "cast", 3, 3),
                check("Imp", "guard", 1, 1), DAMAGE)
    with pytest.raises(ConditionSheetError, match="costs 1 mana; Ava has 0"):
        counter(imp_attacks(battle.update("Ava", mana=0)).state, "Ava",
                check("Ava", "cast", 3, 3), check("Imp", "guard", 1, 1), DAMAGE)


# --- support ------------------------------------------------------------------------------


def test_support_costs_one_mana_and_always_works():
    battle = with_sheet(acting(), "Bram", damage=2, curses=(Mark("Hex", 1),))
    healed = support(battle, "Ava", ["Bram"], EffectChoice("heal_damage"))
    assert healed.state.get("Bram").sheet.damage == 1 and healed.state.get("Ava").mana == 2
    lifted = support(battle, "Ava", ["Bram"], EffectChoice("remove_curse"))
    assert lifted.state.get("Bram").sheet.curses == ()  # 004: 97
    blessed = support(battle, "Ava", ["Ava"], EffectChoice("add_bless", "Guard Up"))
    assert blessed.state.get("Ava").sheet.blesses == (Mark("Guard Up", 3),)  # no margin needed
    assert blessed.state.current == "Bram"


def test_support_paid_with_an_emotion_toward_another():
    battle = with_sheet(acting(), "Bram", damage=1)
    result = support(battle, "Ava", ["Bram"], EffectChoice("heal_damage"), emotion_for="Bram")
    ava = result.state.get("Ava")
    assert (ava.mana, ava.emotion("Bram")) == (3, 0)  # 004: 91
    with pytest.raises(ConditionSheetError, match="other than the supporter"):
        support(battle.update("Ava", emotions=(("Ava", 1),)), "Ava", ["Ava"],
                EffectChoice("add_bless", "Cast Up"), emotion_for="Ava")


def test_support_with_boost_costs_two_and_expand_one_per_target():
    battle = with_sheet(acting(), "Bram", damage=2)
    boosted = support(battle, "Ava", ["Bram"], EffectChoice("heal_damage"), boost=EffectChoice(
        "heal_damage"))
    assert boosted.state.get("Bram").sheet.damage == 0 and boosted.state.get("Ava").mana == 1
    battle = with_sheet(battle, "Ava", damage=1)
    cleo = new_character("Cleo", "pc", cast=0, guard=0)
    battle = replace(battle, characters=(*battle.characters, replace(
        cleo, sheet=replace(cleo.sheet, damage=1))))
    three = support(battle, "Ava", ["Ava", "Bram", "Cleo"], EffectChoice("heal_damage"))
    assert three.state.get("Ava").mana == 0  # 1 + 2 (004: 133)
    assert [three.state.get(n).sheet.damage for n in ("Ava", "Bram", "Cleo")] == [0, 1, 0]
    with pytest.raises(ConditionSheetError, match="Boost and Expand"):
        support(battle, "Ava", ["Ava", "Bram"], EffectChoice("heal_damage"),
                boost=EffectChoice("heal_damage"))
    with pytest.raises(ConditionSheetError,
                       match=r"costs 3 mana \(support 1, Expand 2\); Ava has 2"):
        support(battle.update("Ava", mana=2), "Ava", ["Ava", "Bram", "Cleo"],
                EffectChoice("heal_damage"))


def test_support_is_for_allies_and_oneself():
    """004: 87 - support heals or helps allies or oneself, not the enemy."""
    battle = with_sheet(acting(), "Ogre", damage=1)
    with pytest.raises(ConditionSheetError, match="Ogre is not on Ava's side"):
        support(battle, "Ava", ["Bram", "Ogre"], EffectChoice("heal_damage"))


def test_support_limits():
    battle = acting()
    with pytest.raises(ConditionSheetError, match="no damage to heal"):
        support(battle, "Ava", ["Bram"], EffectChoice("heal_damage"))
    with pytest.raises(ConditionSheetError, match="support's effects are"):
        support(battle, "Ava", ["Bram"], DAMAGE)
    with pytest.raises(ConditionSheetError, match="different targets"):
        support(battle, "Ava", ["Bram", "Bram"], EffectChoice("heal_damage"))
    full = with_sheet(battle, "Bram", blesses=(Mark("Swift"),) * 6)
    over = support(full, "Ava", ["Bram"], EffectChoice("add_bless", "Cast Up", "Swift"))
    assert over.state.get("Bram").sheet.blesses[-1] == Mark("Cast Up", 1)  # 004: 98


# --- withdraw, pass, the end --------------------------------------------------------------


def test_withdraw_success_leaves_the_battle_for_good():
    result = withdraw(acting(), "Ava", check("Ava", "withdraw", 4, 4, value=1), 9)
    assert result.state.get("Ava").withdrawn  # 004: 110
    assert "cannot rejoin" in result.lines[0]
    nxt = at(result.state, "Ogre")
    nxt = pass_turn(nxt, "Ogre").state
    assert "Ava" not in dict(start_round(nxt, ScriptedDice([1, 1])).state.initiative)
    with pytest.raises(ConditionSheetError, match="withdrawn from the battle"):
        support(at(result.state, "Bram"), "Bram", ["Ava"], EffectChoice("add_bless", "Swift"))


def test_a_failed_withdrawal_may_be_tried_again():
    result = withdraw(acting(), "Ava", check("Ava", "withdraw", 1, 2, value=1), 9)
    assert not result.state.get("Ava").withdrawn  # 004: 112
    assert "may try again" in result.lines[0]
    with pytest.raises(ConditionSheetError, match="withdraw check"):
        withdraw(acting(), "Ava", check("Ava", "cast", 1, 2), 9)


def test_end_battle_resets_every_sheet():
    battle = with_sheet(acting(), "Bram", damage=3, curses=(Mark("Hex"),),
                        blesses=(Mark("Swift"),))
    battle = with_sheet(ava_hits_imp(with_sheet(battle, "Imp", damage=3)).state, "Ava", damage=1)
    result = end_battle(battle)
    for c in result.state.characters:
        assert c.sheet.empty and not c.knocked_down  # 004: 119
    assert result.state.get("Imp").sheet.slots == 3
    assert result.state.get("Ava").mana == 3  # mana spent is not given back
    assert "Imp was knocked down: with proper care after the battle, Imp regains " \
           "consciousness." in result.lines
    with pytest.raises(ConditionSheetError, match="ended"):
        start_round(result.state, ScriptedDice([]))
    with pytest.raises(ConditionSheetError, match="already ended"):
        end_battle(result.state)


# --- JSON round trip through a random fight -----------------------------------------------


def _act(battle: Battle, dice: SeededDice, move: int) -> Battle:
    if battle.phase in ("setup", "acting") and battle.current is None:
        return settle_order(start_round(battle, dice).state, dice, tie_order=["Ava", "Bram"]).state
    who = battle.current
    assert who is not None
    foes = [c.name for c in battle.characters
            if c.side != battle.get(who).side and c.can_act]
    me = battle.get(who)
    if move == 0 or not foes or (move == 1 and not (me.bless_recipes and me.mana)):
        return pass_turn(battle, who).state
    if move == 1:
        bless = EffectChoice("add_bless", me.bless_recipes[0].name,
                             me.sheet.blesses[0].name if len(me.sheet.blesses) == me.sheet.slots
                             else None)
        return support(battle, who, [who], bless).state
    cast = roll_check(battle, dice, who, "cast")
    guard = roll_check(cast.state, dice, foes[move % len(foes)], "guard")
    return attack(guard.state, who, cast.check, {guard.check.who: guard.check}, DAMAGE).state


@settings(max_examples=examples(40))
@given(seed=st.integers(0, 10_000), moves=st.lists(st.integers(0, 4), max_size=40))
def test_battles_survive_the_json_round_trip(seed, moves):
    battle, dice = fighters().update("Bram", bless_recipes=(Mark("Swift"),)), SeededDice(seed)
    for move in moves:
        try:
            battle = _act(battle, dice, move)
        except ConditionSheetError:
            break
        assert Battle.from_dict(json.loads(json.dumps(battle.as_dict()))) == battle
