"""What `respite` takes beyond each hero's project work: projects started in it, followers
recruited in it (the hero's one activity), purchases made on its day. One command then does
the whole party's day (a respite is the party's 24 hours, 000: 861).

Each option is ``HERO=WHAT[|NAME=VALUE...]``, like ``--guide``: a name cannot hold ``|``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import click

__all__ = ["purchases", "recruits", "starts"]

#: A start's NAME=VALUE parts that are ``start_project``'s own options (the rest are the
#: project's goal parameters, as `project start --param`).
_START_OPTIONS = {"title": "title", "learns": "learns", "treasure": "treasure",
                  "language": "source_language", "prerequisite": "prerequisite",
                  "prerequisite-item": "prerequisite_item", "source": "source"}
_START_FLAGS = ("at-stronghold", "director-only")
#: A recruit's NAME=VALUE parts; any other name is a retainer's characteristic.
_RECRUIT_OPTIONS = ("ancestry", "physical", "skills", "languages", "at", "level", "stat-block")
_LISTS = ("skills", "languages")


def _parts(option: str, spec: str, usage: str) -> tuple[str, dict[str, str]]:
    """``WHAT|NAME=VALUE|FLAG...`` as WHAT and its named parts (a flag alone: "yes")."""
    what, *rest = spec.split("|")
    if not what.strip():
        raise click.UsageError(f"{option} takes {usage}, got {spec!r}")
    named: dict[str, str] = {}
    for part in rest:
        key, sep, value = part.partition("=")
        key = key.strip().casefold().replace("_", "-")
        if not key or (sep and not value.strip()):
            raise click.UsageError(f"{option} takes {usage}, got {spec!r}")
        if key in named:
            raise click.UsageError(f"{option} names {key} twice in {spec!r}")
        named[key] = value.strip() if sep else "yes"
    return what.strip(), named


def _value(raw: str) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        return raw


def _hero_spec(option: str, pair: str, usage: str, *, parts: int = 1) -> tuple[str, str]:
    """``HERO=SPEC`` split, the hero stripped; a usage error naming ``option`` when there is
    no hero, or fewer than ``parts`` ``|``-parts."""
    hero, sep, spec = pair.partition("=")
    if not sep or not hero.strip() or spec.count("|") < parts - 1:
        raise click.UsageError(f"{option} takes {usage}, got {pair!r}")
    return hero.strip(), spec


def starts(values: Sequence[str]) -> list[Any]:
    """``--start HERO=PROJECT[|title=T|kind=obscure|...]`` as StartProject entries."""
    if not values:
        return []
    from drawsteel_kit.systems.draw_steel.activities import StartProject

    usage = "HERO=PROJECT[|title=TITLE|NAME=VALUE...]"
    out = []
    for pair in values:
        hero, spec = _hero_spec("--start", pair, usage)
        project, named = _parts("--start", spec, usage)
        options: dict[str, Any] = {_START_OPTIONS[k]: v for k, v in named.items()
                                   if k in _START_OPTIONS}
        params = {k: _value(v) for k, v in named.items()
                  if k not in _START_OPTIONS and k not in _START_FLAGS}
        out.append(StartProject(
            hero, project, params=params or None,
            at_stronghold="at-stronghold" in named,
            visibility="director" if "director-only" in named else "party", **options))
    return out


def recruits(values: Sequence[str]) -> dict[str, Any]:
    """``--recruit HERO=NAME|ROLE[|ancestry=A|skills=S,S|...]`` as each hero's Recruit
    activity (one hero recruiting several: one activity, in one place)."""
    if not values:
        return {}
    from drawsteel_kit.systems.draw_steel.activities import NewFollower, Recruit

    usage = "HERO=NAME|ROLE[|ancestry=A|skills=S,S,...|languages=L,L|at=PLACE]"
    found: dict[str, tuple[list[Any], str | None]] = {}
    for pair in values:
        hero, spec = _hero_spec("--recruit", pair, usage, parts=2)
        name, named = _parts("--recruit", spec, usage)
        role, _, _ = spec.split("|")[1].partition("=")
        named.pop(role.strip().casefold(), None)
        role = role.strip().casefold()
        if role not in ("artisan", "sage", "retainer"):
            raise click.UsageError(f"--recruit: {name}'s role must be artisan, sage or "
                                   f"retainer, got {role!r}")
        lists = {k: tuple(x.strip() for x in named.get(k, "").split(",") if x.strip())
                 for k in _LISTS}
        level = named.get("level")
        if level is not None and not level.isdecimal():
            raise click.UsageError(f"--recruit: {name}'s level must be a whole number, "
                                   f"got {level!r}")
        chars = {k: v for k, v in named.items() if k not in _RECRUIT_OPTIONS}
        for k, v in chars.items():
            if not v.lstrip("-").isdecimal():
                raise click.UsageError(f"--recruit: {name}'s {k} must be a whole number (a "
                                       f"retainer's characteristic), got {v!r}")
        new = NewFollower(name, role, named.get("ancestry", ""), lists["skills"],
                          lists["languages"], named.get("physical"),
                          {k: int(v) for k, v in chars.items()} or None,
                          int(level) if level is not None else None,
                          named.get("stat-block", ""))
        followers, at = found.setdefault(hero, ([], named.get("at")))
        if named.get("at", at) != at:
            raise click.UsageError(f"--recruit: {hero} recruits in one place a "
                                   "respite (one activity): give every recruit the same at=")
        followers.append(new)
    return {hero: Recruit(tuple(followers), at=at) for hero, (followers, at) in found.items()}


def purchases(values: Sequence[str]) -> list[Any]:
    """``--buy HERO=ITEM[|count=N|tier=N]`` as Buy entries."""
    if not values:
        return []
    from drawsteel_kit.systems.draw_steel.activities import Buy

    usage = "HERO=ITEM[|count=N|tier=N]"
    out = []
    for pair in values:
        hero, spec = _hero_spec("--buy", pair, usage)
        item, named = _parts("--buy", spec, usage)
        stray = set(named) - {"count", "tier"}
        if stray:
            raise click.UsageError(f"--buy takes {usage}: {', '.join(sorted(stray))} is not "
                                   "one of them")
        numbers = {}
        for k, v in named.items():
            if not v.isdecimal():
                raise click.UsageError(f"--buy: {k} must be a whole number, got {v!r}")
            numbers[k] = int(v)
        out.append(Buy(hero, item, tier=numbers.get("tier"),
                       count=numbers.get("count", 1)))
    return out
