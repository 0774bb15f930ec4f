"""Power rolls and tests (000: 661-745, 1787-1990, 2025-2029; 001: 3-17)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drawsteel_kit.kit.dice import ScriptedDice, SeededDice
from drawsteel_kit.kit.errors import DiceExhausted, RulesError
from drawsteel_kit.systems.draw_steel.rules.power import (
    EDGE_OUTCOMES,
    edge_outcome,
    net_edges,
    power_roll,
    tier_for_total,
)


def roll(faces, characteristic=0, **kwargs):
    return power_roll(characteristic, dice=ScriptedDice(faces), **kwargs)


# --- tiers -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "tier"),
    [(-20, 1), (0, 1), (3, 1), (11, 1), (12, 2), (14, 2), (16, 2), (17, 3), (20, 3), (40, 3)],
)
def test_tier_for_total(total, tier):
    assert tier_for_total(total) == tier


@pytest.mark.parametrize("total", [11.5, "12", None, True])
def test_tier_for_total_needs_a_whole_number(total):
    with pytest.raises(RulesError, match="whole number"):
        tier_for_total(total)


@pytest.mark.parametrize(
    ("faces", "characteristic", "total", "tier"),
    [
        ((5, 6), 0, 11, 1),  # 11: top of tier 1
        ((6, 6), 0, 12, 2),  # 12: bottom of tier 2
        ((7, 7), 2, 16, 2),  # 16: top of tier 2
        ((8, 8), 1, 17, 3),  # 17: bottom of tier 3
        ((1, 1), -5, -3, 1),  # the lowest a plain roll goes
        ((9, 9), 5, 23, 3),
    ],
)
def test_power_roll_tier_boundaries(faces, characteristic, total, tier):
    result = roll(faces, characteristic)
    assert (result.total, result.tier, result.tier_by_total) == (total, tier, tier)
    assert result.natural == sum(faces)
    assert result.faces == faces
    assert result.critical is False


# --- edges and banes ---------------------------------------------------------------------

# Faces 6 + 7 with characteristic 2: a plain total of 15 (tier 2), two short of tier 3.
# (edges, banes) -> (outcome, total, tier), written out by hand from 000: 709-723.
EDGE_BANE_TABLE = {
    (0, 0): ("none", 15, 2),
    (1, 0): ("edge", 17, 3),
    (2, 0): ("double edge", 15, 3),
    (3, 0): ("double edge", 15, 3),
    (0, 1): ("bane", 13, 2),
    (1, 1): ("none", 15, 2),
    (2, 1): ("edge", 17, 3),
    (3, 1): ("edge", 17, 3),
    (0, 2): ("double bane", 15, 1),
    (1, 2): ("bane", 13, 2),
    (2, 2): ("none", 15, 2),
    (3, 2): ("none", 15, 2),
    (0, 3): ("double bane", 15, 1),
    (1, 3): ("bane", 13, 2),
    (2, 3): ("none", 15, 2),
    (3, 3): ("none", 15, 2),
}


@pytest.mark.parametrize(("edges", "banes"), sorted(EDGE_BANE_TABLE))
def test_every_edge_and_bane_combination(edges, banes):
    outcome, total, tier = EDGE_BANE_TABLE[(edges, banes)]
    result = roll((6, 7), 2, edges=edges, banes=banes)
    assert result.edge_outcome == outcome
    assert (result.total, result.tier) == (total, tier)
    assert (result.edges, result.banes) == (edges, banes)
    assert edge_outcome(edges, banes) == outcome


# Faces 5 + 6, characteristic 0: a plain total of 11, the top of tier 1.
EDGE_BANE_AT_11 = {
    (0, 0): (11, 1),
    (1, 0): (13, 2),
    (2, 0): (11, 2),
    (0, 1): (9, 1),
    (0, 2): (11, 1),  # double bane cannot go below tier 1
}


@pytest.mark.parametrize(("edges", "banes"), sorted(EDGE_BANE_AT_11))
def test_edges_and_banes_near_the_bottom(edges, banes):
    result = roll((5, 6), edges=edges, banes=banes)
    assert (result.total, result.tier) == EDGE_BANE_AT_11[(edges, banes)]


def test_double_edge_cannot_go_past_tier_3():
    result = roll((9, 9), 0, edges=2)
    assert (result.total, result.tier_by_total, result.tier) == (18, 3, 3)


def test_double_edge_adds_nothing_to_the_total():
    assert roll((4, 4), edges=2).total == 8
    assert roll((4, 4), banes=2).total == 8


@pytest.mark.parametrize(
    ("edges", "banes", "net"),
    [
        (0, 0, 0),
        (1, 0, 1),
        (2, 0, 2),
        (5, 0, 2),
        (0, 1, -1),
        (0, 4, -2),
        (1, 1, 0),
        (2, 1, 1),
        (4, 1, 1),
        (1, 2, -1),
        (1, 4, -1),
        (2, 2, 0),
        (9, 9, 0),
    ],
)
def test_net_edges(edges, banes, net):
    assert net_edges(edges, banes) == net


def test_edge_outcome_names():
    assert dict(EDGE_OUTCOMES) == {
        2: "double edge",
        1: "edge",
        0: "none",
        -1: "bane",
        -2: "double bane",
    }
    with pytest.raises(TypeError):
        EDGE_OUTCOMES[3] = "triple edge"  # type: ignore[index]


@pytest.mark.parametrize(("edges", "banes"), [(-1, 0), (0, -1), (True, 0), (0, 1.0), ("1", 0)])
def test_bad_edge_or_bane_counts_are_refused(edges, banes):
    with pytest.raises(RulesError, match=r"0 or more|whole number"):
        net_edges(edges, banes)
    with pytest.raises(RulesError):
        roll((5, 5), edges=edges, banes=banes)


def test_negative_edges_message_names_the_field():
    with pytest.raises(RulesError, match="edges must be a whole number of 0 or more, got -2"):
        net_edges(-2, 0)
    with pytest.raises(RulesError, match="banes"):
        net_edges(0, -2)


# --- natural 19 and 20 -------------------------------------------------------------------


@pytest.mark.parametrize("faces", [(9, 10), (10, 9), (10, 10)])
def test_natural_19_or_20_is_critical_and_tier_3(faces):
    result = roll(faces, -5, banes=1, bonus=-10)
    assert result.critical is True
    assert result.tier == 3
    assert result.tier_by_total == 1  # the total alone would be tier 1
    assert result.total == sum(faces) - 5 - 10 - 2


@pytest.mark.parametrize("faces", [(9, 10), (10, 10)])
def test_natural_19_or_20_beats_a_double_bane(faces):
    result = roll(faces, -1, banes=2)
    assert (result.critical, result.tier, result.edge_outcome) == (True, 3, "double bane")


def test_natural_18_is_not_critical():
    result = roll((9, 9), -2, banes=2)
    assert result.critical is False
    assert (result.total, result.tier) == (16, 1)  # tier 2 by total, down one for double bane


def test_modifiers_do_not_make_a_critical():
    result = roll((8, 8), 5, skill=True, edges=1)
    assert result.total == 25
    assert result.critical is False
    assert result.natural == 16


# --- skill and bonus ---------------------------------------------------------------------


def test_skill_adds_two():
    assert roll((5, 5), 1, skill=True).total == 13
    assert roll((5, 5), 1, skill=False).total == 11


def test_skill_and_edge_both_apply():
    # The skill's +2 is not an edge: both add (000: 2027).
    result = roll((5, 5), 0, skill=True, edges=1)
    assert (result.total, result.tier) == (14, 2)


def test_skill_moves_a_roll_across_a_boundary():
    assert roll((5, 5), 0).tier == 1
    assert roll((5, 5), 0, skill=True).tier == 2


def test_bonus_and_penalty_add_up():
    assert roll((5, 5), 0, bonus=3).total == 13
    assert roll((5, 5), 0, bonus=-3).total == 7
    assert roll((8, 8), 0, bonus=1).tier == 3


def test_bonus_with_double_edge_still_counts():
    # Bonuses apply independently of edges; only the edges' +2 goes away (000: 736).
    result = roll((5, 5), 0, bonus=2, skill=True, edges=2)
    assert (result.total, result.tier_by_total, result.tier) == (14, 2, 3)


@pytest.mark.parametrize("skill", [1, 0, "yes", None])
def test_skill_must_be_a_bool(skill):
    with pytest.raises(RulesError, match="True or False"):
        roll((5, 5), skill=skill)


@pytest.mark.parametrize("bonus", [1.5, "2", None, True])
def test_bonus_must_be_a_whole_number(bonus):
    with pytest.raises(RulesError, match="bonus"):
        roll((5, 5), bonus=bonus)


@pytest.mark.parametrize("characteristic", [-6, 6, 2.0, True, "3"])
def test_characteristic_is_from_minus_5_to_5(characteristic):
    with pytest.raises(RulesError, match="characteristic"):
        roll((5, 5), characteristic)


# --- dice --------------------------------------------------------------------------------


def test_power_roll_uses_exactly_two_d10():
    dice = ScriptedDice([3, 4, 9])
    result = power_roll(1, dice=dice)
    assert result.faces == (3, 4)
    assert dice.remaining == 1
    assert dice.faces == [3, 4]


def test_power_roll_rolls_d10s():
    with pytest.raises(RulesError, match="d10"):
        roll((11, 1))


def test_power_roll_needs_two_faces():
    with pytest.raises(DiceExhausted):
        roll((5,))


def test_bad_input_rolls_no_dice():
    dice = ScriptedDice([5, 5])
    with pytest.raises(RulesError):
        power_roll(9, dice=dice)
    assert dice.remaining == 2


def test_seeded_power_roll_is_reproducible():
    assert power_roll(2, edges=1, dice=SeededDice(99)) == power_roll(
        2, edges=1, dice=SeededDice(99)
    )


def test_result_is_frozen():
    result = roll((5, 5))
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.tier = 3  # type: ignore[misc]


def test_dice_is_keyword_only_and_required():
    with pytest.raises(TypeError):
        power_roll(2)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        power_roll(2, 0, 0, False, 0, ScriptedDice([5, 5]))  # type: ignore[misc]


# --- properties --------------------------------------------------------------------------

settings_args = {
    "characteristic": st.integers(min_value=-5, max_value=5),
    "edges": st.integers(min_value=0, max_value=4),
    "banes": st.integers(min_value=0, max_value=4),
    "skill": st.booleans(),
    "bonus": st.integers(min_value=-10, max_value=10),
    "faces": st.tuples(st.integers(1, 10), st.integers(1, 10)),
}


@given(**settings_args)
def test_total_is_2d10_plus_modifiers(characteristic, edges, banes, skill, bonus, faces):
    result = roll(faces, characteristic, edges=edges, banes=banes, skill=skill, bonus=bonus)
    assert 2 <= result.natural <= 20
    fixed = result.natural + characteristic + bonus + (2 if skill else 0)
    assert result.total - fixed in {-2, 0, 2}
    assert result.total - fixed == {1: 2, -1: -2}.get(result.net_edges, 0)
    assert 2 - 5 - 10 - 2 <= result.total <= 20 + 5 + 10 + 2 + 2


@given(**settings_args)
def test_tier_is_the_total_tier_moved_at_most_one(
    characteristic, edges, banes, skill, bonus, faces
):
    result = roll(faces, characteristic, edges=edges, banes=banes, skill=skill, bonus=bonus)
    assert result.tier in (1, 2, 3)
    assert result.tier_by_total == tier_for_total(result.total)
    if result.critical:
        assert result.tier == 3
    elif result.net_edges == 2:
        assert result.tier == min(3, result.tier_by_total + 1)
    elif result.net_edges == -2:
        assert result.tier == max(1, result.tier_by_total - 1)
    else:
        assert result.tier == result.tier_by_total


@given(a=st.integers(-100, 100), b=st.integers(-100, 100))
def test_tier_is_monotone_in_total(a, b):
    low, high = sorted((a, b))
    assert tier_for_total(low) <= tier_for_total(high)


@given(faces=settings_args["faces"], characteristic=settings_args["characteristic"])
def test_an_edge_never_hurts_and_a_bane_never_helps(faces, characteristic):
    plain = roll(faces, characteristic).tier
    assert roll(faces, characteristic, edges=1).tier >= plain
    assert roll(faces, characteristic, edges=2).tier >= plain
    assert roll(faces, characteristic, banes=1).tier <= plain
    assert roll(faces, characteristic, banes=2).tier <= plain


@given(seed=st.integers(), characteristic=settings_args["characteristic"])
def test_seeded_rolls_stay_in_bounds(seed, characteristic):
    result = power_roll(characteristic, dice=SeededDice(seed))
    assert all(1 <= face <= 10 for face in result.faces)
    assert result.total == result.natural + characteristic
