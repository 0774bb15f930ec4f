"""A respite's result as one short table: each roll's dice, modifiers and total, and where
each hero stands after it (project points against the goal, XP, level)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from drawsteel_kit.kit.ui.html import Markup
from drawsteel_kit.kit.ui.panels import html_table
from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.draw_steel.book.base import Happened
from drawsteel_kit.systems.draw_steel.rules.power import POWER_ROLL_DICE

__all__ = ["HEADERS", "describe", "preview_table", "roll_cells"]

HEADERS = ("Hero", "Activity", "Dice", "Modifiers", "Total", "Now")
#: Event kinds a project's work writes (their payload has ``after`` and ``goal``).
WORK_KINDS = ("project_roll", "guide_studied")
#: Events of the day itself, shown in the first row.
PARTY_KINDS = ("day_advanced", "project_event_check")


def describe(happened: Happened) -> str:
    """The events' summaries, one a line, without a respite's "+0 XP"."""
    return "\n".join(e.summary.replace(": +0 XP", "") for e in happened.events)


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"-{-n}"


def _faces(dice: Sequence[int], rolls: int) -> list[list[int]]:
    """The faces split among the rolls (a power roll's dice each, as a project roll is), or
    all in one."""
    each = POWER_ROLL_DICE
    if rolls > 1 and len(dice) >= each * rolls:
        groups = [list(dice[each * i:each * (i + 1)]) for i in range(rolls)]
        groups[-1] += list(dice[each * rolls:])
        return groups
    return [list(dice)]


def roll_cells(payload: dict[str, Any], dice: Sequence[int]) -> tuple[str, str, str]:
    """A project roll as (dice, modifiers, total): "7 + 3", "+4 (Reason +2, 1 edge +2)",
    "14" (a breakthrough's extra roll after a ";", the total their sum)."""
    naturals = [int(n) for n in payload.get("naturals") or []]
    points = [int(p) for p in payload.get("roll_points") or []]
    groups = _faces(dice, len(naturals))
    dice_text = "; ".join(" + ".join(map(str, g)) for g in groups if g) or "-"
    mods = []
    for natural, total in zip(naturals, points, strict=False):
        mod = total - natural
        score = int(payload.get("score") or 0)
        parts = [f"{str(payload.get('characteristic') or 'characteristic').title()} "
                 f"{_signed(score)}"]
        rest = mod - score
        if rest:
            why = [plural(n, w) for n, w in ((payload.get("edges") or 0, "edge"),
                                              (payload.get("banes") or 0, "bane")) if n]
            if payload.get("skill"):
                why.append(f"skill {payload['skill']}" if isinstance(payload["skill"], str)
                           else "skill")
            if payload.get("bonus"):
                why.append("bonus")
            parts.append(f"{', '.join(why) or 'other'} {_signed(rest)}")
        mods.append(f"{_signed(mod)} ({', '.join(parts)})")
    total = int(payload.get("points", sum(points)))
    total_text = (" + ".join(map(str, points)) + f" = {total}" if len(points) > 1
                  else str(total))
    return dice_text, "; ".join(mods) or "-", total_text


def _project_now(payload: dict[str, Any]) -> str:
    done = " complete" if payload.get("completed") else ""
    return f"{payload.get('project', 'project')} {payload['after']}/{payload['goal']}{done}"


def _hero_row(hero: str, events: Iterable[Any], result: Any) -> tuple[str, ...]:
    activity, dice, mods, total = "rest only", "-", "-", "-"
    now: list[str] = []
    also: list[str] = []
    for e in events:
        p = e.payload
        if e.kind == "respite":
            activity = p.get("activity") or activity
        elif e.kind == "respite_interrupted":
            now.append("interrupted: no benefits")
        elif e.kind == "project_roll":
            dice, mods, total = roll_cells(p, e.dice or [])
            now.append(_project_now(p))
        elif e.kind in WORK_KINDS and "after" in p:
            total = _signed(int(p.get("points", 0)))
            now.append(_project_now(p))
        else:
            also.append(e.summary.removeprefix(f"{hero} ").removeprefix(f"{hero}'s "))
    if result is not None:
        xp = f"XP {result.after.xp}" + (f" ({_signed(result.xp_gained)})"
                                        if result.xp_gained else "")
        if result.levels_gained:
            xp += f", level {result.after.level}"
        now.append(xp)
    return hero, activity, dice, mods, total, "; ".join(now + also)


def preview_table(happened: Happened, heroes: Sequence[str]) -> Markup:
    """One row a hero (the day's own events first, when there are any)."""
    results = happened.details.get("results") or {}
    rows: list[tuple[str, ...]] = []
    party = [e for e in happened.events if e.kind in PARTY_KINDS]
    if party:
        check = next((e for e in party if e.kind == "project_event_check"), None)
        faces = " + ".join(map(str, check.dice or [])) if check else "-"
        rows.append(("The party", "the day", faces or "-", "-", "-",
                     "; ".join(e.summary for e in party)))
    for hero in heroes:
        mine = [e for e in happened.events if e.actor == hero and e.kind not in PARTY_KINDS]
        rows.append(_hero_row(hero, mine, results.get(hero)))
    # Anything else the respite wrote (a follower's day, another hero's part): its own row,
    # so the table is the whole result.
    shown = set(heroes)
    rest = [e.summary for e in happened.events
            if e.kind not in PARTY_KINDS and e.actor not in shown]
    if rest:
        rows.append(("Also", "-", "-", "-", "-", "; ".join(rest)))
    return html_table(HEADERS, rows)
