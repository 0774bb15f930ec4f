"""The Director's what-if forecast (``forecast.ipynb``): a project's completion curve under
controls for edges, banes, a skill, and who works on it. Reads only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from drawsteel_kit.systems.draw_steel.pages.forecasts import forecast_blocks

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.campaign import Campaign

__all__ = ["ForecastControls", "forecast_controls"]


def _show_in(out: widgets.Output, blocks: list[Any]) -> None:
    from drawsteel_kit.kit.ui.display import display_outputs

    out.outputs = display_outputs(blocks)


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
        _show_in(self.out, forecast_blocks(
            self.campaign, self.target.id, self.target.title, edges=self.edges.value,
            banes=self.banes.value, skill=self.skill.value, respites=self.respites.value,
            followers=self.followers.value))


def forecast_controls(campaign: Campaign, project: int | str) -> Any:
    """The controls for ``project``, as a notebook shows them."""
    return ForecastControls(campaign, project).widget
