"""Figures 11 and 12: what a phone gets from the party page, published and served.

Measured by :mod:`benchmarks.phone` (headless Chromium at 390x844 on page-speed's mobile
preset: 1.6 Mbit/s down, 150 ms round trip, the CPU 4x slower, an empty cache), each page
against an empty page served the same way, alternating, medians:

- figure 11: ``drawsteel-kit publish`` of the demo's books, served as a static host serves it
  (gzip-compressed), against an empty page from the same server;
- figure 12: ``drawsteel-kit serve`` of the demo, against Voila serving an empty notebook with
  the same arguments (figure 6's).

Issue 31's targets: the published page's first text within 2 s and first chart within 5 s,
its assets (the page and everything it loads, uncompressed) at most 1.5 MB; the served page's
first text within 4 s and first chart within 8 s.
"""

from __future__ import annotations

import sys
from contextlib import ExitStack
from pathlib import Path

from benchmarks import phone
from benchmarks.common import Figure

__all__ = ["PUBLISHED", "SERVED", "run_published", "run_served"]

#: Issue 31's targets: seconds to the first text and the first chart; the published party
#: page's assets in bytes, uncompressed.
PUBLISHED = {"text": 2.0, "chart": 5.0, "assets": 1_500_000}
SERVED = {"text": 4.0, "chart": 8.0}
RUNS = 3
PRESET = ("headless Chromium at 390x844 on page-speed's mobile preset (1.6 Mbit/s down, "
          "150 ms round trip, CPU 4x slower, empty cache)")


def _verdict(got: dict[str, float | None], targets: dict[str, float]) -> tuple[str, str, bool]:
    """(ratio cell, target cell, met) of one page's medians against its targets."""
    text, chart = got["text"] or 0.0, got["chart"] or 0.0
    cells = [f"text {text:.2f} s", f"chart {chart:.2f} s"]
    aims = [f"text <= {targets['text']:g} s", f"chart <= {targets['chart']:g} s"]
    met = text <= targets["text"] and chart <= targets["chart"]
    if "assets" in targets:
        assets = got["assets"] or 0.0
        cells.append(f"assets {assets / 1e6:.2f} MB")
        aims.append(f"assets <= {targets['assets'] / 1e6:g} MB")
        met = met and assets <= targets["assets"]
    return "; ".join(cells), "; ".join(aims), met


def run_published(demo: Path, work: Path, runs: int = RUNS) -> Figure:
    """Publish ``demo`` into ``work``, serve it compressed, and measure its party page."""
    from drawsteel_kit.systems.draw_steel.campaign import Campaign
    from drawsteel_kit.workbook.publish import publish

    site = work / "phone-site"
    with Campaign.open(demo, readonly=True) as camp:
        publish(camp, site)
    empty = phone.empty_site(work / "phone-empty")
    with ExitStack() as stack:
        pages = {"party": (stack.enter_context(phone.static_site(site)), phone.TEXT,
                           phone.CHART),
                 "empty": (stack.enter_context(phone.static_site(empty)), phone.EMPTY_MARK,
                           None)}
        driver = stack.enter_context(phone.chromium())
        loads = phone.alternate_loads(driver, pages, runs)
    got, bare = phone.summary(loads["party"]), phone.summary(loads["empty"])
    ratio, target, met = _verdict(got, PUBLISHED)
    return Figure(
        11, "A phone opening the published party page (the demo's `drawsteel-kit publish`, "
            "served gzip-compressed as a static host serves it), against an empty page served "
            "the same way: bytes sent, first text (the heroes' table painted), first chart",
        f"party page: {phone.describe(got)}; first paint {got['fcp'] or 0:.2f} s; empty page: "
        f"first text {bare['text']:.2f} s, {bare['sent'] / 1000:.1f} kB sent; median of {runs} "
        f"alternating loads, {PRESET}",
        ratio, target, met)


def run_served(demo: Path, work: Path, runs: int = RUNS) -> Figure:
    """``drawsteel-kit serve`` of ``demo`` and Voila serving an empty notebook, measured."""
    from benchmarks import fig_voila
    from benchmarks.fig_papermill import kernel_environment

    helpers = fig_voila._helpers()
    empty = fig_voila.empty_players_dir(work / "phone-empty-players")
    pids: list[int] = []
    with kernel_environment(work), ExitStack() as stack:
        port = helpers.free_port()
        party = stack.enter_context(fig_voila.server(
            [str(fig_voila.EXE), "serve", str(demo), "--port", str(port), "--no-browser"],
            port, work / "phone-serve-demo.log", pids=pids))
        port = helpers.free_port()
        code = ("from pathlib import Path; from voila.app import Voila; "
                "from drawsteel_kit.workbook.serve import voila_argv; Voila.launch_instance("
                f"argv=voila_argv(port={port}, players_dir=Path({str(empty)!r})))")
        bare_url = stack.enter_context(fig_voila.server(
            [sys.executable, "-c", code], port, work / "phone-serve-empty.log",
            env={"DRAWSTEEL_KIT_CAMPAIGN": str(demo)}, pids=pids))
        driver = stack.enter_context(phone.chromium())
        pages = {"party": (party, phone.TEXT, phone.CHART),
                 "empty": (bare_url, phone.EMPTY_MARK, None)}
        loads = phone.alternate_loads(driver, pages, runs,
                                      between=lambda: fig_voila.settle(pids))
    got, bare = phone.summary(loads["party"]), phone.summary(loads["empty"])
    ratio, target, met = _verdict(got, SERVED)
    return Figure(
        12, "A phone opening the served party page (`drawsteel-kit serve` of the demo), "
            "against an empty notebook served by Voila the same way: bytes sent, first text "
            "(the heroes' table painted), first chart",
        f"party page: {phone.describe(got)}; first paint {got['fcp'] or 0:.2f} s; empty "
        f"notebook: {phone.describe(bare)}; median of {runs} "
        f"alternating loads, {PRESET}",
        ratio, target, met)
