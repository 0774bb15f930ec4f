"""Power rolls and tests: 2d10 + a characteristic, read as tier 1, 2 or 3.

Seed sections: 000: 661-745 (power rolls, edges and banes), 000: 1787-1990 (tests),
000: 2025-2029 (skills), 001: 3-17 (rules reference sheet).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from drawsteel_kit.kit.dice import Dice, roll_many
from drawsteel_kit.kit.errors import RulesError

__all__ = [
    "BANE",
    "BANE_PENALTY",
    "CHARACTERISTIC_MAX",
    "CHARACTERISTIC_MIN",
    "CRITICAL_NATURALS",
    "DOUBLE_BANE",
    "DOUBLE_EDGE",
    "DOUBLE_THRESHOLD",
    "EDGE",
    "EDGE_BONUS",
    "EDGE_OUTCOMES",
    "MAX_TIER",
    "MIN_TIER",
    "NO_EDGE",
    "POWER_ROLL_DICE",
    "POWER_ROLL_SIDES",
    "SKILL_BONUS",
    "TIER_1",
    "TIER_1_MAX",
    "TIER_2",
    "TIER_2_MAX",
    "TIER_3",
    "TIER_SHIFT",
    "PowerRollResult",
    "edge_outcome",
    "net_edges",
    "power_roll",
    "tier_for_total",
]

#: A power roll is 2d10 plus a characteristic (000: 677; 001: 5).
POWER_ROLL_DICE = 2
POWER_ROLL_SIDES = 10
#: Every characteristic score runs from -5 to +5 (000: 153, 641).
CHARACTERISTIC_MIN = -5
CHARACTERISTIC_MAX = 5
#: Tier 1 is a total of 11 or less, tier 2 is 12-16, tier 3 is 17 or more (000: 683-685; 001: 5).
TIER_1_MAX = 11
TIER_2_MAX = 16
TIER_1, TIER_2, TIER_3 = 1, 2, 3
MIN_TIER = TIER_1
MAX_TIER = TIER_3
#: A natural 19 or 20 is always tier 3, whatever the modifiers (000: 699, 375; 001: 4).
CRITICAL_NATURALS: frozenset[int] = frozenset({19, 20})
#: An edge adds 2, a bane subtracts 2 (000: 709, 715; 001: 11, 13).
EDGE_BONUS = 2
BANE_PENALTY = 2
#: Two or more edges (banes) make a double edge (bane); the cap is two (000: 709, 715, 730).
DOUBLE_THRESHOLD = 2
#: A double edge moves the outcome up one tier, a double bane down one (000: 709, 715; 001: 12, 14).
TIER_SHIFT = 1
#: One or more skills that apply to a test give +2, once (000: 1808, 2025-2029; 001: 8).
SKILL_BONUS = 2

DOUBLE_EDGE = "double edge"
EDGE = "edge"
NO_EDGE = "none"
BANE = "bane"
DOUBLE_BANE = "double bane"
#: Net edges (see :func:`net_edges`) to the book's name for the outcome (000: 719-723).
EDGE_OUTCOMES: MappingProxyType[int, str] = MappingProxyType(
    {
        DOUBLE_THRESHOLD: DOUBLE_EDGE,
        1: EDGE,
        0: NO_EDGE,
        -1: BANE,
        -DOUBLE_THRESHOLD: DOUBLE_BANE,
    }
)


@dataclass(frozen=True)
class PowerRollResult:
    """One power roll, with every part a notebook needs to explain the outcome.

    ``critical`` is a natural 19 or 20: always tier 3. On a test it is a critical
    success, a success with a reward whatever the difficulty (000: 1887); on an ability
    roll made as a main action it is also a critical hit (000: 375, 1636-1638).
    """

    faces: tuple[int, ...]
    natural: int
    characteristic: int
    edges: int
    banes: int
    net_edges: int
    edge_outcome: str
    skill: bool
    bonus: int
    total: int
    tier_by_total: int
    tier: int
    critical: bool


def _check_int(name: str, value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RulesError(f"{name} must be a whole number, got {value!r}")
    return value


def _check_count(name: str, value: object) -> int:
    count = _check_int(name, value)
    if count < 0:
        raise RulesError(f"{name} must be a whole number of 0 or more, got {count}")
    return count


def tier_for_total(total: int) -> int:
    """The tier (1-3) a power roll total reaches (000: 683-685; 001: 5)."""
    _check_int("a power roll total", total)
    if total <= TIER_1_MAX:
        return TIER_1
    if total <= TIER_2_MAX:
        return TIER_2
    return TIER_3


def net_edges(edges: int, banes: int) -> int:
    """Edges and banes after cancelling, from +2 (double edge) to -2 (double bane).

    Each side counts at most two; an edge and a bane cancel, a double edge and a
    double bane cancel, a double edge with one bane is one edge, and a double bane
    with one edge is one bane, however many made the double (000: 719-723, 730; 001: 15-17).
    """
    edges = _check_count("edges", edges)
    banes = _check_count("banes", banes)
    return min(edges, DOUBLE_THRESHOLD) - min(banes, DOUBLE_THRESHOLD)


def edge_outcome(edges: int, banes: int) -> str:
    """The book's name for what edges and banes come to: "double edge" ... "double bane"."""
    return EDGE_OUTCOMES[net_edges(edges, banes)]


def power_roll(
    characteristic: int,
    *,
    edges: int = 0,
    banes: int = 0,
    skill: bool = False,
    bonus: int = 0,
    dice: Dice,
) -> PowerRollResult:
    """Make a power roll: 2d10 + characteristic, with edges, banes, a skill and bonuses.

    ``bonus`` is the sum of any other bonuses and penalties (a penalty is negative);
    they always add up and apply before edges and banes (000: 736). A single edge or
    bane changes the total by 2; a double edge or bane leaves the total alone and
    moves the tier one step, never past tier 3 or below tier 1 (000: 709, 715).
    A natural 19 or 20 is tier 3 regardless (000: 699; 001: 4).
    Seed: 000: 661-745, 1787-1990, 2025-2029; 001: 3-17.
    """
    _check_int("characteristic", characteristic)
    if not CHARACTERISTIC_MIN <= characteristic <= CHARACTERISTIC_MAX:
        raise RulesError(
            f"a characteristic runs from {CHARACTERISTIC_MIN} to {CHARACTERISTIC_MAX}, "
            f"got {characteristic}"
        )
    net = net_edges(edges, banes)
    if not isinstance(skill, bool):
        raise RulesError(f"skill must be True or False, got {skill!r}")
    _check_int("bonus", bonus)

    faces = roll_many(dice, POWER_ROLL_DICE, POWER_ROLL_SIDES)
    natural = sum(faces)
    total = natural + characteristic + bonus + (SKILL_BONUS if skill else 0)
    shift = 0
    if net >= DOUBLE_THRESHOLD:
        shift = TIER_SHIFT
    elif net > 0:
        total += EDGE_BONUS
    elif net <= -DOUBLE_THRESHOLD:
        shift = -TIER_SHIFT
    elif net < 0:
        total -= BANE_PENALTY
    by_total = tier_for_total(total)
    tier = min(MAX_TIER, max(MIN_TIER, by_total + shift))
    critical = natural in CRITICAL_NATURALS
    if critical:
        tier = MAX_TIER
    return PowerRollResult(
        faces=faces,
        natural=natural,
        characteristic=characteristic,
        edges=edges,
        banes=banes,
        net_edges=net,
        edge_outcome=EDGE_OUTCOMES[net],
        skill=skill,
        bonus=bonus,
        total=total,
        tier_by_total=by_total,
        tier=tier,
        critical=critical,
    )
