"""Renown and followers: the follower cap, artisans, sages and retainers (seed 000: 3922-3959).

Artisans and sages are templates the book spells out (000: 3947, 3959); :func:`make_artisan`
and :func:`make_sage` build one and :func:`validate_follower` checks one typed in by hand.
Retainers are heroic NPCs with a stat block of their own: their rules live in
:mod:`drawsteel_kit.systems.draw_steel.rules.retainers` and are re-exported here, as are the
follower cap and its
table from :mod:`drawsteel_kit.systems.draw_steel.rules.renown`.

The one rules module that reads the catalog: the book defines followers by skill group and
language, and those lists are catalog data (``catalog.skills`` and ``catalog.languages`` import
nothing that imports this module).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.words import noun, plural
from drawsteel_kit.systems.draw_steel.catalog.languages import (
    CAELIAN,
    canonical_language,
    language_key,
)
from drawsteel_kit.systems.draw_steel.catalog.skills import (
    canonical_skill,
    skill_group,
    skill_groups,
)
from drawsteel_kit.systems.draw_steel.rules.renown import RENOWN_FOLLOWERS, follower_cap
from drawsteel_kit.systems.draw_steel.rules.retainers import (
    RETAINER_RECOVERIES,
    RETAINERS_PER_HERO,
    RetainerStats,
    retainer_level,
    retainer_stats,
)

__all__ = [
    "AT_SITE",
    "AT_STRONGHOLD",
    "CHARACTERISTICS",
    "FOLLOWER_LANGUAGES_BEYOND_CAELIAN",
    "FOLLOWER_PROJECT_KINDS",
    "FOLLOWER_ROLLS_PER_DAY",
    "FOLLOWER_SKILLS",
    "RENOWN_FOLLOWERS",
    "RETAINERS_PER_HERO",
    "RETAINER_RECOVERIES",
    "ROLE_CHARACTERISTICS",
    "ROLE_PROJECT_KIND",
    "ROLE_SKILL_GROUP",
    "ROLE_SOURCE",
    "WORK_PLACES",
    "FollowerSpec",
    "RetainerStats",
    "Role",
    "follower_cap",
    "follower_may_roll",
    "make_artisan",
    "make_retainer",
    "make_sage",
    "retainer_level",
    "retainer_stats",
    "validate_follower",
    "where_shown",
    "why_no_roll",
]

Role = Literal["artisan", "sage", "retainer"]
CHARACTERISTICS = ("might", "agility", "reason", "intuition", "presence")
CHARACTERISTIC_MIN, CHARACTERISTIC_MAX = -5, 5

# --- artisans and sages (000: 3943-3959) ----------------------------------------------------
#: Each makes one project roll a day on a project its hero picks, whatever the hero is doing,
#: if it stays at the stronghold or the project's site with the materials (000: 3945, 3957).
FOLLOWER_ROLLS_PER_DAY = 1
#: Both "contribute to your research or crafting projects" (000: 3945, 3957) ...
FOLLOWER_PROJECT_KINDS: tuple[str, ...] = ("crafting", "research")
#: ... each with a specialty: the glossary calls the artisan the one who takes on crafting
#: projects and the sage research projects (000: 127, 465). A specialty, not a limit.
ROLE_PROJECT_KIND: Mapping[str, str] = MappingProxyType({"artisan": "crafting", "sage": "research"})
#: Where the book sets out each template (000: 3947, 3959), as a message names it.
ROLE_SOURCE: Mapping[str, str] = MappingProxyType(
    {"artisan": 'the Heroes book, "Followers": "Artisan"',
     "sage": 'the Heroes book, "Followers": "Sage"'})
#: Four skills from one group: Crafting for an artisan, Lore for a sage (000: 3947, 3959).
FOLLOWER_SKILLS = 4
ROLE_SKILL_GROUP: Mapping[str, str] = MappingProxyType({"artisan": "crafting", "sage": "lore"})
#: Caelian and two more languages of the hero's choice (000: 3947, 3959).
FOLLOWER_LANGUAGES_BEYOND_CAELIAN = 2
#: The allowed characteristic arrays; every characteristic not named is 0 (000: 3947, 3959).
#: An artisan has Might 1 or Agility 1 (the player chooses) and Reason 1; a sage Reason 1 and
#: Intuition 1.
ROLE_CHARACTERISTICS: Mapping[str, tuple[Mapping[str, int], ...]] = MappingProxyType(
    {
        "artisan": (
            MappingProxyType({"might": 1, "reason": 1}),
            MappingProxyType({"agility": 1, "reason": 1}),
        ),
        "sage": (MappingProxyType({"reason": 1, "intuition": 1}),),
    }
)


@dataclass(frozen=True)
class FollowerSpec:
    """A follower as recruited: who it is and what it knows. Characteristics are read-only."""

    name: str
    role: Role
    ancestry: str
    characteristics: Mapping[str, int] = field(hash=False)
    skills: tuple[str, ...] = ()
    languages: tuple[str, ...] = (CAELIAN,)

    def __post_init__(self) -> None:
        object.__setattr__(self, "characteristics", MappingProxyType(dict(self.characteristics)))
        object.__setattr__(self, "skills", tuple(self.skills))
        object.__setattr__(self, "languages", tuple(self.languages))


# --- where artisans and sages work (000: 3945, 3957) -----------------------------------------
#: An artisan or sage must stay at the stronghold or where the project is carried out, and have
#: access to the materials it needs, to make its daily roll (000: 3945, 3957).
AT_STRONGHOLD = "stronghold"
AT_SITE = "site"
WORK_PLACES: tuple[str, ...] = (AT_STRONGHOLD, AT_SITE)


def where_shown(location: str | None, stronghold: str | None = None) -> str:
    """A follower's recorded location in words."""
    if location is None:
        return "where its work is (not recorded)"
    if location == AT_STRONGHOLD:
        return f"at the stronghold, {stronghold}" if stronghold else "at the stronghold"
    if location == AT_SITE:
        return "at the project's site"
    return f"at {location}"


def why_no_roll(location: str | None, materials: bool, stronghold: str | None) -> str | None:
    """Why an artisan or sage cannot make its daily roll today (None: it can) (000: 3945, 3957).

    It must be at the stronghold or the project's site (``location`` None: never recorded, taken
    to be there) with its materials. At "the stronghold" of a party that names none, it is not.
    """
    if location == AT_STRONGHOLD and not stronghold:
        return "recorded at the stronghold, but the party names no stronghold"
    if location is not None and location not in WORK_PLACES:
        return (f"at {location}, away from the stronghold and the project's site "
                "(an artisan or sage works only there)")
    if not materials:
        return "no access to the materials the work needs"
    return None


def follower_may_roll(role: str, kind: str) -> bool:
    """Whether an artisan or sage may make its daily roll on a project of ``kind``."""
    return role in ROLE_PROJECT_KIND and kind in FOLLOWER_PROJECT_KINDS


def _show_characteristics(values: Mapping[str, int]) -> str:
    return ", ".join(f"{c} {values.get(c, 0)}" for c in CHARACTERISTICS)


def _allowed_characteristics(role: str) -> str:
    options = " or ".join(_show_characteristics(a) for a in ROLE_CHARACTERISTICS[role])
    return f"{options} ({ROLE_SOURCE[role]})"


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def _problems_with_skills(role: str, skills: tuple[str, ...]) -> list[str]:
    group = ROLE_SKILL_GROUP[role]
    title = skill_groups()[group].title
    allowed = ", ".join(skill_groups()[group].skills)
    problems = []
    seen: set[str] = set()
    for skill in skills:
        if skill.casefold() in seen:
            problems.append(f"lists the skill {skill!r} twice")
        seen.add(skill.casefold())
        other = skill_group(skill)
        if other != group:
            where = f"a {skill_groups()[other].title} skill" if other else "not a book skill"
            problems.append(
                f"{skill!r} is {where}; {_article(role)} {role}'s skills come from the "
                f"{title} group: {allowed}"
            )
    if len(skills) != FOLLOWER_SKILLS:
        problems.append(
            f"needs exactly {FOLLOWER_SKILLS} skills from the {title} group, got {len(skills)}"
        )
    return problems


def _problems_with_languages(role: str, languages: tuple[str, ...]) -> list[str]:
    problems = []
    keys = [language_key(n) for n in languages]
    twice = sorted({n for n, k in zip(languages, keys, strict=True) if keys.count(k) > 1})
    if twice:
        problems.append(f"lists {', '.join(twice)} more than once")
    others = {k for k in keys if k != language_key(CAELIAN)}
    if language_key(CAELIAN) not in keys:
        problems.append(f"must know {CAELIAN} (every {role} does)")
    if len(others) != FOLLOWER_LANGUAGES_BEYOND_CAELIAN:
        problems.append(
            f"knows {CAELIAN} and exactly {FOLLOWER_LANGUAGES_BEYOND_CAELIAN} other languages, "
            f"got {plural(len(others), 'other')}"
        )
    return problems


def validate_follower(spec: FollowerSpec) -> FollowerSpec:
    """``spec`` with skills and languages spelled as the catalog spells them, if it follows the
    book; otherwise one RulesError listing every problem and what is allowed."""
    if not isinstance(spec, FollowerSpec):
        raise RulesError(f"expected a FollowerSpec, got {type(spec).__name__}")
    who = f"{spec.role} {spec.name!r}"
    problems: list[str] = []
    if not isinstance(spec.name, str) or not spec.name.strip():
        problems.append("needs a name")
    if not isinstance(spec.ancestry, str) or not spec.ancestry.strip():
        problems.append("needs an ancestry (the player picks it)")
    if spec.role not in ("artisan", "sage", "retainer"):
        raise RulesError(f"{who}: role must be artisan, sage or retainer")
    unknown = sorted(set(spec.characteristics) - set(CHARACTERISTICS))
    if unknown:
        problems.append(
            f"unknown {noun(len(unknown), 'characteristic')} {', '.join(map(repr, unknown))}; "
            f"use {', '.join(CHARACTERISTICS)}"
        )
    skills = tuple(canonical_skill(s) for s in spec.skills)
    languages = tuple(canonical_language(n) for n in spec.languages)
    if spec.role == "retainer":  # a stat block of its own: only sane values are checked
        bad = {
            c: v
            for c, v in spec.characteristics.items()
            if not isinstance(v, int) or not CHARACTERISTIC_MIN <= v <= CHARACTERISTIC_MAX
        }
        if bad:
            problems.append(
                f"characteristics must be from {CHARACTERISTIC_MIN} to "
                f"{CHARACTERISTIC_MAX}, got {bad}"
            )
    else:
        values = {c: spec.characteristics.get(c, 0) for c in CHARACTERISTICS}
        allowed = [
            {c: a.get(c, 0) for c in CHARACTERISTICS} for a in ROLE_CHARACTERISTICS[spec.role]
        ]
        if not unknown and values not in allowed:
            problems.append(
                f"characteristics must be {_allowed_characteristics(spec.role)}; "
                f"got {_show_characteristics(values)}"
            )
        problems += _problems_with_skills(spec.role, skills)
        problems += _problems_with_languages(spec.role, languages)
    if problems:
        raise RulesError(f"{who}: " + "; ".join(problems))
    return FollowerSpec(
        name=spec.name.strip(),
        role=spec.role,
        ancestry=spec.ancestry.strip(),
        characteristics={c: spec.characteristics.get(c, 0) for c in CHARACTERISTICS},
        skills=skills,
        languages=languages,
    )


def _with_caelian(languages: Iterable[str]) -> tuple[str, ...]:
    """The two chosen languages after Caelian (Caelian may be listed or left out)."""
    chosen = [languages] if isinstance(languages, str) else list(languages)
    rest = [n for n in chosen if language_key(n) != language_key(CAELIAN)]
    return (CAELIAN, *rest) if len(rest) == len(chosen) else tuple(chosen)


def make_artisan(
    name: str,
    *,
    ancestry: str,
    physical: Literal["might", "agility"],
    skills: Iterable[str],
    languages: Iterable[str],
) -> FollowerSpec:
    """An artisan (000: 3943-3947): ``physical`` 1 (might or agility), reason 1, the rest 0;
    four Crafting skills; Caelian plus the two ``languages`` chosen."""
    if physical not in ("might", "agility"):
        raise RulesError(
            f"an artisan has might 1 or agility 1: physical is might or agility, got {physical!r}"
        )
    return validate_follower(
        FollowerSpec(
            name,
            "artisan",
            ancestry,
            {physical: 1, "reason": 1},
            tuple(skills),
            _with_caelian(languages),
        )
    )


def make_sage(
    name: str, *, ancestry: str, skills: Iterable[str], languages: Iterable[str]
) -> FollowerSpec:
    """A sage (000: 3955-3959): reason 1 and intuition 1, the rest 0; four Lore skills;
    Caelian plus the two ``languages`` chosen."""
    return validate_follower(
        FollowerSpec(
            name,
            "sage",
            ancestry,
            {"reason": 1, "intuition": 1},
            tuple(skills),
            _with_caelian(languages),
        )
    )


def make_retainer(
    name: str,
    *,
    ancestry: str,
    characteristics: Mapping[str, int] | None = None,
    skills: Iterable[str] = (),
    languages: Iterable[str] = (),
) -> FollowerSpec:
    """A retainer: its stat block's characteristics, skills and languages, as written."""
    return validate_follower(
        FollowerSpec(
            name, "retainer", ancestry, dict(characteristics or {}), tuple(skills), tuple(languages)
        )
    )
