"""Dungeon World on the road: Make Camp (003: 282-288), Take Watch (003: 291-293) and
Undertake a Perilous Journey (003: 296-312)."""

from __future__ import annotations

import pytest

from drawsteel_kit.kit.dice import ScriptedDice
from drawsteel_kit.systems.dungeon_world.errors import (
    DungeonWorldError,
    NotEnoughRations,
    UnknownCharacter,
)
from drawsteel_kit.systems.dungeon_world.rules.camp import (
    CAMP_HEAL_DIVISOR,
    JOB_ORDER,
    JOURNEY_RATIONS_SAVED,
    RATIONS_PER_CAMP,
    UNASSIGNED_JOB_TOTAL,
    WATCH_FORWARD,
    Job,
    make_camp,
    perilous_journey,
    take_watch,
)
from drawsteel_kit.systems.dungeon_world.rules.character import Character, Modifier
from drawsteel_kit.systems.dungeon_world.rules.roll import Band
from systems.dungeon_world.helpers import SCORES


def character(**changes) -> Character:
    values = {"name": "Ava", "scores": SCORES, "max_hp": 23, "hp": 20, "rations": 5} | changes
    return Character(**values)


def test_camp_and_road_constants():
    assert RATIONS_PER_CAMP == 1  # 003: 284
    assert CAMP_HEAL_DIVISOR == 2  # 003: 284
    assert WATCH_FORWARD == 1  # 003: 293
    assert JOURNEY_RATIONS_SAVED == 1  # 003: 300
    assert UNASSIGNED_JOB_TOTAL == 6  # 003: 306
    assert JOB_ORDER == (Job.TRAILBLAZER, Job.SCOUT, Job.QUARTERMASTER)  # 003: 298


# --- Make Camp ------------------------------------------------------------------------


def test_camp_eats_a_ration_and_heals_half_max_hp_on_waking():
    result = make_camp(character(hp=3))
    ava = result.character
    assert ava.rations == 4 and ava.hp == 3 + 23 // 2 == 14
    assert result.lines == (
        "Ava makes camp and eats a ration (4 uses left)",
        "Ava wakes and heals 11 HP (14/23)",
    )


def test_camp_healing_stops_at_max_hp():
    assert make_camp(character(hp=20)).character.hp == 23


def test_a_meal_at_an_inn_eats_no_ration():
    ava = make_camp(character(rations=0, hp=1), meal_provided=True).character
    assert ava.rations == 0 and ava.hp == 12


def test_no_ration_no_camp_unless_fed():
    with pytest.raises(NotEnoughRations, match="Ava has no rations to eat at camp"):
        make_camp(character(rations=0))


def test_no_healing_without_sleep():
    result = make_camp(character(hp=3), slept=False)
    assert result.character.hp == 3 and "no healing" in result.lines[-1]


def test_camp_offers_level_up_and_takes_it_before_waking():
    offered = make_camp(character(xp=8))
    assert offered.character.level == 1 and "Level Up is offered" in offered.lines[1]
    taken = make_camp(character(xp=8, hp=1), level_up={"stat": "CON"})
    ava = taken.character
    assert (ava.level, ava.xp, ava.max_hp) == (2, 0, 24)
    assert ava.hp == 1 + 1 + 24 // 2  # +1 from CON, then half the new max
    not_yet = make_camp(character(xp=2), level_up="CON")
    assert not_yet.character.level == 1
    assert "cannot level up yet: 8 XP needed at level 1, 2 marked" in not_yet.lines[1]


# --- Take Watch -----------------------------------------------------------------------


def camp() -> list[Character]:
    return [character(name="Bo"), character(name="Cy", forward=[Modifier(-1)])]


def test_watch_strong_hit_gives_everyone_plus_one_forward():
    result = take_watch(character(), camp(), dice=ScriptedDice([4, 5]))
    assert result.band is Band.STRONG_HIT
    assert [c.name for c in result.after] == ["Ava", "Bo", "Cy"]
    for sleeper in result.after:
        assert Modifier(WATCH_FORWARD, None, "Take Watch") in sleeper.forward
    assert result.after[2].forward[0] == Modifier(-1)  # earlier forward kept
    assert "everyone takes +1 forward" in result.lines[-1]


def test_watch_weak_hit_and_miss_change_nothing_on_the_sheets():
    weak = take_watch(character(), camp(), dice=ScriptedDice([3, 3]))
    assert weak.band is Band.WEAK_HIT and weak.after == weak.before
    assert "no time to prepare" in weak.lines[-1]
    miss = take_watch(character(), camp(), dice=ScriptedDice([1, 2]))
    assert miss.band is Band.MISS and "gets the drop" in miss.lines[-1]


def test_watch_uses_the_watchers_forward_and_preparation():
    watcher = character(forward=[Modifier(1)], preparation=1)
    result = take_watch(watcher, [], dice=ScriptedDice([3, 4]), spend_preparation=True)
    assert result.rolls[0].total == 3 + 4 + 1 + 1 + 1
    assert result.after[0].preparation == 0
    assert result.after[0].forward == (Modifier(1, None, "Take Watch"),)


def test_the_watcher_is_not_also_asleep():
    with pytest.raises(DungeonWorldError, match="repeated: Ava"):
        take_watch(character(), [character()], dice=ScriptedDice([4, 5]))


# --- Undertake a Perilous Journey -------------------------------------------------------


def travellers() -> list[Character]:
    return [character(), character(name="Bo", rations=3), character(name="Cy", rations=2)]


def test_each_job_rolls_wis_in_seed_order_and_strong_hits_pay_off():
    result = perilous_journey(
        travellers(), rations=2, trailblazer="Ava", scout="Bo", quartermaster="Cy",
        dice=ScriptedDice([5, 4, 6, 6, 4, 5]),
    )
    assert [(r.who, r.total, r.band) for r in result.rolls] == [
        ("Ava", 10, Band.STRONG_HIT), ("Bo", 13, Band.STRONG_HIT), ("Cy", 10, Band.STRONG_HIT)]
    assert [c.rations for c in result.after] == [3, 1, 2 - 2 + JOURNEY_RATIONS_SAVED]
    assert any("takes less time" in line for line in result.lines)
    assert any("gets the drop" in line for line in result.lines)
    assert any("saves 1 ration" in line for line in result.lines)


def test_weak_hits_do_the_job_as_expected():
    result = perilous_journey(
        travellers(), rations=1, trailblazer="Ava", scout="Bo", quartermaster="Cy",
        dice=ScriptedDice([3, 3, 3, 3, 3, 3]),
    )
    assert {r.band for r in result.rolls} == {Band.WEAK_HIT}
    assert [c.rations for c in result.after] == [4, 2, 1]
    assert "the trip takes as long as expected" in result.lines


def test_a_job_nobody_takes_counts_as_a_six():
    result = perilous_journey(
        travellers(), rations=1, trailblazer="Ava", dice=ScriptedDice([1, 1])
    )
    scout, quartermaster = result.rolls[1], result.rolls[2]
    assert scout.assumed and scout.total == 6 and scout.band is Band.MISS and scout.faces == ()
    assert quartermaster.assumed
    assert result.faces == (1, 1)
    assert "no one is scout: Undertake a Perilous Journey counts as a roll of 6" in " ".join(
        result.lines)


def test_one_job_each():
    with pytest.raises(DungeonWorldError, match="one job each"):
        perilous_journey(travellers(), rations=1, trailblazer="Ava", scout="Ava",
                         dice=ScriptedDice([3, 3, 3, 3]))
    with pytest.raises(UnknownCharacter, match="'Dee', who is not here"):
        perilous_journey(travellers(), rations=1, scout="Dee", dice=ScriptedDice([3, 3]))


def test_the_saved_ration_can_go_to_another_traveller():
    result = perilous_journey(
        travellers(), rations=2, quartermaster="Ava", ration_saved_by="Cy",
        dice=ScriptedDice([6, 6]),
    )
    assert [c.rations for c in result.after] == [3, 1, 1]


def test_not_enough_rations_names_who_is_short():
    with pytest.raises(NotEnoughRations, match="Cy needs 3, has 2"):
        perilous_journey(travellers(), rations=3, dice=ScriptedDice([]))


def test_journey_length_is_at_least_one_ration():
    with pytest.raises(DungeonWorldError, match="rations for the journey must be 1 or more"):
        perilous_journey(travellers(), rations=0, dice=ScriptedDice([]))


def test_journey_preparation_is_per_traveller():
    people = [character(preparation=1), character(name="Bo")]
    result = perilous_journey(people, rations=1, trailblazer="Ava", scout="Bo",
                              spend_preparation=["Ava"], dice=ScriptedDice([3, 2, 3, 2]))
    assert [r.total for r in result.rolls[:2]] == [7, 6]
    assert result.after[0].preparation == 0
