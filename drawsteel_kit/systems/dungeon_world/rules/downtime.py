"""Between adventures: Recover (《回復》, 003: 355-357), Recruit (《徴募》, 003: 360-369) and
Bolster (《増強》, 003: 385-387)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from drawsteel_kit.kit.dice import Dice
from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.dungeon_world.errors import DungeonWorldError
from drawsteel_kit.systems.dungeon_world.rules.advancement import LevelUpChoice, Rest
from drawsteel_kit.systems.dungeon_world.rules.camp import offer_level_up
from drawsteel_kit.systems.dungeon_world.rules.character import Character, Modifier
from drawsteel_kit.systems.dungeon_world.rules.checks import (
    check_bool,
    check_int,
    check_text,
    coerce_enum,
    coerce_enums,
)
from drawsteel_kit.systems.dungeon_world.rules.moves import Move
from drawsteel_kit.systems.dungeon_world.rules.roll import Band, MoveResult, roll_for, roll_lines
from drawsteel_kit.systems.dungeon_world.rules.stats import Debility

__all__ = [
    "BOLSTER_DAYS",
    "BOLSTER_PREPARATION",
    "DAYS_PER_DEBILITY",
    "DAYS_PER_DEBILITY_WITH_HEALER",
    "FULL_HP_DAYS",
    "RECRUIT_CONDITION_BONUS",
    "RECRUIT_TURN_AWAY_FORWARD",
    "BolsterPeriod",
    "RecruitCondition",
    "RecruitDecision",
    "bolster",
    "bolster_period",
    "debilities_healed",
    "recover",
    "recruit",
]

#: A day of rest in comfort and safety heals all HP (003: 357).
FULL_HP_DAYS = 1
#: Three days of rest remove one debility of your choice (003: 357); we read it as one per
#: three full days (six days, two debilities).
DAYS_PER_DEBILITY = 3
#: In a healer's care, one debility heals per two days of rest (003: 357).
DAYS_PER_DEBILITY_WITH_HEALER = 2
#: Each condition stated when recruiting adds +1 (003: 364-367).
RECRUIT_CONDITION_BONUS = 1
#: Turning an applicant away gives -1 forward to Recruit (003: 369).
RECRUIT_TURN_AWAY_FORWARD = -1


class BolsterPeriod(StrEnum):
    """How long the study, meditation or hard training lasted (003: 387)."""

    WEEK = "week"
    MONTH = "month"


#: A week or more of preparation gives 1 preparation, a month or more 3 (003: 387).
BOLSTER_PREPARATION: MappingProxyType[BolsterPeriod, int] = MappingProxyType(
    {BolsterPeriod.WEEK: 1, BolsterPeriod.MONTH: 3}
)
#: The days we count as a week and a month when a plan gives days (our reading: the seed
#: says only "一週間以上" and "1ヶ月以上"; a month is taken as 30 days).
BOLSTER_DAYS: MappingProxyType[BolsterPeriod, int] = MappingProxyType(
    {BolsterPeriod.WEEK: 7, BolsterPeriod.MONTH: 30}
)


class RecruitCondition(StrEnum):
    """The four +1 conditions of Recruit (003: 364-367)."""

    GENEROUS_PAY = "generous_pay"  # 支払いを奮発すると言明する
    STATED_PURPOSE = "stated_purpose"  # 何をするつもりなのかを言明する
    SHARE_OF_LOOT = "share_of_loot"  # 発見物の分け前にあずかれると言明する
    KNOWN_IN_AREA = "known_in_area"  # この地域において名が売れている


class RecruitDecision(StrEnum):
    """Take the applicant the band offers, or turn them away (003: 369)."""

    HIRE = "hire"
    TURN_AWAY = "turn_away"


def debilities_healed(days: int, *, healer: bool = False) -> int:
    """How many debilities ``days`` of rest remove: one per 3 days, or per 2 with a healer
    (003: 357)."""
    check_int("days of rest", days, minimum=FULL_HP_DAYS)
    check_bool("healer", healer)
    return days // (DAYS_PER_DEBILITY_WITH_HEALER if healer else DAYS_PER_DEBILITY)


def recover(
    character: Character,
    *,
    days: int,
    healer: bool = False,
    remove: Collection[Debility | str] = (),
    level_up: LevelUpChoice | str | dict[str, Any] | None = None,
) -> MoveResult:
    """Recover: rest in comfort and safety for ``days`` (003: 357).

    One day heals all HP. Every 3 days removes one debility (every 2 in a ``healer``'s
    care); ``remove`` names the ones to lose, in order, when there are more debilities than
    the rest heals (all are removed otherwise). Level Up is offered while resting (003: 330).
    """
    count = debilities_healed(days, healer=healer)
    wanted = coerce_enums(Debility, remove, "the debilities to remove")
    missing = [d.value for d in wanted if d not in character.debilities]
    if missing:
        has = ", ".join(d.value for d in character.debilities) or "none"
        raise DungeonWorldError(
            f"{character.name} is not {', '.join(missing)}; debilities: {has}"
        )
    if len(wanted) > count:
        raise DungeonWorldError(
            f"{plural(days, 'day')} of rest {'with' if healer else 'without'} a healer remove "
            f"{count} debilit{'y' if count == 1 else 'ies'}; {len(wanted)} named"
        )
    healed = min(count, len(character.debilities))
    if len(character.debilities) <= count:
        wanted = character.debilities
    elif len(wanted) < healed:
        raise DungeonWorldError(
            f"{character.name}'s rest removes {healed} of "
            f"{', '.join(d.value for d in character.debilities)}: name {healed} in remove"
        )
    care = " in a healer's care" if healer else ""
    lines = [
        f"{character.name} rests {plural(days, 'day')}{care} and heals to full HP "
        f"({character.max_hp})"
    ]
    after = replace(
        character,
        hp=character.max_hp,
        debilities=tuple(d for d in character.debilities if d not in wanted),
    )
    if wanted:
        lines.append(f"{character.name} is no longer {', '.join(d.value for d in wanted)}")
    after, _ = offer_level_up(after, level_up, lines, Rest.DAYS)
    return MoveResult(
        move=Move.RECOVER, before=(character,), after=(after,), lines=tuple(lines),
        choices=tuple(d.value for d in wanted),
    )


def recruit(
    character: Character,
    *,
    dice: Dice,
    conditions: Collection[RecruitCondition | str] = (),
    strong_hit: RecruitDecision | str = RecruitDecision.HIRE,
    weak_hit: RecruitDecision | str = RecruitDecision.HIRE,
    miss: RecruitDecision | str = RecruitDecision.TURN_AWAY,
    hireling: str | None = None,
    spend_preparation: bool = False,
    xp_on_miss: bool = False,
) -> MoveResult:
    """Recruit: put the word out for hirelings, +1 per condition stated (003: 362-369).

    10+: pick from many skilled applicants; turning them away costs nothing. 7-9: settle
    for someone close, or turn them away. Miss: someone influential but ill-suited wants to
    come: take them and the consequences, or turn them away. Turning an applicant away
    (7-9 or miss) gives -1 forward to Recruit. The decisions are given per band;
    ``hireling`` names whoever is hired, for the lines.
    """
    stated = coerce_enums(RecruitCondition, conditions, "Recruit's conditions")
    decisions = {
        Band.STRONG_HIT: coerce_enum(RecruitDecision, strong_hit, "strong_hit"),
        Band.WEAK_HIT: coerce_enum(RecruitDecision, weak_hit, "weak_hit"),
        Band.MISS: coerce_enum(RecruitDecision, miss, "miss"),
    }
    if hireling is not None:
        check_text("hireling", hireling)
    after, roll = roll_for(
        character, Move.RECRUIT, dice=dice, bonus=RECRUIT_CONDITION_BONUS * len(stated),
        spend_preparation=spend_preparation, xp_on_miss=xp_on_miss, bonus_label="conditions",
    )
    lines = []
    if stated:
        lines.append(
            f"{character.name} puts the word out: {', '.join(c.value for c in stated)} "
            f"(+{RECRUIT_CONDITION_BONUS * len(stated)})"
        )
    lines.extend(roll_lines(roll))
    decision = decisions[roll.band]
    offered = {
        Band.STRONG_HIT: "a pick of many skilled applicants",
        Band.WEAK_HIT: "someone close to what was wanted",
        Band.MISS: "someone influential but ill-suited (the GM says who)",
    }[roll.band]
    if decision is RecruitDecision.HIRE:
        hired = f"{hireling} ({offered})" if hireling else offered
        lines.append(f"{character.name} hires {hired}")
    elif roll.band is Band.STRONG_HIT:
        lines.append(f"{character.name} hires no one, at no cost")
    else:
        after = after.with_forward(Modifier(RECRUIT_TURN_AWAY_FORWARD, Move.RECRUIT, "Recruit"))
        lines.append(
            f"{character.name} turns away {offered}: {RECRUIT_TURN_AWAY_FORWARD} forward "
            "to Recruit"
        )
    return MoveResult(
        move=Move.RECRUIT, before=(character,), after=(after,), rolls=(roll,),
        lines=tuple(lines), choices=(decision.value,),
    )


def bolster_period(days: int) -> BolsterPeriod:
    """The period ``days`` of preparation count as: a month from 30 days, a week from 7."""
    check_int("days of preparation", days, minimum=0)
    if days >= BOLSTER_DAYS[BolsterPeriod.MONTH]:
        return BolsterPeriod.MONTH
    if days >= BOLSTER_DAYS[BolsterPeriod.WEEK]:
        return BolsterPeriod.WEEK
    raise DungeonWorldError(
        f"Bolster needs a week ({BOLSTER_DAYS[BolsterPeriod.WEEK]} days) or more of "
        f"preparation; got {plural(days, 'day')}"
    )


def bolster(
    character: Character,
    *,
    period: BolsterPeriod | str | None = None,
    days: int | None = None,
) -> MoveResult:
    """Bolster: spend leisure in study, meditation or hard training (003: 387).

    A week or more gives 1 preparation, a month or more 3. Give ``period`` or ``days``.
    Spend it with ``spend_preparation=True`` on a roll where it helps: +1, one per roll.
    """
    if (period is None) == (days is None):
        raise DungeonWorldError("Bolster needs period ('week' or 'month') or days, not both")
    spent = (
        coerce_enum(BolsterPeriod, period, "Bolster's period") if period is not None
        else bolster_period(days)  # type: ignore[arg-type]  # days is given: checked above
    )
    gained = BOLSTER_PREPARATION[spent]
    after = replace(character, preparation=character.preparation + gained)
    line = (
        f"{character.name} prepares for a {spent}: +{gained} preparation "
        f"({after.preparation} in all)"
    )
    return MoveResult(
        move=Move.BOLSTER, before=(character,), after=(after,), lines=(line,),
        choices=(spent.value,),
    )
