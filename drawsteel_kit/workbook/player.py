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
from drawsteel_kit.kit.errors import DrawSteelKitError
from drawsteel_kit.kit.ui.history_block import history_table, last_page, page_note
from drawsteel_kit.kit.ui.html import Html, Markup
from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.draw_steel.pages import charts
from drawsteel_kit.systems.draw_steel.pages.data import (
    draw_steel_books,
    redactor,
    visible_projects,
)

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.campaign import Campaign

__all__ = ["HISTORY_CHOICES", "ForecastControls", "PlayerControls"]

#: How many events a page of the history control lists.
HISTORY_CHOICES = (10, 25, 50)
#: The chances the forecast summary names.
SUMMARY_CHANCES = (0.5, 0.9)


def _show_in(out: widgets.Output, blocks: list[Any], *, served: bool = False) -> None:
    """``blocks`` in ``out`` (``served``: on a served player page, whose own script draws the
    charts)."""
    from drawsteel_kit.workbook.display import display_outputs

    out.outputs = display_outputs(blocks, served=served)


def _forecast_blocks(campaign: Campaign, project_id: int, title: str,
                     **whatif: Any) -> list[Any]:
    """A forecast figure and its summary line, or the one-line reason there is none."""
    try:
        curve = campaign.forecast(project_id, **whatif)
    except DrawSteelKitError as exc:
        return [Html(Markup('<p class="dsk-error">{}</p>').format(exc))]
    chances = ", ".join(f"{p:.0%} done within {plural(curve.rolls_for(p), 'day')}"
                        for p in SUMMARY_CHANCES)
    return [Html(Markup("<p>{}: {}.</p>").format(title, chances)),
            charts.forecast_curve(curve, title=title)]


class PlayerControls:
    """A player page's controls: a project's forecast, and its history a page at a time
    (the page's one history block: a served page shows this in its place)."""

    def __init__(self, view: PartyView) -> None:
        campaign = books(view)  # the viewer's books: nothing for the Director is in them
        self.view, self.hero = view, view.hero
        hero = view.hero
        self.viewer = view.viewer
        projects = visible_projects(draw_steel_books(view), self.viewer, hero=hero,
                                    include_done=False
                                    ) if campaign.system.is_default else []  # Draw Steel's
        self.titles = {p.id: p.title for p in projects}
        self.project = widgets.Dropdown(
            options=[(f"{p.title} ({p.hero})", p.id) for p in projects],
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
            self.forecast_out, _forecast_blocks(draw_steel_books(v), project, title), served=True))

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
        # Draw Steel blanks hidden projects' titles out of the texts (no other system has any)
        redact = (redactor(draw_steel_books(view), self.viewer) if campaign.system.is_default
                  else str)
        shown = history_table(events, campaign.system, redact)
        # in the page's look, as the published page's history block is
        _show_in(self.events_out, [Html(Markup('<div class="dsk-page dsk-history">{}</div>')
                                        .format(shown))])


class ForecastControls:
    """The Director's what-if forecast: edges, banes, a skill, and who works on it."""

    def __init__(self, campaign: Campaign, project: int | str) -> None:
        self.campaign = campaign
        self.target = campaign.project(project)
        owner = campaign.hero(self.target.hero)
        style = {"description_width": "initial"}
        self.edges = widgets.IntSlider(0, min=0, max=2, description="Edges", style=style)
        self.banes = widgets.IntSlider(0, min=0, max=2, description="Banes", style=style)
        self.skill = widgets.Dropdown(options=[("no skill", None), *[(s, s) for s in owner.skills]],
                                      description="Skill", style=style)
        self.respites = widgets.Checkbox(True, description=f"{owner.name} rolls each respite")
        self.followers = widgets.Checkbox(True, description="Assigned followers roll daily")
        self.out = widgets.Output()
        controls = [self.edges, self.banes, self.skill, self.respites, self.followers]
        for control in controls:
            control.observe(lambda _: self.update(), names="value")
        self.widget = widgets.VBox([widgets.HBox(controls[:3]), widgets.HBox(controls[3:]),
                                    self.out])
        self.update()

    def update(self) -> None:
        """Recompute the curve for the controls' values."""
        _show_in(self.out, _forecast_blocks(
            self.campaign, self.target.id, self.target.title, edges=self.edges.value,
            banes=self.banes.value, skill=self.skill.value, respites=self.respites.value,
            followers=self.followers.value))
