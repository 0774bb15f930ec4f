"""Horizontal bars with their labels above them: the projects chart's and the plan chart's
look (on a phone, labels beside the bars would take most of the width)."""

from __future__ import annotations

from drawsteel_kit.kit.ui.figures import Figure

__all__ = ["LINE_HEIGHT", "PROJECT_ROW", "WORKING_COLOUR", "labels_above"]

#: A project's row in a chart of projects (px): its label line(s) above its bar.
PROJECT_ROW = 64
#: A label line's height (px), for a label of two lines.
LINE_HEIGHT = 15
#: A project's bar while it is under way.
WORKING_COLOUR = "#4A7FB5"


def labels_above(fig: Figure, rows: list[tuple[str, list[str], str]], half: float,
                 yref: str = "y") -> None:
    """Each horizontal bar's label on the line(s) above it, its numbers at the right: for
    (category, lines, numbers) rows of bars ``half`` a PROJECT_ROW thick either side of
    their category (so the bars get a chart's whole width, even on a phone)."""
    shift = PROJECT_ROW * half + 2
    above = {"xref": "paper", "yref": yref, "yanchor": "bottom", "showarrow": False,
             "yshift": shift, "font": {"size": 12}}
    notes = fig.layout.setdefault("annotations", [])
    for category, lines, numbers in rows:
        notes += [{**above, "text": line, "x": 0, "y": category, "xanchor": "left",
                   "yshift": shift + LINE_HEIGHT * (len(lines) - 1 - i)}
                  for i, line in enumerate(lines)]
        if numbers:
            notes.append({**above, "text": numbers, "x": 1, "y": category, "xanchor": "right"})
