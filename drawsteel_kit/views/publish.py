"""Static HTML of the player pages: ``index.html`` (the party) and one file per hero.

The same blocks as the served dashboard (:mod:`drawsteel_kit.views.dashboard`), with
plotly.js written once beside the pages (:mod:`drawsteel_kit.views.assets`), so a page opens
from disk with no server and no network.
Nothing marked for the Director is read into a page.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING

from drawsteel_kit.views.assets import write_plotlyjs
from drawsteel_kit.views.dashboard import Page, player_page
from drawsteel_kit.views.html import Html, text

if TYPE_CHECKING:
    from drawsteel_kit.campaign import Campaign

__all__ = ["INDEX", "hero_files", "page_html", "publish"]

INDEX = "index.html"


def _slug(name: str) -> str:
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")


def hero_files(heroes: list[str]) -> dict[str, str]:
    """Each hero's page file name: ``hero-<name>.html``, numbered when two names collide."""
    out: dict[str, str] = {}
    for i, name in enumerate(heroes, start=1):
        base = f"hero-{_slug(name) or i}"
        file, n = f"{base}.html", 1
        while file in out.values():
            n += 1
            file = f"{base}-{n}.html"
        out[name] = file
    return out


def page_html(page: Page, plotlyjs_src: str) -> str:
    """One page as a complete HTML document, loading plotly.js from ``plotlyjs_src``."""
    parts = []
    for i, block in enumerate(page.blocks):
        if isinstance(block, Html):
            parts.append(block.html)
        else:
            parts.append(block.to_html(full_html=False, include_plotlyjs=False,
                                       div_id=f"chart-{i}", config={"displaylogo": False}))
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{text(page.title)}</title>"
            f'<script type="text/javascript" src="{plotlyjs_src}"></script></head>'
            f'<body style="margin: 1.5em">{"".join(parts)}</body></html>\n')


def publish(campaign: Campaign, out: str | Path) -> list[Path]:
    """Write the party page and every hero's page into ``out``; returns the pages written
    (plotly.js is written beside them once)."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    files = hero_files(campaign.members)

    def linker(hero: str | None) -> str:
        return INDEX if hero is None else files[hero]

    plotlyjs = write_plotlyjs(folder)
    written = []
    pages = [(INDEX, player_page(campaign, linker=linker))]
    pages += [(files[name], player_page(campaign, name, linker=linker)) for name in files]
    for name, page in pages:
        path = folder / name
        path.write_text(page_html(page, plotlyjs), encoding="utf-8")
        written.append(path)
    return written
