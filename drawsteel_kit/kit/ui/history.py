"""History with filters (kind, hero) and undo."""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as W

from drawsteel_kit.kit.ui.panels import Panel, html_table

if TYPE_CHECKING:  # any system's campaign; Draw Steel's is the one with most panels
    from drawsteel_kit.systems.draw_steel.campaign import Campaign

__all__ = ["HistoryPanel"]

ALL = ""


class HistoryPanel(Panel):
    """The ledger's events, newest first, filtered; undo one by its id."""

    title = "History"

    def __init__(self, campaign: Campaign) -> None:
        super().__init__(campaign)
        self.kind = W.Dropdown(description="Kind")
        self.hero = W.Dropdown(description="Hero")
        self.limit = W.BoundedIntText(value=50, min=1, max=10_000, description="Show")
        self.filter_button = self.button("Filter", self.refresh)
        self.table = W.HTML()
        self.event_id = W.IntText(description="Event #")
        self.reason = W.Text(description="Reason")
        self.undo_button = self.button("Undo", self.undo, "danger")
        self.events: list = []
        self._box = W.VBox([W.HBox([self.kind, self.hero, self.limit, self.filter_button]),
                            self.table, W.HBox([self.event_id, self.reason, self.undo_button]),
                            self.message])
        self.refresh()

    def refresh(self) -> None:
        kinds = sorted({e.kind for e in self.campaign.history()})
        keep_kind = self.kind.value if self.kind.value in kinds else ALL
        self.kind.options = [("(every kind)", ALL)] + [(k, k) for k in kinds]
        self.kind.value = keep_kind
        heroes = self.campaign.members  # Draw Steel heroes, or another system's characters
        keep_hero = self.hero.value if self.hero.value in heroes else ALL
        self.hero.options = [("(everyone)", ALL)] + [(h, h) for h in heroes]
        self.hero.value = keep_hero
        self.events = self.campaign.history(kind=self.kind.value or None,
                                            hero=self.hero.value or None,
                                            limit=self.limit.value)
        undone = self.campaign.ledger.undone_ids()
        self.table.value = html_table(
            ["#", "Day", "Session", "Kind", "Who", "What"],
            [(e.id, e.day, e.session or "", e.kind, e.actor or "",
              e.summary + (" (undone)" if e.id in undone else "")) for e in self.events])

    def undo(self) -> None:
        self.run(lambda: self.campaign.undo(self.event_id.value, reason=self.reason.value))
