"""The Director's panels (ipywidgets 8): each takes a Campaign and calls only its methods.

``PANELS`` are the Director's tabs (the registry's ``panels`` part); ``Workbook(campaign)``
puts them in one Tab (the kit's :class:`~drawsteel_kit.kit.ui.workbook.Workbook`), which
``notebooks/director.ipynb`` shows through ``drawsteel_kit.workbook.open_workbook``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drawsteel_kit.kit.ui.history import HistoryPanel
from drawsteel_kit.kit.ui.panels import Panel, preview
from drawsteel_kit.kit.ui.workbook import Workbook as KitWorkbook
from drawsteel_kit.systems.draw_steel.panels.encounters import EncounterPanel
from drawsteel_kit.systems.draw_steel.panels.followers import FollowersPanel
from drawsteel_kit.systems.draw_steel.panels.forecast import forecast_controls
from drawsteel_kit.systems.draw_steel.panels.heroes import ForgeSteelPanel
from drawsteel_kit.systems.draw_steel.panels.npcs import NpcPanel
from drawsteel_kit.systems.draw_steel.panels.party import PartyOverview, SessionPanel
from drawsteel_kit.systems.draw_steel.panels.projects import ProjectsPanel
from drawsteel_kit.systems.draw_steel.panels.respite import RespitePanel, RespiteRow
from drawsteel_kit.systems.draw_steel.panels.rewards import InventoryPanel, WealthPanel

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.campaign import Campaign

__all__ = ["EncounterPanel", "FollowersPanel", "ForgeSteelPanel", "HistoryPanel",
           "InventoryPanel", "NpcPanel", "Panel", "PartyOverview", "ProjectsPanel",
           "RespitePanel", "RespiteRow", "SessionPanel",
           "WealthPanel", "Workbook", "forecast_controls", "preview"]

PANELS: tuple[type[Panel], ...] = (PartyOverview, SessionPanel, EncounterPanel, RespitePanel,
                                   ProjectsPanel, FollowersPanel, WealthPanel, InventoryPanel,
                                   NpcPanel, ForgeSteelPanel, HistoryPanel)


class Workbook(KitWorkbook):
    """Draw Steel's panels in one Tab (or ``panels``): a change in one refreshes them all."""

    def __init__(self, campaign: Campaign, panels: tuple[type[Panel], ...] = PANELS) -> None:
        super().__init__(campaign, panels)
