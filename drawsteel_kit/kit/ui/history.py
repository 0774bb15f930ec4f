"""History as sentences, a page at a time, filtered by kind (by its name) and hero; and undo."""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as W

from drawsteel_kit.kit.book.sentences import kind_name, sentence
from drawsteel_kit.kit.ui.history_block import last_page, page_note
from drawsteel_kit.kit.ui.html import Markup
from drawsteel_kit.kit.ui.panels import Panel, html_table

if TYPE_CHECKING:  # any system's campaign
    from drawsteel_kit.kit.book.campaign import BaseCampaign as Campaign

__all__ = ["PAGE_SIZES", "HistoryPanel"]

ALL = ""
#: How many events a page of the panel may list.
PAGE_SIZES = (25, 50, 100, 250)


class HistoryPanel(Panel["Campaign"]):
    """The ledger's events, newest first, a page at a time, filtered; undo one by its id."""

    title = "History"

    def __init__(self, campaign: Campaign) -> None:
        super().__init__(campaign)
        self.kind = W.Dropdown(description="Kind")
        self.hero = W.Dropdown(description="Hero")
        self.limit = W.Dropdown(options=[(f"{n} a page", n) for n in PAGE_SIZES], value=50,
                                description="Show")
        self.filter_button = self.button("Filter", self.first_page)
        self.newer_button = self.button("Newer", lambda: self.turn(-1))
        self.older_button = self.button("Older", lambda: self.turn(1))
        self.page_line = W.HTML()
        self.page = 0
        self.table = W.HTML()
        self.event_id = W.IntText(description="Event #")
        self.reason = W.Text(description="Reason")
        self.undo_button = self.button("Undo", self.undo, "danger")
        self.events: list = []
        self._box = W.VBox([W.HBox([self.kind, self.hero, self.limit, self.filter_button]),
                            self.table,
                            W.HBox([self.newer_button, self.older_button, self.page_line]),
                            W.HBox([self.event_id, self.reason, self.undo_button]),
                            self.message])
        self.refresh()

    def first_page(self) -> None:
        """Apply the filters from the newest page."""
        self.page = 0
        self.refresh()

    def turn(self, pages: int) -> None:
        """Go ``pages`` pages older (negative: newer)."""
        self.page = max(0, self.page + pages)
        self.refresh()

    def refresh(self) -> None:
        played = self.campaign.system
        kinds = [r[0] for r in self.campaign.ledger.db.execute(
            "SELECT DISTINCT kind FROM events")]
        named = sorted(((kind_name(k, played), k) for k in kinds), key=lambda p: p[0].casefold())
        keep_kind = self.kind.value if self.kind.value in kinds else ALL
        self.kind.options = [("(every kind)", ALL), *named]
        self.kind.value = keep_kind
        heroes = self.campaign.members  # Draw Steel heroes, or another system's characters
        keep_hero = self.hero.value if self.hero.value in heroes else ALL
        self.hero.options = [("(everyone)", ALL)] + [(h, h) for h in heroes]
        self.hero.value = keep_hero
        size = self.limit.value if self.limit.value in PAGE_SIZES else PAGE_SIZES[0]
        kind, hero = self.kind.value or None, self.hero.value or None
        total = self.campaign.history_count(kind=kind, hero=hero)
        last = last_page(total, size)
        self.page = self.page if last is None else min(self.page, last)
        first = self.page * size
        self.events = self.campaign.history(kind=kind, hero=hero, limit=size + 1, offset=first)
        older, self.events = len(self.events) > size, self.events[:size]
        self.newer_button.disabled = self.page == 0
        self.older_button.disabled = not older
        self.page_line.value = Markup("<span>{}</span>").format(
            page_note(first, len(self.events), total))
        undone = self.campaign.ledger.undone_ids()
        self.table.value = html_table(
            ["#", "Day", "Session", "Who", "What happened"],
            [(e.id, e.day, e.session or "", e.actor or "",
              sentence(e, played) + (" (undone)" if e.id in undone else ""))
             for e in self.events])

    def undo(self) -> None:
        self.run(lambda: self.campaign.undo(self.event_id.value, reason=self.reason.value))
