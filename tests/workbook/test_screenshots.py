"""Every player page and every Director panel in headless Chromium, at a desktop's and a
phone's width: no horizontal scroll, nothing from another host, no console error, and the
key numbers on screen. The player pages of each system are also its served read-only check:
every member on the party page, no Director-only row and no notebook source in any page's
source, and the ledger's bytes the same after every page was loaded (this was a test of its
own in test_system_dashboards.py, which served and loaded the same pages once more).

One `drawsteel-kit serve` per system (Draw Steel and the three others, each on its own demo
campaign built in a temporary folder) and one Voila server for the Director's workbook; one
browser per test (a few seconds against a test's half minute), so no fixture ties the
file's tests together and two xdist workers share them. Screenshots go to a temporary
folder, or to ``$SCREENSHOTS_DIR`` when it is set (``make screenshots`` sets it to
``docs/screenshots``, which docs/workbook.md shows).
"""

from __future__ import annotations

import json
import os
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from conftest import checkpoint
from workbook_helpers import (
    DIRECTOR_PROJECT,
    DIRECTOR_REASON,
    chromium,
    demo_copy,
    free_port,
    needs_chromium,
    size,
)

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.ledger import LEDGER_FILE
from workbook.test_serve import (
    RENDER_TIMEOUT,
    SOURCE_TEXTS,
    UNBOUND,
    Server,
    bare_voila,
    ledger_bytes,
    wait_for_charts,
    warn_if_mended,
)
from workbook.test_system_dashboards import OTHER_SYSTEMS, SECRET, build

pytestmark = [needs_chromium, pytest.mark.slow]

#: (name, width, height, a phone's touch screen)
WIDTHS = (("desktop", 1400, 900, False), ("phone", 390, 844, True))
SYSTEM_KEYS = ["draw-steel", *(s.key for s in OTHER_SYSTEMS)]

#: Elements wider than the screen, unless inside one of our own scrolling boxes
#: (``dsk-scroll``, a wide table) that itself fits.
OVERFLOW_JS = """
const w = document.documentElement.clientWidth, bad = [];
for (const e of document.querySelectorAll('body *')) {
  const r = e.getBoundingClientRect();
  if (r.width === 0 || r.height === 0 || r.right <= w + 1 || r.left < -1) continue;
  const box = e.closest('.dsk-scroll');
  if (box && box !== e && box.getBoundingClientRect().right <= w + 1) continue;
  bad.push(e.tagName.toLowerCase() + '.' + String(e.className).split(' ')[0] + ' in .'
           + String(e.parentElement.className).split(' ')[0] + ' ("'
           + e.textContent.trim().slice(0, 30) + '") ends at ' + Math.round(r.right));
}
return [document.documentElement.scrollWidth, w, bad.slice(0, 8)];
"""


#: The page's width and each chart's and panel's, as one string: read again until it stops
#: changing (``settle``).
SIZES_JS = """
return [document.documentElement.scrollWidth, ...Array.from(document.querySelectorAll(
  '.js-plotly-plot .main-svg, .widget-tab-contents, .dsk-page, .dsk-scroll'),
  e => Math.round(e.getBoundingClientRect().width))].join(' ');
"""
#: Seconds between two reads of the sizes that must agree; the most ``settle`` waits.
SETTLE_STEP, SETTLE_LIMIT = 0.4, 6.0


def settle(driver: Any) -> None:
    """Wait until the charts have settled to the width they were given (plotly draws at a
    width of its own, then fits its box): the sizes the same in two reads SETTLE_STEP apart.
    (A fixed 1.5 s after each page and 0.7 s after each tab, before: most of it idle.)"""
    deadline = time.monotonic() + SETTLE_LIMIT
    last = driver.execute_script(SIZES_JS)
    while time.monotonic() < deadline:
        time.sleep(SETTLE_STEP)
        now = driver.execute_script(SIZES_JS)
        if now == last:
            return
        last = now


def shots_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    wanted = os.environ.get("SCREENSHOTS_DIR")
    folder = Path(wanted) if wanted else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return shots_dir(tmp_path_factory)


@pytest.fixture
def browser() -> Iterator[Any]:
    with chromium(1400, 900, logs=True) as driver:
        driver.set_page_load_timeout(RENDER_TIMEOUT)
        yield driver


#: Seconds a page may take to show before it is loaded once more (then RENDER_TIMEOUT): a
#: page shows in 2-5 s on a quiet machine and well within this on a loaded one, and one that
#: has not shown by now has stalled (seen: a run that waited four minutes for one page).
FIRST_TRY = 60


def open_page(driver: Any, url: str, ready: str) -> None:
    """Load ``url`` and wait for ``ready`` and a quiet page. The page before is left first
    and its logs dropped: on leaving, Voila's own page asks the server to shut its kernel
    down, and whatever that request logs belongs to the page left."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    def shown(d: Any) -> bool:
        return bool(d.find_elements(By.CSS_SELECTOR, ready)
                    and not d.find_elements(By.CSS_SELECTOR, "#loading:not([style*='none'])"))

    for attempt in (1, 2):  # a page a loaded machine left half-drawn gets one reload
        driver.get("about:blank")
        time.sleep(0.3)
        driver.get_log("browser"), driver.get_log("performance")
        started = time.monotonic()
        try:
            driver.get(url)
        except TimeoutException:  # a renderer starved by a busy machine: once more
            warnings.warn(f"{url}: not loaded after {time.monotonic() - started:.0f} s; "
                          "asked for it again", stacklevel=2)
            driver.get(url)
        limit = FIRST_TRY if attempt == 1 else RENDER_TIMEOUT
        try:
            WebDriverWait(driver, limit).until(shown)
            break
        except TimeoutException:
            text = driver.find_element(By.TAG_NAME, "body").text[-1500:]
            took = time.monotonic() - started
            if attempt == 2:
                raise AssertionError(f"{url}: no {ready} after {took:.0f} s, twice; "
                                     f"the page shows:\n{text}") from None
            # Passed after a reload, yet worth knowing: the run's summary shows it.
            console = "\n".join(e["message"] for e in driver.get_log("browser")[-20:])
            warnings.warn(f"{url}: no {ready} after {took:.0f} s; loaded it again. It "
                          f"showed:\n{text}\nthe console:\n{console}", stacklevel=2)
    wait_for_charts(driver)  # drawn one at a time, after the rest of the page
    settle(driver)


#: What the widget renderer logs when it gives up on a control (it then shows UNBOUND).
UNBOUND_LOGGED = "widget model not found"


def without_mended_controls(driver: Any, errors: list[str], what: str) -> list[str]:
    """The console's errors, less the widget renderer's "model not found" when the page
    mended those controls itself and shows none unbound: that is a warning in the run's
    summary, as test_serve's pages make it, not a failure. Any other error, or controls left
    unbound, stays an error."""
    from selenium.webdriver.common.by import By

    gave_up = [e for e in errors if UNBOUND_LOGGED in e]
    if not gave_up or UNBOUND in driver.find_element(By.TAG_NAME, "body").text \
            or not warn_if_mended(driver, what, "\n".join(gave_up)):
        return errors
    return [e for e in errors if UNBOUND_LOGGED not in e]


def check_page(driver: Any, port: int, what: str) -> None:
    """No horizontal overflow, no console error, no request to another host."""
    scroll, client, bad = driver.execute_script(OVERFLOW_JS)
    assert scroll <= client and not bad, f"{what}: wider than the screen: {scroll} > " \
        f"{client}, {bad}"
    errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    errors = without_mended_controls(driver, errors, what)
    assert not errors, f"{what}: console errors: {errors}"
    outside = set()
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        params = message.get("params", {})
        url = (params.get("request") or {}).get("url") or params.get("url") or ""
        if message["method"] in ("Network.requestWillBeSent", "Network.webSocketCreated") \
                and urlsplit(url).scheme not in ("data", "blob", "about", "") \
                and urlsplit(url).netloc != f"127.0.0.1:{port}":
            outside.add(url)
    assert not outside, f"{what}: requests outside the server: {sorted(outside)}"


def key_numbers(folder: Path, key: str) -> dict[str, list[str]]:
    """Each member's numbers as the ledger has them: what a page must show."""
    fields = {"pf2e": ("level", "xp"), "dungeon-world": ("level", "hp"),
              "condition-sheet": ("mana",)}
    with BaseCampaign.open(folder, readonly=True) as camp:
        if key == "draw-steel":
            return {n: [str(h.level), str(h.xp)] for n, h in camp.heroes.items()}
        sheets = {s.name: s.data for s in camp.sheets("character", visible_to="party")}
    numbers = {}
    for name, data in sheets.items():
        numbers[name] = [f"{data['hp']}/{data['max_hp']}" if f == "hp" else str(data[f])
                         for f in fields[key]]
    return numbers


def assert_row_shows(cells: list[Any], wanted: list[str], what: str) -> None:
    """The row's cells show each wanted number (alone, or last after a bar), on screen."""
    shown = [c for c in cells if c.text in wanted or c.text.split(" ")[-1] in wanted]
    texts = {c.text for c in shown} | {c.text.split(" ")[-1] for c in shown}
    assert texts >= set(wanted), f"{what}: {[c.text for c in cells]}, not {wanted}"
    assert all(c.is_displayed() for c in shown), f"{what}: the numbers are hidden"


def assert_numbers_shown(driver: Any, numbers: dict[str, list[str]], what: str) -> None:
    """The party page: each member's row in a table shows their numbers."""
    from selenium.webdriver.common.by import By

    rows = {}
    for row in driver.find_elements(By.CSS_SELECTOR, ".dsk-page table tbody tr"):
        cells = row.find_elements(By.TAG_NAME, "td")
        if cells and cells[0].text in numbers and cells[0].text not in rows:
            rows[cells[0].text] = cells
    assert set(rows) == set(numbers), f"{what}: rows for {sorted(rows)}"
    for name, wanted in numbers.items():
        assert_row_shows(rows[name], wanted, f"{what}, {name}")


def assert_own_numbers_shown(driver: Any, wanted: list[str], what: str) -> None:
    """A member's page: its first table (the member's numbers) shows them."""
    from selenium.webdriver.common.by import By

    first = driver.find_element(By.CSS_SELECTOR, ".dsk-page table tbody tr")
    assert_row_shows(first.find_elements(By.TAG_NAME, "td"), wanted, what)


#: What no player page of a system may carry in its source: its demo's Director-only rows
#: (``add_secrets`` for Draw Steel, ``build``'s note for the others) and the notebook's code.
HIDDEN = {"draw-steel": (DIRECTOR_PROJECT, DIRECTOR_REASON)}


def assert_read_only_page(driver: Any, members: list[str], party: str | None,
                          secrets: tuple[str, ...], what: str) -> None:
    """Nothing the players may not see is in the page's source, nor a traceback on it; the
    party page (``party``: the party's name) names every member."""
    from selenium.webdriver.common.by import By

    text = driver.find_element(By.TAG_NAME, "body").text
    source = driver.page_source
    for secret in (*secrets, *SOURCE_TEXTS):
        assert secret not in source, f"{what}: {secret!r} in the page"
    assert "Traceback" not in text, what
    if party is not None:
        assert party in text, what
        for member in members:
            assert member in text, f"{what}: no {member}"


def built(key: str, where: Path) -> Path:
    if key == "draw-steel":
        folder = demo_copy(where)
        checkpoint(folder / LEDGER_FILE)
        return folder
    return build(next(s for s in OTHER_SYSTEMS if s.key == key), where)


@pytest.mark.parametrize("key", SYSTEM_KEYS)
def test_player_pages_fit_every_screen(key: str, tmp_path: Path, browser: Any,
                                       shots: Path) -> None:
    from selenium.webdriver.common.by import By

    folder = built(key, tmp_path / "camp")
    numbers = key_numbers(folder, key)
    member = sorted(numbers)[0]
    with BaseCampaign.open(folder, readonly=True) as camp:
        party, members = camp.party.name, camp.members
    secrets = HIDDEN.get(key, (SECRET,))
    before = ledger_bytes(folder)
    server = Server(folder, free_port())
    try:
        for width_name, width, height, mobile in WIDTHS:
            size(browser, width, height, mobile)
            for page, url in (("party", server.url()), (member, server.hero(member))):
                what = f"{key} {page} page, {width_name}"
                open_page(browser, url, ".widget-toggle-button" if key == "draw-steel"
                          else ".dsk-page h1")
                browser.find_element(By.CSS_SELECTOR, ".js-plotly-plot .main-svg")
                check_page(browser, server.port, what)
                assert_read_only_page(browser, members, party if page == "party" else None,
                                      secrets, what)
                if page == "party":
                    assert_numbers_shown(browser, numbers, what)
                else:
                    assert browser.find_element(By.CSS_SELECTOR, ".dsk-page h1").text == member
                    assert_own_numbers_shown(browser, numbers[member], what)
                label = "party" if page == "party" else "hero"
                browser.save_screenshot(str(shots / f"{key}-{label}-{width_name}.png"))
    finally:
        server.stop()
    assert ledger_bytes(folder) == before, f"a {key} player page changed the ledger"


def panel_titles(key: str) -> list[str]:
    """The titles of the system's panels, in the workbook's order."""
    if key == "draw-steel":
        from drawsteel_kit.systems.draw_steel.panels import PANELS
    else:
        PANELS = next(s for s in OTHER_SYSTEMS if s.key == key).part("panels").PANELS
    return [p.title for p in PANELS]


def director_notebook(folder: Path, players: Path) -> None:
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
        f"from drawsteel_kit.workbook import open_workbook\nopen_workbook({str(folder)!r})")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, str(players / "director.ipynb"))


@pytest.mark.parametrize("key", SYSTEM_KEYS)
def test_every_director_panel_fits_the_screen(key: str, tmp_path: Path, browser: Any,
                                              shots: Path) -> None:
    """The Director's workbook in Voila (rendered with serve's template): each tab shown in
    turn, at a desktop's width and a phone's."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    folder = built(key, tmp_path / "camp")
    players = tmp_path / "notebooks"
    players.mkdir()
    director_notebook(folder, players)
    with bare_voila(players, tmp_path / "voila.log") as port:
        url = f"http://127.0.0.1:{port}/voila/render/director.ipynb"
        seen = []
        for width_name, width, height, mobile in WIDTHS:
            size(browser, width, height, mobile)
            open_page(browser, url, ".lm-TabBar-tab")
            tabs = browser.find_elements(By.CSS_SELECTOR, ".lm-TabBar-tab")
            assert [t.text.strip() for t in tabs] == panel_titles(key)
            for i, tab in enumerate(tabs):
                title = tab.text.strip()
                browser.execute_script("arguments[0].scrollIntoView()", tab)
                tab.click()
                WebDriverWait(browser, RENDER_TIMEOUT).until(
                    lambda _d, tab=tab: "lm-mod-current" in (tab.get_attribute("class") or ""))
                settle(browser)
                what = f"{key} Director panel {title!r}, {width_name}"
                assert "Traceback" not in browser.find_element(By.TAG_NAME, "body").text, what
                check_page(browser, port, what)
                seen.append(title)
                if width_name == "desktop":  # the Director's own screen: kept for the docs
                    slug = "".join(c if c.isalnum() else "-" for c in title.lower()).strip("-")
                    browser.save_screenshot(str(shots / f"{key}-panel-{i + 1:02d}-{slug}.png"))
        assert len(seen) == 2 * len(tabs)
