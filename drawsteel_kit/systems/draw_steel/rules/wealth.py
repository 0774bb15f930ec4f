"""Wealth: what a hero can buy, the optional stretch purchase, and wealth from levels.

Seed 000: 3961-3993. Draw Steel counts no coins: a hero's Wealth score says which tier of the
Hero Wealth table they can buy from (000: 3965). The table's items are catalog data
(:mod:`drawsteel_kit.systems.draw_steel.catalog.wealth`); this module only compares numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.words import plural

__all__ = [
    "LEVELS_PER_WEALTH",
    "NOTHING_FOR_SALE",
    "STARTING_WEALTH",
    "STRETCH_COST",
    "STRETCH_TIERS",
    "TIER_MAX",
    "TIER_MIN",
    "WEALTH_FLOOR",
    "Purchase",
    "ShoppingLimits",
    "can_afford",
    "check_trip_purchase",
    "level_wealth",
    "purchase",
]

#: Every hero starts with wealth 1; some careers raise it (000: 3973).
STARTING_WEALTH = 1
#: Wealth never drops below 0 (000: 3979).
WEALTH_FLOOR = 0
#: The Hero Wealth table's tiers run from 1 to 6 (000: 3985-3992).
TIER_MIN = 1
TIER_MAX = 6
#: Optional rule: the Director may allow a purchase one tier above the hero's wealth ...
STRETCH_TIERS = 1
#: ... after which the hero's wealth drops by 1, to no less than 0 (000: 3979).
STRETCH_COST = 1
#: Usually +1 wealth for every 2 levels gained; the Director may speed this up (000: 3975).
LEVELS_PER_WEALTH = 2
#: A place where nothing is for sale: "the middle of a trackless forest" (000: 3965). The
#: highest tier on sale there, below every tier of the table.
NOTHING_FOR_SALE = TIER_MIN - 1


@dataclass(frozen=True)
class ShoppingLimits:
    """What the Director allows on one shopping trip (a session, or a downtime) (000: 3965).

    ``purchases``: how many purchases each hero may make on the trip (None: no limit);
    ``max_tier``: the highest tier on sale where the heroes are (None: the whole table;
    NOTHING_FOR_SALE: nothing); ``unavailable``: items not to be had there; ``at``: the place.
    """

    at: str = ""
    purchases: int | None = None
    max_tier: int | None = None
    unavailable: tuple[str, ...] = ()


def check_trip_purchase(limits: ShoppingLimits, *, hero: str, item: str, tier: int,
                        count: int, made: int, trip: str, unavailable: bool = False) -> None:
    """Refuse a purchase the trip's limits do not allow (000: 3965): an item must be available
    where the hero is, and the Director may limit how many purchases a hero makes at a time.
    ``made``: what the hero already bought on this trip (each item counts); ``unavailable``:
    the item is on the trip's list of what cannot be had."""
    where = f" at {limits.at}" if limits.at else " here"
    if unavailable:
        raise RulesError(f"{item} is not available{where} on this {trip}: the Director says "
                         "it cannot be had; trade, barter or negotiate for it instead")
    if limits.max_tier is not None and tier > limits.max_tier:
        sold = ("nothing is for sale" if limits.max_tier < TIER_MIN
                else f"only tiers up to {limits.max_tier} are for sale")
        raise RulesError(f"{item} (tier {tier}) is not available{where}: {sold} on this {trip}")
    if limits.purchases is not None and made + count > limits.purchases:
        left = max(0, limits.purchases - made)
        raise RulesError(f"{hero} has made {made} of the "
                         f"{plural(limits.purchases, 'purchase')} the Director allows on this "
                         f"{trip}: {left} left, and this is {count}")


def _whole(value: object, what: str, least: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise RulesError(f"{what} must be a whole number of {least} or more, got {value!r}")
    return value


def _tier(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not TIER_MIN <= value <= TIER_MAX:
        raise RulesError(
            f"a Hero Wealth table tier is a whole number from {TIER_MIN} to {TIER_MAX}, "
            f"got {value!r}"
        )
    return value


def can_afford(wealth: int, tier: int) -> bool:
    """Whether a hero with ``wealth`` can buy from ``tier`` of the Hero Wealth table: any tier
    up to their wealth (000: 3965). The stretch rule is :func:`purchase`'s."""
    return _tier(tier) <= _whole(wealth, "wealth", WEALTH_FLOOR)


@dataclass(frozen=True)
class Purchase:
    """One purchase: the hero's wealth before and after, and whether it used the stretch rule."""

    item: str
    tier: int
    wealth_before: int
    wealth_after: int
    stretched: bool


def purchase(wealth: int, tier: int, *, item: str = "", stretch_allowed: bool = False) -> Purchase:
    """Buy ``item`` of ``tier`` with ``wealth`` (000: 3965, 3979).

    Within the hero's wealth the purchase costs nothing. One tier above it is allowed only with
    the optional stretch rule (the campaign's ``stretch_purchases``), and then wealth drops by
    STRETCH_COST, to no less than WEALTH_FLOOR. Anything else is refused with what it needs.
    """
    _tier(tier)
    if can_afford(wealth, tier):
        return Purchase(item, tier, wealth, wealth, False)
    if stretch_allowed and tier <= wealth + STRETCH_TIERS:
        return Purchase(item, tier, wealth, max(WEALTH_FLOOR, wealth - STRETCH_COST), True)
    what = f"{item} (tier {tier})" if item else f"a tier {tier} item"
    message = f"cannot buy {what}: it needs wealth {tier} and the hero's wealth is {wealth}"
    if tier > wealth + STRETCH_TIERS:
        if stretch_allowed:
            message += (
                f"; even the stretch rule buys only {STRETCH_TIERS} tier above wealth "
                f"(tier {wealth + STRETCH_TIERS} at most)"
            )
    else:
        message += (
            f"; the campaign's stretch_purchases setting would allow it at the cost of "
            f"{STRETCH_COST} wealth"
        )
    raise RulesError(f"{message}; or trade, barter or negotiate for it instead")


def level_wealth(old_level: int, new_level: int) -> int:
    """Wealth gained by levelling from ``old_level`` to ``new_level`` (000: 3975).

    Our reading of "+1 for every 2 levels gained": counted from level 1, each second level
    gained gives 1 wealth, so reaching level 3, 5, 7 or 9 gives 1 each (the levels L with
    ``(L - 1) % LEVELS_PER_WEALTH == 0``); 0 if the level does not rise. A Director who speeds
    it up adds the difference by hand.
    """
    old, new = _whole(old_level, "old_level", 1), _whole(new_level, "new_level", 1)
    return sum((at - 1) % LEVELS_PER_WEALTH == 0 for at in range(old + 1, new + 1))
