"""The one place HTML is made: every page, static or served, and every panel is built here.

Escaping is the type system's job (markupsafe, the library Jinja2 escapes with): finished
HTML is :class:`Markup`; anything else (a name, a title, a reason, a number) is escaped
when it meets a template. Page builders elsewhere write ``Markup("<p>{}</p>").format(x)``
with a literal template only, so nothing a Director or a player typed can become markup;
``tests/test_html_guard.py`` refuses an f-string or a concatenation that builds tags.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from markupsafe import Markup, escape

__all__ = ["CHART_TYPE", "CONFIG", "STYLE", "Html", "Markup", "chart", "data_script", "displayed",
           "document", "escape", "figure", "head_script", "join", "lines", "link", "notes",
           "plot_text", "progress", "script_json", "swatch", "table"]

#: Link targets a page may hold: our own relative pages and queries, or the web.
SAFE_SCHEMES = ("", "http", "https")


@dataclass(frozen=True)
class Html:
    """A block of finished HTML (notebooks display it; publishing writes it out).

    Given plain text instead of :class:`Markup`, it shows that text escaped: a block can
    never turn typed text into markup."""

    html: Markup

    def __post_init__(self) -> None:
        if not isinstance(self.html, Markup):
            object.__setattr__(self, "html", escape(self.html))

    def __html__(self) -> Markup:
        return self.html

    def _repr_html_(self) -> str:
        return str(self.html)

    def __str__(self) -> str:
        return str(self.html)


def _cell(value: object) -> Markup:
    """A cell's content: Markup as it is, None as nothing, anything else escaped."""
    return Markup("") if value is None else escape(value)


def join(separator: str, parts: Iterable[object]) -> Markup:
    """``parts`` joined by the plain-text ``separator``, each part escaped unless Markup."""
    return escape(separator).join(_cell(p) for p in parts)


def lines(text: str) -> Markup:
    """Text whose line breaks show as ``<br>``."""
    return Markup("<br>").join(escape(line) for line in str(text).splitlines())


def displayed(html: str) -> Markup:
    """The HTML a notebook cell displayed (``text/html``), shown again as it was: a run's
    report repeats what the workbook's own displays built here, escaped as they were."""
    return Markup(html)


#: A heading line of a notebook's notes (``## Preview``), and a ``code`` span in them.
_HEADING = re.compile(r"(#{1,6})[ \t]+(.+)")
_CODE = re.compile(r"`([^`\n]+)`")


def _spans(text: str) -> Markup:
    """Text with its ``code`` spans as <code>; everything else escaped."""
    parts = _CODE.split(text)  # odd places: the spans' insides
    return Markup("").join(Markup("<code>{}</code>").format(part) if odd else escape(part)
                           for odd, part in ((i % 2 == 1, p) for i, p in enumerate(parts)))


def notes(text: str) -> Markup:
    """A notebook's notes (markdown) as headings and paragraphs with ``code`` spans, the
    little the workbook's notebooks use; any other markdown shows as the text it is."""
    blocks = []
    for block in re.split(r"\n[ \t]*\n", text.strip()):
        heading = _HEADING.fullmatch(block.strip())
        if heading:
            level = len(heading.group(1))
            blocks.append(Markup("<h{}>{}</h{}>").format(level, _spans(heading.group(2)),
                                                          level))
        elif block.strip():
            blocks.append(Markup("<p>{}</p>").format(_spans(" ".join(block.split()))))
    return Markup("\n").join(blocks)


def link(label: object, href: str) -> Markup:
    """A link: label and address escaped, and only a relative or web address kept (a
    ``javascript:`` one becomes ``#``). No address: the label alone, unlinked."""
    if not href:
        return Markup("<span>{}</span>").format(_cell(label))
    if urlsplit(href.strip()).scheme.lower() not in SAFE_SCHEMES:
        href = "#"
    return Markup('<a href="{}">{}</a>').format(href, _cell(label))


def progress(points: int, goal: int) -> Markup:
    """A progress bar with the numbers beside it."""
    share = 0 if goal <= 0 else max(0, min(100, round(100 * points / goal)))
    return Markup('<span class="dsk-bar"><span style="width:{}%"></span></span> {}/{}').format(
        int(share), points, goal)


def table(headers: Sequence[object], rows: Iterable[Sequence[object]], *, css: str = "",
          empty: str | None = "None yet.", cell_style: str = "") -> Markup:
    """An HTML table; ``empty`` is shown instead when there are no rows (``None``: the
    headers alone). A wide table scrolls inside its own box on a narrow screen."""
    td = Markup('<td style="{}">{}</td>') if cell_style else Markup("<td>{}</td>")
    th = Markup('<th style="{}">{}</th>') if cell_style else Markup("<th>{}</th>")
    style = (cell_style,) if cell_style else ()
    body = Markup("").join(
        Markup("<tr>{}</tr>").format(Markup("").join(td.format(*style, _cell(v)) for v in row))
        for row in rows)
    if not body and empty is not None:
        return Markup('<p class="dsk-empty">{}</p>').format(empty)
    head = Markup("").join(th.format(*style, _cell(h)) for h in headers)
    return Markup('<div class="dsk-scroll"><table class="dsk-table {}"><thead><tr>{}</tr>'
                  "</thead><tbody>{}</tbody></table></div>").format(css, head, body)


def swatch(colour: str) -> Markup:
    """A small dot of a hero's chart colour, set before their name on a page."""
    return Markup('<span class="dsk-swatch" aria-hidden="true" style="display:inline-block;'
                  "width:0.7em;height:0.7em;border-radius:50%;margin-right:0.35em;"
                  'background:{}"></span>').format(colour)


def plot_text(value: object) -> str:
    """Text for a plotly label (a trace name, a category, a hover line): plotly reads a few
    tags (``<b>``, ``<a>``, ``<br>``) in labels and decodes entities, so escaped text shows
    exactly as typed (quotes mean nothing there and are left as they are)."""
    return str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


#: Drawing options every chart gets: no plotly logo, resizes with the page.
CONFIG: dict[str, Any] = {"displaylogo": False, "responsive": True}


def script_json(value: Any) -> str:
    """JSON safe inside a ``<script>`` (``<``, ``>``, ``/`` escaped)."""
    import json

    text = json.dumps(value, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("/", "\\/")


def figure(fig: Any, *, div_id: str | None = None,
           config: dict[str, Any] | None = None) -> Markup:
    """A figure's ``<div>`` and the script drawing it with the page's plotly.js (loaded once
    per page). The JSON escapes ``<``, ``>`` and ``/``, so a label cannot close the script."""
    import json
    import uuid

    data = fig.to_plotly_json() if hasattr(fig, "layout") and isinstance(fig.layout, dict) \
        else json.loads(fig.to_json())
    div = div_id or f"chart-{uuid.uuid4().hex[:12]}"
    height = int(data.get("layout", {}).get("height") or 360)
    return Markup(
        '<div><div id="{div}" class="plotly-graph-div" style="height:{height}px; width:100%;">'
        '</div><script type="text/javascript">(function(){{var f={data};'
        'if(document.getElementById("{div}")){{'
        'Plotly.newPlot("{div}",f.data,f.layout,{config});}}}})();</script></div>').format(
        div=div, height=height, data=Markup(script_json(data)),
        config=Markup(script_json({**CONFIG, **(config or {})})))


#: The type of the inert script that holds a served page's chart (``chart``).
CHART_TYPE = "application/vnd.dsk.figure+json"


def data_script(kind: str, value: Any) -> Markup:
    """``value`` as JSON in an inert ``<script type="kind">`` (never run: data for the page's
    own script), escaped by ``script_json``."""
    if not kind.endswith("json"):
        raise ValueError(f"a data script holds JSON, not {kind}")
    return Markup('<script type="{}">{}</script>').format(kind, Markup(script_json(value)))


def chart(data: dict[str, Any]) -> Markup:
    """A figure (plotly's JSON: data, layout, config) as a served page draws it: a block of
    the chart's height holding its JSON, inert until the page's own plotly.js draws it (after
    the page's text is on screen)."""
    layout = data.get("layout") or {}
    figure_json = {"data": data.get("data", []), "layout": layout,
                   "config": {**CONFIG, **(data.get("config") or {})}}
    return Markup('<div class="dsk-chart" style="min-height:{}px">{}</div>').format(
        int(layout.get("height") or 360), data_script(CHART_TYPE, figure_json))


def _script(javascript: str) -> Markup:
    """Our own JavaScript (plotly.js) as a script element; never user text."""
    return Markup('<script type="text/javascript">{}</script>').format(Markup(javascript))


def document(title: object, blocks: Iterable[object], *, javascript: str = "",
             scripts: Sequence[str] = ()) -> Markup:
    """A complete page: its escaped title, ``javascript`` inlined in the head (or ``scripts``,
    relative addresses of script files beside the page), the blocks in order."""
    head = Markup("").join(Markup('<script src="{}"></script>').format(src) for src in scripts)
    if javascript:
        head += _script(javascript)
    return Markup('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
                  '<meta name="viewport" content="width=device-width, initial-scale=1">'
                  '<title>{}</title>{}</head><body style="margin: 1.5em">{}</body></html>\n'
                  ).format(title, head, Markup("").join(_cell(b) for b in blocks))


def head_script(page: str, javascript: str = "", *, src: str = "") -> str:
    """``page`` (a finished HTML document, such as nbconvert's) with our own script first in
    its head: ``javascript`` inlined, or the file at the relative address ``src``."""
    script = (Markup('<script type="text/javascript" src="{}"></script>').format(src) if src
              else _script(javascript))
    return page.replace("<head>", "<head>\n" + str(script), 1)


#: The pages' look, inlined so a published page needs no other file.
STYLE = Markup("""<style>
.dsk-page { font-family: system-ui, sans-serif; color: #222; max-width: 1100px; }
.dsk-page h1 { margin: 0.2em 0; } .dsk-page h2 { margin: 1.2em 0 0.4em; font-size: 1.25em; }
.dsk-meta { color: #555; margin: 0.2em 0 0.8em; }
.dsk-table { border-collapse: collapse; margin: 0.4em 0; }
.dsk-page .dsk-table th, .dsk-page .dsk-table td { padding: 0.25em 0.7em;
  border-bottom: 1px solid #ddd; text-align: left; }
.dsk-bar { display: inline-block; width: 120px; height: 0.7em; background: #eee;
  border-radius: 4px; overflow: hidden; vertical-align: middle; }
.dsk-bar span { display: block; height: 100%; background: #3a7bd5; }
.dsk-nav a, .dsk-nav b, .dsk-nav span { margin-right: 1em; } .dsk-empty { color: #777; }
.dsk-page { overflow-wrap: anywhere; box-sizing: border-box; }
.dsk-scroll { max-width: 100%; overflow-x: auto; -webkit-overflow-scrolling: touch; }
.dsk-scroll .dsk-table { overflow-wrap: normal; }
.dsk-nav { display: flex; flex-wrap: wrap; row-gap: 0.3em; }
.js-plotly-plot, .plotly-graph-div { max-width: 100%; }
@media (max-width: 600px) {
  body { margin: 0.6em !important; }
  .dsk-page .dsk-table th, .dsk-page .dsk-table td { padding: 0.2em 0.45em; }
  .dsk-bar { width: 64px; }
}
</style>""")
