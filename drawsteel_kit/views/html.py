"""Small HTML builders for the player pages: every piece of text is escaped here.

Names, titles and reasons come from the Director and the players; nothing they typed is
ever put into a page unescaped.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape

__all__ = ["STYLE", "Html", "Raw", "cell", "link", "progress", "table", "text"]


@dataclass(frozen=True)
class Html:
    """A block of finished HTML (notebooks display it; publishing writes it out)."""

    html: str

    def _repr_html_(self) -> str:
        return self.html

    def __str__(self) -> str:
        return self.html


@dataclass(frozen=True)
class Raw:
    """A table cell already built from escaped parts (a link, a progress bar)."""

    html: str


def text(value: object) -> str:
    """Any value as escaped text (None as an empty string)."""
    return "" if value is None else escape(str(value), quote=True)


def cell(value: object) -> str:
    """A table cell's content: Raw as it is, anything else escaped."""
    return value.html if isinstance(value, Raw) else text(value)


def link(label: str, href: str) -> Raw:
    """A link whose label and address are both escaped."""
    return Raw(f'<a href="{text(href)}">{text(label)}</a>')


def progress(points: int, goal: int) -> Raw:
    """A progress bar with the numbers beside it."""
    share = 0 if goal <= 0 else max(0, min(100, round(100 * points / goal)))
    return Raw(f'<span class="dsk-bar"><span style="width:{share}%"></span></span> '
               f"{text(points)}/{text(goal)}")


def table(headers: Sequence[str], rows: Iterable[Sequence[object]], *, css: str = "",
          empty: str = "None yet.") -> str:
    """An HTML table; ``empty`` is shown instead when there are no rows."""
    body = "".join("<tr>" + "".join(f"<td>{cell(v)}</td>" for v in row) + "</tr>"
                   for row in rows)
    if not body:
        return f'<p class="dsk-empty">{text(empty)}</p>'
    head = "".join(f"<th>{text(h)}</th>" for h in headers)
    return f'<table class="dsk-table {text(css)}"><thead><tr>{head}</tr></thead>' \
           f"<tbody>{body}</tbody></table>"


#: The pages' look, inlined so a published page needs no other file.
STYLE = """<style>
.dsk-page { font-family: system-ui, sans-serif; color: #222; max-width: 1100px; }
.dsk-page h1 { margin: 0.2em 0; } .dsk-page h2 { margin: 1.2em 0 0.4em; font-size: 1.25em; }
.dsk-meta { color: #555; margin: 0.2em 0 0.8em; }
.dsk-table { border-collapse: collapse; margin: 0.4em 0; }
.dsk-page .dsk-table th, .dsk-page .dsk-table td { padding: 0.25em 0.7em;
  border-bottom: 1px solid #ddd; text-align: left; }
.dsk-bar { display: inline-block; width: 120px; height: 0.7em; background: #eee;
  border-radius: 4px; overflow: hidden; vertical-align: middle; }
.dsk-bar span { display: block; height: 100%; background: #3a7bd5; }
.dsk-nav a, .dsk-nav b { margin-right: 1em; } .dsk-empty { color: #777; }
</style>"""
