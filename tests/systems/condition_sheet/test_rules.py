"""Condition-sheet combat: sheet, characters, checks, initiative (seed 004: 1-47, 156-163)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drawsteel_kit.kit.dice import ScriptedDice, SeededDice
from drawsteel_kit.kit.errors import DiceExhausted, RulesError
from drawsteel_kit.systems.condition_sheet.rules import (
    BOOST_MANA,
    CHAIN_COMBO_BONUS,
    CHAIN_COMBO_MANA,
    CHECK_DICE,
    COUNTER_BONUS,
    COUNTER_MANA,
    COVER_MANA,
    DIE_SIDES,
    EMOTION_COST,
    EXPAND_MANA_PER_TARGET,
    FUMBLE_FACE,
    LAST_STAND_MANA,
    LAST_STAND_PER_ROUND,
    LUCK_MATCHES,
    LUCKY_FACE,
    MIN_SLOTS,
    PREPARATION_EXTRA_DICE,
    REROLL_MANA,
    ROWS,
    SLOTS,
    SUPPORT_MANA,
    Battle,
    Character,
    Check,
    ConditionSheetError,
    Mark,
    Sheet,
    TieUnresolved,
    fixed_check,
    new_battle,
    new_character,
    reroll_check,
    reroll_initiative,
    roll_check,
    settle_order,
    start_round,
)
from drawsteel_kit.systems.condition_sheet.rules.sheet import (
    add_bless,
    add_curse,
    add_damage,
    erase_bless,
    remove_curse,
    remove_damage,
    reset_sheet,
)


def test_the_books_numbers():
    assert SLOTS == 6 and ROWS == ("damage", "curse", "bless")  # 004: 7-13
    assert MIN_SLOTS == 1  # weak foes: 5 or fewer (004: 15)
    assert (CHECK_DICE, DIE_SIDES) == (2, 6)  # 004: 41, 62, 64
    assert SUPPORT_MANA == 1  # 004: 91
    assert BOOST_MANA == 1  # 004: 130
    assert EXPAND_MANA_PER_TARGET == 1  # 004: 133
    assert CHAIN_COMBO_BONUS == COUNTER_BONUS == 1  # 004: 145, 150
    assert LAST_STAND_PER_ROUND == 1  # 004: 154
    assert PREPARATION_EXTRA_DICE == 1  # 004: 163
    assert EMOTION_COST == 1  # 004: 141, 146


def test_the_readings_where_the_seed_names_no_number():
    # Mana costs of special actions and rerolls (004: 124, 140, 160) and lucky/fumble
    # (004: 70-74) are not numbered in the seed: the report names these readings.
    assert REROLL_MANA == COVER_MANA == CHAIN_COMBO_MANA == COUNTER_MANA == LAST_STAND_MANA == 1
    assert (LUCKY_FACE, FUMBLE_FACE, LUCK_MATCHES) == (6, 1, 2)


# --- the sheet ----------------------------------------------------------------------------


def test_a_new_sheet_is_empty_with_six_slots():
    sheet = Sheet()
    assert (sheet.slots, sheet.damage, sheet.curses, sheet.blesses) == (6, 0, (), ())
    assert sheet.empty and sheet.row("damage") == "······"


@pytest.mark.parametrize("slots", [0, 7, -1, 2.0, True])
def test_slots_run_from_one_to_six(slots):
    with pytest.raises(ConditionSheetError):
        Sheet(slots=slots)


def test_damage_fills_slots_then_overflows():
    sheet, over = Sheet(slots=3), False
    for expected in (1, 2, 3):
        sheet, over = add_damage(sheet)
        assert (sheet.damage, over) == (expected, False)
    assert add_damage(sheet) == (sheet, True)  # 004: 117
    assert sheet.row("damage") == "×××"


def test_curses_fill_slots_then_overflow():
    sheet = Sheet(slots=2)
    sheet, _ = add_curse(sheet, Mark("Poison", 2))
    sheet, _ = add_curse(sheet, Mark("Poison", 2))
    assert add_curse(sheet, Mark("Slow")) == (sheet, True)
    assert sheet.row("curse") == "[Poison][Poison]"


def test_a_bless_overwrites_only_on_a_full_row():
    sheet = add_bless(Sheet(slots=2), Mark("Cast Up", 1))
    with pytest.raises(ConditionSheetError, match="has room"):
        add_bless(sheet, Mark("Guard Up"), "Cast Up")
    sheet = add_bless(sheet, Mark("Guard Up"))
    with pytest.raises(ConditionSheetError, match="name the bless that Swift overwrites"):
        add_bless(sheet, Mark("Swift"))
    assert add_bless(sheet, Mark("Swift"), "Cast Up").blesses == (Mark("Swift"), Mark("Guard Up"))
    with pytest.raises(ConditionSheetError, match="no bless called 'Nope'"):
        add_bless(sheet, Mark("Swift"), "Nope")


def test_removing_marks():
    sheet = Sheet(damage=1, curses=(Mark("Poison", 2), Mark("Slow")),
                  blesses=(Mark("Cast Up"),))
    assert remove_damage(sheet).damage == 0
    with pytest.raises(ConditionSheetError, match="no damage"):
        remove_damage(remove_damage(sheet))
    assert remove_curse(sheet)[1] == Mark("Slow")  # the latest
    assert remove_curse(sheet, "Poison")[0].curses == (Mark("Slow"),)
    assert erase_bless(sheet)[0].blesses == ()
    with pytest.raises(ConditionSheetError, match="no bless to remove"):
        erase_bless(Sheet())


def test_reset_clears_every_row_and_keeps_the_slots():
    sheet = Sheet(slots=4, damage=4, curses=(Mark("Poison"),), blesses=(Mark("Cast Up"),))
    assert reset_sheet(sheet) == Sheet(slots=4)  # 004: 119


# --- characters ---------------------------------------------------------------------------


def ava(**changes) -> Character:
    base = dict(cast=2, guard=1, mana=3, curses={"Poison": 2}, blesses={"Cast Up": 1},
                emotions={"Bram": 1}, preparations=("Scouted the hall",))
    return new_character("Ava", "pc", **{**base, **changes})


def test_new_character():
    c = ava(slots=5)
    assert c.sheet == Sheet(slots=5) and c.emotion("Bram") == 1 and c.emotion("Imp") == 0
    assert c.recipe("curse", "Poison") == Mark("Poison", 2)
    assert c.can_act and not c.knocked_down
    with pytest.raises(ConditionSheetError, match="has not learned a bless called 'Haste'"):
        c.recipe("bless", "Haste")


@pytest.mark.parametrize(("changes", "message"), [
    ({"mana": -1}, "0 or more"),
    ({"cast": "2"}, "whole number"),
    ({"emotions": {"Bram": 0}}, "1 or more"),
    ({"curses": {"Poison": -1}}, "0 or more"),
])
def test_bad_characters_are_refused(changes, message):
    with pytest.raises(ConditionSheetError, match=message):
        ava(**changes)


def test_a_side_is_pc_or_gm():
    with pytest.raises(ConditionSheetError, match="'pc' or 'gm'"):
        new_character("X", "npc", cast=0, guard=0)
    with pytest.raises(ConditionSheetError, match="unique names"):
        new_battle([ava(), ava()])


# --- checks -------------------------------------------------------------------------------


def duel(**imp) -> Battle:
    return new_battle([ava(), new_character("Bram", "pc", cast=1, guard=2, mana=2),
                       new_character("Imp", "gm", cast=1, guard=1, slots=3, **imp)])


def test_a_check_is_2d6_plus_the_ability():
    result = roll_check(duel(), ScriptedDice([4, 3]), "Ava", "cast")
    assert result.check.total == 9 and result.faces == (4, 3)  # 004: 62
    assert result.lines == ("Ava's cast: 9 (4+3 +2).",)
    assert roll_check(duel(), ScriptedDice([1, 2]), "Bram", "guard").check.total == 5  # 004: 64


def test_the_gm_may_use_fixed_values():
    battle = duel(fixed_cast=8, fixed_guard=6)
    cast = roll_check(battle, ScriptedDice([]), "Imp", "cast")
    assert cast.check.fixed and cast.check.total == 8 and cast.faces == ()  # 004: 68
    assert roll_check(battle, ScriptedDice([]), "Imp", "guard").check.total == 6
    assert fixed_check("Imp", "guard", 6) == roll_check(battle, ScriptedDice([]), "Imp",
                                                        "guard").check
    assert not cast.check.lucky and not cast.check.fumble


def test_withdraw_checks_use_the_approved_ability():
    with pytest.raises(ConditionSheetError, match="the ability the GM approved: give its value"):
        roll_check(duel(), ScriptedDice([1, 1]), "Ava", "withdraw")
    assert roll_check(duel(), ScriptedDice([3, 3]), "Ava", "withdraw", value=4).check.total == 10
    with pytest.raises(ConditionSheetError, match="own cast value"):
        roll_check(duel(), ScriptedDice([1, 1]), "Ava", "cast", value=5)


def test_a_preparation_adds_one_die_once():
    result = roll_check(duel(), ScriptedDice([2, 3, 4]), "Ava", "cast",
                        preparation="Scouted the hall")
    assert result.check.total == 11 and len(result.faces) == 3  # 004: 163
    assert result.state.get("Ava").preparations == ()
    with pytest.raises(ConditionSheetError, match="used once"):
        roll_check(result.state, ScriptedDice([2, 3, 4]), "Ava", "cast",
                   preparation="Scouted the hall")
    with pytest.raises(ConditionSheetError, match="no dice to add to"):
        roll_check(duel(fixed_cast=5), ScriptedDice([]), "Imp", "cast", preparation="x")


@pytest.mark.parametrize(("faces", "lucky", "fumble"), [
    ((6, 6), True, False), ((1, 1), False, True), ((6, 5), False, False),
    ((6, 6, 1), True, False), ((1, 6, 1), False, True), ((6, 1, 5), False, False),
])
def test_lucky_and_fumble(faces, lucky, fumble):
    check = Check("Ava", "cast", faces, 0, preparation="x" if len(faces) == 3 else None)
    assert (check.lucky, check.fumble) == (lucky, fumble)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"faces": (7, 1)}, "1-6"), ({"faces": (1,)}, "rolls 2d6"), ({"kind": "dodge"}, "one of"),
    ({"faces": (1, 1), "fixed": True}, "fixed value"),
])
def test_bad_checks_are_refused(kwargs, message):
    with pytest.raises(ConditionSheetError, match=message):
        Check(**{"who": "Ava", "kind": "cast", "faces": (1, 1), "value": 0, **kwargs})


def test_a_reroll_costs_mana_and_keeps_the_better_roll():
    first = roll_check(duel(), ScriptedDice([2, 2]), "Ava", "cast")
    up = reroll_check(first.state, ScriptedDice([5, 4]), first.check)
    assert up.check.faces == (5, 4) and up.check.rerolls == 1  # 004: 160
    assert up.state.get("Ava").mana == 2
    down = reroll_check(up.state, ScriptedDice([1, 2]), up.check)
    assert down.check.faces == (5, 4) and down.check.rerolls == 2
    assert "keeps the old roll" in down.lines[0]
    assert reroll_check(up.state, ScriptedDice([6, 6]), Check("Ava", "cast", (5, 6), 2)
                        ).check.lucky  # lucky beats a higher total


def test_rerolls_need_mana_and_dice():
    broke = new_battle([ava(mana=0)])
    check = Check("Ava", "cast", (1, 1), 2)
    with pytest.raises(ConditionSheetError, match="costs 1 mana; Ava has 0"):
        reroll_check(broke, ScriptedDice([3, 3]), check)
    with pytest.raises(ConditionSheetError, match="fixed value"):
        reroll_check(duel(), ScriptedDice([3, 3]), fixed_check("Imp", "cast", 5))


# --- initiative ---------------------------------------------------------------------------


def test_each_round_starts_with_2d6_initiative_and_fixed_gm_values():
    result = start_round(duel(fixed_initiative=7), ScriptedDice([6, 5, 2, 1]))
    assert dict(result.state.initiative) == {"Ava": 11, "Bram": 3, "Imp": 7}  # 004: 41, 43
    assert result.state.round == 1 and result.faces == (6, 5, 2, 1)
    settled = settle_order(result.state, ScriptedDice([]))
    assert settled.state.order == ("Ava", "Imp", "Bram") and settled.state.current == "Ava"


def test_a_gm_character_without_a_fixed_value_rolls():
    result = start_round(duel(), ScriptedDice([6, 5, 2, 1, 3, 3]))
    assert dict(result.state.initiative)["Imp"] == 6


def test_tied_players_agree_before_any_die_is_rolled():
    battle = start_round(duel(fixed_initiative=2), ScriptedDice([4, 4, 5, 3])).state
    with pytest.raises(TieUnresolved,
                       match=r"Ava and Bram tied at 8.*the tie order, e.g. Ava,Bram") as err:
        settle_order(battle, ScriptedDice([]))
    assert err.value.tied == ("Ava", "Bram")
    assert settle_order(battle, ScriptedDice([]), tie_order=["Bram", "Ava"]).state.order == (
        "Bram", "Ava", "Imp")


@pytest.mark.parametrize(("roll_off", "order"), [
    ([5, 5, 1, 2], ("Ava", "Imp", "Bram")),
    ([1, 2, 5, 5], ("Imp", "Ava", "Bram")),
    ([3, 3, 4, 2, 6, 6, 1, 1], ("Ava", "Imp", "Bram")),  # equal again: roll again
])
def test_a_player_and_gm_tie_rolls_off(roll_off, order):
    battle = start_round(duel(fixed_initiative=7), ScriptedDice([3, 4, 1, 1])).state
    result = settle_order(battle, ScriptedDice(roll_off))
    assert result.state.order == order  # 004: 45
    assert result.faces == tuple(roll_off)
    assert any(line.startswith("Roll-off: Ava") for line in result.lines)


def test_two_players_and_a_gm_tied_merge_by_roll_offs():
    battle = start_round(duel(fixed_initiative=7), ScriptedDice([3, 4, 5, 2])).state
    # Agreed: Bram before Ava. The first player's character left rolls off against the
    # first GM character left, until one side has been placed.
    result = settle_order(battle, ScriptedDice([1, 1, 6, 6]), tie_order=["Bram", "Ava"])
    assert result.state.order == ("Imp", "Bram", "Ava")
    result = settle_order(battle, ScriptedDice([6, 6, 1, 1, 1, 1, 6, 5]),
                          tie_order=["Bram", "Ava"])
    assert result.state.order == ("Bram", "Imp", "Ava")


def test_gm_ties_are_the_gms_order():
    battle = new_battle([new_character("Imp", "gm", cast=0, guard=0, fixed_initiative=5),
                         new_character("Ogre", "gm", cast=0, guard=0, fixed_initiative=5)])
    battle = start_round(battle, ScriptedDice([])).state
    assert settle_order(battle, ScriptedDice([])).state.order == ("Imp", "Ogre")
    assert settle_order(battle, ScriptedDice([]), tie_order=["Ogre"]).state.order == (
        "Ogre", "Imp")


def test_initiative_rerolls_cost_mana_and_keep_the_higher():
    battle = start_round(duel(fixed_initiative=7), ScriptedDice([1, 2, 3, 3])).state
    up = reroll_initiative(battle, ScriptedDice([6, 4]), "Ava")
    assert dict(up.state.initiative)["Ava"] == 10 and up.state.get("Ava").mana == 2  # 004: 47
    down = reroll_initiative(up.state, ScriptedDice([1, 1]), "Ava")
    assert dict(down.state.initiative)["Ava"] == 10
    with pytest.raises(ConditionSheetError, match="fixed initiative"):
        reroll_initiative(battle, ScriptedDice([1, 1]), "Imp")
    settled = settle_order(up.state, ScriptedDice([])).state
    with pytest.raises(ConditionSheetError, match="before the order is settled"):
        reroll_initiative(settled, ScriptedDice([1, 1]), "Ava")


def test_rounds_follow_in_order():
    battle = duel(fixed_initiative=7)
    with pytest.raises(ConditionSheetError, match="start the round"):
        settle_order(battle, ScriptedDice([]))
    battle = start_round(battle, ScriptedDice([6, 5, 2, 1])).state
    with pytest.raises(ConditionSheetError, match="settle the order"):
        start_round(battle, ScriptedDice([]))
    battle = settle_order(battle, ScriptedDice([])).state
    with pytest.raises(ConditionSheetError, match="Ava has not acted yet"):
        start_round(battle, ScriptedDice([]))


def test_initiative_dice_must_be_d6_faces():
    with pytest.raises(RulesError, match="cannot come from a d6"):
        start_round(duel(), ScriptedDice([7, 1, 1, 1, 1, 1]))
    with pytest.raises(DiceExhausted):
        start_round(duel(), ScriptedDice([1]))


def test_seeded_rounds_are_reproducible():
    one = start_round(duel(), SeededDice(5))
    two = start_round(duel(), SeededDice(5))
    assert one.state == two.state and one.faces == two.faces


# --- JSON round trip ----------------------------------------------------------------------

names = st.sampled_from(["Poison", "Slow", "Cast Up", "Guard Up", "Swift"])
marks = st.builds(Mark, names, st.integers(0, 6))


@st.composite
def characters(draw) -> Character:
    slots = draw(st.integers(1, 6))
    sheet = Sheet(slots=slots, damage=draw(st.integers(0, slots)),
                  curses=tuple(draw(st.lists(marks, max_size=slots))),
                  blesses=tuple(draw(st.lists(marks, max_size=slots))))
    return Character(
        name=draw(st.sampled_from(["Ava", "Bram", "Imp"])),
        side=draw(st.sampled_from(["pc", "gm"])),
        cast=draw(st.integers(-3, 9)), guard=draw(st.integers(-3, 9)),
        mana=draw(st.integers(0, 9)), sheet=sheet,
        curse_recipes=tuple(draw(st.lists(marks, max_size=3, unique_by=lambda m: m.name))),
        bless_recipes=tuple(draw(st.lists(marks, max_size=3, unique_by=lambda m: m.name))),
        emotions=tuple(sorted(draw(st.dictionaries(names, st.integers(1, 3))).items())),
        preparations=tuple(draw(st.lists(names, max_size=2))),
        fixed_initiative=draw(st.none() | st.integers(2, 12)),
        knocked_down_round=draw(st.integers(0, 3)), withdrawn=draw(st.booleans()),
        last_stand_round=draw(st.integers(0, 3)))


@given(characters())
def test_characters_survive_the_json_round_trip(character):
    data = json.loads(json.dumps(character.as_dict()))
    assert Character.from_dict(data) == character


@given(st.builds(Check, st.just("Ava"), st.sampled_from(["cast", "guard"]),
                 st.tuples(st.integers(1, 6), st.integers(1, 6)), st.integers(-2, 5),
                 st.integers(0, 1)))
def test_checks_survive_the_json_round_trip(check):
    assert Check.from_dict(json.loads(json.dumps(check.as_dict()))) == check


@pytest.mark.parametrize("data", [{}, "x", {**duel().as_dict(), "characters": [{"a": 1}]},
                                  {**duel().as_dict(), "order": ["Nobody"]}])
def test_bad_battle_dicts_are_refused(data):
    with pytest.raises(ConditionSheetError):
        Battle.from_dict(data)
