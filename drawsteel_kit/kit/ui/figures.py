"""The charts every system draws: plain plotly figures (dicts), one look, one colour per hero.

A :class:`Figure` is plotly's figure format as plain data (``data``, a list of traces, and
``layout``): building one imports nothing, a notebook shows it with plotly's own mimetype, and a
static page draws it with plotly.js loaded once (:func:`Figure.to_html`). Traces read like
plotly's (``trace.name``, ``trace.y``), so a test can compare a chart with the ledger.
"""

from __future__ import annotations

import json
import re
import zlib
from collections.abc import Iterable, Sequence
from typing import Any

from drawsteel_kit.kit.ui.html import CONFIG, figure, script_json

__all__ = ["LAYOUT", "PALETTE", "PLOTLY_MIME", "SYMBOLS", "Figure", "Trace", "days_axis",
           "hero_colour", "hero_colours", "hero_style", "layer_lines", "legend_room", "titled",
           "whole_ticks"]

#: The mimetype JupyterLab and Voila draw a plotly figure from (no HTML copy is sent).
PLOTLY_MIME = "application/vnd.plotly.v1+json"

#: One colour per hero, by the hero's place in the party (Okabe-Ito, then tab10's others):
#: the same hero is the same colour in every chart and on every page.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#9467BD",
           "#8C564B", "#BCBD22", "#7F7F7F")

#: One marker shape per hero, by the same place: a hero reads by shape as well as colour.
SYMBOLS = ("circle", "square", "diamond", "triangle-up", "cross", "triangle-down", "star",
           "x", "pentagon", "hexagon")

_AXIS = {"gridcolor": "#EBF0F8", "zerolinecolor": "#EBF0F8", "linecolor": "#C8D4E3",
         "automargin": True}

#: The width a phone gives a chart's legend (px): a 390 px screen less the page's margins.
PHONE_LEGEND = 330
#: A legend row's height (px).
LEGEND_ROW = 22
#: A line's width and its markers' size (px), where it meets no other line.
LINE_WIDTH, MARKER_SIZE = 2, 7
#: The most ticks a whole-number axis shows (a phone's short panels read 6 at most).
MOST_TICKS = 6

#: One look for every chart, designed for a 390 px phone first: white and compact, the
#: legend a row below the plot (never beside it, where it would take half a phone's width).
LAYOUT: dict[str, Any] = {
    "height": 360,
    "autosize": True,
    "margin": {"l": 50, "r": 16, "t": 56, "b": 40},
    "legend": {"orientation": "h", "x": 0, "xanchor": "left", "y": 0, "yanchor": "bottom",
               "yref": "container"},
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


def hero_style(name: str, roster: Sequence[str] = ()) -> dict[str, Any]:
    """A hero's line and markers: their colour and their shape (by their place in
    ``roster``, as their colour is)."""
    names = list(roster)
    index = names.index(name) if name in names else zlib.crc32(name.encode("utf-8"))
    colour = hero_colour(name, names)
    return {"line": {"color": colour, "width": LINE_WIDTH},
            "marker": {"color": colour, "symbol": SYMBOLS[index % len(SYMBOLS)],
                       "size": MARKER_SIZE}}


def _value_at(xs: Sequence[Any], ys: Sequence[Any], x: Any) -> Any:
    """A step line's value at ``x`` (its last point at or before it)."""
    value = None
    for at, y in zip(xs, ys, strict=False):
        if at > x:
            break
        value = y
    return value


def _share(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two lines draw the same value at some x (one would hide the other there)."""
    xa, ya, xb, yb = (list(t.get(k) or ()) for t in (a, b) for k in ("x", "y"))
    if _numbers(xa) is not None and _numbers(xb) is not None:
        return any(_value_at(xa, ya, x) is not None and _value_at(xa, ya, x) ==
                   _value_at(xb, yb, x) for x in sorted({*xa, *xb}))
    at_b = dict(zip(xb, yb, strict=False))
    return any(x in at_b and at_b[x] == y for x, y in zip(xa, ya, strict=False))


def layer_lines(traces: Sequence[dict[str, Any]]) -> None:
    """Lines of one panel, in the order they are drawn: a line that draws the same value as
    lines drawn after it is drawn wider than they are (its markers larger), so where heroes
    have equal numbers each line shows at the edges of the one over it. Lines that never
    meet keep the plain width."""
    levels = [0] * len(traces)
    for p in reversed(range(len(traces))):
        for q in range(p + 1, len(traces)):
            if levels[q] + 1 > levels[p] and _share(traces[p], traces[q]):
                levels[p] = levels[q] + 1
    for trace, level in zip(traces, levels, strict=True):
        trace.setdefault("line", {})["width"] = LINE_WIDTH + 2.5 * level
        trace.setdefault("marker", {})["size"] = MARKER_SIZE + 3 * level


def legend_room(names: Iterable[str], width: int = PHONE_LEGEND) -> int:
    """The height (px) a legend of ``names`` takes below a chart on a phone: its entries
    packed in rows of ``width`` (a figure's height grows by it, so the plot keeps its own)."""
    rows, used = 0, width
    for name in names:
        entry = 44 + 7 * len(name)
        if used + entry > width:
            rows, used = rows + 1, 0
        used += entry
    return rows * LEGEND_ROW + (8 if rows else 0)


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

    def stack(self, rows: int, *, gap: float = 0.12, shared: bool = True) -> Figure:
        """Panels one above the other (a phone's one column), full width; ``shared``: they
        share the bottom panel's x axis, and only the bottom one shows its ticks and title."""
        self.cols = 1
        height = (1 - gap * (rows - 1)) / rows
        for i in range(rows):
            n, top = i + 1, 1 - i * (height + gap)
            shared_x = {"matches": f"x{rows}", "showticklabels": False} \
                if shared and n < rows else {}
            self.layout[_axis_key("x", n)] = {"domain": [0, 1], "anchor": f"y{n}", **shared_x}
            self.layout[_axis_key("y", n)] = {"domain": [top - height, top], "anchor": f"x{n}"}
        return self

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
    whole_ticks(fig)
    if empty and not fig.data:
        fig.layout.setdefault("annotations", []).append(
            {"text": empty, "showarrow": False, "x": 0.5, "y": 0.5, "xref": "paper",
             "yref": "paper", "font": {"size": 14, "color": "#777"}})
        fig.axes("x", visible=False)
        fig.axes("y", visible=False)
    return fig


def _numbers(values: Iterable[Any]) -> list[int] | None:
    """The values when every one is a whole number (None when one is not, or none is)."""
    found = [v for v in values if v is not None]
    if not found or not all(isinstance(v, int) and not isinstance(v, bool) for v in found):
        return None
    return found


def _step(span: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50 ... that cuts ``span`` into MOST_TICKS or fewer."""
    step = 1
    while span / step > MOST_TICKS:
        step = step * 5 // 2 if str(step)[0] == "2" else step * 2
    return step


def whole_ticks(fig: Figure) -> Figure:
    """Whole-number ticks on every axis whose values are all whole numbers (renown, wealth,
    XP, days, points: never a tick reading 0.5), at most MOST_TICKS of them (about: a step
    of 1, 2 or 5 times ten to a power), a y axis from zero when nothing is negative."""
    keys = [k for k in fig.layout if re.fullmatch(r"[xy]axis\d*", k)]
    for key in keys:
        axis, letter = fig.layout[key], key[0]
        ident = letter + key[len("xaxis"):]
        if axis.get("type") in ("category", "log", "date") or "tickvals" in axis:
            continue
        values = _numbers(v for t in fig.data if (t.get(f"{letter}axis") or letter) == ident
                          for v in (t.get(letter) or ()))
        if values is None:
            continue
        low, high = min(0, *values), max(0, *values)
        dtick = axis.get("dtick")
        if not isinstance(dtick, int) or (high - low) / dtick > MOST_TICKS * 2:
            axis.update(dtick=_step(high - low), tick0=0)
        axis.setdefault("tickformat", "d")
        if letter == "y" and low >= 0 and "range" not in axis:
            axis.setdefault("rangemode", "tozero")  # (an x axis's builder says where it starts)
    return fig


def days_axis(fig: Figure, today: int) -> None:
    """Whole campaign days on the x axis (titled where its ticks show), from the first day a
    line draws to today: nothing else (a label, a mark) stretches it."""
    first = _numbers(v for t in fig.data for v in (t.get("x") or ())) or [today]
    low = min(min(first), today)
    pad = max(0.3, (today - low) / 40)
    fig.axes("x", tick0=0, dtick=max(1, -(-(today - low) // 10)), range=[low - pad, today + pad])
    for key, axis in fig.layout.items():
        if key.startswith("xaxis") and axis.get("showticklabels") is not False:
            axis["title"] = {"text": "campaign day"}
