"""Read-only controls (ipywidgets) for the player pages and the forecast notebook.

Every callback here only reads: it recomputes a forecast or lists events. None of them
calls a Campaign method that writes, and the player pages open their campaign read-only,
so SQLite itself would refuse a write. Errors show as one line in the panel.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from drawsteel_kit.kit.book.party_view import PartyView, books
from drawsteel_kit.kit.ui.history_block import history_table, last_page, page_note
from drawsteel_kit.kit.ui.html import Html, Markup

if TYPE_CHECKING:
    pass

__all__ = ["HISTORY_CHOICES", "PlayerControls"]

#: How many events a page of the history control lists.
HISTORY_CHOICES = (10, 25, 50)


def _show_in(out: widgets.Output, blocks: list[Any], *, served: bool = False) -> None:
    """``blocks`` in ``out`` (``served``: on a served player page, whose own script draws the
    charts)."""
    from drawsteel_kit.kit.ui.display import display_outputs

    out.outputs = display_outputs(blocks, served=served)


class PlayerControls:
    """A player page's controls: a project's forecast, and its history a page at a time
    (the page's one history block: a served page shows this in its place)."""

    def __init__(self, view: PartyView) -> None:
        campaign = books(view)  # the viewer's books: nothing for the Director is in them
        self.view, self.hero = view, view.hero
        hero = view.hero
        self.viewer = view.viewer
        #: The system's pages may offer forecasts (Draw Steel's projects: when done?).
        self.pages = campaign.system.part("pages")
        offers = getattr(self.pages, "forecast_choices", None)
        choices: list[tuple[int, str, str]] = (
            offers(campaign, self.viewer, hero) if offers else [])
        self.titles = {key: title for key, title, _ in choices}
        projects = [label for _, _, label in choices]
        self.project = widgets.Dropdown(
            options=[(label, key) for key, _, label in choices],
            description="Forecast", style={"description_width": "initial"})
        self.events = widgets.ToggleButtons(
            options=[(f"{n} a page", n) for n in HISTORY_CHOICES], description="Events",
            style={"description_width": "initial"})
        self.newer = widgets.Button(description="Newer")
        self.older = widgets.Button(description="Older")
        self.page_line = widgets.HTML()
        self.page = 0
        self.forecast_out, self.events_out = widgets.Output(), widgets.Output()
        self.project.observe(lambda _: self.show_forecast(), names="value")
        self.events.observe(lambda _: self.turn(-self.page), names="value")
        self.newer.on_click(lambda _: self.turn(-1))
        self.older.on_click(lambda _: self.turn(1))
        parts: list[Any] = []
        if projects:
            parts += [widgets.HTML(Markup("<h2>When will it be done?</h2>")), self.project,
                      self.forecast_out]
        parts += [widgets.HTML(Markup("<h2>History</h2>")), self.events, self.events_out,
                  widgets.HBox([self.newer, self.older, self.page_line])]
        self.widget = widgets.VBox(parts)
        self.show_forecast(view)
        self.show_events(view)

    def _answer(self, view: PartyView | None, show: Callable[[PartyView], None]) -> None:
        """``show`` from ``view``, or from a fresh view of the books as they are now (a view
        holds its snapshot while open: the controls live long, so they hold none)."""
        if view is not None:
            show(view)
            return
        with self.view.fresh() as now:
            show(now)

    def show_forecast(self, view: PartyView | None = None) -> None:
        """The chosen project's chance of being done by day (its owner's respites and the
        followers assigned to it)."""
        if self.project.value is None:
            return
        title, project = self.titles[self.project.value], self.project.value
        self._answer(view, lambda v: _show_in(
            self.forecast_out, self.pages.forecast_blocks(books(v), project, title),
            served=True))

    def turn(self, pages: int) -> None:
        """Go ``pages`` pages older (negative: newer), and show that page."""
        self.page = max(0, self.page + pages)
        self.show_events()

    def show_events(self, view: PartyView | None = None) -> None:
        """One page of the events this page may show, newest first."""
        value = self.events.value
        if not isinstance(value, int) or isinstance(value, bool):
            return  # only a crafted message leaves the choice without a number
        self._answer(view, lambda v: self._show_page(v, value))

    def _show_page(self, view: PartyView, value: int) -> None:
        campaign = books(view)
        total = campaign.history_count(hero=self.hero, visible_to=self.viewer)
        last = last_page(total, value)
        self.page = self.page if last is None else min(self.page, last)
        first = self.page * value
        events = campaign.history(hero=self.hero, visible_to=self.viewer,
                                  limit=value + 1, offset=first)
        older, events = len(events) > value, events[:value]
        self.newer.disabled = self.page == 0
        self.older.disabled = not older
        self.page_line.value = Markup('<span class="dsk-meta">{}</span>').format(
            page_note(first, len(events), total))
        redactor = getattr(self.pages, "redactor", None)  # names the system keeps secret
        shown = history_table(events, campaign.system,
                              redactor(campaign, self.viewer) if redactor else None)
        # in the page's look, as the published page's history block is
        _show_in(self.events_out, [Html(Markup('<div class="dsk-page dsk-history">{}</div>')
                                        .format(shown))])
