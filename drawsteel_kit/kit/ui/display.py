"""Showing HTML blocks and figures: in a notebook cell, in an ``Output`` widget, in a report.

On a served player page (``served=True``) a figure is HTML too (``kit.ui.html.chart``): the
page's template writes it into the page as it streams, and the page's own plotly.js (the basic
bundle, after the text) draws it; no chart goes through JupyterLab's plotly renderer.
``drawsteel_kit.workbook`` re-exports these (``workbook.show``, ``workbook.display_outputs``),
where notebooks call them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

__all__ = ["display_outputs", "figure_bundle", "show"]


def figure_bundle(fig: Any) -> dict[str, Any]:
    """A figure as a display bundle: plotly's own mimetype only (JupyterLab and Voila draw it
    with the plotly renderer they ship; no HTML copy, so each chart is sent once). A static
    report draws the same JSON with plotly.js loaded once (``kit.ui.html.figure``)."""
    from drawsteel_kit.kit.ui.figures import PLOTLY_MIME, Figure
    from drawsteel_kit.kit.ui.html import CONFIG

    if isinstance(fig, Figure):
        data = fig.to_plotly_json()
    elif isinstance(fig, dict):
        data = fig
    else:  # a plotly graph_objects figure: its JSON holds plain lists
        data = json.loads(fig.to_json())
    return {PLOTLY_MIME: {"data": data["data"], "layout": data.get("layout", {}),
                          "config": dict(CONFIG)}}


def _bundle(block: Any, served: bool = False) -> dict[str, Any] | None:
    """An HTML block's or a figure's display bundle (a figure as HTML on a served page); None
    for anything else."""
    from drawsteel_kit.kit.ui.html import Html, chart

    if isinstance(block, Html):
        return {"text/html": str(block.html)}
    if hasattr(block, "to_plotly_json") or (isinstance(block, dict) and "data" in block):
        bundle = figure_bundle(block)
        if served:
            return {"text/html": str(chart(next(iter(bundle.values()))))}
        return bundle
    return None


def display_outputs(blocks: Iterable[Any] | Any, *, served: bool = False
                    ) -> tuple[dict[str, Any], ...]:
    """HTML blocks, figures and text as display_data outputs, for an ``Output`` widget's
    ``outputs``: set directly, not captured while a cell runs (capturing inside a Voila cell
    can stall the page's render: jupyter/nbclient#312). ``served``: for a served player page."""
    items = blocks if isinstance(blocks, list | tuple) else [blocks]
    return tuple({"output_type": "display_data", "metadata": {},
                  "data": _bundle(block, served) or {"text/plain": str(block)}}
                 for block in items if block is not None)


def show(blocks: Iterable[Any] | Any, *, served: bool = False) -> None:
    """Display HTML blocks, figures and text in order (one block or several); ``served``: on
    a served player page."""
    from IPython.display import display

    items = blocks if isinstance(blocks, list | tuple) else [blocks]
    for block in items:
        bundle = _bundle(block, served)
        if bundle is not None:
            display(bundle, raw=True)
        elif block is not None:
            display(block)
