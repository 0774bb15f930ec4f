"""`drawsteel-kit publish`: static pages that open from disk, charts drawn, nothing hidden shown."""

from __future__ import annotations

import json
import re
import shutil
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run
from conftest import REPO, ledger_fingerprint
from plotly.offline import get_plotlyjs, get_plotlyjs_version
from workbook_helpers import (
    DIRECTOR_PROJECT,
    DIRECTOR_REASON,
    VAL_ONLY_REASON,
    chromium,
    demo_copy,
    needs_chromium,
)

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.ledger import LEDGER_FILE
from drawsteel_kit.kit.outputs import SITE_MARKER
from drawsteel_kit.kit.ui.assets import basic_bundle, license_name, plotlyjs_name


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
    with BaseCampaign.open(folder, readonly=True) as camp:
        heroes = list(camp.heroes)
    shared = plotlyjs_name()
    files = sorted(p.name for p in site.iterdir()
                   if p.name not in (shared, license_name(), SITE_MARKER))
    assert "index.html" in files and len(files) == len(heroes) + 1
    assert f"Wrote {len(heroes) + 1} pages" in out
    index = (site / "index.html").read_text(encoding="utf-8")
    for name in files:
        if name != "index.html":
            assert f'href="{name}"' in index
    # plotly.js's basic bundle (not the full 4.8 MB one) is one file beside the pages, with
    # its license, each page loading it by a relative address
    assert shared == f"plotly-basic-{get_plotlyjs_version()}.min.js"
    assert (site / shared).read_bytes() == basic_bundle().read_bytes()
    assert (site / shared).stat().st_size < 1_500_000 < len(get_plotlyjs())
    assert "MIT" in (site / license_name()).read_text(encoding="utf-8")
    for name in files:
        text = (site / name).read_text(encoding="utf-8")
        assert DIRECTOR_PROJECT not in text and DIRECTOR_REASON not in text
        assert 'class="dsk-chart-data"' in text and get_plotlyjs()[:2000] not in text
        # the text first: no script in the head, plotly.js loaded deferred after the body's
        # text (the heroes' table, the day), the loader drawing the charts just before it
        assert "<script" not in text[:text.index("</head>")]
        assert text.endswith(f'<script src="{shared}" defer></script></body></html>\n')
        first_script = text.index("<script")
        assert text.index("<h1>") < text.index("</table>") < first_script
        assert first_script < text.index("Plotly.newPlot")
        fetched = re.findall(r"<(?:script|link|img)[^>]*\b(?:src|href)=\"([^\"]*)\"", text)
        assert fetched == [shared]  # nothing else fetched, nothing from the network
        assert len(text.encode("utf-8")) < 300_000, f"{name} is over 300 kB"
        assert (VAL_ONLY_REASON in text) == (name == "hero-val.html")
    assert sum((site / name).stat().st_size for name in files) < 1_000_000
    # the party page: the day's summary and the heroes' table, then any script
    assert max(index.index("Day "), index.index("</table>", index.index("dsk-heroes"))) < \
        index.index("<script")


def test_publishing_again_removes_the_full_plotly_js_an_older_publish_wrote(
        published, tmp_path: Path) -> None:
    """A site published before the basic bundle held the full plotly.js (4.8 MB): publishing
    again rewrites every page, and removes that file, which no page loads any more."""
    folder, site, _ = published
    older = tmp_path / "site"
    shutil.copytree(site, older)
    full = f"plotly-{get_plotlyjs_version()}.min.js"
    (older / full).write_text(get_plotlyjs()[:5000], encoding="utf-8")
    marker = json.loads((older / SITE_MARKER).read_text(encoding="utf-8"))
    marker["files"] = [*marker["files"], full]
    (older / SITE_MARKER).write_text(json.dumps(marker), encoding="utf-8")
    run("publish", folder, "--out", older)
    assert not (older / full).exists()
    assert (older / plotlyjs_name()).read_bytes() == basic_bundle().read_bytes()
    assert sorted(p.name for p in older.iterdir()) == sorted(p.name for p in site.iterdir())


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
    with BaseCampaign.open(folder, readonly=True) as camp:
        party, val = camp.party, camp.hero("Val")
    body = browser.find_element(By.TAG_NAME, "body").text
    assert party.name in body and f"Day {party.day}" in body
    assert len(browser.find_elements(By.CSS_SELECTOR, ".js-plotly-plot")) >= 5
    _all_drawn(browser)
    browser.find_element(By.LINK_TEXT, "Val").click()
    _open(browser, site / "hero-val.html")
    assert browser.current_url.endswith("hero-val.html")
    assert browser.find_element(By.CSS_SELECTOR, ".dsk-page h1").text == "Val"
    stats = [c.text for c in browser.find_elements(By.CSS_SELECTOR, "table.dsk-stats td")]
    assert stats[:2] == [str(val.level), str(val.xp)]
    assert VAL_ONLY_REASON in browser.find_element(By.TAG_NAME, "body").text
    _all_drawn(browser)


def _all_drawn(driver: Any) -> None:
    """Every chart of the page drawn, in time, and nothing logged as an error."""
    from selenium.webdriver.support.ui import WebDriverWait

    count = "return document.querySelectorAll(arguments[0]).length"
    charts = driver.execute_script(count, "script.dsk-chart-data")
    assert charts >= 1
    WebDriverWait(driver, 60).until(
        lambda d: d.execute_script(count, ".js-plotly-plot .main-svg") >= charts)
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"
              and "favicon.ico" not in e["message"]]  # a browser asks a server for one
    assert errors == []


@contextmanager
def _holding_plotly(site: Path, gate: threading.Event) -> Iterator[str]:
    """``site`` served over HTTP, plotly.js held back until ``gate`` is set (a slow link)."""

    class Held(SimpleHTTPRequestHandler):
        def do_GET(self) -> None:
            if "plotly" in self.path:
                gate.wait(120)
            super().do_GET()

        def log_message(self, format: str, *args: Any) -> None:
            """Quiet."""

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(Held, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        gate.set()
        httpd.shutdown()
        httpd.server_close()


@needs_chromium
def test_a_phone_sees_the_text_before_plotly_js_arrives_and_the_charts_after(
        published) -> None:
    """On a slow link the page's text must not wait for plotly.js (1.2 MB): the heroes' table
    and the day show while plotly.js is still on its way, the charts once it has come."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    sys.path.insert(0, str(REPO))
    from benchmarks import phone  # a phone's screen, `driver.get` not waiting for the page

    folder, site, _ = published
    with BaseCampaign.open(folder, readonly=True) as camp:
        party = camp.party
    gate = threading.Event()
    with _holding_plotly(site, gate) as url, phone.chromium(preset=False) as driver:
        driver.get(url + "index.html")
        WebDriverWait(driver, 30, poll_frequency=0.1).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "table.dsk-heroes"))
        table = driver.find_element(By.CSS_SELECTOR, "table.dsk-heroes")
        WebDriverWait(driver, 10).until(lambda d: table.is_displayed())
        assert driver.execute_script("return typeof window.Plotly") == "undefined"
        body = driver.find_element(By.TAG_NAME, "body").text
        assert party.name in body and f"Day {party.day}" in body
        assert driver.find_elements(By.CSS_SELECTOR, ".js-plotly-plot") == []
        gate.set()
        _all_drawn(driver)
