"""What a resolved downtime plan changed, as one chart: the notebook's and the run report's.

Read from the events the plan wrote (or, for a dry run, would write). One column for a
phone: each project's points before and after as bars with its name above them (the bars
get the whole width), then each hero's XP before and after in the hero's colour.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.ui.figures import Figure, hero_colour, legend_room
from drawsteel_kit.kit.ui.figures import titled as _figure
from drawsteel_kit.kit.ui.html import plot_text
from drawsteel_kit.systems.draw_steel.ledger.reads import projects_by_id
from drawsteel_kit.systems.draw_steel.pages.bars import (
    PROJECT_ROW,
    WORKING_COLOUR,
    labels_above,
)

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.campaign import Campaign
    from drawsteel_kit.systems.draw_steel.plans import Resolution

__all__ = ["plan_changes"]

#: The XP panel's height, and the room between two panels (px: the top one's ticks).
XP_PANEL, PANEL_GAP = 220, 80
#: The figure's room above and below its panels (px: the title; hero names, the legend).
TOP, BOTTOM = 70, 110


def _changes(events: Iterable[Any], table: str, field: str) -> dict[Any, list[Any]]:
    """key -> [first before, last after, insert row or None] for one field of one table."""
    out: dict[Any, list[Any]] = {}
    for ev in events:
        for op in ev.ops:
            if op["table"] != table:
                continue
            if op["op"] == "insert" and field in op["row"]:
                out[op["key"]] = [None, op["row"][field], op["row"]]
            elif op["op"] == "update" and field in op["after"]:
                row = out.setdefault(op["key"], [op["before"].get(field), None, None])
                row[1] = op["after"][field]
    return out


def _projects(resolution: Resolution, campaign: Campaign
              ) -> list[tuple[str, int, int, int | None]]:
    """(title, points before, points after, goal) of each project the plan rolled on."""
    points = _changes(resolution.events, "projects", "points")
    known = {r["id"]: r for r in projects_by_id(  # projects the plan did not start
        campaign.ledger.db, [k for k, (_, _, row) in points.items() if row is None])}
    out = []
    for key, (old, new, row) in points.items():
        info = row if row is not None else known.get(key)
        title = info["title"] if isinstance(info, dict) else getattr(info, "title", f"#{key}")
        goal = info["goal"] if isinstance(info, dict) else getattr(info, "goal", None)
        out.append((plot_text(title), old or 0, new, goal))
    return out


def _domains(fig: Figure, panels: list[int]) -> None:
    """Each panel's share of the plot's height, from the pixels it needs (top first)."""
    total = sum(panels) + PANEL_GAP * (len(panels) - 1)
    top = 1.0
    for n, need in enumerate(panels, start=1):
        fig.layout["yaxis" if n == 1 else f"yaxis{n}"]["domain"] = [
            max(0.0, top - need / total), top]
        top -= (need + PANEL_GAP) / total


def plan_changes(resolution: Resolution, campaign: Campaign) -> Figure:
    """Project points and hero XP, before and after the plan (only the panels it changed)."""
    projects = _projects(resolution, campaign)
    xp = _changes(resolution.events, "heroes", "xp")
    panels = [PROJECT_ROW * len(projects)] * bool(projects) + [XP_PANEL] * bool(xp)
    fig = Figure().stack(len(panels), shared=False) if len(panels) > 1 else Figure()
    if projects:
        labels = [title for title, *_ in projects]
        fig.add_trace({"type": "bar", "y": labels, "x": [b for _, b, _, _ in projects],
                       "name": "points before", "orientation": "h",
                       "marker": {"color": "#A9C4E0"}}, row=1, col=1)
        fig.add_trace({"type": "bar", "y": labels, "x": [a for _, _, a, _ in projects],
                       "name": "points after", "orientation": "h",
                       "marker": {"color": WORKING_COLOUR}}, row=1, col=1)
        fig.add_trace({"type": "scatter", "y": labels, "x": [g for *_, g in projects],
                       "name": "goal", "mode": "markers",
                       "marker": {"symbol": "line-ns", "size": 26,
                                  "line": {"width": 3, "color": "#333"}}}, row=1, col=1)
        labels_above(fig, [(title, [title], f"{b} → {a}" + (f" of {g}" if g else ""))
                           for title, b, a, g in projects], 0.3)
        fig.update_layout(bargap=0.4, yaxis={"showticklabels": False, "ticks": "",
                                             "autorange": "reversed"},
                          xaxis={"title": {"text": "project points"}, "rangemode": "tozero"})
    if xp:
        n = len(panels)
        names, roster = list(xp), campaign.roster
        colours = [hero_colour(name, roster) for name in names]
        shown = [plot_text(name) for name in names]
        fig.add_trace({"type": "bar", "x": shown, "y": [xp[n][0] for n in names],
                       "name": "XP before", "marker": {"color": colours, "opacity": 0.4}},
                      row=n, col=1)
        fig.add_trace({"type": "bar", "x": shown, "y": [xp[n][1] for n in names],
                       "name": "XP after", "marker": {"color": colours}}, row=n, col=1)
        fig.layout.setdefault("yaxis" if n == 1 else f"yaxis{n}", {})["title"] = {
            "text": "XP"}
    if len(panels) > 1:
        _domains(fig, panels)
    fig.update_layout(barmode="group")
    verb = "would change" if resolution.dry_run else "changed"
    fig = _figure(fig, f"What the plan {verb}", "The plan changes no points or XP")
    legend = legend_room(str(t.get("name")) for t in fig.data)
    return fig.update_layout(height=TOP + BOTTOM + sum(panels) + PANEL_GAP * (len(panels) - 1)
                             + legend)
