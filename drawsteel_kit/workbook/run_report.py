"""A resolution run's HTML report: what the executed notebook showed, without its code.

Built from the notebook file with the workbook's own page builder (``kit/ui/html.py``, the
look of the published pages): its notes, what each cell printed, its tables and its charts,
drawn by plotly.js's basic bundle from the one file the folder's reports share (loaded after
the text, so the text shows first), so it opens with no network.
nbconvert made it before, and took about a second of every ``drawsteel-kit resolve`` to load
itself, compile its page templates and the theme, and rewrite the page it had made.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from drawsteel_kit.kit.ui.figures import PLOTLY_MIME, Figure
from drawsteel_kit.kit.ui.html import (
    STYLE,
    Markup,
    displayed,
    document,
    figure,
    notes,
)

__all__ = ["html_report", "report_page"]

#: Tags of the cells that only set the run's parameters: nothing of theirs is shown.
_PARAMETERS = ("parameters", "injected-parameters")


def _text(value: Any) -> str:
    """A notebook text field: one string, or the list of lines it is stored as."""
    return "".join(value) if isinstance(value, list) else str(value or "")


def _output(out: dict[str, Any], number: int) -> Markup:
    """One cell output (the page's ``number``-th): a chart, the HTML it displayed, or its
    text."""
    kind = out.get("output_type")
    if kind == "stream":
        return Markup('<pre class="dsk-out">{}</pre>').format(_text(out.get("text")))
    if kind == "error":  # the message the command line gave (the notebook file keeps more)
        return Markup('<pre class="dsk-out dsk-error">{}</pre>').format(
            _text(out.get("evalue")) or _text(out.get("ename")))
    data = out.get("data", {})
    if PLOTLY_MIME in data:
        chart = data[PLOTLY_MIME]
        return figure(Figure(chart.get("data", []), chart.get("layout", {})),
                      div_id=f"chart-{number}", config=chart.get("config"))
    if "text/html" in data:
        return displayed(_text(data["text/html"]))
    if "text/plain" in data:
        return Markup('<pre class="dsk-out">{}</pre>').format(_text(data["text/plain"]))
    return Markup("")


def report_page(nb: dict[str, Any], title: str, *, scripts: Sequence[str] = ()) -> Markup:
    """The page: the title, then each cell's notes or outputs in the notebook's order (the
    same notebook, the same bytes: its charts are numbered in the page's order); its charts
    drawn by plotly.js from ``scripts`` (relative addresses), loaded after the text."""
    blocks = [Markup('<p class="dsk-meta">{}</p>').format(title)]
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "markdown":
            blocks.append(notes(_text(cell.get("source"))))
        elif cell.get("cell_type") == "code" and not set(
                cell.get("metadata", {}).get("tags", [])) & set(_PARAMETERS):
            for out in cell.get("outputs", []):
                blocks.append(_output(out, len(blocks)))
    body = Markup("\n").join(b for b in blocks if b)
    return document(title, [STYLE, _REPORT_STYLE,
                            Markup('<div class="dsk-page">{}</div>').format(body)],
                    scripts=scripts)


#: What only a report has: printed output kept as printed, an error set apart.
_REPORT_STYLE = Markup("""<style>
.dsk-out { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 0.9em;
  background: #f7f7f7; padding: 0.6em 0.8em; border-radius: 4px; }
.dsk-error { background: #fdecea; }
</style>""")


def html_report(notebook: Path, report: Path, *, title: str = "") -> Path:
    """The executed ``notebook`` as the HTML page ``report`` (no code), its charts drawn by
    plotly.js from the file the folder's reports share, loaded after the text."""
    from drawsteel_kit.kit.ui.assets import write_plotlyjs

    nb = json.loads(notebook.read_text(encoding="utf-8"))
    page = report_page(nb, title or notebook.stem, scripts=[write_plotlyjs(report.parent)])
    report.write_text(str(page), encoding="utf-8")
    return report
