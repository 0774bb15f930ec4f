"""The players' pages read as a person reads them (issue 31): every player page (the party's
and each member's) of the four systems' demos, published by `drawsteel-kit publish` and (Draw
Steel's) served by `drawsteel-kit serve`, in headless Chromium at a phone's 390x844 and a
desktop's 1400x900, measured in the page itself:

- no two labels of a chart (its title, axis titles, tick labels, legend entries, bar labels,
  annotations: the SVG text) overlap by more than TOLERANCE pixels (rotated labels are
  compared by their rotated boxes, not the boxes around them);
- no label is cut off by its chart's box or by the screen's edges;
- no mode bar lies over a label;
- on a phone, every plot area (plotly's ``.nsewdrag``) is at least MIN_PLOT px wide;
- no tick of an axis whose every value is a whole number reads as a fraction ("0.5");
- the page never scrolls sideways, and (the tables) every table cell is on screen.

:func:`read_page` takes any page's address, so one check serves a file on disk and a served
page alike. The demos are built once for the file, published once each.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run
from conftest import checkpoint
from workbook_helpers import chromium, demo_copy, free_port, needs_chromium, size

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.ledger import LEDGER_FILE
from workbook.test_system_dashboards import OTHER_SYSTEMS, build

pytestmark = [needs_chromium, pytest.mark.slow]

#: (name, width, height, a phone's touch screen)
SCREENS = (("phone", 390, 844, True), ("desktop", 1400, 900, False))
SYSTEM_KEYS = ["draw-steel", *(s.key for s in OTHER_SYSTEMS)]
#: Pixels two labels may share, or a label may pass its chart's edge, before it counts.
TOLERANCE = 2
#: The narrowest plot area a phone may show (px).
MIN_PLOT = 250
#: Seconds a page's charts may take to draw.
DRAW_TIMEOUT = 60

#: Every problem a person would see on the page, by kind (see the module's docstring).
#: ``arguments[0]``: the tolerance; ``arguments[1]``: the narrowest plot area, 0 for none.
LAYOUT_JS = r"""
const TOL = arguments[0], MIN_PLOT = arguments[1];
const W = document.documentElement.clientWidth;
const out = {overlaps: [], cut: [], modebar: [], narrow: [], fractional: [], wide: [],
             tables: [], broken: []};
function shown(e, top) {
  for (let n = e; n && n !== top; n = n.parentElement) {
    const s = getComputedStyle(n);
    if (s.display === 'none' || s.visibility === 'hidden' || parseFloat(s.opacity) === 0)
      return false;
    // visually hidden for screen readers only (a card table's header row): not on screen
    if (s.clip === 'rect(0px, 0px, 0px, 0px)' || s.clipPath === 'inset(50%)') return false;
  }
  return true;
}
function quad(t) {  // a text's four corners on screen (rotated with it)
  const b = t.getBBox(), m = t.getScreenCTM();
  if (!m || b.width < 1 || b.height < 1) return null;
  return [[b.x, b.y], [b.x + b.width, b.y], [b.x + b.width, b.y + b.height],
          [b.x, b.y + b.height]].map(([x, y]) => [m.a * x + m.c * y + m.e,
                                                   m.b * x + m.d * y + m.f]);
}
function depth(p, q) {  // how far two convex quads overlap (<= 0: apart)
  let best = Infinity;
  for (const poly of [p, q]) for (let i = 0; i < 4; i++) {
    const [x1, y1] = poly[i], [x2, y2] = poly[(i + 1) % 4];
    let nx = y1 - y2, ny = x2 - x1;
    const len = Math.hypot(nx, ny);
    if (!len) continue;
    nx /= len; ny /= len;
    const a = p.map(([x, y]) => x * nx + y * ny), b = q.map(([x, y]) => x * nx + y * ny);
    best = Math.min(best, Math.min(Math.max(...a), Math.max(...b))
                          - Math.max(Math.min(...a), Math.min(...b)));
  }
  return best;
}
function box(q) {
  const xs = q.map(c => c[0]), ys = q.map(c => c[1]);
  return {left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys),
          bottom: Math.max(...ys)};
}
const say = s => JSON.stringify(s.length > 40 ? s.slice(0, 40) + '…' : s);
if (document.documentElement.scrollWidth > W + 1)
  out.wide.push('the page is ' + document.documentElement.scrollWidth + ' px wide in ' + W);
document.querySelectorAll('.js-plotly-plot').forEach((gd, i) => {
  if (!shown(gd, document.body)) return;
  const title = (gd.querySelector('.gtitle') || {}).textContent || ('chart ' + (i + 1));
  const where = say(title) + ': ';
  const svg = gd.querySelector('.main-svg');
  if (!svg) return;
  const frame = svg.getBoundingClientRect();
  const labels = [];
  gd.querySelectorAll('svg text').forEach(t => {
    const text = t.textContent.trim();
    if (!text || t.closest('.hoverlayer') || !shown(t, gd)) return;
    const q = quad(t);
    if (q) labels.push({text, q, b: box(q)});
  });
  for (let a = 0; a < labels.length; a++) for (let b = a + 1; b < labels.length; b++)
    if (depth(labels[a].q, labels[b].q) > TOL)
      out.overlaps.push(where + say(labels[a].text) + ' and ' + say(labels[b].text));
  for (const l of labels) {
    const b = l.b;
    if (b.left < frame.left - TOL || b.right > frame.right + TOL || b.top < frame.top - TOL
        || b.bottom > frame.bottom + TOL)
      out.cut.push(where + say(l.text) + ' is cut off by its chart');
    else if (b.left < -TOL || b.right > W + TOL)
      out.cut.push(where + say(l.text) + ' is cut off by the screen');
  }
  gd.querySelectorAll('.modebar').forEach(bar => {
    const r = bar.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || getComputedStyle(bar).display === 'none') return;
    for (const l of labels)
      if (Math.min(r.right, l.b.right) - Math.max(r.left, l.b.left) > TOL
          && Math.min(r.bottom, l.b.bottom) - Math.max(r.top, l.b.top) > TOL)
        out.modebar.push(where + 'the mode bar covers ' + say(l.text));
  });
  if (MIN_PLOT) gd.querySelectorAll('.nsewdrag').forEach(d => {
    const w = d.getBoundingClientRect().width;
    if (w > 0 && w < MIN_PLOT) out.narrow.push(where + 'a plot area ' + Math.round(w)
                                                   + ' px wide');
  });
  const full = gd._fullLayout || {};
  for (const key of Object.keys(full).filter(k => /^[xy]axis\d*$/.test(k))) {
    const ax = full[key], letter = key[0];
    if (!ax || ax.type !== 'linear' || ax.visible === false) continue;
    const values = [];
    for (const tr of gd._fullData || []) {
      if (tr.visible !== true || (tr[letter + 'axis'] || letter) !== ax._id) continue;
      for (const v of tr[letter] || []) if (v !== null && v !== undefined) values.push(v);
    }
    if (!values.length || !values.every(v => typeof v === 'number' && Number.isInteger(v)))
      continue;
    for (const tick of ax._vals || []) {
      const n = Number(String(tick.text).replace(/\u2212/g, '-').replace(/[,\s]/g, ''));
      if (Number.isFinite(n) && !Number.isInteger(n))
        out.fractional.push(where + 'a tick ' + say(String(tick.text)) + ' on a whole-number '
                            + ax._id + ' axis');
    }
  }
});
document.querySelectorAll('table').forEach(table => {
  if (table.closest('.js-plotly-plot') || !shown(table, document.body)) return;
  let off = 0, first = '';
  table.querySelectorAll('td, th').forEach(c => {
    const r = c.getBoundingClientRect();
    if (!c.textContent.trim() || r.width === 0 || !shown(c, table)) return;
    if (r.right > W + TOL || r.left < -TOL) { off++; first = first || c.textContent.trim(); }
  });
  const head = (table.querySelector('th') || table.querySelector('td') || {}).textContent;
  if (off) out.tables.push('the table starting ' + say(String(head).trim()) + ': ' + off
                           + ' cells off the screen (' + say(first) + ' ...)');
});
// a word a cell breaks inside ("Elementalis" / "t"): each word's boxes on one line (a word
// may wrap at its hyphen or slash)
document.querySelectorAll('td').forEach(c => {
  if (c.closest('.js-plotly-plot') || !shown(c, document.body)) return;
  const walk = document.createTreeWalker(c, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const words = /[^\s\-\u2010-\u2014\/]{2,}/g;
    for (let m = words.exec(n.data); m; m = words.exec(n.data)) {
      const r = document.createRange();
      r.setStart(n, m.index);
      r.setEnd(n, m.index + m[0].length);
      const tops = new Set(Array.from(r.getClientRects()).filter(x => x.width > 0)
                           .map(x => Math.round(x.top)));
      if (tops.size > 1) out.broken.push('a word broken inside: ' + say(m[0]));
    }
  }
});
return out;
"""

#: The kinds of problem that are the charts' (the rest: the page's and its tables').
CHART_KINDS = ("overlaps", "cut", "modebar", "narrow", "fractional")


@dataclass
class Reading:
    """What one page showed at one screen size: each kind's problems, each a sentence."""

    page: str
    problems: dict[str, list[str]] = field(default_factory=dict)

    def of(self, *kinds: str) -> list[str]:
        return [f"{self.page}: {p}" for k in kinds for p in self.problems.get(k, [])]


#: Every chart's box the page will hold is drawn (``.main-svg`` in it), and the page loaded.
DRAWN_JS = ("return document.readyState === 'complete' && !document.querySelector("
            "'.plotly-graph-div:not(:has(.main-svg)), .jp-RenderedPlotly:not(:has(.main-svg)), "
            ".dsk-chart:not(:has(.main-svg))')")
#: Every chart as wide as its box (none waiting to be redrawn to a new width).
FITS_JS = ("return Array.from(document.querySelectorAll('.js-plotly-plot')).every(p => {"
           "const svg = p.querySelector('.main-svg'); return !svg || Math.abs("
           "svg.getBoundingClientRect().width - p.getBoundingClientRect().width) <= 1; })")
#: The page's width and each chart's: read again until it stops changing.
SIZES_JS = ("return [document.documentElement.scrollWidth, ...Array.from("
            "document.querySelectorAll('.js-plotly-plot .main-svg'), e => "
            "Math.round(e.getBoundingClientRect().width))].join(' ')")


def open_drawn(driver: Any, url: str) -> None:
    """Load ``url`` and wait until its charts are drawn and have settled to their width."""

    driver.get(url)
    settle(driver, url)


#: A served page: Voila's script has started (its styles, the controls' layout, arrive then).
VOILA_STARTED_JS = "return document.documentElement.dataset.dskVoila === 'started'"


def settle(driver: Any, url: str, *, served: bool = False) -> None:
    """Wait until the page's charts are drawn (on a served page, Voila started too) and have
    settled to their width: read twice, 0.4 s apart, the same."""
    from selenium.webdriver.support.ui import WebDriverWait

    if served:
        WebDriverWait(driver, DRAW_TIMEOUT).until(
            lambda d: d.execute_script(VOILA_STARTED_JS), message=f"{url}: Voila never started")
    WebDriverWait(driver, DRAW_TIMEOUT).until(lambda d: d.execute_script(DRAWN_JS),
                                              message=f"{url}: its charts were never drawn")
    # a page that draws its charts as they come into view: scrolled through, then back
    driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    WebDriverWait(driver, DRAW_TIMEOUT).until(lambda d: d.execute_script(DRAWN_JS))
    driver.execute_script("window.scrollTo(0, 0)")
    last, same, deadline = driver.execute_script(SIZES_JS), 0, time.monotonic() + 10
    while time.monotonic() < deadline:
        time.sleep(0.4)
        now = driver.execute_script(SIZES_JS)
        same = same + 1 if now == last and driver.execute_script(FITS_JS) else 0
        if same >= 2:
            return
        last = now


def read_page(driver: Any, url: str, screen: tuple[str, int, int, bool], *,
              page: str = "", loaded: bool = False) -> Reading:
    """What a person sees wrong on the page at ``url`` on ``screen`` (``loaded``: the
    caller has opened it already at that size, as a served page's own waiting does)."""
    name, width, height, mobile = screen
    if not loaded:
        size(driver, width, height, mobile)
        open_drawn(driver, url)
    found = driver.execute_script(LAYOUT_JS, TOLERANCE, MIN_PLOT if mobile else 0)
    return Reading(f"{page or url} ({name})", found)


@pytest.fixture(scope="module")
def demos(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each system's demo campaign, built once: its folder."""
    base = tmp_path_factory.mktemp("layout")
    out = {}
    for key in SYSTEM_KEYS:
        if key == "draw-steel":
            folder = demo_copy(base / key)
            checkpoint(folder / LEDGER_FILE)
        else:
            folder = build(next(s for s in OTHER_SYSTEMS if s.key == key), base / key)
        out[key] = folder
    return out


@pytest.fixture(scope="module")
def sites(demos: dict[str, Path]) -> dict[str, Path]:
    """Each system's demo published once: the folder of its site."""
    out = {}
    for key, folder in demos.items():
        run("publish", folder, "--out", folder.parent / "site" / key)
        out[key] = folder.parent / "site" / key
    return out


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One browser for the file, its network log kept (a served page's loading reads it)."""
    from workbook.test_serve import RENDER_TIMEOUT

    with chromium(1400, 900, logs=True) as driver:
        driver.set_page_load_timeout(RENDER_TIMEOUT)
        yield driver


def site_pages(site: Path) -> list[Path]:
    """The party page first, then each member's."""
    return [site / "index.html", *sorted(site.glob("hero-*.html"))]


#: Each site's readings at each screen, read once for the file's tests.
_READ: dict[tuple[Path, str], list[Reading]] = {}


def read_site(driver: Any, site: Path, screen: tuple[str, int, int, bool]) -> list[Reading]:
    """Every page of a published site read at ``screen`` (once: the tables' test reuses the
    charts' readings)."""
    if (site, screen[0]) not in _READ:
        _READ[(site, screen[0])] = [
            read_page(driver, page.as_uri(), screen, page=f"{site.name} {page.name}")
            for page in site_pages(site)]
    return _READ[(site, screen[0])]


def listed(problems: list[str], most: int = 40) -> str:
    more = f"\n... and {len(problems) - most} more" if len(problems) > most else ""
    return f"{len(problems)} problems:\n" + "\n".join(problems[:most]) + more


@pytest.mark.parametrize("screen", SCREENS, ids=[s[0] for s in SCREENS])
@pytest.mark.parametrize("key", SYSTEM_KEYS)
def test_published_charts_read_on_every_screen(key: str, screen: tuple, sites, browser
                                               ) -> None:
    readings = read_site(browser, sites[key], screen)
    problems = [p for r in readings for p in r.of(*CHART_KINDS, "wide")]
    assert not problems, listed(problems)


@pytest.mark.parametrize("key", SYSTEM_KEYS)
def test_published_tables_show_every_cell_on_a_phone(key: str, sites, browser) -> None:
    readings = read_site(browser, sites[key], SCREENS[0])
    problems = [p for r in readings for p in r.of("tables", "broken")]
    assert not problems, listed(problems)


@pytest.mark.parametrize("key", SYSTEM_KEYS)
def test_served_pages_read_on_every_screen(key: str, demos: dict[str, Path], browser) -> None:
    """The same checks on every page `drawsteel-kit serve` sends for each system's demo (the
    page's own script draws the charts once Voila's is under way)."""
    from workbook.test_screenshots import open_page
    from workbook.test_serve import Server

    folder = demos[key]
    with BaseCampaign.open(folder, readonly=True) as camp:
        members = list(camp.members)
    server = Server(folder, free_port())
    problems: list[str] = []
    try:
        pages = [("party", server.url()), *((m, server.hero(m)) for m in members)]
        for screen in SCREENS:
            size(browser, *screen[1:])
            for page, url in pages:
                open_page(browser, url, ".dsk-page")
                settle(browser, url, served=True)
                reading = read_page(browser, url, screen, page=f"served {key} {page}",
                                    loaded=True)
                problems += reading.of(*CHART_KINDS, "wide", "tables", "broken")
    finally:
        server.stop()
    assert not problems, listed(problems)
