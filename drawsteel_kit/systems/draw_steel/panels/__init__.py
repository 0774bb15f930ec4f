"""The Director's panels (ipywidgets 8): each takes a Campaign and calls only its methods.

``Workbook(campaign)`` puts every panel in one ``ipywidgets.Tab`` (shown with a style that
keeps every tab's label whole, wrapping the tabs onto a second row on a narrow screen);
``notebooks/director.ipynb`` opens a campaign with :func:`open_workbook` and displays it.
Only this package imports ipywidgets, so ``import drawsteel_kit`` stays light.
"""

from __future__ import annotations

from pathlib import Path

import ipywidgets as W

from drawsteel_kit.kit.ui.history import HistoryPanel
from drawsteel_kit.kit.ui.panels import WORKBOOK_CLASS, WORKBOOK_STYLE, Panel, preview
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.panels.encounters import EncounterPanel
from drawsteel_kit.systems.draw_steel.panels.followers import FollowersPanel
from drawsteel_kit.systems.draw_steel.panels.heroes import ForgeSteelPanel
from drawsteel_kit.systems.draw_steel.panels.npcs import NpcPanel
from drawsteel_kit.systems.draw_steel.panels.party import PartyOverview, SessionPanel
from drawsteel_kit.systems.draw_steel.panels.projects import ProjectsPanel
from drawsteel_kit.systems.draw_steel.panels.respite import RespitePanel, RespiteRow
from drawsteel_kit.systems.draw_steel.panels.rewards import InventoryPanel, WealthPanel

__all__ = ["EncounterPanel", "FollowersPanel", "ForgeSteelPanel", "HistoryPanel",
           "InventoryPanel", "NpcPanel", "Panel", "PartyOverview", "ProjectsPanel",
           "RespitePanel", "RespiteRow", "SessionPanel",
           "WealthPanel", "Workbook", "open_workbook", "preview"]

PANELS: tuple[type[Panel], ...] = (PartyOverview, SessionPanel, EncounterPanel, RespitePanel,
                                   ProjectsPanel, FollowersPanel, WealthPanel, InventoryPanel,
                                   NpcPanel, ForgeSteelPanel, HistoryPanel)


class Workbook:
    """Every panel in one Tab; a change in one refreshes them all."""

    def __init__(self, campaign: Campaign, panels: tuple[type[Panel], ...] | None = None
                 ) -> None:
        self.campaign = campaign
        self.panels: list[Panel] = [cls(campaign) for cls in (panels or PANELS)]
        for panel in self.panels:
            panel.on_change = self.refresh
        self.tab = W.Tab(children=[p.widget for p in self.panels],
                         titles=[p.title for p in self.panels])
        self.tab.add_class(WORKBOOK_CLASS)
        #: What a notebook shows: the tabs under the style that keeps their labels whole.
        self.view = W.VBox([W.HTML(WORKBOOK_STYLE), self.tab])

    def panel(self, cls: type[Panel]) -> Panel:
        """The workbook's panel of that class."""
        return next(p for p in self.panels if isinstance(p, cls))

    @property
    def widget(self) -> W.Tab:
        """The Tab (a notebook displays the workbook itself: ``view``)."""
        return self.tab

    def refresh(self) -> None:
        """Every panel re-reads the campaign."""
        for panel in self.panels:
            panel.refresh()

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.view)


def open_workbook(campaign: str | Path) -> Workbook:
    """Open a campaign folder and build the Director's workbook on it: Draw Steel's panels,
    or those of the system the campaign plays (``systems.<module>.panels.PANELS``)."""
    camp = Campaign.open(campaign)
    played = camp.system
    if played.is_default:
        return Workbook(camp)
    return Workbook(camp, played.part("panels").PANELS)
