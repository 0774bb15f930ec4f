"""Dungeon World: the load carried against the character's load (《過重》, 003: 269-279)."""

from __future__ import annotations

import pytest

from drawsteel_kit.kit.dice import ScriptedDice
from drawsteel_kit.systems.dungeon_world.rules import Burden, Character, Overloaded, encumbrance
from drawsteel_kit.systems.dungeon_world.rules.load import (
    HEAVY_MARGIN,
    HEAVY_PENALTY,
    PLAYBOOK_LOAD,
    max_load,
)
from drawsteel_kit.systems.dungeon_world.rules.roll import roll_move
from drawsteel_kit.systems.dungeon_world.rules.town import supply

SCORES = {"STR": 16, "DEX": 13, "CON": 15, "INT": 8, "WIS": 13, "CHA": 12}


def fighter(weight: int, **changes) -> Character:
    values = {"name": "Ava", "scores": SCORES, "max_hp": 23, "hp": 20, "playbook": "Fighter",
              "coin": 100, "gear": ["axe", "pack"], "weights": {"axe": 2, "pack": weight - 2}}
    return Character(**(values | changes))


def test_the_margins_are_the_seeds():
    """003: 274-275: up to load + 2 is -1 ongoing; beyond it a roll is at -1 after
    dropping gear, or fails."""
    assert (HEAVY_MARGIN, HEAVY_PENALTY) == (2, -1)
    assert PLAYBOOK_LOAD["fighter"] == 12 and PLAYBOOK_LOAD["wizard"] == 7


def test_the_load_is_the_playbooks_plus_str():
    """003: 277: the load comes from the class and STR."""
    assert max_load(fighter(2)) == 14  # 12 + STR 16's +2
    assert max_load(fighter(2, load=9)) == 11  # the sheet's own base wins
    assert max_load(fighter(2, debilities=["weak"])) == 13  # weak: STR's modifier -1
    assert max_load(fighter(2, playbook="")) is None
    assert encumbrance(fighter(2, playbook="")).burden is Burden.UNTRACKED


@pytest.mark.parametrize(("weight", "burden", "penalty"), [
    (14, Burden.LIGHT, 0), (15, Burden.HEAVY, -1), (16, Burden.HEAVY, -1),
    (17, Burden.OVERLOADED, -1)])
def test_burden_by_weight(weight, burden, penalty):
    """003: 273-275: at most the load, at most load + 2, more."""
    found = encumbrance(fighter(weight))
    assert (found.weight, found.load, found.burden, found.penalty) == (
        weight, 14, burden, penalty)


def test_a_heavy_load_takes_minus_one_on_the_moves_it_weighs_on():
    """003: 274, 279: -1 ongoing until lightened, on moves where the load matters."""
    heavy = fighter(15)
    roll = roll_move(heavy, "hack_and_slash", dice=ScriptedDice([3, 4])).rolls[0]
    assert roll.load == -1 and roll.total == 8 and "-1 load" in roll.describe()
    town = roll_move(heavy, "supply", dice=ScriptedDice([3, 4])).rolls[0]
    assert town.load == 0  # in town the pack is put down
    light = roll_move(fighter(14), "hack_and_slash", dice=ScriptedDice([3, 4])).rolls[0]
    assert light.load == 0


def test_overloaded_rolls_are_refused_with_the_two_ways_out():
    """003: 275: drop to load + 2 and roll at -1, or fail the move."""
    rolled = ScriptedDice([3, 4])
    with pytest.raises(Overloaded, match="drop gear until it weighs 16 or less"):
        roll_move(fighter(17), "defy_danger", stat="DEX", dice=rolled)
    assert rolled.remaining == 2
    dropped = fighter(17).__class__(**{**fighter(17).as_dict(), "gear": ["pack"]})
    assert encumbrance(dropped).weight == 15  # the axe put down lightens the load


def test_supply_weighs_what_it_buys():
    """003: 271: what is bought is carried."""
    after = supply(fighter(10), item="shield", price=15, weight=2).character
    assert after.weights["shield"] == 2 and encumbrance(after).weight == 12
