"""Downtime projects: project rolls, goals, milestones, guides (seed 000: 3740-3900).

A project roll is a test without tiers: the points it adds are 2d10 + the project's
characteristic + modifiers, never less than 1. A natural 19 or 20 is a breakthrough: another
roll for the same project in the same activity. Goals that vary (lore, cures, roads, treasures,
...) each have a helper here; the figures beyond the seed come from REFERENCE.md.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from drawsteel_kit.kit.dice import Dice, roll_many
from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.catalog.languages import LanguageFit as Language
from drawsteel_kit.systems.draw_steel.rules.power import (
    BANE_PENALTY,
    DOUBLE_THRESHOLD,
    EDGE_BONUS,
    SKILL_BONUS,
)
from drawsteel_kit.systems.draw_steel.rules.project_goals import (  # the goals, re-exported
    CERTAIN_PERCENT,
    CURE_POINTS_PER_LEVEL,
    DISCOVER_LORE_GOALS,
    HONE_CAREER_SKILLS_GOALS,
    IMBUE_POINTS_PER_ENHANCEMENT,
    LATER_DOSE_SHARE,
    LEARN_FROM_A_MASTER_GOALS,
    LEARN_LANGUAGE_GOAL,
    LEARN_SKILL_GOAL,
    LEVELED_KINDS,
    LOVED_ONES_DAYS_BETWEEN,
    LOVED_ONES_STAMINA_BONUS,
    MAX_WHOLE,
    ROAD_POINTS_PER_MILE,
    ROAD_RENOWN_BANDS,
    ROAD_RENOWN_MAX,
    ROAD_REPAIR_SHARE,
    TREASURE_GOALS,
    UNDERCOVER_CAUGHT_PERCENT,
    UNDERCOVER_GOAL,
    UNDERCOVER_REPEAT_CAUGHT_PERCENT,
    UNDERCOVER_REPEAT_GOAL,
    craft_yield,
    discover_lore_goal,
    find_a_cure_goal,
    go_undercover_caught_chance,
    go_undercover_goal,
    hone_career_skills_goal,
    imbue_treasure_goal,
    learn_from_a_master_goal,
    loved_ones_stamina_bonus,
    parse_yield,
    road_goal,
    road_renown,
    treasure_goal,
    whole_number,
)

__all__ = [
    "AUTOMATIC_BREAKTHROUGH_POINTS",
    "BANE_PENALTY",
    "BREAKTHROUGH_NATURALS",
    "CERTAIN_PERCENT",
    "CURE_POINTS_PER_LEVEL",
    "DISCOVER_LORE_GOALS",
    "EDGE_BONUS",
    "EXTRA_DIE_SIDES",
    "GUIDE_ONCE_PER_PROJECT",
    "HONE_CAREER_SKILLS_GOALS",
    "IMBUE_POINTS_PER_ENHANCEMENT",
    "LANGUAGE_BANES",
    "LATER_DOSE_SHARE",
    "LEARN_FROM_A_MASTER_GOALS",
    "LEARN_LANGUAGE_GOAL",
    "LEARN_SKILL_GOAL",
    "LEVELED_KINDS",
    "LOVED_ONES_DAYS_BETWEEN",
    "LOVED_ONES_STAMINA_BONUS",
    "MAX_BANES",
    "MAX_EDGES",
    "MAX_WHOLE",
    "MILESTONE_BANDS",
    "MIN_PROJECT_POINTS",
    "PROJECT_DICE",
    "PROJECT_EVENT_DIE",
    "PROJECT_EVENT_FACE",
    "PROJECT_SKILL_GROUPS",
    "ROAD_POINTS_PER_MILE",
    "ROAD_RENOWN_BANDS",
    "ROAD_RENOWN_MAX",
    "ROAD_REPAIR_SHARE",
    "SKILL_BONUS",
    "TREASURE_GOALS",
    "UNDERCOVER_CAUGHT_PERCENT",
    "UNDERCOVER_GOAL",
    "UNDERCOVER_REPEAT_CAUGHT_PERCENT",
    "UNDERCOVER_REPEAT_GOAL",
    "AutomaticBreakthroughResult",
    "EventCheck",
    "Language",
    "ProjectRoll",
    "ProjectRollResult",
    "automatic_breakthrough",
    "craft_yield",
    "discover_lore_goal",
    "find_a_cure_goal",
    "go_undercover_caught_chance",
    "go_undercover_goal",
    "guide_serves",
    "hone_career_skills_goal",
    "imbue_treasure_goal",
    "is_complete",
    "learn_from_a_master_goal",
    "loved_ones_stamina_bonus",
    "milestones_for_goal",
    "milestones_passed",
    "parse_yield",
    "project_event_check",
    "project_roll",
    "project_roll_modifier",
    "road_goal",
    "road_renown",
    "study_guide",
    "treasure_goal",
]

# --- project rolls (000: 3772-3792) -------------------------------------------------------
#: A project roll is 2d10 (000: 3774; the power roll dice, 000: 661-745).
PROJECT_DICE: tuple[int, int] = (2, 10)
#: Extra dice some features add to each project roll are d6s (Ancient Loremaster, REFERENCE.md).
EXTRA_DIE_SIDES = 6
#: Natural totals (the two d10s alone) that are a breakthrough (000: 3776).
BREAKTHROUGH_NATURALS: frozenset[int] = frozenset({19, 20})
#: However low the roll, a project roll adds at least 1 point (000: 3776).
MIN_PROJECT_POINTS = 1
# Edge +2, double edge +4; bane -2, double bane -4 on project rolls (000: 3784): the same
# EDGE_BONUS and BANE_PENALTY as any power roll, but no tier shift. Two or more edges (banes)
# are a double edge (bane); no more counts (000: 709, 715, 728-730). A directly related
# Crafting or Lore skill applies like any skill on a test: SKILL_BONUS, +2 (000: 3788).
#: Ours: the largest bonus a project roll takes (the book's bonuses are a few points).
MAX_ROLL_BONUS = 100
MAX_EDGES = DOUBLE_THRESHOLD
MAX_BANES = DOUBLE_THRESHOLD
#: The skill groups whose skills apply to a project roll they relate to directly; a skill of
#: another group applies only if the Director allows it (000: 3788).
PROJECT_SKILL_GROUPS: tuple[str, ...] = ("crafting", "lore")
#: Banes from the project source's language: known none, related one, neither two (000: 3792).
LANGUAGE_BANES: dict[str, int] = {"known": 0, "related": 1, "unknown": 2}

# --- events and breakthroughs (000: 3810-3836) --------------------------------------------
#: "Roll" mode: a d6 once per respite with project rolls; a 6 means an event (000: 3812).
PROJECT_EVENT_DIE = 6
PROJECT_EVENT_FACE = 6
#: An automatic breakthrough adds 20 points at once, then another roll (000: 3836).
AUTOMATIC_BREAKTHROUGH_POINTS = 20
#: Event milestones: (highest goal of the band, fractions of the goal); None = no upper end
#: (000: 3820-3825). Fractions are rounded down.
MILESTONE_BANDS: tuple[tuple[int | None, tuple[Fraction, ...]], ...] = (
    (30, ()),
    (200, (Fraction(1, 2),)),
    (999, (Fraction(1, 3), Fraction(2, 3))),
    (None, (Fraction(1, 4), Fraction(1, 2), Fraction(3, 4))),
)

# --- guides (000: 3794-3800) ---------------------------------------------------------------
#: A guide serves a project once (another project of the same kind may use it) (000: 3796).
GUIDE_ONCE_PER_PROJECT = True
#: Share of a guide's knowledge value gained, by the reader's grasp of its language (000: 3800).
GUIDE_SHARE: dict[str, Fraction] = {
    "known": Fraction(1),
    "related": Fraction(1, 2),
    "unknown": Fraction(0),
}


def _language_banes(language: str) -> int:
    try:
        return LANGUAGE_BANES[language]
    except (KeyError, TypeError):
        allowed = ", ".join(LANGUAGE_BANES)
        raise RulesError(f"language must be one of {allowed}, got {language!r}") from None


@dataclass(frozen=True)
class ProjectRoll:
    """One project roll: every face rolled, the natural 2d10 total, the points it adds."""

    faces: tuple[int, ...]
    natural: int
    points: int
    breakthrough: bool


@dataclass(frozen=True)
class ProjectRollResult:
    """A project-roll activity: the first roll and every breakthrough roll after it.

    ``points`` is the total the activity adds; ``naturals`` the 2d10 totals of each roll;
    ``breakthroughs`` how many rolls were a natural 19-20 (each led to the next roll).
    """

    points: int
    rolls: tuple[ProjectRoll, ...]
    naturals: tuple[int, ...]
    breakthroughs: int
    modifier: int


def project_roll_modifier(
    characteristic: int,
    *,
    edges: int = 0,
    banes: int = 0,
    skill: bool = False,
    language: str = "known",
    bonus: int = 0,
) -> int:
    """What a project roll adds to 2d10 (000: 3782-3792; edges and banes 000: 705-723).

    Edges and banes count up to two each ("two or more" is a double edge or bane); the
    source's language adds banes. Without tiers a double edge is +4 and a double bane -4
    (000: 3784); the seed does not restate cancelling for project rolls, so the general rule
    holds (000: 719-723): edge and bane cancel, double edge + bane is one edge, and so on,
    which is the same as +2 per capped edge and -2 per capped bane.
    """
    whole_number("characteristic", characteristic, minimum=None)
    whole_number("edges", edges)
    whole_number("banes", banes)
    whole_number("bonus", bonus, minimum=None)
    if abs(bonus) > MAX_ROLL_BONUS:
        raise RulesError(f"a project roll's bonus must be from -{MAX_ROLL_BONUS} to "
                         f"{MAX_ROLL_BONUS} (a larger one is a typo), got {bonus}")
    if not isinstance(skill, bool):
        raise RulesError(f"skill must be True or False, got {skill!r}")
    all_banes = banes + _language_banes(language)
    net = min(edges, MAX_EDGES) * EDGE_BONUS - min(all_banes, MAX_BANES) * BANE_PENALTY
    return characteristic + net + (SKILL_BONUS if skill else 0) + bonus


def project_roll(
    characteristic: int,
    *,
    edges: int = 0,
    banes: int = 0,
    skill: bool = False,
    language: str = "known",
    bonus: int = 0,
    dice: Dice,
    extra_d6: int = 0,
) -> ProjectRollResult:
    """Make a project roll and every breakthrough roll it leads to (000: 3772-3792).

    Each roll uses 2d10 (then ``extra_d6`` d6, e.g. Ancient Loremaster's +1d6 per dead
    language) + :func:`project_roll_modifier`, at least 1 point. A natural 19 or 20 on the
    d10s is a breakthrough: roll again, as often as it happens. There is no cap on the
    chain (each link has a 3% chance); typed-in dice that run out raise DiceExhausted.
    """
    modifier = project_roll_modifier(
        characteristic, edges=edges, banes=banes, skill=skill, language=language, bonus=bonus
    )
    whole_number("extra_d6", extra_d6)
    count, sides = PROJECT_DICE
    rolls: list[ProjectRoll] = []
    while True:
        d10s = roll_many(dice, count, sides)
        d6s = roll_many(dice, extra_d6, EXTRA_DIE_SIDES)
        natural = sum(d10s)
        points = max(MIN_PROJECT_POINTS, natural + sum(d6s) + modifier)
        breakthrough = natural in BREAKTHROUGH_NATURALS
        rolls.append(ProjectRoll(d10s + d6s, natural, points, breakthrough))
        if not breakthrough:
            break
    return ProjectRollResult(
        points=sum(r.points for r in rolls),
        rolls=tuple(rolls),
        naturals=tuple(r.natural for r in rolls),
        breakthroughs=sum(1 for r in rolls if r.breakthrough),
        modifier=modifier,
    )


@dataclass(frozen=True)
class AutomaticBreakthroughResult:
    """An event's automatic breakthrough: the fixed points plus the extra project roll."""

    points: int
    bonus_points: int
    roll: ProjectRollResult


def automatic_breakthrough(
    characteristic: int,
    *,
    edges: int = 0,
    banes: int = 0,
    skill: bool = False,
    language: str = "known",
    bonus: int = 0,
    dice: Dice,
    extra_d6: int = 0,
) -> AutomaticBreakthroughResult:
    """20 points at once, then another project roll in the same activity (000: 3834-3836)."""
    roll = project_roll(
        characteristic,
        edges=edges,
        banes=banes,
        skill=skill,
        language=language,
        bonus=bonus,
        dice=dice,
        extra_d6=extra_d6,
    )
    return AutomaticBreakthroughResult(
        AUTOMATIC_BREAKTHROUGH_POINTS + roll.points, AUTOMATIC_BREAKTHROUGH_POINTS, roll
    )


class EventCheck(NamedTuple):
    """The d6 of the "roll" events mode and whether an event happens."""

    face: int
    happened: bool


def project_event_check(dice: Dice) -> EventCheck:
    """Roll for a project event: once per respite with project rolls, a 6 (000: 3810-3812)."""
    face = dice.roll(PROJECT_EVENT_DIE)
    return EventCheck(face, face == PROJECT_EVENT_FACE)


def milestones_for_goal(goal: int) -> tuple[int, ...]:
    """The point totals at which events happen in "milestones" mode (000: 3814-3825)."""
    whole_number("goal", goal, minimum=1)
    return _milestones(goal)


@functools.lru_cache(maxsize=1024)
def _milestones(goal: int) -> tuple[int, ...]:
    """The milestones of a (checked) goal: worked out once per goal (every roll asks)."""
    for highest, fractions in MILESTONE_BANDS:
        if highest is None or goal <= highest:
            return tuple(int(goal * f) for f in fractions)
    raise AssertionError("the last milestone band has no upper end")  # pragma: no cover


def milestones_passed(goal: int, before: int, after: int) -> tuple[int, ...]:
    """Milestones reached going from ``before`` to ``after`` points (before < m <= after)."""
    whole_number("points before", before)
    whole_number("points after", after)
    if after < before:
        raise RulesError(f"project points never go down: got before={before}, after={after}")
    return tuple(m for m in milestones_for_goal(goal) if before < m <= after)


def is_complete(points: int, goal: int) -> bool:
    """A project is done when its points reach or pass its goal (000: 3778)."""
    whole_number("points", points)
    whole_number("goal", goal)
    return points >= goal


def study_guide(knowledge_value: int, *, language: str = "known") -> int:
    """Points from studying a guide (000: 3794-3800).

    Known language: its full knowledge value; related language: half, rounded down. The seed
    gives the full benefit only in a language the hero understands and halves it only for a
    related one; it says nothing of other languages, so a guide the hero cannot read gives 0.
    """
    whole_number("knowledge value", knowledge_value)
    _language_banes(language)
    return int(knowledge_value * GUIDE_SHARE[language])


def guide_serves(guide_kind: str | None, project_kind: str) -> bool:
    """Whether a guide may serve a project of ``project_kind`` (000: 3796).

    A guide relates to one kind of project: once it has served a project, it may serve
    another project of the same kind, never one of another kind (a research guide does not
    serve a crafting project). ``guide_kind`` is None for a guide not studied yet.
    """
    return guide_kind is None or guide_kind == project_kind


