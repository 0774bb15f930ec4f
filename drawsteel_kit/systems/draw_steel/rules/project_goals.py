"""Project goals: how many points each kind of project needs (Discover Lore, Find a Cure, roads,
Go Undercover, training, treasures ...), and what a crafting project yields (seed 000:
3850-3900, REFERENCE.md). ``rules.projects`` re-exports them beside the project roll."""

from __future__ import annotations

import re
from fractions import Fraction

from drawsteel_kit.kit.dice import Dice, roll_many
from drawsteel_kit.kit.errors import RulesError

__all__ = ["CERTAIN_PERCENT", "CURE_POINTS_PER_LEVEL", "DISCOVER_LORE_GOALS",
           "HONE_CAREER_SKILLS_GOALS", "IMBUE_POINTS_PER_ENHANCEMENT", "LATER_DOSE_SHARE",
           "LEARN_FROM_A_MASTER_GOALS", "LEARN_LANGUAGE_GOAL", "LEARN_SKILL_GOAL", "LEVELED_KINDS",
           "LOVED_ONES_DAYS_BETWEEN", "LOVED_ONES_STAMINA_BONUS", "MAX_WHOLE",
           "ROAD_POINTS_PER_MILE", "ROAD_RENOWN_BANDS",
           "ROAD_RENOWN_MAX", "ROAD_REPAIR_SHARE", "TREASURE_GOALS", "UNDERCOVER_CAUGHT_PERCENT",
           "UNDERCOVER_GOAL", "UNDERCOVER_REPEAT_CAUGHT_PERCENT", "UNDERCOVER_REPEAT_GOAL",
           "craft_yield", "discover_lore_goal", "find_a_cure_goal", "go_undercover_caught_chance",
           "go_undercover_goal", "hone_career_skills_goal", "imbue_treasure_goal",
           "learn_from_a_master_goal", "loved_ones_stamina_bonus", "parse_yield", "road_goal",
           "road_renown", "treasure_goal", "whole_number"]

#: Ours, not the book's: the largest number a project rule takes or gives (a goal, a bonus,
#: miles of road). The book's largest goal is 3000 (000: 3798); custom goals stop at
#: 1,000,000 (config_projects.CUSTOM_GOAL_MAX). Beyond this a number is a typo, and SQLite
#: cannot store 2**63 or more.
MAX_WHOLE = 1_000_000

# --- goals -------------------------------------------------------------------------------
#: Discover Lore goals (000: 3872-3877).
DISCOVER_LORE_GOALS: dict[str, int] = {"common": 15, "obscure": 45, "lost": 120, "forbidden": 240}
#: Find a Cure: 50 x the afflicting creature's level; later doses half (000: 3854-3856).
CURE_POINTS_PER_LEVEL = 50
LATER_DOSE_SHARE = Fraction(1, 2)
#: Learn New Language / Learn New Skill (000: 3892, 3898).
LEARN_LANGUAGE_GOAL = 120
LEARN_SKILL_GOAL = 120
#: Build or Repair Road (REFERENCE.md): 10 per mile, half when repairing or connecting.
ROAD_POINTS_PER_MILE = 10
ROAD_REPAIR_SHARE = Fraction(1, 2)
#: Road renown on completion: (most miles, renown); past the last band +3 (REFERENCE.md).
ROAD_RENOWN_BANDS: tuple[tuple[int, int], ...] = ((50, 1), (100, 2))
ROAD_RENOWN_MAX = 3
#: Go Undercover (REFERENCE.md): 15, +30 per repeat with the same organisation;
#: 25% chance of being caught, +25% per repeat.
UNDERCOVER_GOAL = 15
UNDERCOVER_REPEAT_GOAL = 30
UNDERCOVER_CAUGHT_PERCENT = 25
UNDERCOVER_REPEAT_CAUGHT_PERCENT = 25
CERTAIN_PERCENT = 100
#: Hone Career Skills by number of career skills (REFERENCE.md).
HONE_CAREER_SKILLS_GOALS: dict[int, int] = {2: 240, 3: 360}
#: Learn From a Master by what is learned (REFERENCE.md).
LEARN_FROM_A_MASTER_GOALS: dict[str, int] = {
    "hone an ability": 120,
    "improve control": 500,
    "acquire an ability": 1000,
}
#: Imbue Treasure: 150 per enhancement (REFERENCE.md).
IMBUE_POINTS_PER_ENHANCEMENT = 150
#: Spend Time With Loved Ones: max Stamina +12 + level until the next respite (REFERENCE.md).
LOVED_ONES_STAMINA_BONUS = 12
#: Spend Time With Loved Ones is done "once a month" (REFERENCE.md "Official downtime
#: projects"): the workbook's calendar counts days, and takes a month as 30 of them.
LOVED_ONES_DAYS_BETWEEN = 30
#: Craft Treasure goals by kind and echelon 1-4 (REFERENCE.md "Treasure crafting projects").
#: Leveled treasures (armor, implement, weapon, other) have one goal, listed for echelon 1.
TREASURE_GOALS: dict[str, tuple[int, ...]] = {
    "consumable": (45, 90, 180, 360),
    "trinket": (150, 300, 450, 600),
    "leveled": (450,),
}
LEVELED_KINDS: frozenset[str] = frozenset({"armor", "implement", "weapon", "other"})


def whole_number(name: str, value: object, *, minimum: int | None = 0) -> int:
    """``value`` if it is a whole number (not a bool) from ``minimum`` (None: any) to
    MAX_WHOLE; RulesError naming ``name`` otherwise."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise RulesError(f"{name} must be a whole number, got {value!r}")
    if minimum is not None and value < minimum:
        raise RulesError(f"{name} must be {minimum} or more, got {value!r}")
    if abs(value) > MAX_WHOLE:
        raise RulesError(f"{name} must be at most {MAX_WHOLE:,} (a larger number is a typo), "
                         f"got a number {len(str(abs(value)))} digits long")
    return value


def _choice(name: str, value: object, table: dict[str, int]) -> int:
    key = str(value).strip().lower().replace("_", " ").replace("-", " ")
    try:
        return table[key]
    except KeyError:
        allowed = ", ".join(table)
        raise RulesError(f"{name} must be one of {allowed}, got {value!r}") from None


def discover_lore_goal(kind: str) -> int:
    """Discover Lore: common 15, obscure 45, lost 120, forbidden 240 (000: 3872-3877)."""
    return _choice("the kind of lore", kind, DISCOVER_LORE_GOALS)


def find_a_cure_goal(creature_level: int, *, later_dose: bool = False) -> int:
    """Find a Cure: 50 x the creature's level; each later dose half that (000: 3854-3856)."""
    whole_number("creature level", creature_level, minimum=1)
    goal = CURE_POINTS_PER_LEVEL * creature_level
    return int(goal * LATER_DOSE_SHARE) if later_dose else goal


def road_goal(miles: int, *, repair: bool = False) -> int:
    """Build or Repair Road: 10 per mile, half when repairing or connecting (REFERENCE.md)."""
    whole_number("miles", miles, minimum=1)
    goal = ROAD_POINTS_PER_MILE * miles
    return int(goal * ROAD_REPAIR_SHARE) if repair else goal


def road_renown(miles: int) -> int:
    """Renown a finished road gives: +1 up to 50 miles, +2 up to 100, +3 beyond."""
    whole_number("miles", miles, minimum=1)
    for most_miles, renown in ROAD_RENOWN_BANDS:
        if miles <= most_miles:
            return renown
    return ROAD_RENOWN_MAX


def go_undercover_goal(repeats: int = 0) -> int:
    """Go Undercover: 15, +30 for each earlier time with the same organisation."""
    whole_number("repeats", repeats)
    return UNDERCOVER_GOAL + UNDERCOVER_REPEAT_GOAL * repeats


def go_undercover_caught_chance(repeats: int = 0) -> int:
    """Chance (percent) of being caught undercover: 25%, +25% per repeat, at most 100."""
    whole_number("repeats", repeats)
    return min(
        CERTAIN_PERCENT, UNDERCOVER_CAUGHT_PERCENT + UNDERCOVER_REPEAT_CAUGHT_PERCENT * repeats
    )


def hone_career_skills_goal(skills: int) -> int:
    """Hone Career Skills: 240 for 2 career skills, 360 for 3 (REFERENCE.md)."""
    whole_number("career skills", skills)
    if skills not in HONE_CAREER_SKILLS_GOALS:
        allowed = " or ".join(str(n) for n in HONE_CAREER_SKILLS_GOALS)
        raise RulesError(f"Hone Career Skills works on {allowed} career skills, got {skills!r}")
    return HONE_CAREER_SKILLS_GOALS[skills]


def learn_from_a_master_goal(kind: str) -> int:
    """Learn From a Master: hone an ability 120, improve control 500, acquire an ability 1000."""
    return _choice("what is learned", kind, LEARN_FROM_A_MASTER_GOALS)


def imbue_treasure_goal(enhancements: int = 1) -> int:
    """Imbue Treasure: 150 points per enhancement (REFERENCE.md)."""
    whole_number("enhancements", enhancements, minimum=1)
    return IMBUE_POINTS_PER_ENHANCEMENT * enhancements


def treasure_goal(kind: str, echelon: int = 1) -> int:
    """Craft Treasure goal by kind and echelon (REFERENCE.md; exceptions live in the catalog).

    ``kind`` is consumable, trinket, or a leveled kind (armor, implement, weapon, other, or
    "leveled"); leveled treasures have a single goal, so their echelon must be 1.
    """
    key = str(kind).strip().lower()
    key = "leveled" if key in LEVELED_KINDS else key
    if key not in TREASURE_GOALS:
        allowed = ", ".join([*TREASURE_GOALS, *sorted(LEVELED_KINDS)])
        raise RulesError(f"treasure kind must be one of {allowed}, got {kind!r}")
    goals = TREASURE_GOALS[key]
    whole_number("echelon", echelon, minimum=1)
    if echelon > len(goals):
        what = (
            "leveled treasures have one goal: use echelon 1"
            if key == "leveled"
            else (f"echelons run from 1 to {len(goals)}")
        )
        raise RulesError(f"no {key} treasure goal for echelon {echelon}: {what}")
    return goals[echelon - 1]


def loved_ones_stamina_bonus(level: int) -> int:
    """Spend Time With Loved Ones: max Stamina +12 + level until the next respite."""
    whole_number("level", level, minimum=1)
    return LOVED_ONES_STAMINA_BONUS + level


_YIELD = re.compile(r"^\s*(\d+)\s*(?:d\s*(\d+)\s*(?:([+-])\s*(\d+))?)?\s*$", re.IGNORECASE)


def parse_yield(yields: int | str) -> tuple[int, int, int]:
    """How many items a treasure project makes, as (dice, sides, plus); 1 is (1, 0, 0).

    Accepts a whole number or a dice expression such as "1d3" or "1d6+1" (REFERENCE.md).
    """
    if isinstance(yields, int) and not isinstance(yields, bool):
        if yields < 1:
            raise RulesError(f"a yield must be 1 or more, got {yields!r}")
        return (yields, 0, 0)
    match = _YIELD.match(yields) if isinstance(yields, str) else None
    if match is None:
        raise RulesError(f"a yield is a whole number or dice like 1d3 or 1d6+1, got {yields!r}")
    count, sides, sign, plus = match.groups()
    if sides is None:
        return parse_yield(int(count))
    if int(count) < 1 or int(sides) < 2:
        raise RulesError(f"a yield rolls at least one die of 2+ sides, got {yields!r}")
    extra = int(plus or 0) * (-1 if sign == "-" else 1)
    if int(count) + extra < 1:
        raise RulesError(f"a yield must always make at least one item, got {yields!r}")
    return (int(count), int(sides), extra)


def craft_yield(yields: int | str, *, dice: Dice) -> int:
    """Roll how many items a finished treasure project makes ("1d3", "1d6+1", or 1)."""
    count, sides, plus = parse_yield(yields)
    if sides == 0:
        return count
    return sum(roll_many(dice, count, sides)) + plus
