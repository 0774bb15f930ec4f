"""Dungeon World: the 2d6 + modifier move roll and its three bands (003: 16, 257, 387)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drawsteel_kit.kit.dice import ScriptedDice, SeededDice
from drawsteel_kit.kit.errors import DiceExhausted, RulesError
from drawsteel_kit.systems.dungeon_world.errors import DungeonWorldError, NotEnoughPreparation
from drawsteel_kit.systems.dungeon_world.rules.character import Modifier
from drawsteel_kit.systems.dungeon_world.rules.moves import Move
from drawsteel_kit.systems.dungeon_world.rules.roll import (
    MISS_XP,
    PREPARATION_BONUS,
    PREPARATION_PER_ROLL,
    ROLL_DICE,
    ROLL_SIDES,
    STRONG_HIT_MIN,
    WEAK_HIT_MIN,
    Band,
    band_for_total,
    roll_move,
)
from drawsteel_kit.systems.dungeon_world.rules.stats import Stat
from systems.dungeon_world.helpers import character


def test_roll_constants():
    assert (ROLL_DICE, ROLL_SIDES) == (2, 6)  # 003: 257
    assert (STRONG_HIT_MIN, WEAK_HIT_MIN) == (10, 7)  # 003: 16
    assert PREPARATION_BONUS == PREPARATION_PER_ROLL == 1  # 003: 387
    assert MISS_XP == 1


@pytest.mark.parametrize(
    ("total", "band"),
    [(-3, Band.MISS), (2, Band.MISS), (6, Band.MISS), (7, Band.WEAK_HIT), (9, Band.WEAK_HIT),
     (10, Band.STRONG_HIT), (12, Band.STRONG_HIT), (15, Band.STRONG_HIT)],
)
def test_bands(total, band):
    assert band_for_total(total) is band


@pytest.mark.parametrize("total", [7.0, "7", None, True])
def test_band_needs_a_whole_total(total):
    with pytest.raises(RulesError, match="a roll total must be a whole number"):
        band_for_total(total)


@given(st.integers(1, 6), st.integers(1, 6), st.sampled_from(list(Stat)))
def test_roll_is_2d6_plus_the_stats_modifier(a, b, stat):
    ava = character()
    result = roll_move(ava, Move.DEFY_DANGER, stat=stat, dice=ScriptedDice([a, b]))
    roll = result.rolls[0]
    assert roll.faces == (a, b) == result.faces
    assert roll.total == a + b + ava.modifier(stat)
    assert roll.band is band_for_total(roll.total) is result.band
    assert result.after == (ava,)  # nothing to use up


def test_fixed_stat_moves_roll_their_stat():
    result = roll_move(character(), "take_watch", dice=ScriptedDice([4, 5]))
    assert result.rolls[0].stat is Stat.WIS and result.rolls[0].total == 10
    assert result.lines == ("Ava rolls Take Watch: 4+5 +1 WIS = 10, a strong hit (10+)",)
    same = roll_move(character(), Move.TAKE_WATCH, stat="WIS", dice=ScriptedDice([4, 5]))
    assert same.rolls == result.rolls
    with pytest.raises(DungeonWorldError, match=r"Take Watch rolls \+WIS, not \+STR"):
        roll_move(character(), Move.TAKE_WATCH, stat="STR", dice=ScriptedDice([4, 5]))


def test_defy_danger_needs_a_stat_and_statless_moves_take_none():
    with pytest.raises(DungeonWorldError, match="name one of STR, DEX"):
        roll_move(character(), Move.DEFY_DANGER, dice=ScriptedDice([4, 5]))
    with pytest.raises(DungeonWorldError, match=r"Carouse rolls no stat, not \+CHA"):
        roll_move(character(), Move.CAROUSE, stat="CHA", dice=ScriptedDice([4, 5]))


def test_moves_without_a_roll_are_refused():
    with pytest.raises(DungeonWorldError, match="Make Camp has no roll"):
        roll_move(character(), Move.MAKE_CAMP, dice=ScriptedDice([4, 5]))
    with pytest.raises(DungeonWorldError, match="a move must be one of"):
        roll_move(character(), "nap", dice=ScriptedDice([4, 5]))


def test_a_debility_lowers_the_roll():
    roll = roll_move(character(debilities=["confused"]), Move.DISCERN_REALITIES,
                     dice=ScriptedDice([4, 5])).rolls[0]
    assert roll.stat_modifier == 0 and roll.total == 9 and roll.band is Band.WEAK_HIT


def test_forward_is_used_up_by_the_next_roll_it_applies_to():
    ava = character(forward=[Modifier(1, None, "Take Watch"), Modifier(-1, Move.RECRUIT)])
    first = roll_move(ava, Move.HACK_AND_SLASH, dice=ScriptedDice([3, 3]))
    roll = first.rolls[0]
    assert roll.forward == 1 and roll.total == 3 + 3 + 2 + 1
    assert first.character.forward == (Modifier(-1, Move.RECRUIT),)
    second = roll_move(first.character, Move.RECRUIT, dice=ScriptedDice([3, 4]))
    assert second.rolls[0].forward == -1 and second.rolls[0].total == 6
    assert second.character.forward == ()


def test_forward_can_be_kept_for_later():
    ava = character(forward=[Modifier(1)])
    result = roll_move(ava, Move.PARLEY, dice=ScriptedDice([3, 3]), apply_forward=False)
    assert result.rolls[0].forward == 0 and result.character.forward == ava.forward


def test_ongoing_applies_to_every_roll_and_stays():
    ava = character(ongoing=[Modifier(-1, None, "Encumbrance")])
    result = roll_move(ava, Move.VOLLEY, dice=ScriptedDice([5, 5]))
    assert result.rolls[0].ongoing == -1 and result.rolls[0].total == 9
    assert result.character.ongoing == ava.ongoing
    assert "-1 ongoing" in result.lines[0]


def test_one_preparation_per_roll_adds_one():
    ava = character(preparation=3)
    result = roll_move(ava, Move.SPOUT_LORE, dice=ScriptedDice([4, 4]), spend_preparation=True)
    assert result.rolls[0].preparation == 1 and result.rolls[0].total == 4 + 4 - 1 + 1
    assert result.character.preparation == 2
    with pytest.raises(DungeonWorldError, match="spend_preparation must be True or False"):
        roll_move(ava, Move.SPOUT_LORE, dice=ScriptedDice([4, 4]), spend_preparation=2)
    with pytest.raises(NotEnoughPreparation, match="Ava has no preparation to spend"):
        roll_move(character(), Move.SPOUT_LORE, dice=ScriptedDice([4, 4]),
                  spend_preparation=True)


def test_aid_takes_its_bonus():
    roll = roll_move(character(), Move.AID_OR_INTERFERE, bonus=2, dice=ScriptedDice([2, 3]))
    assert roll.rolls[0].total == 7 and "+2 bonus" in roll.lines[0]


def test_last_breath_adds_nothing():
    ava = character(forward=[Modifier(1)], ongoing=[Modifier(2)], preparation=1)
    result = roll_move(ava, Move.LAST_BREATH, dice=ScriptedDice([4, 5]))
    assert result.rolls[0].total == 9 and result.character == ava
    for extra in ({"bonus": 1}, {"spend_preparation": True}):
        with pytest.raises(DungeonWorldError, match="2d6 with nothing added"):
            roll_move(ava, Move.LAST_BREATH, dice=ScriptedDice([4, 5]), **extra)


def test_xp_on_a_miss_only_when_the_table_says_so():
    ava = character(xp=2)
    plain = roll_move(ava, Move.PARLEY, dice=ScriptedDice([1, 2]))
    assert plain.character.xp == 2 and plain.rolls[0].xp_marked == 0
    marked = roll_move(ava, Move.PARLEY, dice=ScriptedDice([1, 2]), xp_on_miss=True)
    assert marked.character.xp == 3 and marked.lines[-1] == "Ava marks 1 XP for the miss"
    hit = roll_move(ava, Move.PARLEY, dice=ScriptedDice([6, 2]), xp_on_miss=True)
    assert hit.character.xp == 2


def test_typed_in_dice_are_checked():
    with pytest.raises(DiceExhausted):
        roll_move(character(), Move.PARLEY, dice=ScriptedDice([4]))
    with pytest.raises(RulesError, match="cannot come from a d6"):
        roll_move(character(), Move.PARLEY, dice=ScriptedDice([7, 1]))


def test_seeded_dice_repeat():
    one = roll_move(character(), Move.PARLEY, dice=SeededDice(11))
    two = roll_move(character(), Move.PARLEY, dice=SeededDice(11))
    assert one == two


def test_results_are_json_able_and_name_a_single_character():
    result = roll_move(character(), Move.PARLEY, dice=ScriptedDice([1, 2]))
    plain = json.loads(json.dumps(result.as_dict()))
    assert plain["move"] == "parley" and plain["rolls"][0]["band"] == "6-"
    assert plain["after"][0]["name"] == "Ava"
    with pytest.raises(RulesError, match="needs a Character"):
        roll_move({"name": "Ava"}, Move.PARLEY, dice=ScriptedDice([1, 2]))
