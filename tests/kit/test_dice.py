"""Dice sources: seeded, scripted (typed in at the table), and roll_many."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drawsteel_kit.kit.dice import Dice, ScriptedDice, SeededDice, roll_many
from drawsteel_kit.kit.errors import DiceExhausted, RulesError


def test_same_seed_gives_same_faces():
    first, second = SeededDice(42), SeededDice(42)
    rolls = [first.roll(10) for _ in range(50)]
    assert rolls == [second.roll(10) for _ in range(50)]
    assert first.faces == rolls


def test_different_seeds_give_different_faces():
    assert roll_many(SeededDice(1), 30, 20) != roll_many(SeededDice(2), 30, 20)


@given(seed=st.integers(), sides=st.integers(min_value=2, max_value=100))
def test_seeded_faces_are_within_the_die(seed, sides):
    dice = SeededDice(seed)
    faces = [dice.roll(sides) for _ in range(20)]
    assert all(1 <= face <= sides for face in faces)
    assert dice.faces == faces


def test_seeded_dice_reach_both_ends_of_a_d10():
    faces = set(roll_many(SeededDice(7), 500, 10))
    assert faces == set(range(1, 11))


@pytest.mark.parametrize("seed", [True, "42", 4.2, None])
def test_seed_must_be_a_whole_number(seed):
    with pytest.raises(RulesError, match="seed"):
        SeededDice(seed)


@pytest.mark.parametrize("sides", [1, 0, -6, True, 10.0, "10"])
def test_a_die_needs_at_least_two_sides(sides):
    with pytest.raises(RulesError, match="at least 2 sides"):
        SeededDice(1).roll(sides)
    with pytest.raises(RulesError, match="at least 2 sides"):
        ScriptedDice([1]).roll(sides)


def test_scripted_dice_give_faces_in_order_and_remember_them():
    dice = ScriptedDice([3, 10, 1])
    assert dice.remaining == 3
    assert [dice.roll(10), dice.roll(10), dice.roll(6)] == [3, 10, 1]
    assert dice.faces == [3, 10, 1]
    assert dice.remaining == 0


def test_scripted_dice_exhausted_says_what_to_do():
    dice = ScriptedDice([4, 5])
    dice.roll(10)
    dice.roll(10)
    with pytest.raises(DiceExhausted) as caught:
        dice.roll(10)
    message = str(caught.value)
    assert "after 2 faces" in message
    assert "d10" in message
    assert "type in one more face" in message


def test_empty_script_is_exhausted_at_once():
    with pytest.raises(DiceExhausted, match="after 0 faces, but a d6"):
        ScriptedDice([]).roll(6)


def test_dice_exhausted_is_not_a_rules_error():
    # A caller catching bad input (ValueError) must not swallow "type in more dice".
    assert not issubclass(DiceExhausted, ValueError)


def test_face_bigger_than_the_die_is_refused():
    dice = ScriptedDice([7, 2])
    with pytest.raises(RulesError) as caught:
        dice.roll(6)
    message = str(caught.value)
    assert "7" in message and "d6" in message and "1 to 6" in message
    assert "roll 1" in message
    # the refused face is not used up, and nothing was recorded
    assert dice.remaining == 2
    assert dice.faces == []
    assert dice.roll(10) == 7


def test_face_equal_to_sides_is_fine():
    assert ScriptedDice([20]).roll(20) == 20


@pytest.mark.parametrize("face", [0, -1, True, 2.5, "3"])
def test_typed_in_face_must_be_a_whole_number_of_one_or_more(face):
    with pytest.raises(RulesError, match="1 or more"):
        ScriptedDice([3, face])


def test_roll_many_rolls_count_dice_of_the_given_sides():
    dice = ScriptedDice([9, 2, 6])
    assert roll_many(dice, 2, 10) == (9, 2)
    assert dice.remaining == 1


def test_roll_many_zero_dice_rolls_nothing():
    dice = ScriptedDice([5])
    assert roll_many(dice, 0, 10) == ()
    assert dice.remaining == 1


@pytest.mark.parametrize("count", [-1, True, 2.0])
def test_roll_many_refuses_a_bad_count(count):
    with pytest.raises(RulesError, match="number of dice"):
        roll_many(SeededDice(1), count, 10)


def test_roll_many_needs_enough_scripted_faces():
    with pytest.raises(DiceExhausted):
        roll_many(ScriptedDice([1]), 2, 10)


def test_both_sources_are_dice():
    assert isinstance(SeededDice(1), Dice)
    assert isinstance(ScriptedDice([1]), Dice)
    assert not isinstance(object(), Dice)
