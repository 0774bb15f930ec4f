"""Recoveries and the respite (000: 815-867, 3060; 001: 6-7)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.rules.respite import (
    RESPITE_HOURS,
    RespiteHero,
    recovery_value,
    take_respite,
    winded_value,
)


def hero(**changes) -> RespiteHero:
    base = RespiteHero(
        level=1, xp=0, victories=0, stamina=20, max_stamina=30, recoveries=3, max_recoveries=8
    )
    return dataclasses.replace(base, **changes)


def test_respite_lasts_24_hours():
    assert RESPITE_HOURS == 24


# --- recovery value ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("max_stamina", "value"),
    [(1, 0), (2, 0), (3, 1), (20, 6), (21, 7), (30, 10), (31, 10), (32, 10), (33, 11)],
)
def test_recovery_value_is_a_third_rounded_down(max_stamina, value):
    assert recovery_value(max_stamina) == value


@pytest.mark.parametrize("max_stamina", [0, -3, True, 30.0, "30", None])
def test_recovery_value_needs_positive_max_stamina(max_stamina):
    with pytest.raises(RulesError, match="max_stamina must be a whole number of 1 or more"):
        recovery_value(max_stamina)


@pytest.mark.parametrize(("max_stamina", "value"), [(1, 0), (30, 15), (31, 15), (45, 22)])
def test_winded_value_is_half_rounded_down(max_stamina, value):
    assert winded_value(max_stamina) == value


# --- a completed respite -----------------------------------------------------------------


def test_completed_respite_restores_everything_and_converts_victories():
    before = hero(xp=10, victories=4, stamina=7, recoveries=1)
    result = take_respite(before)
    assert result.completed is True
    assert result.before == before
    assert result.after == RespiteHero(
        level=1, xp=14, victories=0, stamina=30, max_stamina=30, recoveries=8, max_recoveries=8
    )
    assert result.xp_gained == 4
    assert result.levels_gained == 0
    assert result.stamina_restored == 23
    assert result.recoveries_restored == 7


def test_respite_crosses_a_level_threshold():
    result = take_respite(hero(xp=15, victories=1))
    assert (result.after.xp, result.after.level, result.levels_gained) == (16, 2, 1)


def test_one_victory_short_of_a_level_stays():
    result = take_respite(hero(xp=14, victories=1))
    assert (result.after.xp, result.after.level, result.levels_gained) == (15, 1, 0)


@pytest.mark.parametrize(
    ("track", "level", "gained"),
    [("normal", 4, 3), ("fast", 7, 6), ("slow", 2, 1)],
)
def test_respite_levels_up_across_several_levels(track, level, gained):
    result = take_respite(hero(victories=50), track=track)
    assert result.after.xp == 50
    assert (result.after.level, result.levels_gained) == (level, gained)


def test_level_never_drops():
    # A hero started at level 5 with no XP keeps level 5.
    result = take_respite(hero(level=5, xp=0, victories=3))
    assert (result.after.level, result.levels_gained, result.after.xp) == (5, 0, 3)


def test_level_stops_at_10():
    result = take_respite(hero(level=9, xp=140, victories=100))
    assert (result.after.level, result.after.xp, result.levels_gained) == (10, 240, 1)


def test_no_victories_still_restores():
    result = take_respite(hero(victories=0, stamina=-5, recoveries=0))
    assert (result.completed, result.xp_gained) == (True, 0)
    assert (result.after.stamina, result.after.recoveries) == (30, 8)
    assert result.stamina_restored == 35


def test_back_to_back_respites_give_xp_once():
    first = take_respite(hero(victories=6))
    second = take_respite(first.after)
    assert second.xp_gained == 0
    assert second.after == first.after


def test_full_hero_restores_nothing():
    result = take_respite(hero(stamina=30, recoveries=8))
    assert (result.stamina_restored, result.recoveries_restored) == (0, 0)


def test_result_and_hero_are_frozen():
    result = take_respite(hero())
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.after.xp = 99  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.completed = False  # type: ignore[misc]


# --- an interrupted respite --------------------------------------------------------------


def test_interrupted_respite_changes_nothing():
    before = hero(xp=15, victories=5, stamina=3, recoveries=0)
    result = take_respite(before, interrupted=True)
    assert result.completed is False
    assert result.after == before
    assert (result.xp_gained, result.levels_gained) == (0, 0)
    assert (result.stamina_restored, result.recoveries_restored) == (0, 0)
    assert "interrupted" in result.reason
    assert "no" in result.reason or "none" in result.reason


def test_completed_reason_is_not_the_interrupted_one():
    assert "interrupted" not in take_respite(hero()).reason


def test_interrupted_respite_still_checks_its_input():
    with pytest.raises(RulesError, match="unknown XP track"):
        take_respite(hero(), track="medium", interrupted=True)
    with pytest.raises(RulesError, match="victories"):
        take_respite(hero(victories=-1), interrupted=True)


@pytest.mark.parametrize("interrupted", [1, "yes", None])
def test_interrupted_must_be_a_bool(interrupted):
    with pytest.raises(RulesError, match="interrupted must be True or False"):
        take_respite(hero(), interrupted=interrupted)


# --- validation --------------------------------------------------------------------------


@pytest.mark.parametrize("field", ["xp", "victories", "recoveries", "max_recoveries"])
def test_negative_counts_are_refused_by_name(field):
    with pytest.raises(RulesError, match=rf"^{field} must be 0 or more, got -1$"):
        take_respite(hero(**{field: -1}))


@pytest.mark.parametrize("level", [0, 11])
def test_level_out_of_range(level):
    with pytest.raises(RulesError, match="level must be from 1 to 10"):
        take_respite(hero(level=level))


@pytest.mark.parametrize(
    "field", ["level", "xp", "victories", "stamina", "max_stamina", "recoveries"]
)
@pytest.mark.parametrize("value", [True, 2.0, "3", None])
def test_fields_must_be_whole_numbers(field, value):
    with pytest.raises(RulesError, match=rf"^{field} must be a whole number"):
        take_respite(hero(**{field: value}))


def test_max_stamina_must_be_positive():
    with pytest.raises(RulesError, match="max_stamina"):
        take_respite(hero(max_stamina=0, stamina=0))


def test_stamina_above_max_is_refused():
    with pytest.raises(RulesError, match=r"stamina \(31\) cannot be above max_stamina \(30\)"):
        take_respite(hero(stamina=31))


def test_recoveries_above_max_is_refused():
    with pytest.raises(RulesError, match=r"recoveries \(9\) cannot be above max_recoveries \(8\)"):
        take_respite(hero(recoveries=9))


def test_dying_hero_may_rest():
    # Stamina 0 or below is dying, not dead, until minus the winded value (000: 243).
    result = take_respite(hero(stamina=-14))
    assert result.after.stamina == 30


@pytest.mark.parametrize("stamina", [-15, -16, -100])
def test_dead_hero_cannot_rest(stamina):
    with pytest.raises(RulesError, match="dead"):
        take_respite(hero(stamina=stamina))


def test_not_a_respite_hero():
    with pytest.raises(RulesError, match="RespiteHero"):
        take_respite({"level": 1})  # type: ignore[arg-type]


# --- properties --------------------------------------------------------------------------


@given(
    level=st.integers(1, 10),
    xp=st.integers(0, 400),
    victories=st.integers(0, 60),
    max_stamina=st.integers(1, 200),
    max_recoveries=st.integers(0, 12),
    data=st.data(),
    track=st.sampled_from(["normal", "fast", "slow"]),
)
def test_respite_properties(level, xp, victories, max_stamina, max_recoveries, data, track):
    stamina = data.draw(st.integers(-winded_value(max_stamina) + 1, max_stamina))
    recoveries = data.draw(st.integers(0, max_recoveries))
    before = RespiteHero(level, xp, victories, stamina, max_stamina, recoveries, max_recoveries)
    after = take_respite(before, track=track).after
    assert after.xp == xp + victories
    assert after.victories == 0
    assert after.stamina == max_stamina and after.recoveries == max_recoveries
    reached = min(10, 1 + after.xp // {"normal": 16, "fast": 8, "slow": 32}[track])
    assert after.level == max(level, reached)
    assert take_respite(before, track=track, interrupted=True).after == before
