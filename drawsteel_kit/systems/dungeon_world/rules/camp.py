"""On the road: Make Camp (《キャンプ》, 003: 282-288), Take Watch (《見張り》, 003: 291-293)
and Undertake a Perilous Journey (《危険に満ちた旅路》, 003: 296-312)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from enum import StrEnum
from typing import Any

from drawsteel_kit.kit.dice import Dice
from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.dungeon_world.errors import NotEnoughRations
from drawsteel_kit.systems.dungeon_world.rules.advancement import (
    LevelUpChoice,
    Rest,
    can_level_up,
    level_up,
    xp_to_level_up,
)
from drawsteel_kit.systems.dungeon_world.rules.character import Character, Modifier
from drawsteel_kit.systems.dungeon_world.rules.checks import check_bool, check_int
from drawsteel_kit.systems.dungeon_world.rules.moves import Move
from drawsteel_kit.systems.dungeon_world.rules.party import check_party, find, names_in
from drawsteel_kit.systems.dungeon_world.rules.roll import (
    Band,
    MoveResult,
    MoveRoll,
    band_for_total,
    roll_for,
    roll_lines,
)

__all__ = [
    "CAMP_HEAL_DIVISOR",
    "JOB_ORDER",
    "JOURNEY_RATIONS_SAVED",
    "RATIONS_PER_CAMP",
    "UNASSIGNED_JOB_TOTAL",
    "WATCH_FORWARD",
    "Job",
    "make_camp",
    "offer_level_up",
    "perilous_journey",
    "take_watch",
]

#: Making camp eats one ration (003: 284), unless an inn or host feeds you (003: 288).
RATIONS_PER_CAMP = 1
#: Sleeping a few hours in a row heals half max HP on waking (003: 284); the seed does not
#: say how to round: down, unless the table sets ``settings.half_hp: up``.
CAMP_HEAL_DIVISOR = 2
#: A strong hit on Take Watch gives everyone in the camp +1 forward (003: 293).
WATCH_FORWARD = 1
#: A quartermaster's strong hit cuts the rations used by 1 (003: 300).
JOURNEY_RATIONS_SAVED = 1
#: A job nobody takes counts as a roll of 6 (003: 306).
UNASSIGNED_JOB_TOTAL = 6


class Job(StrEnum):
    """The three jobs of a Perilous Journey (003: 298)."""

    TRAILBLAZER = "trailblazer"  # 先導役
    SCOUT = "scout"  # 先行偵察役
    QUARTERMASTER = "quartermaster"  # 配給係


#: The order the seed names the jobs, and the order they roll in (003: 298).
JOB_ORDER: tuple[Job, ...] = (Job.TRAILBLAZER, Job.SCOUT, Job.QUARTERMASTER)

_JOB_RESULTS = {
    (Job.TRAILBLAZER, Band.STRONG_HIT): "the trip takes less time (the GM says how much)",
    (Job.SCOUT, Band.STRONG_HIT): "the scout spots trouble quickly and gets the drop on it",
    (Job.QUARTERMASTER, Band.STRONG_HIT): "the quartermaster saves 1 ration",
    (Job.TRAILBLAZER, Band.WEAK_HIT): "the trip takes as long as expected",
    (Job.SCOUT, Band.WEAK_HIT): "no one gets the drop on the party, nor the party on anyone",
    (Job.QUARTERMASTER, Band.WEAK_HIT): "the party eats the expected rations",
}


def offer_level_up(
    character: Character, choice: object, lines: list[str], rest: Rest = Rest.HOURS
) -> tuple[Character, MoveResult | None]:
    """Level Up while resting if XP allows and a choice was given (003: 284, 330)."""
    if not can_level_up(character):
        if choice is not None:
            lines.append(
                f"{character.name} cannot level up yet: {xp_to_level_up(character.level)} XP "
                f"needed at level {character.level}, {character.xp} marked"
            )
        return character, None
    if choice is None:
        lines.append(f"{character.name} has {character.xp} XP: Level Up is offered")
        return character, None
    picked = LevelUpChoice.from_value(choice)
    result = level_up(
        character, picked.stat, rest=rest, advanced_move=picked.advanced_move,
        spell=picked.spell,
    )
    lines.extend(result.lines)
    return result.character, result


def make_camp(
    character: Character,
    *,
    meal_provided: bool = False,
    slept: bool = True,
    level_up: LevelUpChoice | str | dict[str, Any] | None = None,
    round_half_up: bool = False,
) -> MoveResult:
    """Make Camp: eat a ration, Level Up if XP allows, heal half max HP on waking.

    ``meal_provided``: a night at an inn or a house whose meal is paid for or given eats no
    ration (003: 288). ``slept``: only a few hours' sleep in a row heals (003: 284).
    ``level_up``: the choice to use if Level Up is offered (skipped, with a line, if not).
    ``round_half_up``: the table rounds half max HP up (the seed does not say).
    """
    check_bool("meal_provided", meal_provided)
    check_bool("round_half_up", round_half_up)
    check_bool("slept", slept)
    lines: list[str] = []
    after = character
    if meal_provided:
        lines.append(f"{character.name} makes camp; the meal is provided, no ration eaten")
    else:
        if character.rations < RATIONS_PER_CAMP:
            raise NotEnoughRations(
                f"{character.name} has no rations to eat at camp: share some, or camp where "
                "the meal is provided (the move's option meal_provided=true)"
            )
        after = replace(after, rations=after.rations - RATIONS_PER_CAMP)
        lines.append(
            f"{character.name} makes camp and eats a ration ({after.rations} uses left)"
        )
    after, _ = offer_level_up(after, level_up, lines)
    if slept:
        half = -(-after.max_hp // CAMP_HEAL_DIVISOR) if round_half_up else (
            after.max_hp // CAMP_HEAL_DIVISOR)
        heal = min(half, after.damage)
        after = replace(after, hp=after.hp + heal)
        lines.append(f"{character.name} wakes and heals {heal} HP ({after.hp}/{after.max_hp})")
    else:
        lines.append(f"{character.name} does not sleep a few hours in a row: no healing")
    return MoveResult(move=Move.MAKE_CAMP, before=(character,), after=(after,), lines=tuple(lines))


def take_watch(
    watcher: Character,
    camp: Sequence[Character] = (),
    *,
    dice: Dice,
    spend_preparation: bool = False,
    xp_on_miss: bool = False,
) -> MoveResult:
    """Take Watch when something approaches the camp: roll +WIS (003: 293).

    10+: the camp wakes ready, everyone in it (the watcher too) takes +1 forward.
    7-9: they wake but have no time to prepare. Miss: whatever lurked gets the drop.
    ``camp``: the others sleeping in the camp.
    """
    others = check_party(camp) if camp else ()
    check_party((watcher, *others))
    watcher_after, roll = roll_for(
        watcher, Move.TAKE_WATCH, dice=dice, spend_preparation=spend_preparation,
        xp_on_miss=xp_on_miss,
    )
    lines = roll_lines(roll)
    everyone = (watcher_after, *others)
    if roll.band is Band.STRONG_HIT:
        bonus = Modifier(WATCH_FORWARD, None, "Take Watch")
        everyone = tuple(c.with_forward(bonus) for c in everyone)
        lines.append(
            f"{watcher.name} wakes the camp in time: everyone takes +{WATCH_FORWARD} forward"
        )
    elif roll.band is Band.WEAK_HIT:
        lines.append("the camp wakes, but has no time to prepare: weapons and armor only")
    else:
        lines.append("whatever lurked beyond the firelight gets the drop on the camp")
    return MoveResult(
        move=Move.TAKE_WATCH, before=(watcher, *others), after=everyone, rolls=(roll,),
        lines=tuple(lines),
    )


def perilous_journey(
    party: Sequence[Character],
    *,
    rations: int,
    dice: Dice,
    trailblazer: str | None = None,
    scout: str | None = None,
    quartermaster: str | None = None,
    ration_saved_by: str | None = None,
    spend_preparation: Collection[str] = (),
    xp_on_miss: bool = False,
) -> MoveResult:
    """Undertake a Perilous Journey through hostile land (003: 298-310).

    ``party``: everyone travelling; ``rations``: the rations each eats on the way (a ration
    is a day's food: distance is measured in rations, 003: 308). Each job is one character,
    one job each (003: 306); each rolls +WIS once for the whole trip (003: 310); a job left
    empty counts as a 6 (003: 306). A quartermaster's 10+ saves 1 ration, from
    ``ration_saved_by``'s share (the quartermaster's by default).
    """
    travellers = check_party(party)
    check_int("rations for the journey", rations, minimum=1)
    jobs = {Job.TRAILBLAZER: trailblazer, Job.SCOUT: scout, Job.QUARTERMASTER: quartermaster}
    assigned = [name for name in jobs.values() if name is not None]
    names_in(travellers, assigned, "one job each: the jobs")
    preparing = set(names_in(travellers, spend_preparation, "spend_preparation"))
    check_bool("xp_on_miss", xp_on_miss)
    if ration_saved_by is not None:
        find(travellers, ration_saved_by, "ration_saved_by")
    state = {c.name: c for c in travellers}
    rolls: list[MoveRoll] = []
    lines: list[str] = [
        f"the party sets out on a perilous journey of {plural(rations, 'ration')} each"
    ]
    bands: dict[Job, Band] = {}
    for job in JOB_ORDER:
        name = jobs[job]
        if name is None:
            roll = MoveRoll(
                who="", move=Move.PERILOUS_JOURNEY, stat=None, faces=(),
                total=UNASSIGNED_JOB_TOTAL, band=band_for_total(UNASSIGNED_JOB_TOTAL),
                assumed=True,
            )
            lines.append(f"no one is {job}: " + roll.describe())
        else:
            state[name], roll = roll_for(
                state[name], Move.PERILOUS_JOURNEY, dice=dice,
                spend_preparation=name in preparing, xp_on_miss=xp_on_miss,
            )
            lines.extend(f"{line} as {job}" if i == 0 else line
                         for i, line in enumerate(roll_lines(roll)))
        rolls.append(roll)
        bands[job] = roll.band
        lines.append(_JOB_RESULTS.get((job, roll.band), f"the {job} misses: the GM makes a move"))
    saver = None
    if bands[Job.QUARTERMASTER] is Band.STRONG_HIT:
        saver = ration_saved_by or quartermaster
    eats = {name: rations - (JOURNEY_RATIONS_SAVED if name == saver else 0) for name in state}
    short = [
        f"{name} needs {eats[name]}, has {c.rations}"
        for name, c in state.items() if c.rations < eats[name]
    ]
    if short:
        raise NotEnoughRations(
            "not enough rations for the journey (" + "; ".join(short) + "): share rations "
            "or buy more first"
        )
    state = {name: replace(c, rations=c.rations - eats[name]) for name, c in state.items()}
    eaten_by = [
        f"{c.name} {c.rations - state[c.name].rations} ({state[c.name].rations} left)"
        for c in travellers
    ]
    lines.append("rations eaten: " + ", ".join(eaten_by))
    return MoveResult(
        move=Move.PERILOUS_JOURNEY, before=travellers, after=tuple(state.values()),
        rolls=tuple(rolls), lines=tuple(lines),
    )
