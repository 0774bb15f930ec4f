"""The projects panel: start from the catalog (with search), progress with milestones,
and forecasts."""

from __future__ import annotations

import re
from functools import partial
from typing import Any

import ipywidgets as W

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.ui.html import Markup, escape
from drawsteel_kit.kit.ui.panels import ModeFields, Panel
from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.draw_steel.activities import StartProject
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.catalog import projects as catalog
from drawsteel_kit.systems.draw_steel.rules.projects import milestones_for_goal

__all__ = ["ProjectsPanel", "parse_params"]

PREREQUISITES = (("(no prerequisite)", ""), ("owned", "owned"), ("waived", "waived"))


def parse_params(text: str) -> dict[str, Any]:
    """Goal parameters typed as ``kind=obscure, miles=10`` (numbers become numbers)."""
    out: dict[str, Any] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise RulesError(f"goal parameters look like kind=obscure, miles=10; got {part!r}")
        value = value.strip()
        out[key.strip()] = int(value) if re.fullmatch(r"-?\d+", value) else value
    return out


class ProjectsPanel(Panel["Campaign"]):
    """Start projects, follow their progress, and forecast when they are done."""

    title = "Projects"

    def __init__(self, campaign: Campaign) -> None:
        super().__init__(campaign)
        self.search = W.Text(description="Search", placeholder="lore, crafting, potion ...")
        self.results = W.Select(description="Catalog", rows=8)
        self.search.observe(lambda _c: self.filter(), names="value")
        self.hero = W.Dropdown(description="Hero")
        self.project_title = W.Text(description="Title", placeholder="(the catalog's name)")
        self.params = W.Text(description="Goal", placeholder="kind=obscure")
        self.learns = W.Text(description="Learns", placeholder="language or skill")
        self.prerequisite = W.Dropdown(options=PREREQUISITES, description="Prerequisite")
        self.prerequisite_item = W.Text(description="Item", placeholder="the item the book names")
        self.in_respite = W.Checkbox(
            value=True, indent=False, layout=W.Layout(width="auto"),
            description="in the hero's respite today (projects start during a respite)",
            tooltip="a hero who has not rested today joins the party's respite of today")
        self.start_button = self.button("Start project", self.start, "success")
        # The item a prerequisite names, only once there is one.
        self.prerequisite_fields = ModeFields(self.prerequisite, {
            "owned": [self.prerequisite_item], "waived": [self.prerequisite_item]})
        self.progress_box = W.VBox()
        self.forecast_project = W.Dropdown(description="Project")
        self.forecast_edges = W.BoundedIntText(value=0, min=0, max=2, description="Edges")
        self.forecast_button = self.button("Forecast", self.forecast)
        self.forecast_text = W.HTML()
        self.bars: dict[int, W.IntProgress] = {}
        self._box = W.VBox([
            W.HTML(Markup("<b>Start a project</b>")), self.search, self.results,
            W.HBox([self.hero, self.project_title]), W.HBox([self.params, self.learns]),
            W.HBox([self.prerequisite, self.prerequisite_item]), self.in_respite,
            self.start_button,
            W.HTML(Markup("<b>Progress</b>")),
            self.progress_box,
            W.HTML(Markup("<b>Forecast</b>")),
            W.HBox([self.forecast_project, self.forecast_edges, self.forecast_button]),
            self.forecast_text, self.message])
        self.filter()
        self.refresh()

    def filter(self) -> None:
        """The catalog entries whose name, kind or language mention the search text."""
        names = [e.name for e in catalog.search(self.search.value)]
        self.results.options = names
        if names and self.results.value not in names:
            self.results.value = names[0]

    def refresh(self) -> None:
        heroes = self.hero_options()
        keep = self.hero.value
        self.hero.options = heroes
        if keep in heroes:
            self.hero.value = keep
        rows, self.bars = [], {}
        for p in self.campaign.projects():
            bar = W.IntProgress(value=min(p.points, p.goal), min=0, max=p.goal,
                                bar_style="success" if p.status == "complete" else "")
            self.bars[p.id] = bar
            marks = ", ".join(f"{m}{' ✓' if m in p.milestones_reached else ''}"
                              for m in milestones_for_goal(p.goal))
            label = (f"#{p.id} {p.title} ({p.hero}, {p.kind}): {p.points}/{p.goal}"
                     f"{' complete' if p.status == 'complete' else ''}; "
                     f"{f'milestones (points): {marks}' if marks else 'no milestones'}")
            if p.item_prerequisite:
                label += f"; needs {p.item_prerequisite} ({p.prerequisite})"
            rows.append(W.HBox([bar, W.HTML(escape(label))]))
        self.progress_box.children = rows or [W.HTML(escape("No project started yet."))]
        active = [(f"#{p.id} {p.title}", p.id) for p in self.campaign.projects(status="active")]
        keep_p = self.forecast_project.value
        self.forecast_project.options = active
        if keep_p in [v for _, v in active]:
            self.forecast_project.value = keep_p

    def start(self) -> None:
        """Start it in the hero's respite of today (000: 3746): the one they took, else they
        rest now, joining the party's respite of today (the calendar stays) where there is
        one; unticked, on a day the hero already rested (or at any time, where the campaign
        allows it)."""
        name = self.results.value or self.search.value

        def call() -> Any:
            start = StartProject(
                self.hero.value, name or "", title=self.project_title.value.strip() or None,
                params=parse_params(self.params.value),
                learns=self.learns.value.strip() or None,
                prerequisite=self.prerequisite.value or None,
                prerequisite_item=self.prerequisite_item.value.strip() or None)
            if self.in_respite.value:
                return self.campaign.start_in_respite(start)
            options = start.options()
            return self.campaign.start_project(start.hero, start.project, **options)

        self.run(call)

    def forecast(self) -> None:
        if self.forecast_project.value is None:
            self.say("choose an active project to forecast", ok=False)
            return
        curve = self.attempt(lambda: self.campaign.forecast(self.forecast_project.value,
                                                            edges=self.forecast_edges.value))
        if curve is None:
            return
        chances = []
        for p in (0.5, 0.9):
            steps = self.attempt(partial(curve.rolls_for, p))
            chances.append(f"{p:.0%} chance after {plural(steps, 'day')}" if steps is not None
                           else f"{p:.0%} chance not within the forecast")
        text = (f"Expected: done after {curve.expected_rolls:.1f} days of work; "
                + ", ".join(chances))
        self.forecast_text.value = escape(text)
        self.say(text)
