"""Dungeon World between adventures: Recover (003: 355-357), Recruit (003: 360-369) and
Bolster (003: 385-387)."""

from __future__ import annotations

import pytest

from drawsteel_kit.kit.dice import ScriptedDice
from drawsteel_kit.systems.dungeon_world.errors import DungeonWorldError
from drawsteel_kit.systems.dungeon_world.rules.character import Character, Modifier
from drawsteel_kit.systems.dungeon_world.rules.downtime import (
    BOLSTER_DAYS,
    BOLSTER_PREPARATION,
    DAYS_PER_DEBILITY,
    DAYS_PER_DEBILITY_WITH_HEALER,
    FULL_HP_DAYS,
    RECRUIT_CONDITION_BONUS,
    RECRUIT_TURN_AWAY_FORWARD,
    BolsterPeriod,
    RecruitCondition,
    RecruitDecision,
    bolster,
    bolster_period,
    debilities_healed,
    recover,
    recruit,
)
from drawsteel_kit.systems.dungeon_world.rules.moves import Move
from drawsteel_kit.systems.dungeon_world.rules.roll import Band, roll_move
from drawsteel_kit.systems.dungeon_world.rules.stats import Debility
from systems.dungeon_world.helpers import SCORES


def character(**changes) -> Character:
    values = {"name": "Ava", "scores": SCORES, "max_hp": 23, "hp": 4} | changes
    return Character(**values)


def test_downtime_constants():
    assert FULL_HP_DAYS == 1  # 003: 357
    assert DAYS_PER_DEBILITY == 3  # 003: 357
    assert DAYS_PER_DEBILITY_WITH_HEALER == 2  # 003: 357
    assert RECRUIT_CONDITION_BONUS == 1  # 003: 364-367
    assert RECRUIT_TURN_AWAY_FORWARD == -1  # 003: 369
    assert dict(BOLSTER_PREPARATION) == {BolsterPeriod.WEEK: 1, BolsterPeriod.MONTH: 3}
    assert dict(BOLSTER_DAYS) == {BolsterPeriod.WEEK: 7, BolsterPeriod.MONTH: 30}
    assert len(RecruitCondition) == 4


# --- Recover --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("days", "healer", "healed"),
    [(1, False, 0), (2, False, 0), (3, False, 1), (5, False, 1), (6, False, 2),
     (1, True, 0), (2, True, 1), (3, True, 1), (4, True, 2), (7, True, 3)],
)
def test_debilities_healed_by_days(days, healer, healed):
    assert debilities_healed(days, healer=healer) == healed


def test_a_day_of_rest_heals_all_hp():
    result = recover(character(debilities=["weak"]), days=1)
    assert result.character.hp == 23 and result.character.debilities == (Debility.WEAK,)
    assert result.lines[0] == "Ava rests 1 day and heals to full HP (23)"


def test_three_days_remove_the_chosen_debility():
    ava = character(debilities=["weak", "shaky"])
    result = recover(ava, days=3, remove=["shaky"])
    assert result.character.debilities == (Debility.WEAK,) and result.choices == ("shaky",)
    with pytest.raises(DungeonWorldError, match="name 1 in remove"):
        recover(ava, days=3)


def test_enough_rest_removes_every_debility_without_a_choice():
    result = recover(character(debilities=["weak", "shaky"]), days=4, healer=True)
    assert result.character.debilities == ()
    assert "in a healer's care" in result.lines[0]


def test_recover_checks_its_inputs():
    ava = character(debilities=["weak", "shaky", "sick"])
    with pytest.raises(DungeonWorldError, match="Ava is not scarred"):
        recover(ava, days=3, remove=["scarred"])
    with pytest.raises(DungeonWorldError, match="remove 1 debility; 2 named"):
        recover(ava, days=3, remove=["weak", "sick"])
    with pytest.raises(DungeonWorldError, match="days of rest must be 1 or more"):
        recover(ava, days=0)
    with pytest.raises(DungeonWorldError, match="healer must be True or False"):
        recover(ava, days=2, healer="yes")


def test_recover_offers_level_up():
    result = recover(character(xp=8), days=1, level_up="WIS")
    assert result.character.level == 2 and result.character.score("WIS") == 14


# --- Recruit --------------------------------------------------------------------------


def test_each_condition_adds_one():
    result = recruit(character(), conditions=list(RecruitCondition), dice=ScriptedDice([2, 4]))
    roll = result.rolls[0]
    assert roll.stat is None and roll.bonus == 4 and roll.total == 10
    assert "+4 conditions" in result.lines[1]


def test_strong_hit_hires_and_turning_away_costs_nothing():
    hired = recruit(character(), dice=ScriptedDice([5, 5]), hireling="Gus")
    assert hired.choices == ("hire",) and hired.character.forward == ()
    assert hired.lines[-1] == "Ava hires Gus (a pick of many skilled applicants)"
    passed = recruit(character(), dice=ScriptedDice([5, 5]), strong_hit="turn_away")
    assert passed.character.forward == () and "at no cost" in passed.lines[-1]


def test_weak_hit_settle_or_turn_away():
    settle = recruit(character(), dice=ScriptedDice([4, 4]))
    assert settle.band is Band.WEAK_HIT and settle.character.forward == ()
    away = recruit(character(), dice=ScriptedDice([4, 4]), weak_hit=RecruitDecision.TURN_AWAY)
    assert away.character.forward == (Modifier(-1, Move.RECRUIT, "Recruit"),)


def test_miss_turned_away_gives_minus_one_forward_to_recruit_only():
    result = recruit(character(), dice=ScriptedDice([1, 2]))
    assert result.band is Band.MISS and result.choices == ("turn_away",)
    ava = result.character
    other = roll_move(ava, Move.PARLEY, dice=ScriptedDice([3, 3]))
    assert other.rolls[0].forward == 0 and other.character.forward == ava.forward
    again = recruit(ava, dice=ScriptedDice([4, 4]))
    assert again.rolls[0].forward == -1 and again.rolls[0].total == 7
    assert again.character.forward == ()
    taken = recruit(character(), dice=ScriptedDice([1, 2]), miss="hire")
    assert taken.character.forward == () and "ill-suited" in taken.lines[-1]


def test_recruit_checks_its_inputs():
    with pytest.raises(DungeonWorldError, match="may name each option once"):
        recruit(character(), conditions=["generous_pay", "generous_pay"],
                dice=ScriptedDice([3, 3]))
    with pytest.raises(DungeonWorldError, match="weak_hit must be one of"):
        recruit(character(), weak_hit="maybe", dice=ScriptedDice([3, 3]))
    with pytest.raises(DungeonWorldError, match="hireling must be non-empty text"):
        recruit(character(), hireling="", dice=ScriptedDice([3, 3]))


# --- Bolster --------------------------------------------------------------------------


def test_a_week_gives_one_preparation_a_month_three():
    assert bolster(character(), period="week").character.preparation == 1
    month = bolster(character(preparation=1), period=BolsterPeriod.MONTH)
    assert month.character.preparation == 4
    assert month.lines == ("Ava prepares for a month: +3 preparation (4 in all)",)


@pytest.mark.parametrize(
    ("days", "period"),
    [(7, BolsterPeriod.WEEK), (20, BolsterPeriod.WEEK), (29, BolsterPeriod.WEEK),
     (30, BolsterPeriod.MONTH), (90, BolsterPeriod.MONTH)],
)
def test_days_of_preparation(days, period):
    assert bolster_period(days) is period
    assert bolster(character(), days=days).choices == (period.value,)


def test_bolster_checks_its_inputs():
    with pytest.raises(DungeonWorldError, match="a week \\(7 days\\) or more"):
        bolster(character(), days=6)
    with pytest.raises(DungeonWorldError, match="not both"):
        bolster(character(), period="week", days=7)
    with pytest.raises(DungeonWorldError, match="not both"):
        bolster(character())
    with pytest.raises(DungeonWorldError, match="period must be one of"):
        bolster(character(), period="year")


def test_preparation_spent_one_per_roll():
    ava = bolster(character(), period="month").character
    first = roll_move(ava, Move.SPOUT_LORE, dice=ScriptedDice([4, 4]), spend_preparation=True)
    assert first.rolls[0].preparation == 1 and first.character.preparation == 2
