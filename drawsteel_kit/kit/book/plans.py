"""What scripted plans share in every game system: the record of a run, and running a plan
once.

A system resolves its own plans (Draw Steel's downtime, Dungeon World's town days) inside one
transaction that ends with a ``plan_resolved`` event holding the plan's digest (what it says,
not its layout). Resolving the same plan again writes nothing and says when it was resolved,
unless asked to resolve it once more.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.book.base import Happened, check_count
from drawsteel_kit.kit.errors import PlanError
from drawsteel_kit.kit.fields import show
from drawsteel_kit.kit.ledger import Event

if TYPE_CHECKING:
    from drawsteel_kit.kit.book.campaign import BaseCampaign

__all__ = ["FRESH_SEED_BELOW", "MAX_SEED", "PLAN_RESOLVED", "DayResult", "Resolution",
           "already_resolved", "find_plan", "plan_seed", "record_resolved", "resolved_before"]

#: The event that ends a plan's transaction, with the plan's digest.
PLAN_RESOLVED = "plan_resolved"
#: A seed is a non-negative 63-bit integer (what SQLite stores); fresh ones are shorter to type.
MAX_SEED = 2**63 - 1
FRESH_SEED_BELOW = 2**31


@dataclass(frozen=True)
class DayResult:
    """One plan day (0: before day 1) and what happened on it."""

    day: int
    campaign_day: int
    happened: tuple[Happened, ...]
    notes: tuple[str, ...] = ()

    @property
    def events(self) -> tuple[Event, ...]:
        """The events of the day, in the order they were written."""
        return tuple(e for h in self.happened for e in h.events)


@dataclass(frozen=True)
class Resolution:
    """What a plan did (or, for a dry run, would do) with this seed."""

    plan: str
    source: str
    seed: int
    dry_run: bool
    days: tuple[DayResult, ...]
    summary: tuple[str, ...]
    #: The ``plan_resolved`` event that ends the run (see ``resolved_before``).
    recorded: Event | None = None
    #: The ``plan_resolved`` event of an earlier run of this same plan: nothing was done.
    already: Event | None = None

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event written (or that a real run would write), in order."""
        days = tuple(e for d in self.days for e in d.events)
        return days + ((self.recorded,) if self.recorded is not None else ())

    def lines(self) -> list[str]:
        """A readable day-by-day report."""
        if self.already is not None:
            return [f"{self.plan} ({self.source}): {self.summary[0]}", *self.summary[1:]]
        last = self.days[-1].day
        out = [f"{self.plan} ({self.source}): {last} day{'s' * (last != 1)}, seed {self.seed}",
               "DRY RUN: nothing was written; a real run with this seed writes exactly this."
               if self.dry_run else f"Written: {len(self.events)} events."]
        for day in self.days:
            if not day.happened and not day.notes:
                continue
            out.append(f"Before day 1 (campaign day {day.campaign_day})" if day.day == 0
                       else f"Day {day.day} (campaign day {day.campaign_day})")
            for h in day.happened:
                out.append(f"  {h.summary}")
                for ev in h.events:
                    if ev.summary != h.summary:
                        out.append(f"    {ev.summary}")
                    out += [f"      {line}" for line in ev.payload.get("lines", [])]
            out += [f"  Note: {note}" for note in day.notes]
        out += ["Summary", *(f"  {line}" for line in self.summary)]
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


def plan_seed(seed: int | None) -> int:
    """``seed`` checked, or a fresh one (recorded in the result, so the run can be repeated)."""
    if seed is None:
        seed = secrets.randbelow(FRESH_SEED_BELOW)
    return check_count(seed, "seed", minimum=0, maximum=MAX_SEED)


def resolved_before(campaign: BaseCampaign, plan: Any) -> Event | None:
    """The latest ``plan_resolved`` event of this same plan (by its digest), if any."""
    digest = plan.digest
    for event in reversed(campaign.ledger.events(kind=PLAN_RESOLVED)):
        if event.payload.get("digest") == digest:
            return event
    return None


def already_resolved(plan: Any, seed: int, dry_run: bool, earlier: Event) -> Resolution:
    """The result of a plan resolved before: it says when, and nothing is written."""
    said = earlier.payload
    days_events = said.get("events")
    # as the run counted them: the days' events and the one that records the plan
    written = days_events + 1 if isinstance(days_events, int) else days_events
    lines = (f"already resolved on campaign day {earlier.day} (event {earlier.id}, seed "
             f"{said.get('seed')}, {written} events); nothing was written",
             "To resolve this same plan once more, resolve it again with --again.")
    return Resolution(plan.name, plan.source, seed, dry_run, (), lines, already=earlier)


def record_resolved(campaign: BaseCampaign, plan: Any, seed: int, count: int) -> Event:
    """The ``plan_resolved`` event that ends a plan's transaction (any system's plan: it
    needs ``name``, ``digest`` and ``days``)."""
    with campaign.writing() as w:
        return w.event(PLAN_RESOLVED, [], summary=f"Plan {plan.name!r} resolved: {plan.days} days, "
                f"seed {seed}, {count} events",
                payload={"plan": plan.name, "digest": plan.digest, "seed": seed,
                         "days": plan.days, "events": count})


def find_plan(campaign_dir: str | Path, plan: str | Path) -> Path:
    """A plan path as given, else ``plans/<plan>`` (``.yaml`` optional) in the campaign."""
    path = Path(plan)
    try:
        if path.is_file() or path.is_absolute():
            return path
        folder = Path(campaign_dir) / "plans"
        for candidate in (folder / path, folder / f"{path}.yaml"):
            if os.path.lexists(candidate) and not candidate.is_dir():  # a pipe: refused
                return candidate                                        # when it is read
    except (OSError, ValueError) as exc:  # a name too long, a NUL: the OS refuses to look
        raise PlanError(f"{show(str(plan))} is not a path this system can open "
                        f"({getattr(exc, 'strerror', None) or exc}): name a plan file") from None
    return path
