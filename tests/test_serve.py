"""`drawsteel-kit serve` for real: Voila in a subprocess, the pages in headless Chromium.

One server (and one browser) per module, against a temporary copy of the demo campaign with
a Director-only project and event added. The ledger's bytes are compared before and after
every page was loaded and every control on it used.
"""

from __future__ import annotations

import hashlib
import http.client
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import checkpoint
from workbook_helpers import (
    DIRECTOR_PROJECT,
    DIRECTOR_REASON,
    VAL_ONLY_REASON,
    chromium,
    demo_copy,
    free_port,
    needs_chromium,
)

from drawsteel_kit.campaign import Campaign
from drawsteel_kit.ledger import LEDGER_FILE

pytestmark = needs_chromium

EXE = Path(sys.executable).parent / "drawsteel-kit"
PAGE = "/voila/render/dashboard.ipynb"
#: Texts that only appear in the notebook's code cells (Voila strips them).
SOURCE_TEXTS = ("open_player_campaign", "workbook.player_page", "from drawsteel_kit",
                "DRAWSTEEL_KIT_CAMPAIGN")
RENDER_TIMEOUT = 90


class Server:
    """A running `drawsteel-kit serve` and what it serves."""

    def __init__(self, folder: Path, port: int, token: str | None = None) -> None:
        self.folder, self.port, self.token = folder, port, token
        self.log = folder.parent / f"serve-{port}.log"
        argv = [str(EXE), "serve", str(folder), "--port", str(port), "--no-browser"]
        if token:
            argv += ["--token", token]
        with self.log.open("wb") as log:
            self.proc = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT,
                                         start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"serve stopped: {self.log.read_text()}")
            try:
                with socket_open(port):
                    break
            except OSError:
                time.sleep(0.2)
        else:
            raise AssertionError(f"serve did not start: {self.log.read_text()}")

    def url(self, query: str = "") -> str:
        return f"http://127.0.0.1:{self.port}{PAGE}{query}"

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)  # Voila shuts its kernels down
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def socket_open(port: int) -> Any:
    import socket

    return socket.create_connection(("127.0.0.1", port), timeout=1)


def ledger_bytes(folder: Path) -> tuple[str, int]:
    """The ledger file's SHA-256 and its WAL's size, read without opening it in SQLite."""
    ledger = folder / LEDGER_FILE
    wal = ledger.with_name(ledger.name + "-wal")
    return hashlib.sha256(ledger.read_bytes()).hexdigest(), wal.stat().st_size if wal.exists() \
        else 0


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, tuple]]:
    folder = demo_copy(tmp_path_factory.mktemp("serve") / "demo")
    checkpoint(folder / LEDGER_FILE)
    before = ledger_bytes(folder)
    server = Server(folder, free_port())
    try:
        yield server, before
    finally:
        server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as driver:
        driver.set_page_load_timeout(RENDER_TIMEOUT)
        yield driver


def load(driver: Any, url: str) -> float:
    """Open a page and wait for a rendered plotly chart; the seconds it took."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    start = time.monotonic()
    try:
        driver.get(url)
    except TimeoutException:  # a renderer starved by a busy machine: once more
        driver.get(url)
    WebDriverWait(driver, RENDER_TIMEOUT).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, ".js-plotly-plot .main-svg"))
    WebDriverWait(driver, RENDER_TIMEOUT).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, ".widget-toggle-button"))
    return time.monotonic() - start


def page_text(driver: Any) -> tuple[str, str]:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.TAG_NAME, "body").text, driver.page_source


def assert_nothing_hidden(driver: Any) -> None:
    text, source = page_text(driver)
    for secret in (DIRECTOR_PROJECT, DIRECTOR_REASON, *SOURCE_TEXTS):
        assert secret not in source, secret
    assert "Traceback" not in text and "Error" not in text.split("\n")[0]


def test_the_party_page_shows_the_ledgers_numbers(served, browser) -> None:
    from selenium.webdriver.common.by import By

    server, _ = served
    seconds = load(browser, server.url())
    print(f"party page rendered in {seconds:.1f}s")
    with Campaign.open(server.folder, readonly=True) as camp:
        party, heroes = camp.party, camp.heroes
    text, _ = page_text(browser)
    assert party.name in text and f"Day {party.day}" in text
    rows = browser.find_elements(By.CSS_SELECTOR, "table.dsk-heroes tbody tr")
    shown = {r.find_elements(By.TAG_NAME, "td")[0].text: [c.text for c in
                                                          r.find_elements(By.TAG_NAME, "td")]
             for r in rows}
    assert set(shown) == set(heroes)
    for name, h in heroes.items():
        cells = shown[name]
        assert cells[3:5] == [str(h.level), str(h.xp)]
        assert cells[6:] == [str(h.victories), f"{h.stamina}/{h.max_stamina}",
                             f"{h.recoveries}/{h.max_recoveries}", str(h.renown), str(h.wealth)]
    assert len(browser.find_elements(By.CSS_SELECTOR, ".js-plotly-plot")) >= 5
    assert_nothing_hidden(browser)
    assert VAL_ONLY_REASON not in page_text(browser)[1]


def test_a_hero_page_shows_that_hero(served, browser) -> None:
    from selenium.webdriver.common.by import By

    server, _ = served
    load(browser, server.url("?hero=Val"))
    assert browser.find_element(By.CSS_SELECTOR, ".dsk-page h1").text == "Val"
    assert VAL_ONLY_REASON in page_text(browser)[0]
    assert_nothing_hidden(browser)
    load(browser, server.url("?hero=Yorn"))
    assert browser.find_element(By.CSS_SELECTOR, ".dsk-page h1").text == "Yorn"
    assert VAL_ONLY_REASON not in page_text(browser)[1]


def test_an_unknown_hero_is_one_line(served, browser) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    server, _ = served
    browser.get(server.url("?hero=Nobody&campaign=/etc"))
    WebDriverWait(browser, RENDER_TIMEOUT).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, ".dsk-error"))
    assert "no hero named 'Nobody'" in page_text(browser)[0]
    assert "Traceback" not in page_text(browser)[1]


def test_every_control_leaves_the_ledger_unchanged(served, browser) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    server, before = served
    used = 0
    for query in ("", "?hero=Pip%20Thistledown", "?hero=Val"):
        load(browser, server.url(query))
        for select in browser.find_elements(By.CSS_SELECTOR, ".widget-dropdown select"):
            for i in range(len(Select(select).options)):
                Select(select).select_by_index(i)
                used += 1
                time.sleep(0.5)
        for button in browser.find_elements(By.CSS_SELECTOR, ".widget-toggle-button"):
            button.click()
            used += 1
            time.sleep(0.3)
        for item in browser.find_elements(By.CSS_SELECTOR, ".legendtoggle")[:6]:
            browser.execute_script(
                "arguments[0].dispatchEvent(new MouseEvent('mousedown', {bubbles: true}));"
                "arguments[0].dispatchEvent(new MouseEvent('mouseup', {bubbles: true}));", item)
            used += 1
        time.sleep(1)
        assert_nothing_hidden(browser)
        assert "last 50" in page_text(browser)[0]
    assert used >= 10
    assert ledger_bytes(server.folder) == before


def _get(port: int, path: str) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path)  # sent as written: no client-side path clean-up
        return conn.getresponse().status
    finally:
        conn.close()


def test_only_the_players_folder_is_served(served) -> None:
    server, _ = served
    for path in ("/voila/render/resolve_downtime.ipynb", "/voila/render/../forecast.ipynb",
                 "/voila/render/%2e%2e/resolve_downtime.ipynb", "/voila/files/dashboard.ipynb",
                 "/voila/files/../../campaigns/demo/campaign.yaml",
                 f"/voila/files/{server.folder}/{LEDGER_FILE}"):
        assert _get(server.port, path) in (403, 404), path


def test_a_token_guards_the_pages(tmp_path: Path) -> None:
    folder = tmp_path / "demo"
    folder.mkdir()
    from workbook_helpers import REPO

    (folder / "campaign.yaml").write_bytes((REPO / "campaigns/demo/campaign.yaml").read_bytes())
    Campaign.init(folder)[0].close()
    server = Server(folder, free_port(), token="s3cret")
    try:
        assert _get(server.port, "/?token=s3cret") == 200
        assert _get(server.port, "/") in (302, 403)
        log = server.log.read_text()
        assert f"http://127.0.0.1:{server.port}{PAGE}?token=s3cret" in log
    finally:
        server.stop()


def test_serve_refuses_a_port_in_use(served) -> None:
    server, _ = served
    result = subprocess.run([str(EXE), "serve", str(server.folder), "--port", str(server.port),
                             "--no-browser"], capture_output=True, text=True, timeout=60,
                            env={**os.environ})
    assert result.returncode == 1
    assert f"port {server.port} on 127.0.0.1 is already in use" in result.stderr
    assert "Traceback" not in result.stderr


def test_serve_needs_a_built_campaign(tmp_path: Path) -> None:
    result = subprocess.run([str(EXE), "serve", str(tmp_path), "--no-browser"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1 and "has no ledger yet" in result.stderr


def test_urls_are_not_fetchable_without_the_server() -> None:
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(f"http://127.0.0.1:{free_port()}{PAGE}", timeout=5)
