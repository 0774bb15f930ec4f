"""Dungeon World in town: Carouse (003: 338-347), Supply (003: 350-352) and Outstanding
Warrants (003: 372-382)."""

from __future__ import annotations

import pytest

from drawsteel_kit.kit.dice import ScriptedDice
from drawsteel_kit.systems.dungeon_world.errors import DungeonWorldError, NotEnoughCoin
from drawsteel_kit.systems.dungeon_world.rules.character import Character, Modifier
from drawsteel_kit.systems.dungeon_world.rules.roll import Band
from drawsteel_kit.systems.dungeon_world.rules.town import (
    CAROUSE_BASE_COIN,
    CAROUSE_COIN_STEP,
    CAROUSE_PICKS,
    CarouseOption,
    SupplyOption,
    WarrantComplication,
    carouse,
    carouse_bonus,
    outstanding_warrants,
    supply,
)

SCORES = {"STR": 16, "DEX": 9, "CON": 15, "INT": 8, "WIS": 13, "CHA": 16}  # CHA +2


def character(**changes) -> Character:
    values = {"name": "Ava", "scores": SCORES, "max_hp": 23, "hp": 20, "coin": 500} | changes
    return Character(**values)


ALL = ["befriend_npc", "hear_rumors", "useful_information", "not_entangled"]


def test_town_constants():
    assert CAROUSE_BASE_COIN == 100 and CAROUSE_COIN_STEP == 100  # 003: 340
    assert dict(CAROUSE_PICKS) == {Band.STRONG_HIT: 3, Band.WEAK_HIT: 1, Band.MISS: 1}
    assert [o.value for o in CarouseOption] == ALL  # 003: 342-345
    assert len(WarrantComplication) == 3  # 003: 376-378


# --- Carouse --------------------------------------------------------------------------


@pytest.mark.parametrize(("coin", "bonus"), [(100, 0), (199, 0), (200, 1), (350, 2), (500, 4)])
def test_carouse_adds_one_per_extra_hundred(coin, bonus):
    assert carouse_bonus(coin) == bonus


def test_carouse_costs_at_least_a_hundred():
    with pytest.raises(DungeonWorldError, match="coin for Carouse must be 100 or more, got 50"):
        carouse(character(), coin=50, dice=ScriptedDice([3, 3]))
    with pytest.raises(NotEnoughCoin, match="Carouse spends 300 coin; Ava has 120"):
        carouse(character(coin=120), coin=300, dice=ScriptedDice([3, 3]))


def test_carouse_strong_hit_takes_the_first_three_choices():
    result = carouse(character(), coin=300, choices=ALL, dice=ScriptedDice([4, 4]))
    roll = result.rolls[0]
    assert roll.stat is None and roll.bonus == 2 and roll.total == 10
    assert result.character.coin == 200
    assert result.choices == tuple(ALL[:3])
    assert "Carouse: 4+4 +2 coin = 10" in result.lines[1]


def test_carouse_weak_hit_takes_one():
    result = carouse(character(), choices=["not_entangled", "hear_rumors"],
                     dice=ScriptedDice([4, 4]))
    assert result.band is Band.WEAK_HIT and result.choices == ("not_entangled",)
    assert not any("out of hand" in line for line in result.lines)


def test_carouse_miss_takes_one_and_gets_out_of_hand():
    result = carouse(character(), choices=["befriend_npc"], dice=ScriptedDice([1, 2]))
    assert result.band is Band.MISS and result.choices == ("befriend_npc",)
    assert result.lines[-1] == "things get out of hand (the GM says how)"


def test_carouse_choices_left_open_are_counted():
    few = carouse(character(), choices=["hear_rumors"], dice=ScriptedDice([6, 6]))
    assert "(2 still to choose)" in few.lines[-1]
    none = carouse(character(), dice=ScriptedDice([6, 6]))
    assert none.choices == () and "none named yet" in none.lines[-1]


def test_carouse_choices_are_checked():
    with pytest.raises(DungeonWorldError, match="may name each option once"):
        carouse(character(), choices=["hear_rumors", "hear_rumors"], dice=ScriptedDice([3, 3]))
    with pytest.raises(DungeonWorldError, match="Carouse's choices must be one of"):
        carouse(character(), choices=["free_drinks"], dice=ScriptedDice([3, 3]))


def test_carouse_spare_coin_is_noted():
    result = carouse(character(), coin=250, dice=ScriptedDice([3, 3]))
    assert result.character.coin == 250
    assert "the last 50 coin is short of a full 100" in result.lines[1]


def test_carouse_uses_forward_like_any_roll():
    ava = character(forward=[Modifier(1)])
    result = carouse(ava, dice=ScriptedDice([3, 3]))
    assert result.rolls[0].total == 7 and result.character.forward == ()


# --- Supply ---------------------------------------------------------------------------


def test_ordinary_goods_are_bought_without_a_roll():
    result = supply(character(), item="Adventuring gear", price=20)
    assert result.rolls == () and result.character.coin == 480
    assert result.character.gear == ("Adventuring gear",)


def test_rations_bought_add_uses():
    ava = supply(character(rations=1), item="Dungeon rations", price=3, ration_uses=5).character
    assert ava.rations == 6 and ava.gear == ()


def test_special_item_strong_hit_at_a_fair_price():
    result = supply(character(), item="Elven chain", price=150, special=True,
                    dice=ScriptedDice([4, 4]))
    assert result.rolls[0].stat.value == "CHA" and result.rolls[0].total == 10
    assert result.character.coin == 350 and result.choices == ("Elven chain",)


def test_special_item_weak_hit_options():
    dice = [3, 3]  # 6 + 2 = 8
    more = supply(character(), item="Elven chain", price=150, special=True,
                  weak_hit="pay_more", higher_price=220, dice=ScriptedDice(dice))
    assert more.character.coin == 280 and more.character.gear == ("Elven chain",)
    close = supply(character(), item="Elven chain", price=150, special=True,
                   weak_hit=SupplyOption.SETTLE, similar_item="Dwarven chain",
                   dice=ScriptedDice(dice))
    assert close.character.gear == ("Dwarven chain",) and close.character.coin == 350
    declined = supply(character(), item="Elven chain", price=150, special=True,
                      dice=ScriptedDice(dice))
    assert declined.character.coin == 500 and "declined" in declined.lines[-1]


def test_special_item_miss_buys_nothing():
    result = supply(character(), item="Elven chain", price=150, special=True,
                    dice=ScriptedDice([1, 1]))
    assert result.character.coin == 500 and result.choices == ()
    assert result.lines[-1] == "Ava buys nothing: the GM makes a move"


def test_supply_checks_its_inputs():
    with pytest.raises(NotEnoughCoin, match="Elven chain costs 150 coin; Ava has 20"):
        supply(character(coin=20), item="Elven chain", price=150, special=True,
               dice=ScriptedDice([6, 6]))
    with pytest.raises(DungeonWorldError, match="needs higher_price"):
        supply(character(), item="x", price=5, special=True, weak_hit="pay_more",
               dice=ScriptedDice([3, 3]))
    with pytest.raises(DungeonWorldError, match="higher_price must be 5 or more"):
        supply(character(), item="x", price=5, special=True, weak_hit="pay_more",
               higher_price=4, dice=ScriptedDice([3, 3]))
    with pytest.raises(DungeonWorldError, match="similar_item"):
        supply(character(), item="x", price=5, special=True, weak_hit="settle",
               dice=ScriptedDice([3, 3]))
    with pytest.raises(DungeonWorldError, match="so give dice"):
        supply(character(), item="x", price=5, special=True)
    with pytest.raises(DungeonWorldError, match="weak_hit option must be one of"):
        supply(character(), item="x", price=5, weak_hit="haggle")


# --- Outstanding Warrants ---------------------------------------------------------------


def test_warrants_strong_hit_everyone_knows_you():
    result = outstanding_warrants(character(), dice=ScriptedDice([4, 4]),
                                  complication="bounty")
    assert result.rolls[0].total == 10 and result.choices == ()
    assert "everyone recognises them" in result.lines[-1]


def test_warrants_weak_hit_adds_the_gms_complication():
    result = outstanding_warrants(character(), dice=ScriptedDice([3, 3]),
                                  complication=WarrantComplication.WARRANT)
    assert result.band is Band.WEAK_HIT and result.choices == ("warrant",)
    assert "everyone recognises them" in result.lines[1]
    open_pick = outstanding_warrants(character(), dice=ScriptedDice([3, 3]))
    assert open_pick.choices == () and "the GM picks one complication" in open_pick.lines[-1]


def test_warrants_miss_and_checks():
    miss = outstanding_warrants(character(), dice=ScriptedDice([1, 1]))
    assert miss.band is Band.MISS and "the GM makes a move" in miss.lines[-1]
    with pytest.raises(DungeonWorldError, match="the complication must be one of"):
        outstanding_warrants(character(), dice=ScriptedDice([3, 3]), complication="jail")


def test_paying_more_must_be_affordable_too():
    with pytest.raises(NotEnoughCoin, match=r"on a 7-9 \(weak_hit='pay_more'\) costs 220"):
        supply(character(coin=200), item="Elven chain", price=150, special=True,
               weak_hit="pay_more", higher_price=220, dice=ScriptedDice([3, 3]))
