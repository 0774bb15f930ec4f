"""Figure 8: the published demo site's size, plotly.js apart, and its largest page.

``drawsteel-kit publish`` on the demo's books (built as ``make demo`` builds them). plotly.js
is one shared file beside the pages (:mod:`drawsteel_kit.kit.ui.assets`); what is measured is
everything else: the pages a player downloads, each one its own content.
"""

from __future__ import annotations

from pathlib import Path

from benchmarks.common import Figure
from drawsteel_kit.kit.ui.assets import license_name, plotlyjs_name
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.workbook.publish import publish

__all__ = ["PAGE_TARGET", "SITE_TARGET", "run", "site_sizes"]

#: The targets: the site without plotly.js, and any one page.
SITE_TARGET = 1_000_000
PAGE_TARGET = 300_000


def site_sizes(site: Path) -> tuple[int, dict[str, int], int]:
    """(bytes without plotly.js and its license, each page's bytes, plotly.js's bytes) of a
    published site."""
    shared = plotlyjs_name()
    pages = {p.name: p.stat().st_size for p in site.iterdir()
             if p.name not in (shared, license_name())}
    plotly = (site / shared).stat().st_size if (site / shared).exists() else 0
    return sum(pages.values()), pages, plotly


def run(demo: Path, work: Path) -> Figure:
    """Publish ``demo`` into ``work/site`` and measure it."""
    site = work / "site"
    with Campaign.open(demo, readonly=True) as camp:
        publish(camp, site)
    total, pages, plotly = site_sizes(site)
    largest = max(pages, key=pages.__getitem__)
    met = total < SITE_TARGET and pages[largest] < PAGE_TARGET
    return Figure(
        8, "`drawsteel-kit publish` of the demo's books: the site without plotly.js, and its "
           "largest page",
        f"{len(pages)} pages, {total / 1000:.0f} kB in all; largest {largest} "
        f"{pages[largest] / 1000:.0f} kB; plotly.js's basic bundle {plotly / 1e6:.2f} MB once "
        "beside them, with its license (each page loads it by a relative address, after its "
        "text)",
        f"{total / 1000:.0f} kB; {pages[largest] / 1000:.0f} kB",
        f"< {SITE_TARGET // 1000} kB; < {PAGE_TARGET // 1000} kB", met)
