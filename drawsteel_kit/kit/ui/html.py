"""The one place HTML is made: every page, static or served, and every panel is built here.

Escaping is the type system's job (markupsafe, the library Jinja2 escapes with): finished
HTML is :class:`Markup`; anything else (a name, a title, a reason, a number) is escaped
when it meets a template. Page builders elsewhere write ``Markup("<p>{}</p>").format(x)``
with a literal template only, so nothing a Director or a player typed can become markup;
``tests/product/test_html_guard.py`` refuses an f-string or a concatenation that builds tags.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from markupsafe import Markup, escape

__all__ = ["CHART_LOADER", "CHART_TYPE", "CONFIG", "STYLE", "Html", "Markup", "chart",
           "data_script", "displayed", "document", "escape", "figure", "head_script", "join",
           "lines", "link", "notes", "plot_text", "preview_tags", "progress", "script_json",
           "swatch", "table"]

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


#: A table with this many columns or more reads as cards on a phone (one card a row, each
#: number under its column's name): a narrower one fits a phone's width as it is.
CARD_COLUMNS = 5
#: A cell whose text is longer than this takes a card's whole width (after its numbers).
WIDE_CELL = 14
#: A column holding a word longer than this takes two of a card's columns, on every card
#: (so the cards line up): a column is about nine characters wide on a phone, and a word is
#: never broken inside ("Elementalist").
LONG_WORD = 9


def _label(header: object) -> str:
    """A column's name as a card's label (plain text: a header that is Markup loses its tags)."""
    return header.striptags() if isinstance(header, Markup) else str(header)


def _longest_word(value: object) -> int:
    return max((len(w) for w in _cell(value).striptags().split()), default=0)


def _card_cell(value: object, label: str, *, key: bool, long: bool = False) -> Markup:
    """A cell of a table that is a card on a phone: its column's name for the label, the
    key (the card's heading), a long text and a column of long words marked for the layout."""
    content = _cell(value)
    css = ("dsk-key" if key else "dsk-wide" if len(content.striptags()) > WIDE_CELL
           else "dsk-long" if long else "")
    if css:
        return Markup('<td class="{}" data-label="{}">{}</td>').format(css, label, content)
    return Markup('<td data-label="{}">{}</td>').format(label, content)


def table(headers: Sequence[object], rows: Iterable[Sequence[object]], *, css: str = "",
          empty: str | None = "None yet.", cell_style: str = "",
          key: int | None = 0) -> Markup:
    """An HTML table; ``empty`` is shown instead when there are no rows (``None``: the
    headers alone).

    On a phone (STYLE), a table of CARD_COLUMNS columns or more shows each row as a card:
    the ``key`` column's cell as its heading (None: no heading, as for one row of numbers),
    every other cell under its column's name. A panel's table (``cell_style``) scrolls
    inside its own box instead."""
    if cell_style:
        td = Markup('<td style="{}">{}</td>').format
        th = Markup('<th style="{}">{}</th>')
        body = Markup("").join(
            Markup("<tr>{}</tr>").format(Markup("").join(td(cell_style, _cell(v)) for v in row))
            for row in rows)
        head = Markup("").join(th.format(cell_style, _cell(h)) for h in headers)
        kind = ""
    else:
        cards = len(headers) >= CARD_COLUMNS
        labels = [_label(h) for h in headers]
        rows = [list(row) for row in rows]
        long = {i for row in rows for i, v in enumerate(row)
                if cards and _longest_word(v) > LONG_WORD}
        body = Markup("").join(
            Markup("<tr>{}</tr>").format(Markup("").join(
                _card_cell(v, labels[i] if i < len(labels) else "", key=i == key,
                           long=i in long)
                if cards else Markup("<td>{}</td>").format(_cell(v))
                for i, v in enumerate(row)))
            for row in rows)
        head = Markup("").join(Markup("<th>{}</th>").format(_cell(h)) for h in headers)
        kind = "dsk-cards" if cards else ""
    if not body and empty is not None:
        return Markup('<p class="dsk-empty">{}</p>').format(empty)
    classes = " ".join(c for c in ("dsk-table", kind, css) if c)
    return Markup('<div class="dsk-scroll"><table class="{}"><thead><tr>{}</tr>'
                  "</thead><tbody>{}</tbody></table></div>").format(classes, head, body)


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


#: Drawing options every chart gets: no mode bar (a chart players read needs no zoom or
#: export buttons, and on a phone the bar sits on the chart's title), resizes with the page.
CONFIG: dict[str, Any] = {"displayModeBar": False, "displaylogo": False, "responsive": True}


def script_json(value: Any) -> str:
    """JSON safe inside a ``<script>`` (``<``, ``>``, ``/`` escaped)."""
    import json

    text = json.dumps(value, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("/", "\\/")


def figure(fig: Any, *, div_id: str | None = None,
           config: dict[str, Any] | None = None) -> Markup:
    """A figure's ``<div>`` and its data as inline JSON (``<script type="application/json"
    class="dsk-chart-data">``), drawn by the page's loader once plotly.js has loaded
    (:data:`CHART_LOADER`, which :func:`document` adds), or at once where plotly.js is
    already loaded. The JSON escapes ``<``, ``>`` and ``/``, so a label cannot close the
    script."""
    import json
    import uuid

    data = fig.to_plotly_json() if hasattr(fig, "layout") and isinstance(fig.layout, dict) \
        else json.loads(fig.to_json())
    div = div_id or f"chart-{uuid.uuid4().hex[:12]}"
    height = int(data.get("layout", {}).get("height") or 360)
    chart = {"data": data.get("data", []), "layout": data.get("layout", {}),
             "config": {**CONFIG, **(config or {})}}
    return Markup(
        '<div><div id="{div}" class="plotly-graph-div" style="height:{height}px; width:100%;">'
        '</div><script type="application/json" class="dsk-chart-data" id="{div}-data" '
        'data-div="{div}">{data}</script><script type="text/javascript">if(window.Plotly)'
        '{{(function(f){{Plotly.newPlot("{div}",f.data,f.layout,f.config);}})(JSON.parse('
        'document.getElementById("{div}-data").textContent));}}</script></div>').format(
        div=div, height=height, data=Markup(script_json(chart)))


#: Draws a page's charts (:func:`figure`'s JSON) once plotly.js, loaded deferred after the
#: page's text, has run: in the page's order, one a frame, so the first shows before the
#: others are drawn (a tab in the background, which draws no frames, gets one a second). A
#: chart already drawn is left as it is; no plotly.js: no chart, the text stays.
CHART_LOADER = Markup("""<script type="text/javascript">(function(){
function later(f){var done=false;function once(){if(!done){done=true;f();}}
window.requestAnimationFrame(function(){setTimeout(once,0);});setTimeout(once,1000);}
function draw(){if(!window.Plotly){return;}
var blocks=document.querySelectorAll("script.dsk-chart-data"),i=0;
(function next(){while(i<blocks.length){var b=blocks[i++];
var gd=document.getElementById(b.getAttribute("data-div"));
if(gd&&!gd.classList.contains("js-plotly-plot")){var f=JSON.parse(b.textContent);
Plotly.newPlot(gd,f.data,f.layout,f.config);later(next);return;}}})();}
if(document.readyState==="loading"){document.addEventListener("DOMContentLoaded",draw);}
else{draw();}})();</script>""")


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


def preview_tags(title: object, description: object) -> Markup:
    """A link's preview (Open Graph): the page's title and a line saying what it is, for a
    chat app that fetches the link; nothing else (no address: it may carry a key)."""
    return Markup('<meta name="description" content="{d}">'
                  '<meta property="og:type" content="website">'
                  '<meta property="og:title" content="{t}">'
                  '<meta property="og:description" content="{d}">').format(t=title, d=description)


def document(title: object, blocks: Iterable[object], *, javascript: str = "",
             scripts: Sequence[str] = (), description: str = "") -> Markup:
    """A complete page: its escaped title, ``javascript`` inlined in the head, the blocks in
    order; then ``scripts`` (relative addresses of script files beside the page, such as
    plotly.js), loaded deferred after the text so it shows before them, and the loader
    drawing the charts once they have run. With a ``description``, the head carries a link
    preview's tags (``preview_tags``)."""
    head = preview_tags(title, description) if description else Markup("")
    if javascript:
        head += _script(javascript)
    tail = Markup("").join(Markup('<script src="{}" defer></script>').format(src)
                           for src in scripts)
    if scripts:
        tail = CHART_LOADER + tail
    return Markup('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
                  '<meta name="viewport" content="width=device-width, initial-scale=1">'
                  '<title>{}</title>{}</head><body style="margin: 1.5em">{}{}</body></html>\n'
                  ).format(title, head, Markup("").join(_cell(b) for b in blocks), tail)


def head_script(page: str, javascript: str = "", *, src: str = "") -> str:
    """``page`` (a finished HTML document, such as nbconvert's) with our own script first in
    its head: ``javascript`` inlined, or the file at the relative address ``src``."""
    script = (Markup('<script type="text/javascript" src="{}"></script>').format(src) if src
              else _script(javascript))
    return page.replace("<head>", "<head>\n" + str(script), 1)


#: The pages' look, inlined so a published page needs no other file. The tables' rules are
#: written to outrank JupyterLab's own (``.jp-RenderedHTMLCommon td``: right-aligned, fixed
#: layout) on a served page, so a table reads the same served and published. Below 600 px a
#: table of many columns is a stack of cards (``table``): nothing to scroll sideways.
STYLE = Markup("""<style>
.dsk-page { font-family: system-ui, sans-serif; color: #222; max-width: 1100px; }
.dsk-page h1 { margin: 0.2em 0; font-size: 2em; font-weight: 700; line-height: 1.2; }
.dsk-page h2 { margin: 1.2em 0 0.4em; font-size: 1.25em; font-weight: 700; }
.dsk-page a:link, .dsk-page a:visited { color: #1a5fb4; text-decoration: underline; }
.dsk-meta { color: #555; margin: 0.2em 0 0.8em; }
.dsk-scroll .dsk-table { border-collapse: collapse; border-spacing: 0; margin: 0.4em 0;
  table-layout: auto; width: auto; font-size: 0.95em; color: inherit; overflow-wrap: normal; }
.dsk-scroll .dsk-table tr > th, .dsk-scroll .dsk-table tr > td { padding: 0.35em 0.6em;
  text-align: left; vertical-align: top; line-height: 1.35; white-space: normal;
  border: 0; border-bottom: 1px solid #e4e4e4; }
.dsk-scroll .dsk-table tr > th { font-weight: 600; color: #444; border-bottom: 2px solid #ccc; }
.dsk-scroll .dsk-table tbody > tr:nth-child(n) { background: transparent; }
.dsk-scroll .dsk-table tbody > tr:nth-child(n):hover { background: #f5f7fa; }
.dsk-bar { display: inline-block; width: 120px; height: 0.7em; background: #eee;
  border-radius: 4px; overflow: hidden; vertical-align: middle; }
.dsk-bar span { display: block; height: 100%; background: #3a7bd5; }
.dsk-scroll .dsk-table .dsk-bar { width: 80px; }
.dsk-nav a, .dsk-nav b, .dsk-nav span { margin-right: 1em; } .dsk-empty { color: #777; }
.dsk-page { overflow-wrap: anywhere; box-sizing: border-box; }
.dsk-scroll { max-width: 100%; overflow-x: auto; -webkit-overflow-scrolling: touch; }
.dsk-nav { display: flex; flex-wrap: wrap; row-gap: 0.3em; }
.js-plotly-plot, .plotly-graph-div { max-width: 100%; }
@media (max-width: 600px) {
  body { margin: 0.6em !important; }
  .dsk-scroll .dsk-table tr > th, .dsk-scroll .dsk-table tr > td { padding: 0.3em 0.5em; }
  .dsk-bar { width: 64px; }
  .dsk-scroll .dsk-cards, .dsk-scroll .dsk-cards > tbody { display: block; width: 100%; }
  .dsk-scroll .dsk-cards > thead { position: absolute; width: 1px; height: 1px;
    overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  .dsk-scroll .dsk-cards tbody > tr:nth-child(n) { display: grid;
    grid-template-columns: repeat(auto-fill, minmax(5.4em, 1fr)); gap: 0.4em 0.9em;
    margin: 0 0 0.6em; padding: 0.55em 0.75em 0.65em; border: 1px solid #dcdcdc;
    border-radius: 8px; background: #fff; }
  .dsk-scroll .dsk-cards tr > td { display: block; min-width: 0; padding: 0; border: 0;
    overflow-wrap: break-word; }
  .dsk-scroll .dsk-cards tr > td::before { content: attr(data-label); display: block;
    font-size: 0.75em; color: #666; line-height: 1.3; }
  .dsk-scroll .dsk-cards tr > td.dsk-key { grid-column: 1 / -1; order: -1; font-weight: 600;
    font-size: 1.05em; padding-bottom: 0.3em; border-bottom: 1px solid #eee; }
  .dsk-scroll .dsk-cards tr > td.dsk-key::before { content: none; }
  .dsk-scroll .dsk-cards tr > td.dsk-wide { grid-column: 1 / -1; order: 1; }
  .dsk-scroll .dsk-cards tr > td.dsk-long { grid-column: span 2; }
  .dsk-scroll .dsk-cards .dsk-bar { width: 56px; }
}
</style>""")
