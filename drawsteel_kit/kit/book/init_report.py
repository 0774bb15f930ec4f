"""What ``init`` says when campaign.yaml and an existing ledger disagree, in plain words.

After the first ``init`` the ledger is the truth: a member's sheet in the ledger is kept,
and each way campaign.yaml differs from it is reported, field by field. The campaign's name,
settings and stronghold are the file's to say: they are applied, and each change is reported.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from drawsteel_kit.kit.folder import CAMPAIGN_FILE
from drawsteel_kit.kit.limits import name_key

__all__ = ["FILE", "applied_changes", "list_difference", "sheet_differences", "shown_value"]

FILE = CAMPAIGN_FILE


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
        said = list_difference(mine, theirs)
    else:
        said = None if mine == theirs else (
            f"{FILE} says {shown_value(mine)}, the ledger has {shown_value(theirs)}")
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
        lines.append(f"name: {shown_value(before.get('name'))} → {shown_value(after.get('name'))}")
    old, new = before.get("settings") or {}, after.get("settings") or {}
    for key in [*new, *(k for k in old if k not in new)]:
        if key == "system" or old.get(key) == new.get(key):
            continue
        a, b = old.get(key), new.get(key)
        if key == "players":  # who plays whom (Dungeon World): each character's player
            lines += [f"{who}: player: {shown_value((a or {}).get(who))} → "
                      f"{shown_value((b or {}).get(who))}"
                      for who in dict.fromkeys([*(b or {}), *(a or {})])
                      if (a or {}).get(who) != (b or {}).get(who)]
        elif isinstance(a, Mapping) or isinstance(b, Mapping):
            lines += [f"{_label(key)}.{line}" for line in _mapping_changes(a or {}, b or {})]
        elif isinstance(a, list) or isinstance(b, list):
            lines.append(f"{_label(key)}: {list_difference(b or [], a or [], now=True)}")
        else:
            lines.append(f"{_label(key)}: {shown_value(a)} → {shown_value(b)}")
    old_home, new_home = before.get("stronghold"), after.get("stronghold")
    if old_home != new_home:
        if not old_home or not new_home:
            lines.append(f"stronghold: {shown_value(old_home)} → {shown_value(new_home)}")
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
            lines.append(f"{key}: {list_difference(b or [], a or [], now=True)}")
        else:
            lines.append(f"{key}: {shown_value(a)} → {shown_value(b)}")
    return lines


def list_difference(mine: Iterable[Any], theirs: Iterable[Any], *,
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
    return ", ".join(shown_value(v) for v in values)


def shown_value(value: Any) -> str:
    """A value of campaign.yaml as a line of the init report says it ("nothing" for none)."""
    if value is None or value == "":
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping) and "name" in value:
        return shown_value(value["name"])
    if isinstance(value, str):
        return value if value.isprintable() and len(value) <= 60 else repr(value[:60])
    text = str(value)
    return text if len(text) <= 60 else text[:59] + "…"
