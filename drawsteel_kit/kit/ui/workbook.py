"""The Director's workbook of any system: its panels in one ``ipywidgets.Tab``, shown with a
style that keeps every tab's label whole (wrapping the tabs onto a second row on a narrow
screen); a change in one panel refreshes them all. The front end builds it with the panels
of the system the campaign plays (the registry's ``panels`` part: ``PANELS``).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from drawsteel_kit.kit.ui.panels import WORKBOOK_CLASS, WORKBOOK_STYLE, Panel

__all__ = ["Workbook"]


class Workbook:
    """Every panel in one Tab; a change in one refreshes them all."""

    def __init__(self, campaign: Any, panels: tuple[type[Panel], ...]) -> None:
        self.campaign = campaign
        self.panels: list[Panel] = [cls(campaign) for cls in panels]
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
