"""Wealth: what a hero can afford, the optional stretch purchase, wealth from levels."""

from __future__ import annotations

import dataclasses

import pytest

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.rules import wealth as wr
from drawsteel_kit.systems.draw_steel.rules.wealth import (
    Purchase,
    can_afford,
    level_wealth,
    purchase,
)


def test_book_constants() -> None:
    assert wr.STARTING_WEALTH == 1 and wr.WEALTH_FLOOR == 0
    assert (wr.TIER_MIN, wr.TIER_MAX) == (1, 6)
    assert wr.STRETCH_TIERS == 1 and wr.STRETCH_COST == 1 and wr.LEVELS_PER_WEALTH == 2


@pytest.mark.parametrize("wealth", range(0, 8))
@pytest.mark.parametrize("tier", range(1, 7))
def test_can_afford_every_tier_up_to_wealth(wealth: int, tier: int) -> None:
    assert can_afford(wealth, tier) is (tier <= wealth)


@pytest.mark.parametrize(
    ("wealth", "tier", "message"),
    [
        (-1, 1, "wealth must be a whole number of 0 or more, got -1"),
        (1.5, 1, "got 1.5"),
        (True, 1, "got True"),
        (3, 0, "tier is a whole number from 1 to 6, got 0"),
        (3, 7, "got 7"),
        (3, "2", "got '2'"),
    ],
)
def test_can_afford_refuses_bad_numbers(wealth: object, tier: object, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        can_afford(wealth, tier)  # type: ignore[arg-type]


@pytest.mark.parametrize("stretch", [False, True])
@pytest.mark.parametrize(("wealth", "tier"), [(1, 1), (3, 1), (3, 3), (6, 6), (9, 4)])
def test_a_purchase_within_wealth_costs_nothing(wealth: int, tier: int, stretch: bool) -> None:
    assert purchase(wealth, tier, item="x", stretch_allowed=stretch) == Purchase(
        "x", tier, wealth, wealth, False
    )


@pytest.mark.parametrize(
    ("wealth", "tier", "after"),
    [(3, 4, 2), (1, 2, 0), (0, 1, 0), (5, 6, 4)],  # never below 0 (000: 3979)
)
def test_the_stretch_rule_costs_one_wealth(wealth: int, tier: int, after: int) -> None:
    bought = purchase(wealth, tier, item="manor house", stretch_allowed=True)
    assert bought == Purchase("manor house", tier, wealth, after, True)


def test_without_the_stretch_rule_one_tier_up_is_refused_and_the_rule_named() -> None:
    with pytest.raises(RulesError) as info:
        purchase(3, 4, item="manor house")
    assert str(info.value).startswith(
        "cannot buy manor house (tier 4): it needs wealth 4 and the hero's wealth is 3; "
        "the campaign's stretch_purchases setting would allow it at the cost of 1 wealth"
    )


def test_even_the_stretch_rule_reaches_one_tier_only() -> None:
    with pytest.raises(RulesError) as info:
        purchase(3, 5, item="keep", stretch_allowed=True)
    text = str(info.value)
    assert "cannot buy keep (tier 5): it needs wealth 5 and the hero's wealth is 3" in text
    assert "only 1 tier above wealth (tier 4 at most)" in text
    assert "stretch_purchases setting would allow" not in text


def test_two_tiers_up_without_the_rule_does_not_suggest_it() -> None:
    with pytest.raises(RulesError) as info:
        purchase(0, 2)
    text = str(info.value)
    assert text.startswith("cannot buy a tier 2 item: it needs wealth 2 and the hero's wealth is 0")
    assert "stretch" not in text


@pytest.mark.parametrize(("wealth", "tier"), [(-1, 1), (2, 0), (2, 7)])
def test_purchase_refuses_bad_numbers(wealth: int, tier: int) -> None:
    with pytest.raises(RulesError, match="whole number"):
        purchase(wealth, tier, stretch_allowed=True)


def test_purchase_is_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        purchase(2, 1).wealth_after = 0  # type: ignore[misc]


WEALTH_LEVELS = (3, 5, 7, 9)  # the levels that give 1 wealth each (our reading of 000: 3975)


@pytest.mark.parametrize("old", range(1, 11))
@pytest.mark.parametrize("new", range(1, 11))
def test_level_wealth_for_every_pair(old: int, new: int) -> None:
    expected = sum(1 for level in WEALTH_LEVELS if old < level <= new)
    assert level_wealth(old, new) == expected


def test_level_wealth_from_one_to_ten_is_four() -> None:
    assert level_wealth(1, 10) == 4 and level_wealth(2, 3) == 1 and level_wealth(3, 4) == 0


@pytest.mark.parametrize(("old", "new"), [(0, 3), (3, -1), (1, 2.0)])
def test_level_wealth_refuses_what_is_not_a_level(old: object, new: object) -> None:
    with pytest.raises(RulesError, match="whole number of 1 or more"):
        level_wealth(old, new)  # type: ignore[arg-type]
