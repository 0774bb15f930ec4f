"""Scripted plans of any system, resolved in this process: the front end finds the plans of
the system the campaign plays through the registry (a system's ``plans`` part has
``read_plan(campaign, path)`` and ``resolve(campaign, plan, *, seed, dry_run, again,
progress)``); a system without one has no plans to resolve.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.errors import PlanError
from drawsteel_kit.kit.progress import Progress

if TYPE_CHECKING:
    from drawsteel_kit.kit.book.campaign import BaseCampaign
    from drawsteel_kit.kit.book.plans import Resolution

__all__ = ["main_resolve", "plans_of", "read_plan", "resolve"]


def plans_of(campaign: BaseCampaign) -> Any:
    """The ``plans`` part of the system ``campaign`` plays; PlanError when it has none."""
    played = campaign.system
    if not played.has("plans"):
        raise PlanError(f"this campaign plays {played.title}, which has no scripted plans to "
                        f"resolve (its commands: `{played.help_command}`)")
    return played.part("plans")


def read_plan(campaign: BaseCampaign, path: str | Path) -> Any:
    """The plan at ``path``, read and checked as the campaign's system reads its plans."""
    return plans_of(campaign).read_plan(campaign, path)


def resolve(campaign: BaseCampaign, plan: Any, *, seed: int | None = None,
            dry_run: bool = True, again: bool = False,
            progress: Progress | None = None) -> Resolution:
    """Resolve ``plan`` day by day as the campaign's system does (a dry run writes nothing)."""
    done: Resolution = plans_of(campaign).resolve(campaign, plan, seed=seed, dry_run=dry_run,
                                                  again=again, progress=progress)
    return done


def main_resolve(campaign_path: str | Path, plan_path: str | Path, seed: int | None,
                 dry_run: bool, echo: Callable[[str], Any] = print, *,
                 again: bool = False, progress: Progress | None = None) -> Resolution:
    """What ``drawsteel-kit resolve CAMPAIGN --plan P --seed N [--dry-run] --no-notebook``
    does (``progress``: where its stages and days are told)."""
    from drawsteel_kit.kit.book.campaign import open_campaign
    from drawsteel_kit.kit.book.plans import find_plan

    told = progress or Progress(show=False)
    told.stage("Checking the campaign and the plan")
    with open_campaign(campaign_path) as campaign:
        plan = read_plan(campaign, find_plan(campaign.folder, plan_path))
        told.stage("Resolving the plan day by day")
        result = resolve(campaign, plan, seed=seed, dry_run=dry_run, again=again,
                         progress=told)
    for line in result.lines():
        echo(line)
    return result
