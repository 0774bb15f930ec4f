"""The charts every system draws: plain plotly figures (dicts), one look, one colour per hero.

A :class:`Figure` is plotly's figure format as plain data (``data``, a list of traces, and
``layout``): building one imports nothing, a notebook shows it with plotly's own mimetype, and a
static page draws it with plotly.js loaded once (:func:`Figure.to_html`). Traces read like
plotly's (``trace.name``, ``trace.y``), so a test can compare a chart with the ledger.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable, Sequence
from typing import Any

from drawsteel_kit.kit.ui.html import CONFIG, figure, script_json

__all__ = ["LAYOUT", "PALETTE", "PLOTLY_MIME", "Figure", "Trace", "days_axis", "hero_colour",
           "hero_colours", "titled"]

#: The mimetype JupyterLab and Voila draw a plotly figure from (no HTML copy is sent).
PLOTLY_MIME = "application/vnd.plotly.v1+json"

#: One colour per hero, by the hero's place in the party (Okabe-Ito, then tab10's others):
#: the same hero is the same colour in every chart and on every page.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#9467BD",
           "#8C564B", "#BCBD22", "#7F7F7F")

_AXIS = {"gridcolor": "#EBF0F8", "zerolinecolor": "#EBF0F8", "linecolor": "#C8D4E3",
         "automargin": True}

#: One look for every chart: white and compact, the legend on the right.
LAYOUT: dict[str, Any] = {
    "height": 360,
    "margin": {"l": 60, "r": 30, "t": 70, "b": 50},
    "paper_bgcolor": "white",
    "plot_bgcolor": "white",
    "font": {"color": "#2a3f5f"},
    "colorway": list(PALETTE),
    "hovermode": "closest",
}



def hero_colour(name: str, roster: Sequence[str] = ()) -> str:
    """A hero's colour: by their place in ``roster`` (the party's heroes, in order), else by
    their name (the same name, the same colour)."""
    names = list(roster)
    if name in names:
        return PALETTE[names.index(name) % len(PALETTE)]
    return PALETTE[zlib.crc32(name.encode("utf-8")) % len(PALETTE)]


def hero_colours(roster: Iterable[str]) -> dict[str, str]:
    """Every hero of ``roster`` and their colour."""
    names = list(roster)
    return {n: hero_colour(n, names) for n in names}


class Trace(dict[str, Any]):
    """One trace (or a layout): a dict whose keys also read as attributes, as plotly's do
    (``fig.layout.title.text``; ``None`` when unset)."""

    def __getattr__(self, key: str) -> Any:
        value = self.get(key)
        if isinstance(value, list):  # shapes, annotations: each reads as attributes too
            return [Trace(v) if isinstance(v, dict) else v for v in value]
        return Trace(value) if isinstance(value, dict) else value


def _merge(into: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    for key, value in new.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value
    return into


def _axis_key(letter: str, n: int) -> str:
    return f"{letter}axis" if n == 1 else f"{letter}axis{n}"


class Figure:
    """A plotly figure as plain data; ``grid`` lays it out in panels."""

    def __init__(self, data: Iterable[dict[str, Any]] = (),
                 layout: dict[str, Any] | None = None) -> None:
        self.data: list[Trace] = [Trace(t) for t in data]
        self.layout: dict[str, Any] = Trace(layout or {})
        self.cols = 1

    def grid(self, rows: int, cols: int, titles: Sequence[str] = (), *,
             gap: float = 0.08) -> Figure:
        """Panels in ``rows`` x ``cols`` (each its own axes), titled in order."""
        self.cols = cols
        width = (1 - gap * (cols - 1)) / cols
        height = (1 - gap * 1.6 * (rows - 1)) / rows
        notes = self.layout.setdefault("annotations", [])
        for i in range(rows * cols):
            r, c, n = i // cols, i % cols, i + 1
            x0, y1 = c * (width + gap), 1 - r * (height + gap * 1.6)
            self.layout[_axis_key("x", n)] = {"domain": [x0, x0 + width], "anchor": f"y{n}"}
            self.layout[_axis_key("y", n)] = {"domain": [y1 - height, y1], "anchor": f"x{n}"}
            if i < len(titles) and titles[i]:
                notes.append({"text": titles[i], "x": x0 + width / 2, "y": y1, "xref": "paper",
                              "yref": "paper", "xanchor": "center", "yanchor": "bottom",
                              "showarrow": False, "font": {"size": 13}})
        return self

    def panels(self) -> int:
        """How many panels (x axes) the figure has."""
        return max(1, sum(1 for k in self.layout if k.startswith("xaxis")))

    def add_trace(self, trace: dict[str, Any], row: int | None = None,
                  col: int | None = None) -> Figure:
        """Add a trace (in the panel at ``row``, ``col`` of a grid)."""
        t = Trace(trace)
        if row is not None and col is not None:
            n = (row - 1) * self.cols + col
            if n > 1:
                t.update(xaxis=f"x{n}", yaxis=f"y{n}")
        self.data.append(t)
        return self

    def update_layout(self, **layout: Any) -> Figure:
        """Merge into the layout (nested dicts are merged key by key)."""
        _merge(self.layout, layout)
        return self

    def axes(self, letter: str, **options: Any) -> Figure:
        """Set options on every x (``letter="x"``) or y axis."""
        keys = [k for k in self.layout if k.startswith(f"{letter}axis")] or [f"{letter}axis"]
        for key in keys:
            _merge(self.layout.setdefault(key, {}), json.loads(json.dumps(options)))
        return self

    def to_plotly_json(self) -> dict[str, Any]:
        """The figure as plotly's JSON format (plain dicts and lists)."""
        return {"data": [dict(t) for t in self.data], "layout": self.layout}

    to_dict = to_plotly_json

    def to_json(self) -> str:
        """The figure as JSON, safe inside a ``<script>`` (``<``, ``>``, ``/`` escaped)."""
        return script_json(self.to_plotly_json())

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        """How Jupyter shows a figure left as a cell's value: plotly's mimetype, once."""
        title = self.layout.get("title", {}).get("text", "")
        return {PLOTLY_MIME: {**self.to_plotly_json(), "config": dict(CONFIG)},
                "text/plain": f"chart: {title}" if title else "chart"}

    def show(self) -> None:
        """Show the figure in a notebook (as plotly's ``fig.show()`` does)."""
        from IPython.display import display

        display(self)

    def to_html(self, full_html: bool = False, include_plotlyjs: bool = False,
                div_id: str | None = None, config: dict[str, Any] | None = None) -> str:
        """A ``<div>`` and the script drawing it with the page's plotly.js (loaded once)."""
        del full_html, include_plotlyjs  # always a fragment; plotly.js is the page's
        return str(figure(self, div_id=div_id, config=config))


def titled(fig: Figure, title: str, empty: str = "") -> Figure:
    """The one look of every chart, its title, and a line saying so when it has no data."""
    fig.update_layout(title={"text": title, "x": 0, "y": 0.98}, **json.loads(json.dumps(LAYOUT)))
    for letter in "xy":
        fig.layout.setdefault(f"{letter}axis", {})
        fig.axes(letter, **_AXIS)
    if empty and not fig.data:
        fig.layout.setdefault("annotations", []).append(
            {"text": empty, "showarrow": False, "x": 0.5, "y": 0.5, "xref": "paper",
             "yref": "paper", "font": {"size": 14, "color": "#777"}})
        fig.axes("x", visible=False)
        fig.axes("y", visible=False)
    return fig


def days_axis(fig: Figure, today: int) -> None:
    """Whole campaign days on the x axis."""
    fig.axes("x", title={"text": "campaign day"}, tick0=0, dtick=max(1, -(-today // 10)))
