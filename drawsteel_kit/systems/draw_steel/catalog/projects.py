"""Downtime projects, craftable treasures and the project event table, as typed data.

Data: ``catalog/data/projects.yaml``, ``treasures.yaml``, ``project_events.yaml`` (figures from
the seed, 000: 3838-3900, and REFERENCE.md; the wording is ours). Goals that vary are computed
by the rules in :mod:`drawsteel_kit.systems.draw_steel.rules.projects`, never copied here.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from drawsteel_kit.kit.dice import Dice
from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.catalog import load_data
from drawsteel_kit.systems.draw_steel.catalog.project_events import (  # re-exported
    EVENT_BAND,
    EVENT_DIE,
    EVENT_EFFECTS,
    EVENT_TIMINGS,
    ProjectEvent,
    event_for_roll,
    project_events,
    roll_project_event,
)
from drawsteel_kit.systems.draw_steel.rules import projects as rules

__all__ = [
    "CHARACTERISTICS",
    "COMPLETIONS",
    "EVENT_BAND",
    "EVENT_DIE",
    "EVENT_EFFECTS",
    "EVENT_TIMINGS",
    "PROJECT_KINDS",
    "TREASURE_KINDS",
    "UNNAMED_COMPONENT",
    "ProjectEvent",
    "ProjectTemplate",
    "Treasure",
    "UnknownProject",
    "UnknownTreasure",
    "custom_project",
    "event_for_roll",
    "project",
    "project_events",
    "projects",
    "roll_project_event",
    "search",
    "treasure",
    "treasures",
]

PROJECT_KINDS = ("crafting", "research", "other")
#: A treasure's item prerequisite when the catalog does not know its words (REFERENCE.md:
#: each treasure names a rare component; the campaign records it as text).
UNNAMED_COMPONENT = "the rare component this treasure names"
CHARACTERISTICS = ("might", "agility", "reason", "intuition", "presence")
#: Stand-ins for a characteristic: the hero's highest, the Director's pick, the treasure's own.
SPECIAL_CHARACTERISTICS = ("highest", "director", "per_treasure")
_LETTERS = {name[0].upper(): name for name in CHARACTERISTICS}
#: What finishing a project gives (the campaign layer acts on these).
COMPLETIONS = frozenset(
    {
        "ability", "career_skills", "cure", "director", "imbue", "item", "learn_language",
        "learn_skill", "lore", "recipe", "renown", "secrets", "stamina_bonus", "tackle_points",
        "treasure",
    }
)  # fmt: skip
TREASURE_KINDS = ("consumable", "trinket", "armor", "implement", "weapon", "other")

#: Goal rules a project may name; each takes the project's goal_parameters as keywords.
GOAL_RULES: dict[str, Callable[..., int]] = {
    f.__name__: f
    for f in (
        rules.discover_lore_goal,
        rules.find_a_cure_goal,
        rules.go_undercover_goal,
        rules.hone_career_skills_goal,
        rules.imbue_treasure_goal,
        rules.learn_from_a_master_goal,
        rules.road_goal,
        rules.treasure_goal,
    )
}


class UnknownProject(RulesError, KeyError):
    """A project name that is not in the catalog."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown project"


class UnknownTreasure(RulesError, KeyError):
    """A treasure name that is not in the catalog of craftable treasures."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown treasure"


@dataclass(frozen=True)
class ProjectTemplate:
    """A downtime project as the book (or the Director) defines it, before anyone starts it."""

    name: str
    kind: str
    goal: int | None
    characteristics: tuple[str, ...]
    completion: str
    goal_rule: str | None = None
    goal_parameters: tuple[str, ...] = ()
    item_prerequisite: str | None = None
    project_source: str | None = None
    source_languages: tuple[str, ...] = ()
    completion_note: str = ""
    characteristics_by_item: tuple[tuple[str, tuple[str, ...]], ...] = ()
    limit: str | None = None
    tackle_costs: tuple[int, ...] = ()
    fishing_stop_at_or_below: int | None = None
    source: str = ""
    custom: bool = False

    def goal_for(self, **parameters: Any) -> int:
        """The goal: fixed, or computed by the goal rule.

        ``project("Discover Lore").goal_for(kind="lost")`` is 120.
        """
        if self.goal_rule is None:
            if self.goal is None:
                raise RulesError(f"{self.name} has no goal: {self.completion_note}")
            if parameters:
                raise RulesError(f"{self.name} has a fixed goal of {self.goal}: give no parameters")
            return self.goal
        unknown = sorted(set(parameters) - set(self.goal_parameters))
        if unknown:
            allowed = ", ".join(self.goal_parameters)
            raise RulesError(f"{self.name} goal takes {allowed}; not "
                            f"{', '.join(map(repr, unknown))}")
        rule = GOAL_RULES[self.goal_rule]
        missing = [name for name, p in inspect.signature(rule).parameters.items()
                   if p.default is p.empty and name not in parameters]
        if missing:
            raise RulesError(f"{self.name}'s goal depends on {' and '.join(missing)}: give "
                             + " ".join(f"--param {m}=..." for m in missing))
        try:
            goal = rule(**parameters)
        except TypeError:
            allowed = ", ".join(self.goal_parameters)
            raise RulesError(f"{self.name}'s goal takes {allowed}") from None
        if goal > rules.MAX_WHOLE:
            given = ", ".join(f"{k}={v!r}" for k, v in parameters.items())
            raise RulesError(f"{self.name}: {given} gives a goal of {goal:,}, more than "
                             f"{rules.MAX_WHOLE:,}; check the parameters")
        return goal

    def characteristics_for(self, item_kind: str) -> tuple[str, ...]:
        """Imbue Treasure: the characteristics allowed for a treasure kind (armor, ...)."""
        table = dict(self.characteristics_by_item)
        if not table:
            return self.characteristics
        try:
            return table[item_kind.lower()]
        except KeyError:
            raise RulesError(
                f"{self.name} works on {', '.join(table)}, not {item_kind!r}"
            ) from None


@dataclass(frozen=True)
class Treasure:
    """A craftable treasure: the Craft Treasure project for it (REFERENCE.md)."""

    name: str
    kind: str
    echelon: int
    characteristics: tuple[str, ...]
    languages: tuple[str, ...]
    goal: int
    yields: str = "1"
    item_prerequisite: str | None = None

    @property
    def leveled(self) -> bool:
        return self.kind in rules.LEVELED_KINDS

    def roll_yield(self, dice: Dice) -> int:
        """How many the finished project makes (1, or the treasure's dice)."""
        return rules.craft_yield(self.yields, dice=dice)

    def as_project(self) -> ProjectTemplate:
        """This treasure as a Craft Treasure project template."""
        made = self.name if self.yields == "1" else f"{self.yields} x {self.name}"
        return ProjectTemplate(
            name=self.name,
            kind="crafting",
            goal=self.goal,
            characteristics=self.characteristics,
            completion="treasure",
            item_prerequisite=self.item_prerequisite or UNNAMED_COMPONENT,
            project_source=f"how {self.name} is made",
            source_languages=self.languages,
            completion_note=made,
            source="REFERENCE.md 'Treasure crafting projects'",
        )


def _text(entry: dict[str, Any], key: str) -> str | None:
    value = entry.get(key)
    return None if value is None else " ".join(str(value).split())


def _check_characteristics(owner: str, names: Iterable[str], *, special: bool) -> tuple[str, ...]:
    allowed = CHARACTERISTICS + (SPECIAL_CHARACTERISTICS if special else ())
    result = tuple(str(n).strip().lower() for n in names)
    bad = [n for n in result if n not in allowed]
    if not result or bad:
        raise RulesError(
            f"{owner}: characteristics must be some of {', '.join(allowed)}; got {list(names)!r}"
        )
    return result


def _check_goal_rule(name: str, rule: str, parameters: tuple[str, ...]) -> None:
    if rule not in GOAL_RULES:
        raise RulesError(f"{name}: goal rule must be one of {', '.join(GOAL_RULES)}, got {rule!r}")
    accepted = set(inspect.signature(GOAL_RULES[rule]).parameters)
    if not set(parameters) <= accepted:
        raise RulesError(f"{name}: {rule} takes {', '.join(sorted(accepted))}")


def _project_from_data(entry: dict[str, Any]) -> ProjectTemplate:
    name = str(entry["name"])
    if entry.get("kind") not in PROJECT_KINDS:
        raise RulesError(f"{name}: kind must be one of {', '.join(PROJECT_KINDS)}")
    if entry.get("completion") not in COMPLETIONS:
        raise RulesError(f"{name}: completion must be one of {', '.join(sorted(COMPLETIONS))}")
    goal, rule = entry.get("goal"), entry.get("goal_rule")
    parameters = tuple(entry.get("goal_parameters") or ())
    if goal is not None and rule is not None:
        raise RulesError(f"{name}: give a goal or a goal rule, not both")
    if rule is not None:
        _check_goal_rule(name, rule, parameters)
    by_item = tuple(
        (kind, _check_characteristics(name, chars, special=False))
        for kind, chars in (entry.get("characteristics_by_item") or {}).items()
    )
    language = entry.get("source_language")
    fishing = entry.get("fishing") or {}
    return ProjectTemplate(
        name=name,
        kind=entry["kind"],
        goal=goal,
        characteristics=_check_characteristics(name, entry["characteristics"], special=True),
        completion=entry["completion"],
        goal_rule=rule,
        goal_parameters=parameters,
        item_prerequisite=_text(entry, "item_prerequisite"),
        project_source=_text(entry, "project_source"),
        source_languages=() if language is None else (str(language),),
        completion_note=_text(entry, "completion_note") or "",
        characteristics_by_item=by_item,
        limit=_text(entry, "limit"),
        tackle_costs=tuple(fishing.get("tackle_costs", ())),
        fishing_stop_at_or_below=fishing.get("stop_at_or_below"),
        source=_text(entry, "source") or "",
    )


@cache
def projects() -> tuple[ProjectTemplate, ...]:
    """Every official downtime project, in book order."""
    return tuple(_project_from_data(entry) for entry in load_data("projects")["projects"])


@cache
def treasures() -> tuple[Treasure, ...]:
    """Every craftable treasure, by kind then echelon."""
    found: list[Treasure] = []
    for kind, by_echelon in load_data("treasures").items():
        if kind not in TREASURE_KINDS:
            raise RulesError(f"treasures.yaml: kind must be one of {', '.join(TREASURE_KINDS)}")
        for echelon, entries in by_echelon.items():
            default_goal = rules.treasure_goal(kind, echelon)
            for entry in entries:
                name = entry["name"]
                letters = str(entry["characteristics"])
                if any(letter not in _LETTERS for letter in letters):
                    raise RulesError(f"{name}: characteristics are letters of {''.join(_LETTERS)}")
                yields = str(entry.get("yield", 1))
                rules.parse_yield(yields)
                found.append(
                    Treasure(
                        name=name,
                        kind=kind,
                        echelon=echelon,
                        characteristics=tuple(_LETTERS[letter] for letter in letters),
                        languages=tuple(entry["languages"]),
                        goal=entry.get("goal", default_goal),
                        yields=yields,
                    )
                )
    return tuple(found)


def _key(name: object) -> str:
    return " ".join(str(name).split()).casefold()


def _find(name: str, entries: Iterable[Any]) -> Any:
    return next((entry for entry in entries if entry.name.casefold() == _key(name)), None)


def _not_found(kind: str, name: str, entries: Iterable[Any]) -> str:
    by_key = {entry.name.casefold(): entry.name for entry in entries}
    import difflib  # lazy: only a name that is not there needs it

    close = difflib.get_close_matches(_key(name), by_key, n=3, cutoff=0.5)
    hint = ", ".join(by_key[key] for key in close) or "none close"
    return f"no {kind} named {name!r} (close matches: {hint})"


def project(name: str) -> ProjectTemplate:
    """An official project by name, ignoring case."""
    found = _find(name, projects())
    if found is not None:
        return found
    if _find(name, treasures()) is not None:
        raise UnknownProject(f"{name!r} is a treasure: use treasure({name!r}).as_project()")
    raise UnknownProject(_not_found("project", name, (*projects(), *treasures())))


def treasure(name: str) -> Treasure:
    """A craftable treasure by name, ignoring case."""
    found = _find(name, treasures())
    if found is None:
        raise UnknownTreasure(_not_found("treasure", name, treasures()))
    return found


def search(text: str) -> tuple[ProjectTemplate | Treasure, ...]:
    """Projects, then treasures, whose name, kind, language or prerequisite mentions ``text``."""
    needle = str(text).casefold().strip()

    def haystack(entry: ProjectTemplate | Treasure) -> str:
        langs = entry.source_languages if isinstance(entry, ProjectTemplate) else entry.languages
        return " ".join([entry.name, entry.kind, *langs, entry.item_prerequisite or ""]).casefold()

    entries: tuple[ProjectTemplate | Treasure, ...] = (*projects(), *treasures())
    return tuple(e for e in entries if needle in haystack(e))


def custom_project(
    name: str,
    *,
    kind: str,
    goal: int,
    characteristics: Iterable[str],
    item_prerequisite: str | None = None,
    project_source: str | None = None,
    source_languages: Iterable[str] = (),
    completion: str = "director",
    completion_note: str = "",
    source: str = "the Director",
) -> ProjectTemplate:
    """A Director-defined project, checked like the official ones."""
    if not isinstance(name, str) or not name.strip():
        raise RulesError("a custom project needs a name")
    name = " ".join(name.split())
    if not isinstance(goal, int) or isinstance(goal, bool) or goal < 1:
        raise RulesError(
            f"a custom project's goal must be a whole number of 1 or more, got {goal!r}"
        )
    chosen = [characteristics] if isinstance(characteristics, str) else list(characteristics)
    if _find(name, projects()) is not None:
        raise RulesError(f"{name!r} is an official project: give the custom one another name")
    template = _project_from_data(
        {
            "name": name,
            "kind": kind,
            "goal": goal,
            "characteristics": chosen,
            "completion": completion,
            "item_prerequisite": item_prerequisite,
            "project_source": project_source,
            "completion_note": completion_note,
            "source": source,
        }
    )
    return replace(template, source_languages=tuple(source_languages), custom=True)
