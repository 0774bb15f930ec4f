"""The look every system's charts share (plotly): one layout, a title, an empty-chart line,
whole campaign days on the x axis. Loads plotly only when a chart is made."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import plotly.graph_objects as go

__all__ = ["LAYOUT", "days_axis", "titled"]

#: One look for every chart: white and compact, the legend on the right.
LAYOUT: dict[str, Any] = {
    "template": "plotly_white",
    "height": 360,
    "margin": {"l": 60, "r": 30, "t": 70, "b": 50},
}


def titled(fig: go.Figure, title: str, empty: str = "") -> go.Figure:
    """The one look of every chart, its title, and a line saying so when it has no data."""
    fig.update_layout(title={"text": title, "x": 0, "y": 0.98}, **LAYOUT)
    if empty and not fig.data:
        fig.add_annotation(text=empty, showarrow=False, x=0.5, y=0.5, xref="paper",
                           yref="paper", font={"size": 14, "color": "#777"})
        fig.update_xaxes(visible=False)
        fig.update_yaxes(visible=False)
    return fig


def days_axis(fig: go.Figure, today: int) -> None:
    """Whole campaign days on the x axis."""
    fig.update_xaxes(title_text="campaign day", tick0=0, dtick=max(1, -(-today // 10)))
