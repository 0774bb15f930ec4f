"""Tables on a phone: a wide table is a stack of cards below 600 px (nothing to scroll
sideways, every number on screen under its column's name), and a table reads the same on a
served page, inside JupyterLab's styles, as on a published one.

The browser tests read the four systems' published pages in real Chromium at 390x844, and a
table inside JupyterLab's own stylesheet (the one a served page loads) at 1400x900.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from workbook_helpers import chromium, demo_copy, needs_chromium

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.ui.html import CARD_COLUMNS, STYLE, Markup, document, table
from drawsteel_kit.workbook.publish import INDEX, hero_files, publish
from workbook.test_system_dashboards import OTHER_SYSTEMS, build

HEROES = ["hero", "player", "class", "level", "XP", "next", "victories", "stamina",
          "recoveries", "renown", "wealth"]


def test_a_wide_table_labels_each_cell_with_its_column() -> None:
    row = (Markup('<a href="x">Val</a>'), "Ines", "Elementalist", 2, 28, 32, 0, "24/24",
           "8/8", 2, 1)
    html = str(table(HEROES, [row]))
    assert 'class="dsk-table dsk-cards"' in html
    cells = re.findall(r"<td([^>]*)>(.*?)</td>", html)
    assert [re.search(r'data-label="([^"]*)"', attrs)[1] for attrs, _ in cells] == HEROES
    assert 'class="dsk-key"' in cells[0][0] and cells[0][1] == '<a href="x">Val</a>'
    assert all("dsk-key" not in attrs for attrs, _ in cells[1:])


def test_a_narrow_table_a_panels_table_and_a_row_of_numbers() -> None:
    narrow = str(table(["#", "day", "what happened"], [(1, 2, "Val rolls")]))
    assert "dsk-cards" not in narrow and "data-label" not in narrow
    assert "<td>1</td><td>2</td><td>Val rolls</td>" in narrow
    panel = str(table(HEROES, [range(len(HEROES))], cell_style="text-align:left"))
    assert "dsk-cards" not in panel and "data-label" not in panel
    stats = str(table(HEROES[3:], [range(CARD_COLUMNS + 3)], key=None))
    assert "dsk-cards" in stats and "dsk-key" not in stats
    long = str(table(HEROES[:CARD_COLUMNS], [("Val", "Ines", "Drive the bandits out of it",
                                              1, 2)]))
    assert 'class="dsk-wide" data-label="class">Drive the bandits out of it<' in long
    word = str(table(HEROES[:CARD_COLUMNS], [("Val", "Ines", "Elementalist", 1, 2),
                                             ("Yorn", "Ada", "Fury", 1, 2)]))
    assert 'class="dsk-long" data-label="class">Elementalist<' in word  # two columns,
    assert 'class="dsk-long" data-label="class">Fury<' in word  # on every card of the table
    short = str(table(HEROES[:CARD_COLUMNS], [("Yorn", "Ada", "Fury", 1, 2)]))
    assert 'data-label="class">Fury<' in short and "dsk-long" not in short


def test_a_label_is_escaped_text() -> None:
    html = str(table(['<b>"x"</b>', *HEROES[1:]], [range(len(HEROES))]))
    assert 'data-label="&lt;b&gt;&#34;x&#34;&lt;/b&gt;"' in html


# -- in a real browser ---------------------------------------------------------------------

#: Every table of the page: its box and its own scroll width; every non-empty cell that is
#: off the screen, outside its table's box, or not shown; the page's scroll width.
MEASURE_JS = """
const vw = document.documentElement.clientWidth, bad = [];
for (const t of document.querySelectorAll('table.dsk-table')) {
  const box = t.closest('.dsk-scroll');
  if (box.scrollWidth > box.clientWidth + 1)
    bad.push('a table scrolls sideways: ' + t.querySelector('th').textContent + ' '
             + box.scrollWidth + ' in ' + box.clientWidth);
  const edge = box.getBoundingClientRect();
  for (const td of t.querySelectorAll('td')) {
    const text = td.textContent.trim();
    if (!text) continue;
    const r = td.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.left < -0.5 || r.right > vw + 0.5 ||
        r.right > edge.right + 0.5)
      bad.push('"' + text.slice(0, 20) + '" at ' + Math.round(r.left) + '..'
               + Math.round(r.right));
  }
}
return [document.documentElement.scrollWidth, vw, bad.slice(0, 10),
        document.querySelectorAll('table.dsk-table td').length];
"""


@pytest.fixture(scope="module")
def phone() -> Iterator[Any]:
    with chromium(1400, 900) as driver:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        yield driver


def _site(folder: Path, out: Path) -> list[Path]:
    with BaseCampaign.open(folder, readonly=True) as camp:
        written = publish(camp, out)
        first = hero_files(camp.members)[camp.members[0]]
    return [out / INDEX, out / first] if written else []


@needs_chromium
@pytest.mark.parametrize("key", ["draw-steel", *(s.key for s in OTHER_SYSTEMS)])
def test_published_pages_show_every_number_at_390px(key: str, tmp_path: Path,
                                                    phone: Any) -> None:
    """The party page and a member's page of each system's demo: no table scrolls
    sideways, the page fits the screen, and every cell with text is on screen."""
    if key == "draw-steel":
        folder = demo_copy(tmp_path / "camp")
    else:
        folder = build(next(s for s in OTHER_SYSTEMS if s.key == key), tmp_path / "camp")
    for page in _site(folder, tmp_path / "site"):
        phone.get(page.as_uri())
        time.sleep(0.3)
        scroll, width, bad, cells = phone.execute_script(MEASURE_JS)
        assert width == 390 and cells > 0, (page.name, width, cells)
        assert scroll <= width and not bad, f"{key} {page.name}: {scroll} px wide; {bad}"


#: JupyterLab's stylesheet as a served page loads it (Voila's lab template, nbconvert's).
def _lab_css() -> Path:
    import sys

    found = sorted(Path(sys.prefix, "share", "jupyter", "nbconvert", "templates", "lab",
                        "static").glob("index.css"))
    if not found:
        pytest.skip("nbconvert's lab stylesheet is not installed here")
    return found[0]


@needs_chromium
def test_a_table_reads_the_same_inside_jupyterlabs_styles(tmp_path: Path) -> None:
    """A served page's history sits in an output area JupyterLab styles (its cells
    right-aligned, its tables laid out fixed); published, it has the page's styles alone.
    The page's own rules win: the same alignment, layout and padding in both."""
    rows = table(["#", "day", "what happened"], [(12, 3, "Val rolls on Anjali lessons")],
                 css="dsk-history-table")  # a page's history, as history_table makes it
    heroes = table(HEROES, [range(len(HEROES))])
    published = tmp_path / "published.html"
    published.write_text(str(document("t", [STYLE, Markup(  # as a page's blocks are
        '<div class="dsk-page">{}</div><div class="dsk-page dsk-history">{}</div>').format(
        heroes, rows)])), encoding="utf-8")
    served = tmp_path / "served.html"
    served.write_text(str(document("t", [
        Markup('<link rel="stylesheet" href="{}">').format(_lab_css().as_uri()), STYLE,
        # the page's first block, then the history the page's controls show in its place
        Markup('<div class="jp-RenderedHTMLCommon jp-OutputArea-output"><div class="dsk-page">'
               '{}</div></div><div class="jp-RenderedHTMLCommon jp-OutputArea-output">{}'
               '<table id="control"><tr><td>1</td></tr></table></div>').format(heroes, rows),
    ])), encoding="utf-8")
    look = """return Array.from(document.querySelectorAll('.dsk-table td, .dsk-table th')).map(
        c => { const s = getComputedStyle(c), t = getComputedStyle(c.closest('table'));
               return [s.textAlign, s.paddingLeft, t.tableLayout, t.marginLeft].join(' '); });"""
    with chromium(1400, 900) as driver:
        driver.get(published.as_uri())
        alone = driver.execute_script(look)
        driver.get(served.as_uri())
        assert driver.execute_script(  # JupyterLab's rules apply there
            "return getComputedStyle(document.querySelector('#control td')).textAlign"
        ) == "right"
        inside = driver.execute_script(look)
    assert set(alone) == {a for a in alone if a.startswith("left ")}, alone
    assert inside == alone
