"""What ``init`` says when campaign.yaml and an existing ledger disagree, in plain words.

After the first ``init`` the ledger is the truth: a hero's sheet in the ledger is kept, and
each way campaign.yaml differs from it is reported, field by field (a changed ``skills:``
list names the skills only the file has and only the ledger has). The campaign's name,
settings, stronghold, custom projects and lists are applied, and each change is reported too.
Before, only a few sheet fields were compared, so an edited ``skills:`` list was silently
ignored.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drawsteel_kit.kit.book.init_report import FILE, list_difference, shown_value
from drawsteel_kit.systems.draw_steel.catalog.careers import career as _career
from drawsteel_kit.systems.draw_steel.catalog.titles import choose_benefit, is_book_title
from drawsteel_kit.systems.draw_steel.catalog.titles import title as book_title
from drawsteel_kit.systems.draw_steel.state import CHARACTERISTICS

__all__ = ["hero_differences", "starting_numbers"]

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
            said = list_difference(mine or [], theirs or [])
        elif mine == theirs:
            said = None
        elif field in _NUMBERS and mine != row[field]:
            said = (f"{FILE} gives {shown_value(mine)} ({row[field]} plus what the career and "
                    f"titles add), the ledger has {shown_value(theirs)}")
        else:
            said = f"{FILE} says {shown_value(mine)}, the ledger has {shown_value(theirs)}"
        if said:
            how = _HOW.get(field, "`drawsteel-kit adjust`")
            lines.append(f"{ledger.get('name', spec.name)}: {field}: {said} "
                         f"(the ledger is kept; use {how} to change it)")
    return lines
