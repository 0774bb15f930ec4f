"""Project rolls, milestones, guides and goals (seed 000: 3740-3900; REFERENCE.md)."""

from __future__ import annotations

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from drawsteel_kit.kit.dice import ScriptedDice, SeededDice
from drawsteel_kit.kit.errors import DiceExhausted, RulesError
from drawsteel_kit.systems.draw_steel.rules import projects as p

# --- project roll modifier: edges, banes, language, skill, bonus -------------------------


@pytest.mark.parametrize(
    ("kwargs", "modifier"),
    [
        ({}, 0),
        ({"edges": 1}, 2),
        ({"edges": 2}, 4),  # double edge is +4 on a project roll, not a tier
        ({"edges": 3}, 4),  # two or more edges are a double edge
        ({"banes": 1}, -2),
        ({"banes": 2}, -4),
        ({"banes": 5}, -4),
        ({"edges": 1, "banes": 1}, 0),
        ({"edges": 2, "banes": 1}, 2),  # double edge + bane = one edge
        ({"edges": 3, "banes": 1}, 2),  # however many edges make the double edge
        ({"edges": 1, "banes": 2}, -2),  # double bane + edge = one bane
        ({"edges": 2, "banes": 2}, 0),
        ({"language": "known"}, 0),
        ({"language": "related"}, -2),
        ({"language": "unknown"}, -4),
        ({"language": "related", "banes": 1}, -4),
        ({"language": "unknown", "banes": 1}, -4),
        ({"language": "unknown", "edges": 1}, -2),
        ({"language": "related", "edges": 1}, 0),
        ({"language": "unknown", "edges": 2}, 0),
        ({"skill": True}, 2),
        ({"bonus": 3}, 3),
        ({"bonus": -1}, -1),
        ({"skill": True, "edges": 1, "bonus": 3}, 7),
    ],
)
def test_modifier_table(kwargs: dict, modifier: int) -> None:
    assert p.project_roll_modifier(0, **kwargs) == modifier
    assert p.project_roll_modifier(2, **kwargs) == modifier + 2
    result = p.project_roll(2, dice=ScriptedDice([5, 6]), **kwargs)
    assert result.points == max(1, 11 + 2 + modifier)
    assert result.modifier == modifier + 2


@pytest.mark.parametrize(
    ("characteristic", "faces", "banes", "points"),
    [
        (-5, (1, 1), 2, 1),  # 2 - 5 - 4 = -7: still 1 point
        (-2, (1, 1), 0, 1),  # exactly 0: 1 point
        (-1, (1, 1), 0, 1),  # exactly 1
        (-3, (3, 3), 0, 3),  # above the minimum: the total
        (3, (4, 4), 1, 9),
    ],
)
def test_minimum_one_point(characteristic: int, faces: tuple, banes: int, points: int) -> None:
    result = p.project_roll(characteristic, banes=banes, dice=ScriptedDice(faces))
    assert result.points == points
    assert result.rolls[0].faces == faces
    assert result.breakthroughs == 0


def test_no_breakthrough_on_18_or_a_high_total() -> None:
    result = p.project_roll(5, extra_d6=1, dice=ScriptedDice([9, 9, 6]))
    assert result.naturals == (18,)
    assert result.points == 18 + 6 + 5
    assert result.breakthroughs == 0 and len(result.rolls) == 1


def test_breakthrough_chain_of_two() -> None:
    result = p.project_roll(2, dice=ScriptedDice([10, 9, 10, 10, 3, 4]))
    assert result.naturals == (19, 20, 7)
    assert result.breakthroughs == 2
    assert [r.points for r in result.rolls] == [21, 22, 9]
    assert [r.breakthrough for r in result.rolls] == [True, True, False]
    assert result.points == 52


def test_breakthrough_chain_of_three_with_penalties() -> None:
    dice = ScriptedDice([9, 10, 10, 9, 10, 10, 1, 1])
    result = p.project_roll(0, banes=2, language="unknown", dice=dice)
    assert result.breakthroughs == 3
    assert result.points == 15 + 15 + 16 + 1  # -4 each; the last roll is lifted to 1
    assert dice.remaining == 0


def test_extra_d6_per_roll_and_natural_is_the_d10s_alone() -> None:
    result = p.project_roll(1, extra_d6=1, dice=ScriptedDice([10, 10, 6, 2, 3, 4]))
    assert result.rolls[0].faces == (10, 10, 6) and result.rolls[0].points == 27
    assert result.rolls[1].faces == (2, 3, 4) and result.rolls[1].points == 10
    assert result.naturals == (20, 5)
    assert result.points == 37


def test_chain_only_stops_when_typed_dice_run_out() -> None:
    with pytest.raises(DiceExhausted):
        p.project_roll(0, dice=ScriptedDice([10, 10, 10, 9]))


@given(
    characteristic=st.integers(-5, 5),
    edges=st.integers(0, 3),
    banes=st.integers(0, 3),
    skill=st.booleans(),
    language=st.sampled_from(["known", "related", "unknown"]),
    extra=st.integers(0, 2),
    seed=st.integers(0, 10_000),
)
@settings(max_examples=examples(100), deadline=None)
def test_roll_invariants(characteristic, edges, banes, skill, language, extra, seed) -> None:
    result = p.project_roll(
        characteristic, edges=edges, banes=banes, skill=skill, language=language,
        extra_d6=extra, dice=SeededDice(seed),
    )  # fmt: skip
    assert result.points == sum(r.points for r in result.rolls) >= len(result.rolls)
    assert result.breakthroughs == len(result.rolls) - 1
    assert all(n in (19, 20) for n in result.naturals[:-1])
    assert result.naturals[-1] <= 18
    for roll in result.rolls:
        assert roll.natural == sum(roll.faces[:2])
        assert roll.points == max(1, sum(roll.faces) + result.modifier)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"edges": -1},
        {"banes": -1},
        {"language": "fluent"},
        {"skill": "yes"},
        {"bonus": 1.5},
        {"extra_d6": -1},
    ],
)
def test_roll_rejects_bad_input(kwargs: dict) -> None:
    with pytest.raises(RulesError):
        p.project_roll(1, dice=ScriptedDice([5, 5, 5]), **kwargs)
    with pytest.raises(RulesError, match="characteristic"):
        p.project_roll("2", dice=ScriptedDice([5, 5]))  # type: ignore[arg-type]


def test_language_error_lists_the_choices() -> None:
    with pytest.raises(RulesError, match="known, related, unknown"):
        p.project_roll_modifier(0, language="fluent")


def test_automatic_breakthrough_adds_20_then_rolls() -> None:
    assert p.AUTOMATIC_BREAKTHROUGH_POINTS == 20
    result = p.automatic_breakthrough(1, dice=ScriptedDice([4, 5]))
    assert (result.bonus_points, result.roll.points, result.points) == (20, 10, 30)
    chained = p.automatic_breakthrough(0, dice=ScriptedDice([10, 10, 1, 2]))
    assert chained.points == 20 + 20 + 3 and chained.roll.breakthroughs == 1


@pytest.mark.parametrize(("face", "happened"), [(1, False), (5, False), (6, True)])
def test_project_event_check(face: int, happened: bool) -> None:
    rolled, event = p.project_event_check(ScriptedDice([face]))
    assert (rolled, event) == (face, happened)


# --- milestones --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("goal", "milestones"),
    [
        (1, ()),
        (15, ()),
        (30, ()),
        (31, (15,)),
        (45, (22,)),
        (200, (100,)),
        (201, (67, 134)),
        (240, (80, 160)),
        (999, (333, 666)),
        (1000, (250, 500, 750)),
        (1001, (250, 500, 750)),
        (3000, (750, 1500, 2250)),
    ],
)
def test_milestones_for_goal(goal: int, milestones: tuple) -> None:
    assert p.milestones_for_goal(goal) == milestones


@pytest.mark.parametrize(
    ("goal", "before", "after", "passed"),
    [
        (200, 90, 100, (100,)),
        (200, 100, 150, ()),
        (200, 0, 99, ()),
        (1000, 0, 1000, (250, 500, 750)),
        (1000, 249, 250, (250,)),
        (240, 70, 170, (80, 160)),
        (30, 0, 30, ()),
    ],
)
def test_milestones_passed(goal: int, before: int, after: int, passed: tuple) -> None:
    assert p.milestones_passed(goal, before, after) == passed


def test_milestones_reject_bad_input() -> None:
    with pytest.raises(RulesError):
        p.milestones_for_goal(0)
    with pytest.raises(RulesError, match="never go down"):
        p.milestones_passed(100, 50, 40)


# --- guides, completion, goals --------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "language", "points"),
    [(45, "known", 45), (45, "related", 22), (44, "related", 22), (1, "related", 0),
     (45, "unknown", 0), (0, "known", 0), (1000, "known", 1000)],
)  # fmt: skip
def test_study_guide(value: int, language: str, points: int) -> None:
    assert p.study_guide(value, language=language) == points
    assert p.GUIDE_ONCE_PER_PROJECT is True


@pytest.mark.parametrize(
    ("guide_kind", "project_kind", "serves"),
    [(None, "crafting", True), ("research", "research", True), ("research", "crafting", False),
     ("crafting", "other", False), ("other", "other", True)],
)  # fmt: skip
def test_a_guide_serves_only_its_kind_of_project(guide_kind, project_kind, serves) -> None:
    assert p.guide_serves(guide_kind, project_kind) is serves


def test_study_guide_rejects_bad_input() -> None:
    with pytest.raises(RulesError):
        p.study_guide(-1)
    with pytest.raises(RulesError):
        p.study_guide(10, language="fluent")


@pytest.mark.parametrize(
    ("points", "goal", "done"),
    [(0, 15, False), (119, 120, False), (120, 120, True), (121, 120, True)],
)
def test_is_complete(points: int, goal: int, done: bool) -> None:
    assert p.is_complete(points, goal) is done


@pytest.mark.parametrize(
    ("call", "goal"),
    [
        (lambda: p.discover_lore_goal("common"), 15),
        (lambda: p.discover_lore_goal("obscure"), 45),
        (lambda: p.discover_lore_goal("Lost"), 120),
        (lambda: p.discover_lore_goal("forbidden"), 240),
        (lambda: p.find_a_cure_goal(1), 50),
        (lambda: p.find_a_cure_goal(3), 150),
        (lambda: p.find_a_cure_goal(3, later_dose=True), 75),
        (lambda: p.find_a_cure_goal(10, later_dose=True), 250),
        (lambda: p.LEARN_LANGUAGE_GOAL, 120),
        (lambda: p.LEARN_SKILL_GOAL, 120),
        (lambda: p.road_goal(1), 10),
        (lambda: p.road_goal(12), 120),
        (lambda: p.road_goal(12, repair=True), 60),
        (lambda: p.road_goal(3, repair=True), 15),
        (lambda: p.road_renown(1), 1),
        (lambda: p.road_renown(50), 1),
        (lambda: p.road_renown(51), 2),
        (lambda: p.road_renown(100), 2),
        (lambda: p.road_renown(101), 3),
        (lambda: p.go_undercover_goal(), 15),
        (lambda: p.go_undercover_goal(1), 45),
        (lambda: p.go_undercover_goal(3), 105),
        (lambda: p.go_undercover_caught_chance(0), 25),
        (lambda: p.go_undercover_caught_chance(2), 75),
        (lambda: p.go_undercover_caught_chance(5), 100),
        (lambda: p.hone_career_skills_goal(2), 240),
        (lambda: p.hone_career_skills_goal(3), 360),
        (lambda: p.learn_from_a_master_goal("hone an ability"), 120),
        (lambda: p.learn_from_a_master_goal("improve control"), 500),
        (lambda: p.learn_from_a_master_goal("acquire_an_ability"), 1000),
        (lambda: p.imbue_treasure_goal(), 150),
        (lambda: p.imbue_treasure_goal(3), 450),
        (lambda: p.loved_ones_stamina_bonus(1), 13),
        (lambda: p.loved_ones_stamina_bonus(10), 22),
    ],
)
def test_goal_helpers(call, goal: int) -> None:
    assert call() == goal


@pytest.mark.parametrize(
    ("kind", "goals"),
    [("consumable", (45, 90, 180, 360)), ("trinket", (150, 300, 450, 600))],
)
def test_treasure_goal_by_echelon(kind: str, goals: tuple) -> None:
    assert tuple(p.treasure_goal(kind, e) for e in (1, 2, 3, 4)) == goals
    with pytest.raises(RulesError, match="echelons run from 1 to 4"):
        p.treasure_goal(kind, 5)


@pytest.mark.parametrize("kind", ["armor", "implement", "weapon", "other", "leveled", "Weapon"])
def test_leveled_treasure_goal(kind: str) -> None:
    assert p.treasure_goal(kind) == p.treasure_goal(kind, 1) == 450
    with pytest.raises(RulesError, match="use echelon 1"):
        p.treasure_goal(kind, 2)


@pytest.mark.parametrize(
    "call",
    [
        lambda: p.discover_lore_goal("ancient"),
        lambda: p.find_a_cure_goal(0),
        lambda: p.road_goal(0),
        lambda: p.road_renown(-1),
        lambda: p.go_undercover_goal(-1),
        lambda: p.hone_career_skills_goal(1),
        lambda: p.hone_career_skills_goal(4),
        lambda: p.hone_career_skills_goal(2.0),
        lambda: p.learn_from_a_master_goal("become a master"),
        lambda: p.imbue_treasure_goal(0),
        lambda: p.treasure_goal("artifact"),
        lambda: p.treasure_goal("consumable", 0),
    ],
)
def test_goal_helpers_reject_bad_input(call) -> None:
    with pytest.raises(RulesError):
        call()


@pytest.mark.parametrize(
    ("yields", "faces", "count"),
    [(1, [], 1), ("1", [], 1), ("1d3", [2], 2), ("1d3", [3], 3), ("1d6+1", [6], 7),
     ("1d6+1", [1], 2), ("2d4-1", [1, 1], 1)],
)  # fmt: skip
def test_craft_yield(yields, faces: list, count: int) -> None:
    dice = ScriptedDice(faces)
    assert p.craft_yield(yields, dice=dice) == count
    assert dice.remaining == 0


@pytest.mark.parametrize("yields", ["d3", "0", 0, "1d1", "three", "1d3-1", None, True])
def test_parse_yield_rejects(yields) -> None:
    with pytest.raises(RulesError):
        p.parse_yield(yields)
