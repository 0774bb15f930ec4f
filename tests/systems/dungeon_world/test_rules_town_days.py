"""Dungeon World: a stretch of town days resolved in order with one dice source."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drawsteel_kit.kit.dice import ScriptedDice, SeededDice
from drawsteel_kit.kit.errors import DiceExhausted
from drawsteel_kit.systems.dungeon_world.errors import DungeonWorldError, NotEnoughCoin
from drawsteel_kit.systems.dungeon_world.rules import (
    Character,
    Move,
    TownEntry,
    UnknownCharacter,
    carouse,
    resolve_town_days,
)
from drawsteel_kit.systems.dungeon_world.rules.town_days import TOWN_DAY_MOVES
from systems.dungeon_world.helpers import SCORES


def character(**changes) -> Character:
    values = {"name": "Ava", "scores": SCORES, "max_hp": 23, "hp": 5, "coin": 300,
              "rations": 4} | changes
    return Character(**values)


def party() -> list[Character]:
    return [character(), character(name="Bo", xp=8, debilities=["weak"]),
            character(name="Cy", coin=0)]


PLAN = [
    {"day": 1, "move": "carouse", "who": "Ava", "coin": 200,
     "choices": ["befriend_npc", "hear_rumors", "useful_information"]},
    {"day": 1, "move": "recover", "who": "Bo", "days": 3, "level_up": "CON"},
    {"day": 2, "move": "recruit", "who": ["Ava", "Cy"], "conditions": ["known_in_area"]},
    {"day": 3, "move": "bolster", "who": "Cy", "period": "week"},
    {"day": 4, "move": "end_of_session", "questions": ["learned"]},
]


def test_a_plan_resolves_in_order_with_one_dice_source():
    dice = ScriptedDice([5, 5, 3, 3, 1, 2])
    result = resolve_town_days(party(), PLAN, dice=dice)
    ava, bo, cy = result.after
    assert ava.coin == 100 and ava.xp == 1  # carouse, then End of Session
    assert (bo.hp, bo.debilities, bo.level, bo.max_hp) == (24, (), 2, 24)
    assert cy.forward[0].amount == -1  # turned away on the miss
    assert cy.preparation == 1 and cy.xp == 1
    assert result.faces == (5, 5, 3, 3, 1, 2) and dice.remaining == 0
    assert [len(s.results) for s in result.steps] == [1, 1, 2, 1, 1]
    assert result.lines[0] == "Day 1: Ava spends 200 coin on a carouse (100 left)"
    assert result.before == tuple(party())


def test_each_step_matches_the_move_made_alone():
    result = resolve_town_days(party(), PLAN[:1], dice=ScriptedDice([5, 5]))
    alone = carouse(party()[0], coin=200, choices=PLAN[0]["choices"],
                    dice=ScriptedDice([5, 5]))
    assert result.steps[0].results == (alone,)


def test_seeded_plans_repeat():
    one = resolve_town_days(party(), PLAN, dice=SeededDice(7))
    two = resolve_town_days(party(), PLAN, dice=SeededDice(7))
    assert one == two


def test_take_watch_and_journeys_and_basic_rolls():
    plan = [
        TownEntry(Move.PERILOUS_JOURNEY, (), 1, {"rations": 2, "trailblazer": "Bo"}),
        TownEntry(Move.MAKE_CAMP, ("Ava", "Bo", "Cy"), 1),
        TownEntry(Move.TAKE_WATCH, ("Cy",), 1, {"camp": ["Ava"]}),
        TownEntry(Move.DEFY_DANGER, ("Ava",), 2, {"stat": "DEX"}),
    ]
    result = resolve_town_days(party(), plan, dice=ScriptedDice([3, 3, 5, 5, 2, 2]))
    ava, bo, cy = result.after
    assert [c.rations for c in result.after] == [1, 1, 1]
    assert ava.forward == () and cy.forward[0].source == "Take Watch"
    assert bo.forward == ()  # not in the camp Cy watched over
    defy = result.steps[-1].results[0].rolls[0]
    assert defy.forward == 1 and defy.total == 2 + 2 + 0 + 1


def test_take_watch_camp_defaults_to_everyone_else():
    result = resolve_town_days(
        party(), [{"move": "take_watch", "who": "Bo"}], dice=ScriptedDice([6, 6])
    )
    assert all(c.forward for c in result.after)
    assert result.lines[0].startswith("Bo rolls Take Watch")


def test_xp_on_miss_reaches_every_roll():
    result = resolve_town_days(
        party(), [{"move": "parley", "who": ["Ava", "Cy"]}], dice=ScriptedDice([1, 1, 1, 1]),
        xp_on_miss=True,
    )
    assert [c.xp for c in result.after] == [1, 8, 1]


@pytest.mark.parametrize(
    ("entry", "error", "message"),
    [
        ({"move": "carouse", "who": "Ava", "coins": 3}, DungeonWorldError,
         "entry 1 \\(carouse by Ava\\): Carouse has no option coins; options: coin, choices"),
        ({"move": "carouse", "who": "Dee"}, UnknownCharacter, "'Dee', who is not here"),
        ({"move": "carouse"}, DungeonWorldError, "Carouse needs who"),
        ({"move": "carouse", "who": "Cy"}, NotEnoughCoin, "Cy has 0"),
        ({"move": "take_watch", "who": ["Ava", "Bo"]}, DungeonWorldError, "one watcher"),
        ({"move": "nap", "who": "Ava"}, DungeonWorldError, "an entry's move must be one of"),
        ({"who": "Ava"}, DungeonWorldError, "with a 'move'"),
        ({"move": "carouse", "who": [3]}, DungeonWorldError, "who must be a name"),
        ({"move": "carouse", "who": "Ava", "day": 0}, DungeonWorldError, "day must be 1"),
    ],
)
def test_a_bad_entry_says_which_and_why(entry, error, message):
    with pytest.raises(error, match=message):
        resolve_town_days(party(), [entry], dice=ScriptedDice([3, 3]))


def test_days_do_not_go_backwards():
    plan = [{"day": 3, "move": "bolster", "who": "Ava", "period": "week"},
            {"day": 2, "move": "bolster", "who": "Ava", "period": "week"}]
    with pytest.raises(DungeonWorldError, match=r"entry 2 .*day 2 comes after day 3"):
        resolve_town_days(party(), plan, dice=ScriptedDice([]))


def test_running_out_of_typed_dice_names_the_entry():
    with pytest.raises(DiceExhausted, match="entry 1 \\(day 1, carouse by Ava\\)"):
        resolve_town_days(party(), PLAN[:1], dice=ScriptedDice([4]))


def test_every_special_move_can_be_planned():
    for move in (Move.MAKE_CAMP, Move.TAKE_WATCH, Move.PERILOUS_JOURNEY, Move.END_OF_SESSION,
                 Move.LEVEL_UP, Move.CAROUSE, Move.SUPPLY, Move.RECOVER, Move.RECRUIT,
                 Move.OUTSTANDING_WARRANTS, Move.BOLSTER):
        assert move in TOWN_DAY_MOVES


entries = st.builds(
    TownEntry,
    move=st.sampled_from(sorted(TOWN_DAY_MOVES)),
    who=st.lists(st.sampled_from(["Ava", "Bo", "Cy"]), max_size=2, unique=True).map(tuple),
    day=st.none() | st.integers(1, 30),
    options=st.dictionaries(
        st.sampled_from(["coin", "choices", "days", "stat"]),
        st.integers(0, 300) | st.lists(st.sampled_from(["a", "b"]), max_size=2)
        | st.sampled_from(["STR", "week"]),
        max_size=3,
    ),
)


@given(entries)
def test_an_entry_survives_json(entry):
    plain = json.loads(json.dumps(entry.as_dict()))
    assert TownEntry.from_dict(plain) == entry
