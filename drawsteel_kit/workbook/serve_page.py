"""What a served page is made of, so a phone shows its text first and its charts soon after.

- Each output of the page's cells that is HTML (the heroes' table, the day's summary, and the
  charts as ``kit.ui.html.chart`` blocks) is written into the page the server streams, visible
  before any script runs (:func:`served_output`, the template's ``dsk_output`` filter). Any
  other output (the page's read-only controls) stays the JSON Voila's script draws.
- The charts are drawn by plotly.js's basic bundle (package data), from this server's own
  address (:func:`plotly_route`), a name with its version in it, cached by the browser.
- Only the labextensions the controls need are loaded (:data:`EXTENSIONS`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drawsteel_kit.kit.ui.html import Markup, data_script, displayed

__all__ = ["EXTENSIONS", "FILTER", "PLOTLY_FLAG", "PLOTLY_PATH", "plotly_route",
           "served_output"]

#: The labextensions a page loads: the widget manager its controls need, nothing else (not
#: plotly's renderer and its full plotly.js, not the code highlighting of sources it hides).
EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@voila-dashboards/widgets-manager8")
#: The template's filter that writes an output (its name, and where Voila's exporter finds it).
FILTER = ("dsk_output", "drawsteel_kit.workbook.serve_page.served_output")
#: Where the page's plotly.js is served (after the server's base URL).
PLOTLY_PATH = "voila/dsk-static/"
#: The page config's ``extensionConfig`` key giving the page its plotly.js's address.
PLOTLY_FLAG = "dskPlotly"
#: What the text/html renderer of Voila's script would have wrapped an HTML output in.
_HTML_OUTPUT = Markup('<div class="lm-Widget jp-RenderedHTMLCommon jp-RenderedHTML '
                      'jp-OutputArea-output" data-mime-type="text/html">{}</div>')
#: The type of the script holding an output Voila's script draws.
VOILA_OUTPUT = "application/vnd.voila.cell-output+json"


def served_output(output: Mapping[str, Any]) -> Markup:
    """A cell's output as the served page holds it: its HTML written out, or (anything else:
    a widget) the JSON Voila's script draws, escaped for a ``<script>``."""
    data = output.get("data") or {}
    html = data.get("text/html")
    if isinstance(html, list):  # a notebook file's lines
        html = "".join(str(line) for line in html)
    if isinstance(html, str) and not any(k.startswith("application/vnd.jupyter.widget")
                                         for k in data):
        return _HTML_OUTPUT.format(displayed(html))
    return data_script(VOILA_OUTPUT, dict(output))


def plotly_route() -> tuple[str, str]:
    """The basic bundle's file name (its version in it) and the folder it is in."""
    from drawsteel_kit.kit.ui.assets import basic_bundle

    bundle = basic_bundle()
    return bundle.name, str(bundle.parent)
