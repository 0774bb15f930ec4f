"""Static HTML of the player pages: ``index.html`` (the party) and one file per hero.

The same blocks as the served dashboard (:mod:`drawsteel_kit.workbook.pages`),
with
plotly.js's basic bundle written once beside the pages (:mod:`drawsteel_kit.kit.ui.assets`), so a
page opens from disk with no server and no network. A page's text comes first; plotly.js loads
deferred after it, and its charts are drawn once it has run (:func:`kit.ui.html.document`).
Each page is built from its viewer's PartyView: nothing marked for the Director is in it.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING

from drawsteel_kit.kit.book.party_view import PartyView
from drawsteel_kit.kit.progress import Progress
from drawsteel_kit.kit.ui.assets import write_plotlyjs
from drawsteel_kit.kit.ui.html import Html, document, figure
from drawsteel_kit.kit.ui.pages import PREVIEW, Page, tab_title
from drawsteel_kit.workbook.pages import player_page

if TYPE_CHECKING:
    from drawsteel_kit.kit.book.campaign import BaseCampaign as Campaign

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


def page_html(page: Page, plotlyjs_src: str, campaign: str = "") -> str:
    """One page as a complete HTML document (``kit.ui.html.document``: the title escaped),
    loading plotly.js from ``plotlyjs_src`` beside it after the page's text; its tab's title
    and link preview name the ``campaign`` (and the hero, on a hero's page)."""
    parts = []
    for i, block in enumerate(page.blocks):
        if isinstance(block, Html):
            parts.append(block.html)
        else:
            parts.append(figure(block, div_id=f"chart-{i}", config={"displaylogo": False}))
    title = tab_title(campaign, page.hero) if campaign else page.title
    return str(document(title, parts, scripts=[plotlyjs_src], description=PREVIEW))


def publish(campaign: Campaign, out: str | Path, *,
            progress: Progress | None = None) -> list[Path]:
    """Write the party page and every hero's page into ``out``; returns the pages written
    (plotly.js is written beside them once). ``progress``: where each page is counted."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    files = hero_files(campaign.members)

    def linker(hero: str | None) -> str:
        return INDEX if hero is None else files[hero]

    told = progress or Progress(show=False)
    told.stage("Writing plotly.js beside the pages")
    plotlyjs = write_plotlyjs(folder)
    written = []
    pages = [(INDEX, None), *((files[h], h) for h in files)]
    told.stage("Writing the party's page and each hero's")
    for name, hero in pages:
        with PartyView.of(campaign, hero) as view:  # each page reads its viewer's books only
            page = player_page(view, hero, linker=linker)
        path = folder / name
        path.write_text(page_html(page, plotlyjs, campaign.party.name), encoding="utf-8")
        written.append(path)
        told.count(len(written), len(pages), "page")
    return written
