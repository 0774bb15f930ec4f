"""Field types of a plan file, each with a message a Director can act on.

Project references, days, dice typed in at the table, goal parameters, bounded numbers
and one-line names; every refusal says what is allowed.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeGuard

from pydantic import BeforeValidator
from pydantic_core import PydanticCustomError

from drawsteel_kit.kit.fields import label, show, within

__all__ = [
    "EVERY", "MAX_PLAN_DAYS", "Characteristic", "Days", "Dice", "Name", "OptionalName", "Param",
    "PlanDay", "ProjectRef", "Title", "refuse",
]

#: Our own limits, not the book's: a plan covers at most a year; bigger numbers are typos.
MAX_PLAN_DAYS = 365
MAX_KNOWLEDGE = 1_000
MAX_BONUS = 99
MAX_POINTS = 999_999
NAME_MAX = 60
TITLE_MAX = 100
EVERY = "every"
Characteristic = Literal["might", "agility", "reason", "intuition", "presence"]


Name = Annotated[str, label(NAME_MAX)]
Title = Annotated[str, label(TITLE_MAX)]
OptionalName = Annotated[str, label(NAME_MAX, blank_ok=True)]


def refuse(kind: str, message: str, **ctx: Any) -> PydanticCustomError:
    return PydanticCustomError(kind, message, ctx)


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _project_ref(value: object) -> int | str:
    """A project by id (a whole number) or title (text)."""
    if _whole(value) and value >= 1:
        return value
    if isinstance(value, str) and value.strip():
        return " ".join(value.split())
    raise refuse("project_ref", "must be a project title (text) or id (a whole number 1 or more), "
                 "got {got}", got=show(value))


def _day_or_range(value: object) -> list[int]:
    if _whole(value) and value >= 1:
        return [value]
    if isinstance(value, str):
        low, dash, high = value.partition("-")
        if dash and low.strip().isdecimal() and high.strip().isdecimal():
            first, last = int(low), int(high)
            if 1 <= first <= last <= MAX_PLAN_DAYS:
                return list(range(first, last + 1))
    raise refuse("day", "must be every, a day (3), a list of days ([1, 3, 5]) or a range "
                 "(\"2-4\", first day first), got {got}", got=show(value))


def _days(value: object) -> str | tuple[int, ...]:
    """``every``, a day, a range "a-b", or a list of days and ranges; days count from 1."""
    if isinstance(value, str) and value.strip().lower() in (EVERY, "every day", "all"):
        return EVERY
    items = value if isinstance(value, list) else [value]
    if not items:
        raise refuse("no_days", "names no day: give every, a day, a list of days or a range")
    days: list[int] = []
    for item in items:
        for day in _day_or_range(item):
            if day in days:
                raise refuse("day_twice", "lists day {day} twice", day=day)
            days.append(day)
    return tuple(sorted(days))


def _dice(value: object) -> tuple[tuple[int, ...] | None, ...]:
    """Faces rolled at the table: one list per scheduled day (null: let the workbook roll)."""
    if isinstance(value, list) and value and all(_whole(v) for v in value):
        value = [value]  # one day's faces written flat
    if not isinstance(value, list) or not value:
        raise refuse("dice", "must be a list with one list of faces per day the hero rests "
                     "(e.g. [[9, 4]]; null for a day the workbook rolls), got {got}",
                     got=show(value))
    groups: list[tuple[int, ...] | None] = []
    for i, group in enumerate(value):
        if group is None:
            groups.append(None)
            continue
        if not isinstance(group, list) or len(group) < 2:
            raise refuse("dice_group", "dice[{i}] must be a list of at least two faces (2d10, "
                         "then two more for each breakthrough), got {got}", i=i, got=_faces(group))
        bad = next((f for f in group if not (_whole(f) and 1 <= f <= 10)), None)
        if bad is not None or any(not _whole(f) for f in group):
            raise refuse("dice_face", "dice[{i}]: faces are whole numbers from 1 to 10, got {got}",
                         i=i, got=show(bad))
        groups.append(tuple(group))
    return tuple(groups)


def _param(value: object) -> int | str:
    """A goal parameter: ``kind: obscure`` (Discover Lore), ``miles: 30`` (a road), ..."""
    if _whole(value) or (isinstance(value, str) and len(value) <= TITLE_MAX):
        return value
    raise refuse("param", "must be a whole number or text (at most {most} characters), "
                 "got {got}", most=TITLE_MAX, got=show(value))


def _faces(group: object) -> str:
    if isinstance(group, list) and len(group) <= 12 and all(_whole(f) for f in group):
        return str(group)
    return show(group)


ProjectRef = Annotated[int | str, BeforeValidator(_project_ref)]
Param = Annotated[int | str, BeforeValidator(_param)]
Days = Annotated[str | tuple[int, ...], BeforeValidator(_days)]
Dice = Annotated[tuple[tuple[int, ...] | None, ...], BeforeValidator(_dice)]
PlanDay = Annotated[int, within(1, MAX_PLAN_DAYS)]


