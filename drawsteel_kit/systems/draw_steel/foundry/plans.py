"""``victories_from:`` in a downtime plan: the party's hero exports, imported before day 1.

A scripted evening is then one plan: the exports Foundry (or Forge Steel) wrote at the table
come in (victories won, Stamina lost), the plan's respites turn victories into XP and roll the
projects, and ``heroes export`` writes the files back. The folder is read from the campaign
folder and must lie inside it, links followed.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from drawsteel_kit.kit.errors import DrawSteelKitError, PlanError
from drawsteel_kit.kit.user_files import within_folder

if TYPE_CHECKING:
    from drawsteel_kit.kit.book.base import Happened
    from drawsteel_kit.systems.draw_steel.campaign import Campaign

__all__ = ["import_exports"]


def import_exports(campaign: Campaign, folder: str, plan_source: str) -> tuple[Happened, ...]:
    """Import every hero file in ``folder`` (relative to the campaign folder) in the plan's
    transaction; a PlanError line naming the plan otherwise. Nothing when all are unchanged."""
    from drawsteel_kit.systems.draw_steel.foundry.formats import import_any

    where = f"{plan_source}: victories_from: {folder}"
    path = Path(campaign.folder) / folder
    if not within_folder(path, campaign.folder):
        raise PlanError(f"{where}: is outside the campaign folder: put the exports in a "
                        "folder of the campaign (exports/, say)")
    if not path.is_dir():
        raise PlanError(f"{where}: is not a folder of the campaign: make it, and save the "
                        "party's exports there")
    try:
        happened = import_any(campaign, [path])
    except DrawSteelKitError as exc:
        raise PlanError(f"{where}: {exc}") from None
    return (happened,) if happened.events else ()
