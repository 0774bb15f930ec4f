"""Work on a project: points from rolls, guides and career points; events; completion.

Pure bookkeeping between the rules and the ledger: given a project's state and who is
working, compute the points (``rules.projects``), the project event if one is due,
the milestones passed and what completion gives, as projection ops. The callers
(respites, follower days, career points) write the ops as events.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from drawsteel_kit.kit.dice import Dice
from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.ledger import Op, insert_op, update_op
from drawsteel_kit.systems.draw_steel.catalog import projects as catalog
from drawsteel_kit.systems.draw_steel.catalog.languages import (
    dead_languages_known,
    hero_languages,
    language_fit,
)
from drawsteel_kit.systems.draw_steel.catalog.skills import skill_group, skill_groups
from drawsteel_kit.systems.draw_steel.rules import projects as rules
from drawsteel_kit.systems.draw_steel.state import (
    CHARACTERISTICS,
    FollowerState,
    HeroState,
    ProjectState,
)

__all__ = ["Roller", "WorkResult", "apply_points", "followers_leave", "project_skill", "roll_for",
           "roller_characteristic"]

#: Titles and perks that change project rolls (REFERENCE.md "Titles and perks").
MASTER_CRAFTER = "Master Crafter"  # may use Might for any project roll
ANCIENT_LOREMASTER = "Ancient Loremaster"  # +1d6 per dead language known, research rolls
EXPERT_PERKS = {"crafting": "Expert Artisan", "research": "Expert Sage"}  # roll twice, keep either
#: ... when the roll uses a skill of this group (a crafting / lore skill, REFERENCE.md).
EXPERT_SKILL_GROUPS = {"crafting": "crafting", "research": "lore"}


@dataclass(frozen=True)
class Roller:
    """Whoever makes a project roll: a hero or a follower, as plain values."""

    name: str
    characteristics: dict[str, int]
    languages: tuple[str, ...]
    skills: tuple[str, ...] = ()
    titles: tuple[str, ...] = ()
    perks: tuple[str, ...] = ()

    @classmethod
    def of_hero(cls, hero: HeroState) -> Roller:
        """A hero as a roller: Caelian among their languages, whatever the sheet lists."""
        return cls(hero.name, hero.characteristics, hero_languages(hero.languages), hero.skills,
                   hero.titles, hero.perks)


@dataclass
class WorkResult:
    """What one piece of work did to a project, ready to be written as an event."""

    points: int
    ops: list[Op] = field(default_factory=list)
    faces: list[int] = field(default_factory=list)
    detail: dict[str, Any] = field(default_factory=dict)
    completed: bool = False
    lines: list[str] = field(default_factory=list)
    #: Points a project event added on top of the roll, each with what it was: inside
    #: ``points``, told as parts of it (never as points lost).
    added: list[tuple[str, int]] = field(default_factory=list)
    #: A project event halved or doubled the points: the parts no longer add up to them.
    scaled: bool = False

    def told(self, rolls: Sequence[int] = (), more: Sequence[tuple[str, int]] = ()) -> str:
        """The points as a sum of their parts: ``"+7, breakthrough +5, an extra roll +19 =
        +31"`` (``rolls``: each roll of a breakthrough chain; ``more``: other rolls, such as
        a hero token's), or ``"+26"`` when there is one part or the parts do not add up."""
        parts = [("", r) for r in rolls[:1]] + [("breakthrough", r) for r in rolls[1:]]
        parts += [*more, *self.added]
        if len(parts) < 2 or self.scaled or sum(n for _, n in parts) != self.points:
            return f"+{self.points}"
        said = ", ".join(f"{label} +{n}".strip() for label, n in parts)
        return f"{said} = +{self.points}"

    @property
    def leaving(self) -> str:
        """``"; Hesk leaves the finished project"`` for each follower who left it: the end of
        the event's summary."""
        return "".join(f"; {name} leaves the finished project"
                       for name in self.detail.get("followers_left", ()))


def _has(names: Sequence[str], wanted: str) -> bool:
    return any(n.casefold() == wanted.casefold() for n in names)


def allowed_characteristics(project: ProjectState, roller: Roller) -> tuple[str, ...]:
    """The characteristics this roller may use on this project (titles included)."""
    allowed: list[str] = []
    for name in project.characteristics:
        if name in CHARACTERISTICS:
            allowed.append(name)
        elif name in ("highest", "director"):
            best = max(roller.characteristics.values())
            allowed += [c for c in CHARACTERISTICS
                        if name == "director" or roller.characteristics[c] == best]
    if _has(roller.titles, MASTER_CRAFTER) and "might" not in allowed:
        allowed.append("might")
    return tuple(dict.fromkeys(allowed)) or CHARACTERISTICS


def roller_characteristic(
    project: ProjectState, roller: Roller, chosen: str | None
) -> tuple[str, int]:
    """The characteristic used (the best allowed when ``chosen`` is None) and its score."""
    allowed = allowed_characteristics(project, roller)
    if chosen is None:
        best = max(allowed, key=lambda c: roller.characteristics[c])
        return best, roller.characteristics[best]
    if not isinstance(chosen, str):
        raise RulesError(f"a project roll's characteristic is one of {', '.join(allowed)}, "
                         f"got {chosen!r}")
    key = chosen.strip().lower()
    if key not in allowed:
        raise RulesError(
            f"{roller.name} cannot roll {key!r} on {project.title!r}: it allows "
            f"{', '.join(allowed)}"
        )
    return key, roller.characteristics[key]


def project_skill(
    roller: Roller, skill: str, *, allowed: Sequence[str] = (), leave: bool = False,
    own_groups: Mapping[str, str] | None = None,
) -> tuple[str | None, str]:
    """Whether a skill of the roller's applies to a project roll: (its group, by whose word).

    A Crafting or Lore skill applies (the book's word); a skill of another group, or one of
    the campaign's own, only with the Director's leave: for this roll (``leave``) or for the
    campaign (``allowed``, campaign.yaml's settings.project_skills) (000: 3788). That the skill
    relates directly to the project is the table's call, as the book leaves it. The campaign's
    own skills are in the group the Director picked for them (``own_groups``, 000: 2177).
    """
    if not _has(roller.skills, skill):
        raise RulesError(f"{roller.name} does not have the skill {skill!r}")
    group = skill_group(skill) or next(
        (g for name, g in (own_groups or {}).items() if name.casefold() == skill.casefold()),
        None)
    if group in rules.PROJECT_SKILL_GROUPS:
        return group, "book"
    if leave:
        return group, "director"
    if _has(allowed, skill):
        return group, "campaign"
    titles = skill_groups()
    kind = f"a skill of the {titles[group].title} group" if group else "the campaign's own skill"
    books = " or ".join(titles[g].title for g in rules.PROJECT_SKILL_GROUPS)
    raise RulesError(
        f"{skill} is {kind}: on a project roll only a {books} skill applies, unless the "
        "Director allows it for this roll, or for the campaign (settings.project_skills in "
        "campaign.yaml)"
    )


def roll_for(
    project: ProjectState,
    roller: Roller,
    *,
    dice: Dice,
    related_groups: Sequence[Sequence[str]] = (),
    unrelated: Sequence[Sequence[str]] = (),
    characteristic: str | None = None,
    edges: int = 0,
    banes: int = 0,
    skill: str | bool | None = None,
    skill_leave: bool = False,
    allowed_skills: Sequence[str] = (),
    own_groups: Mapping[str, str] | None = None,
    bonus: int = 0,
) -> tuple[rules.ProjectRollResult, dict[str, Any]]:
    """One project-roll activity with the roller's perks and titles applied.

    A named ``skill`` must apply (:func:`project_skill`); ``True`` is the Director's word
    that one applies (a follower's)."""
    char, score = roller_characteristic(project, roller, characteristic)
    group, allowed_by = None, None
    if isinstance(skill, str):
        group, allowed_by = project_skill(roller, skill, allowed=allowed_skills,
                                          leave=skill_leave, own_groups=own_groups)
        skill_applies = True
    else:
        skill_applies = bool(skill)
    language = (language_fit(roller.languages, project.source_language, related_groups,
                             unrelated)
                if project.source_language else "known")
    extra = (dead_languages_known(roller.languages)
             if project.kind == "research" and _has(roller.titles, ANCIENT_LOREMASTER) else 0)
    kwargs: dict[str, Any] = dict(edges=edges, banes=banes, skill=skill_applies,
                                  language=language, bonus=bonus, dice=dice, extra_d6=extra)
    result = rules.project_roll(score, **kwargs)
    expert = EXPERT_PERKS.get(project.kind)
    twice = bool(expert and skill_applies and _has(roller.perks, expert)
                 and (not isinstance(skill, str) or group == EXPERT_SKILL_GROUPS[project.kind]))
    if twice:  # roll twice and keep either: the workbook keeps the better
        second = rules.project_roll(score, **kwargs)
        result = max(result, second, key=lambda r: r.points)
    info = {"characteristic": char, "score": score, "language": language, "edges": edges,
            "banes": banes, "skill": skill if isinstance(skill, str) else skill_applies,
            "skill_group": group, "skill_allowed_by": allowed_by,
            "bonus": bonus, "extra_d6": extra, "rolled_twice": twice,
            "naturals": list(result.naturals), "breakthroughs": result.breakthroughs,
            "roll_points": [r.points for r in result.rolls]}
    return result, info


def _effect(
    event: catalog.ProjectEvent, res: WorkResult, project: ProjectState, roller: Roller,
    roll_again: Any,
) -> tuple[int, list[str], dict[str, Any]]:
    """Apply a project event to this activity's points in ``res``: (goal change, lines, side
    effects)."""
    goal_up, side, lines = 0, dict[str, Any](), [f"Event ({event.rolls}, {event.timing} the "
                                                 f"roll): {event.prompt}"]
    match event.effect:
        case "automatic_breakthrough":
            extra = roll_again(0)
            res.points += rules.AUTOMATIC_BREAKTHROUGH_POINTS + extra
            res.added += [("automatic breakthrough", rules.AUTOMATIC_BREAKTHROUGH_POINTS),
                          ("another roll", extra)]
            lines.append(f"automatic breakthrough: {rules.AUTOMATIC_BREAKTHROUGH_POINTS} more "
                         f"points and another roll, which adds {extra} more")
        case "extra_roll":
            extra = roll_again(event.amount or 0)
            res.points += extra
            res.added.append(("an extra roll", extra))
            lines.append(f"an extra roll at +{event.amount} adds {extra} more points")
        case "points_halved":
            res.points = max(rules.MIN_PROJECT_POINTS, res.points // 2)
            res.scaled = True
            lines.append(f"this activity's points are halved: {res.points}")
        case "points_doubled":
            res.points *= 2
            res.scaled = True
            lines.append(f"this activity's points are doubled: {res.points}")
        case "goal_up":
            goal_up = event.amount or 0
            lines.append(f"the goal rises by {goal_up}")
        case "lose_recovery" | "hero_token" | "renown":
            side[event.effect] = event.amount or 1
            lines.append({"lose_recovery": f"{roller.name} loses a recovery",
                          "hero_token": "the party gains a hero token",
                          "renown": f"{roller.name} gains renown"}[event.effect])
    return goal_up, lines, side


def apply_points(
    project: ProjectState,
    points: int,
    *,
    day: int,
    owner: HeroState,
    dice: Dice | None,
    events_mode: str,
    event: catalog.ProjectEvent | None = None,
    roller: Roller | None = None,
    roll_again: Any = None,
    is_roll: bool = False,
    by_hero: bool = False,
    next_id: Callable[[str], int] | None = None,
    followers: Sequence[FollowerState] = (),
) -> WorkResult:
    """Add points to a project, with any event due, milestones and completion, as ops.

    ``event``: one the "roll" mode drew for this activity. In "milestones" mode each milestone
    reached leaves an event pending (a count: two milestones in one roll, two events); they
    all happen the next time a HERO makes a project roll for it (000: 3816), so a follower's
    daily roll (``by_hero`` False) leaves them waiting. Every effect applies to this
    activity before completion is checked; the event's timing is told, not enforced.
    ``followers``: those assigned to the project; when it is complete they leave it.
    """
    res = WorkResult(points)
    goal = project.goal
    pending = project.event_pending
    due: list[catalog.ProjectEvent] = [] if event is None else [event]
    if is_roll and by_hero and event is None and events_mode == "milestones" and pending:
        if dice is None:
            raise RulesError("a project event is due: dice are needed to roll it")
        due = [catalog.roll_project_event(dice) for _ in range(pending)]
        pending = 0
    if due and roller is not None and roll_again is not None:
        told, effects = [], dict[str, Any]()
        for one in due:
            goal_up, lines, side = _effect(one, res, project, roller, roll_again)
            goal += goal_up
            res.lines += lines
            told.append({"roll": one.rolls, "effect": one.effect, "amount": one.amount,
                         "timing": one.timing, "prompt": one.prompt})
            for key, amount in side.items():
                effects[key] = effects.get(key, 0) + amount
        res.detail["event"] = told[0]
        if len(told) > 1:
            res.detail["events"] = told
        res.detail["side_effects"] = effects
    before, after = project.points, project.points + res.points
    passed = rules.milestones_passed(goal, before, after)
    done = rules.is_complete(after, goal)
    if passed and events_mode == "milestones" and not done:
        pending += len(passed)
        res.lines.append(f"milestone {', '.join(map(str, passed))} reached: "
                         f"{'an event comes' if len(passed) == 1 else f'{len(passed)} events come'}"
                         " with a hero's next roll")
    change: dict[str, Any] = {"points": after, "goal": goal}
    if pending != project.event_pending:
        change["event_pending"] = pending
    if passed:
        change["milestones_reached"] = sorted({*project.milestones_reached, *passed})
    if done:
        if project.event_pending:  # a finished project has no events left to come
            change["event_pending"] = 0
        change.update(status="complete", completed_day=day)
        res.completed = True
        res.ops += _completion_ops(project, owner, dice, res, next_id, day)
        left, names = followers_leave(project, followers)
        res.ops += left
        res.lines += [f"{name} leaves the finished project" for name in names]
        if names:
            res.detail["followers_left"] = names
        if "stamina_bonus" in res.detail:  # kept on the project until the respite ends it
            change["completion_detail"] = {**project.completion_detail,
                                           "stamina_bonus": res.detail["stamina_bonus"]}
    before_change = {k: list(v) if isinstance(v := getattr(project, k), tuple) else v
                     for k in change}  # as ``project.as_dict()`` has them
    res.ops.insert(0, update_op("projects", project.id, before_change, change))
    res.detail.update(points=res.points, before=before, after=after, goal=goal,
                      milestones=list(passed), completed=res.completed)
    return res


def followers_leave(project: ProjectState,
                    followers: Sequence[FollowerState]) -> tuple[list[Op], list[str]]:
    """A finished project keeps no followers: each assigned to it stops working on it (the
    ops, and their names)."""
    on_it = [f for f in followers if f.project_id == project.id]
    return ([update_op("followers", f.id, {"project_id": f.project_id,
                                           "skill_applies": int(f.skill_applies)},
                       {"project_id": None, "skill_applies": 0}) for f in on_it],
            [f.name for f in on_it])


def _completion_ops(
    project: ProjectState, owner: HeroState, dice: Dice | None, res: WorkResult,
    next_id: Callable[[str], int] | None, day: int,
) -> list[Op]:
    """What finishing gives: a language, a skill, a treasure, renown (000: 3838-3900)."""
    detail = project.completion_detail
    ops: list[Op] = []
    match project.completion:
        case "learn_language" | "learn_skill" if detail.get("learns"):
            column = "languages" if project.completion == "learn_language" else "skills"
            have = list(getattr(owner, column))
            if not _has(have, detail["learns"]):
                ops.append(update_op("heroes", owner.name, {column: have},
                                     {column: [*have, detail["learns"]]}))
            res.lines.append(f"{owner.name} now knows {detail['learns']}")
        case "treasure" | "cure" | "item":
            made = detail.get("treasure") or detail.get("item") or project.title
            count = 1
            if project.completion == "treasure" and detail.get("treasure"):
                if dice is None:
                    raise RulesError("finishing a treasure needs dice for its yield")
                count = catalog.treasure(detail["treasure"]).roll_yield(dice)
            if next_id is None:
                raise RulesError("finishing an item needs the ledger's next inventory id")
            ops.append(insert_op("inventory", next_id("inventory"), {
                "holder": owner.name, "item": made, "kind": detail.get("treasure_kind", ""),
                "count": count, "origin": "crafted", "project_id": project.id,
                "visibility": project.visibility, "acquired_day": day}))
            res.lines.append(f"{owner.name} gains {count} x {made}")
        case "stamina_bonus":  # Spend Time With Loved Ones (REFERENCE.md)
            bonus = rules.loved_ones_stamina_bonus(owner.level)
            ops.append(update_op("heroes", owner.name,
                                 {"max_stamina": owner.max_stamina, "stamina": owner.stamina},
                                 {"max_stamina": owner.max_stamina + bonus,
                                  "stamina": owner.stamina + bonus}))
            res.detail["stamina_bonus"] = bonus
            res.lines.append(f"{owner.name}'s maximum Stamina rises by {bonus} (12 + level) "
                             "until the end of their next respite")
        case "renown":
            gain = (rules.road_renown(detail["params"]["miles"])
                    if "miles" in detail.get("params", {}) else 1)
            ops.append(update_op("heroes", owner.name, {"renown": owner.renown},
                                 {"renown": owner.renown + gain}))
            res.lines.append(f"{owner.name} gains {gain} renown")
        case _:
            res.lines.append(f"{project.title} is complete: {detail.get('note', '')}".rstrip(": "))
    return ops
