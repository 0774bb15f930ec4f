"""What ``init`` says when campaign.yaml and an existing ledger disagree, in plain words.

After the first ``init`` the ledger is the truth: a hero's sheet in the ledger is kept, and
each way campaign.yaml differs from it is reported, field by field (a changed ``skills:``
list names the skills only the file has and only the ledger has). The campaign's name,
settings, stronghold, custom projects and lists are applied, and each change is reported too.
Before, only a few sheet fields were compared, so an edited ``skills:`` list was silently
ignored.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from drawsteel_kit.kit.limits import name_key
from drawsteel_kit.systems.draw_steel.catalog.careers import career as _career
from drawsteel_kit.systems.draw_steel.catalog.titles import choose_benefit, is_book_title
from drawsteel_kit.systems.draw_steel.catalog.titles import title as book_title
from drawsteel_kit.systems.draw_steel.state import CHARACTERISTICS

__all__ = ["FILE", "applied_changes", "hero_differences", "sheet_differences"]

FILE = "campaign.yaml"
#: A hero's fields compared, in the order campaign.yaml lists them.
HERO_FIELDS = ("player", "ancestry", "class", "career", "level", "xp", "victories",
               *CHARACTERISTICS, "max_stamina", "max_recoveries", "renown", "wealth",
               "project_points", "skills", "languages", "titles", "perks")
#: How to change each field in the ledger, when not `adjust`.
_HOW = {"titles": "`drawsteel-kit titles grant` / `titles revoke`"}
_NUMBERS = ("renown", "wealth", "project_points")


def starting_numbers(spec: Any) -> dict[str, int]:
    """Renown, wealth and project points a new hero of ``spec`` gets from ``init``: the
    file's numbers plus what the career and titles add (unless ``rewards_applied``)."""
    numbers = {k: getattr(spec, k) for k in _NUMBERS}
    if spec.rewards_applied:
        return numbers
    if spec.career:
        career = _career(spec.career)
        for k in _NUMBERS:
            numbers[k] += getattr(career, k)
    for held in spec.titles:
        if is_book_title(held.name):
            chosen = choose_benefit(book_title(held.name), held.benefit)
            if chosen is not None:
                numbers["renown"] += chosen.renown
                numbers["wealth"] += chosen.wealth
    return numbers


def hero_differences(spec: Any, row: Mapping[str, Any], ledger: Mapping[str, Any]) -> list[str]:
    """One line per field in which campaign.yaml's hero (``spec``, read as ``row``) differs
    from the ledger's; the ledger is kept."""
    expected = {**row, **starting_numbers(spec), "titles": spec.title_names}
    lines = []
    for field in HERO_FIELDS:
        mine, theirs = expected.get(field), ledger.get(field)
        if isinstance(mine, list) or isinstance(theirs, list):
            said = _list_difference(mine or [], theirs or [])
        elif mine == theirs:
            said = None
        elif field in _NUMBERS and mine != row[field]:
            said = (f"{FILE} gives {_shown(mine)} ({row[field]} plus what the career and "
                    f"titles add), the ledger has {_shown(theirs)}")
        else:
            said = f"{FILE} says {_shown(mine)}, the ledger has {_shown(theirs)}"
        if said:
            how = _HOW.get(field, "`drawsteel-kit adjust`")
            lines.append(f"{ledger.get('name', spec.name)}: {field}: {said} "
                         f"(the ledger is kept; use {how} to change it)")
    return lines


def sheet_differences(name: str, mine: Any, theirs: Any, path: str = "") -> list[str]:
    """Another system's sheet: one line per field (nested fields as ``stats.str``) in which
    campaign.yaml differs from the ledger; the ledger is kept."""
    if isinstance(mine, Mapping) and isinstance(theirs, Mapping):
        lines = []
        for key in [*mine, *(k for k in theirs if k not in mine)]:
            lines += sheet_differences(name, mine.get(key), theirs.get(key),
                                       f"{path}.{key}" if path else str(key))
        return lines
    if isinstance(mine, list) and isinstance(theirs, list):
        said = _list_difference(mine, theirs)
    else:
        said = None if mine == theirs else (
            f"{FILE} says {_shown(mine)}, the ledger has {_shown(theirs)}")
    if not said:
        return []
    return [f"{name}: {path or 'sheet'}: {said} (the ledger is kept: it holds what play has "
            "changed since)"]


def applied_changes(before: Mapping[str, Any] | None, after: Mapping[str, Any]) -> list[str]:
    """The campaign's name, settings and stronghold as ``init`` changes them, one line each:
    these are the file's to say, so they are applied."""
    if before is None:
        return []
    lines = []
    if before.get("name") != after.get("name"):
        lines.append(f"name: {_shown(before.get('name'))} → {_shown(after.get('name'))}")
    old, new = before.get("settings") or {}, after.get("settings") or {}
    for key in [*new, *(k for k in old if k not in new)]:
        if key == "system" or old.get(key) == new.get(key):
            continue
        a, b = old.get(key), new.get(key)
        if key == "players":  # who plays whom (Dungeon World): each character's player
            lines += [f"{who}: player: {_shown((a or {}).get(who))} → {_shown((b or {}).get(who))}"
                      for who in dict.fromkeys([*(b or {}), *(a or {})])
                      if (a or {}).get(who) != (b or {}).get(who)]
        elif isinstance(a, Mapping) or isinstance(b, Mapping):
            lines += [f"{_label(key)}.{line}" for line in _mapping_changes(a or {}, b or {})]
        elif isinstance(a, list) or isinstance(b, list):
            lines.append(f"{_label(key)}: {_list_difference(b or [], a or [], now=True)}")
        else:
            lines.append(f"{_label(key)}: {_shown(a)} → {_shown(b)}")
    old_home, new_home = before.get("stronghold"), after.get("stronghold")
    if old_home != new_home:
        if not old_home or not new_home:
            lines.append(f"stronghold: {_shown(old_home)} → {_shown(new_home)}")
        else:
            lines += [f"stronghold.{line}" for line in _mapping_changes(old_home, new_home)]
    return lines


def _label(key: str) -> str:
    """Where a party setting lives in campaign.yaml."""
    if key in ("custom_projects", "wealth_items", "custom"):
        return key
    return f"settings.{key}"


def _mapping_changes(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[str]:
    lines = []
    for key in [*new, *(k for k in old if k not in new)]:
        a, b = old.get(key), new.get(key)
        if a == b:
            continue
        if isinstance(a, list) or isinstance(b, list):
            lines.append(f"{key}: {_list_difference(b or [], a or [], now=True)}")
        else:
            lines.append(f"{key}: {_shown(a)} → {_shown(b)}")
    return lines


def _list_difference(mine: Iterable[Any], theirs: Iterable[Any], *,
                     now: bool = False) -> str | None:
    """How two lists differ, or None: which entries only one has, or only their order.
    ``now``: ``mine`` is what the list becomes (applied), not what the file says."""
    mine, theirs = list(mine), list(theirs)
    if mine == theirs:
        return None
    by_key = {_key(v): v for v in theirs}
    only_mine = [v for v in mine if _key(v) not in by_key]
    changed = [v for v in mine if _key(v) in by_key and by_key[_key(v)] != v]
    keys = {_key(v) for v in mine}
    only_theirs = [v for v in theirs if _key(v) not in keys]
    parts = []
    if only_mine:
        parts.append(f"{'added' if now else f'only {FILE} has'} {_listed(only_mine)}")
    if only_theirs:
        parts.append(f"{'removed' if now else 'only the ledger has'} {_listed(only_theirs)}")
    if changed:
        parts.append(f"{'changed' if now else f'{FILE} writes differently'} {_listed(changed)}")
    if not parts:
        parts.append("the same entries in another order")
    return "; ".join(parts)


def _key(value: Any) -> Any:
    if isinstance(value, str):
        return name_key(value)
    if isinstance(value, Mapping):
        return _key(value.get("name", repr(sorted(value.items(), key=str))))
    return repr(value)


def _listed(values: list[Any]) -> str:
    return ", ".join(_shown(v) for v in values)


def _shown(value: Any) -> str:
    if value is None or value == "":
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping) and "name" in value:
        return _shown(value["name"])
    if isinstance(value, str):
        return value if value.isprintable() and len(value) <= 60 else repr(value[:60])
    text = str(value)
    return text if len(text) <= 60 else text[:59] + "…"
