"""`drawsteel-kit publish`: static pages that open from disk, charts drawn, nothing hidden shown."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run
from conftest import ledger_fingerprint
from plotly.offline import get_plotlyjs
from workbook_helpers import (
    DIRECTOR_PROJECT,
    DIRECTOR_REASON,
    VAL_ONLY_REASON,
    chromium,
    demo_copy,
    needs_chromium,
)

from drawsteel_kit.kit.ledger import LEDGER_FILE
from drawsteel_kit.kit.outputs import SITE_MARKER
from drawsteel_kit.kit.ui.assets import plotlyjs_name
from drawsteel_kit.systems.draw_steel.campaign import Campaign


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    base = tmp_path_factory.mktemp("publish")
    folder = demo_copy(base / "demo")
    before = ledger_fingerprint(folder / LEDGER_FILE)
    out = run("publish", folder, "--out", base / "site")
    assert ledger_fingerprint(folder / LEDGER_FILE) == before
    return folder, base / "site", out


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as driver:
        yield driver


def test_one_page_for_the_party_and_each_hero(published) -> None:
    folder, site, out = published
    with Campaign.open(folder, readonly=True) as camp:
        heroes = list(camp.heroes)
    shared = plotlyjs_name()
    files = sorted(p.name for p in site.iterdir() if p.name not in (shared, SITE_MARKER))
    assert "index.html" in files and len(files) == len(heroes) + 1
    assert f"Wrote {len(heroes) + 1} pages" in out
    index = (site / "index.html").read_text(encoding="utf-8")
    for name in files:
        if name != "index.html":
            assert f'href="{name}"' in index
    # plotly.js is one file beside the pages, each page loading it by a relative address
    assert (site / shared).read_text(encoding="utf-8") == get_plotlyjs()
    for name in files:
        text = (site / name).read_text(encoding="utf-8")
        assert DIRECTOR_PROJECT not in text and DIRECTOR_REASON not in text
        assert "Plotly.newPlot" in text and get_plotlyjs()[:2000] not in text
        fetched = re.findall(r"<(?:script|link|img)[^>]*\b(?:src|href)=\"([^\"]*)\"", text)
        assert fetched == [shared]  # nothing else fetched, nothing from the network
        assert len(text.encode("utf-8")) < 300_000, f"{name} is over 300 kB"
        assert (VAL_ONLY_REASON in text) == (name == "hero-val.html")
    assert sum((site / name).stat().st_size for name in files) < 1_000_000


def _open(driver: Any, path: Path) -> float:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    start = time.monotonic()
    driver.get(path.resolve().as_uri())
    WebDriverWait(driver, 60).until(
        lambda d: len(d.find_elements(By.CSS_SELECTOR, ".js-plotly-plot .main-svg")) >= 2)
    return time.monotonic() - start


@needs_chromium
def test_the_pages_open_from_disk_with_their_charts(published, browser) -> None:
    from selenium.webdriver.common.by import By

    folder, site, _ = published
    seconds = _open(browser, site / "index.html")
    print(f"published party page rendered in {seconds:.1f}s")
    with Campaign.open(folder, readonly=True) as camp:
        party, val = camp.party, camp.hero("Val")
    body = browser.find_element(By.TAG_NAME, "body").text
    assert party.name in body and f"Day {party.day}" in body
    assert len(browser.find_elements(By.CSS_SELECTOR, ".js-plotly-plot")) >= 5
    browser.find_element(By.LINK_TEXT, "Val").click()
    _open(browser, site / "hero-val.html")
    assert browser.current_url.endswith("hero-val.html")
    assert browser.find_element(By.CSS_SELECTOR, ".dsk-page h1").text == "Val"
    stats = [c.text for c in browser.find_elements(By.CSS_SELECTOR, "table.dsk-stats td")]
    assert stats[:2] == [str(val.level), str(val.xp)]
    assert VAL_ONLY_REASON in browser.find_element(By.TAG_NAME, "body").text
