"""`drawsteel-kit serve` for real: Voila in a subprocess, the pages in headless Chromium.

One server (and one browser) per module for the tests of its pages, against a temporary copy
of the demo campaign with a Director-only project and event added. The ledger's bytes are
compared before and after every page was loaded and every control on it used. A test that
serves a campaign of its own has its own browser too, so it is not tied to that server's
xdist worker.
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
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
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

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.ledger import LEDGER_FILE
from drawsteel_kit.workbook.links import hero_query, load_links
from drawsteel_kit.workbook.serve_guard import (
    BUSY,
    BUSY_PARTY,
    NO_KEY,
    NOT_YOURS,
    PARTY_PAGE,
    TOO_MANY,
    page_of_query,
)
from drawsteel_kit.workbook.serve_page import EXTENSIONS

pytestmark = needs_chromium

EXE = Path(sys.executable).parent / "drawsteel-kit"
PAGE = "/voila/render/dashboard.ipynb"
#: Texts that only appear in the notebook's code cells (Voila strips them).
SOURCE_TEXTS = ("open_player_campaign", "workbook.player_page", "from drawsteel_kit",
                "DRAWSTEEL_KIT_CAMPAIGN")
#: A page renders in seconds; the first of a run starts a cold kernel, and on a shared 2-core
#: machine running other test processes it once took over 90 s. Waiting longer costs nothing
#: when the page comes.
RENDER_TIMEOUT = 240


class Server:
    """A running `drawsteel-kit serve` and what it serves."""

    def __init__(self, folder: Path, port: int, token: str | None = None,
                 *options: str) -> None:
        self.folder, self.port, self.token = folder, port, token
        self.log = folder.parent / f"serve-{port}.log"
        argv = [str(EXE), "serve", str(folder), "--port", str(port), "--no-browser", *options]
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

    def hero(self, name: str) -> str:
        """A hero's page, with its player's key (the link `serve` printed for them)."""
        return self.url("?" + hero_query(name, load_links(self.folder)[name]))

    def kernels(self) -> int:
        """Page kernels alive: the server's child processes."""
        import psutil

        return len(psutil.Process(self.proc.pid).children(recursive=True))

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


@contextmanager
def bare_voila(players: Path, log: Path, **options: Any) -> Iterator[int]:
    """Voila on serve's own arguments (``voila_argv``) for the notebooks in ``players``,
    without serve's campaign set-up; yields its port once it listens, stops it after."""
    port = free_port()
    code = ("from pathlib import Path; from drawsteel_kit.workbook.schema_formats import "
            "skip_unused_formats; skip_unused_formats(); from voila.app import Voila; "
            "from drawsteel_kit.workbook.serve import voila_argv; Voila.launch_instance(argv="
            f"voila_argv(port={port}, players_dir=Path({str(players)!r}), **{options!r}))")
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-c", code], stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with socket_open(port):
                    break
            except OSError:
                assert time.monotonic() < deadline and proc.poll() is None, log.read_text()
                time.sleep(0.2)
        yield port
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


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


@pytest.fixture
def own_browser() -> Iterator[Any]:
    """A browser for one test that serves its own campaign: that test is not tied to the
    module's server, so another xdist worker may run it."""
    with chromium() as driver:
        driver.set_page_load_timeout(RENDER_TIMEOUT)
        yield driver


#: What Voila's widget renderer shows in place of a page's controls it has not found within
#: two seconds once its manager says it is restored (seen on busy 2-core machines; the text
#: is also how the test below finds the renderer's code). The page's own script then draws
#: them again, or loads itself again (the dsk-offline template), at most RELOADS a minute.
UNBOUND = "Error displaying widget: model not found"
#: The page's record of the times it loaded itself again (sessionStorage, the template's).
RELOADED = "dsk-reloads"
#: How many times a minute a page loads itself again (the template's RELOADS).
RELOADS = 3


def reloads(driver: Any) -> list[float]:
    """The times this tab's pages loaded themselves again in the last minute."""
    return list(driver.execute_script(
        f"try {{ return JSON.parse(sessionStorage.getItem('{RELOADED}') || '[]'); }}"
        " catch (e) { return []; }"))


def load(driver: Any, url: str) -> float:
    """Open a page and wait for a rendered plotly chart and the controls; the seconds it took.
    A page whose controls came up unbound mends itself (draws them again, or loads itself
    again); the run's warnings summary says so, with what the page's console logged."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    def body(d: Any) -> str:
        return str(d.find_element(By.TAG_NAME, "body").text)

    def gave_up(d: Any) -> bool:  # unbound, and the page has used its reloads
        return UNBOUND in body(d) and len(reloads(d)) >= RELOADS

    start = time.monotonic()
    driver.get_log("browser")  # what earlier pages logged
    if driver.current_url.startswith("http"):
        driver.execute_script(f"sessionStorage.removeItem('{RELOADED}')")
    try:
        driver.get(url)
    except TimeoutException:  # a renderer starved by a busy machine: once more
        driver.get(url)
    for what, css in (("a chart", ".js-plotly-plot .main-svg"),
                      ("the controls", ".widget-toggle-button")):
        try:
            WebDriverWait(driver, RENDER_TIMEOUT).until(
                lambda d, css=css: d.find_elements(By.CSS_SELECTOR, css) or gave_up(d))
        except TimeoutException:  # say what the page showed instead
            raise AssertionError(f"{url}: no {what} after {RENDER_TIMEOUT} s; the page "
                                 f"shows:\n{body(driver)[-1500:]}") from None
    console = "\n".join(f"  {e['level']} {e['message'][:600]}"
                        for e in driver.get_log("browser") if e["level"] != "WARNING")
    if UNBOUND in body(driver):
        raise AssertionError(f"{url}: the controls came up unbound ({UNBOUND!r}) on "
                             f"{RELOADS + 1} loads; the console:\n{console}")
    warn_if_mended(driver, url, console)
    return time.monotonic() - start


def warn_if_mended(driver: Any, what: str, console: str) -> bool:
    """Whether the page drew controls that came up unbound again, or loaded itself again (the
    dsk-offline template's script); if so, a warning in the run's summary names the page
    ``what`` and gives its ``console``."""
    redrawn = driver.execute_script("return document.querySelectorAll('[data-dsk-redrawn]')"
                                    ".length")
    again = reloads(driver)
    if redrawn or again:
        warnings.warn(f"{what}: the controls came up unbound; the page drew {redrawn} again "
                      f"from its own widget manager and loaded itself again {len(again)} "
                      f"time(s); the console:\n{console}", stacklevel=3)
    return bool(redrawn or again)


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
    from selenium.webdriver.support.ui import WebDriverWait

    server, _ = served
    seconds = load(browser, server.url())
    print(f"party page rendered in {seconds:.1f}s")
    with BaseCampaign.open(server.folder, readonly=True) as camp:
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
    charts = wait_for_charts(browser, 5)
    assert_nothing_hidden(browser)
    assert VAL_ONLY_REASON not in page_text(browser)[1]
    # The page's own script drew every chart with the server's plotly.js (the basic bundle),
    # none through JupyterLab's plotly renderer and its full plotly.js; the page loaded no
    # labextension but the widget manager its controls need.
    WebDriverWait(browser, 30).until(
        lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("data-dsk-charts")
        == str(int(d.execute_script(CHARTS_JS))), message="a chart not drawn by the page")
    assert charts >= 5
    fetched = browser.execute_script(
        "return performance.getEntriesByType('resource').map(r => r.name)")
    assert [u for u in fetched if "/voila/dsk-static/plotly-basic-" in u], fetched
    extensions = {u.split("/voila/labextensions/", 1)[1].split("/static/")[0] for u in fetched
                  if "/voila/labextensions/" in u}
    assert extensions == set(EXTENSIONS), extensions
    assert browser.execute_script("return window.Plotly.version") == plotly_version()


#: How many charts the page holds, or -1 while one of them is still to be drawn (the page's
#: script draws them one at a time, each in a turn of its own).
CHARTS_JS = ("return document.querySelector('.dsk-chart:not(:has(.main-svg))') ? -1"
             " : document.querySelectorAll('.dsk-chart').length;")


def plotly_version() -> str:
    """The version of plotly.js plotly.py bundles (the basic bundle's is the same)."""
    from plotly.offline import get_plotlyjs_version

    return str(get_plotlyjs_version())


def wait_for_charts(driver: Any, at_least: int = 0) -> int:
    """Wait until the page holds ``at_least`` charts or more, all of them drawn; how many it
    holds."""
    from selenium.webdriver.support.ui import WebDriverWait

    held = [-1]

    def drawn(d: Any) -> bool:
        held[0] = int(d.execute_script(CHARTS_JS))
        return held[0] >= at_least and held[0] >= 0

    WebDriverWait(driver, RENDER_TIMEOUT).until(
        drawn, message=f"fewer than {at_least} charts drawn, or one never drawn")
    return held[0]


def _fetch(port: int, path: str) -> tuple[int, dict[str, str], bytes]:
    """A GET as a phone's browser sends it (it takes gzip): status, headers, the body as
    sent."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        conn.request("GET", path, headers={"Accept-Encoding": "gzip"})
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, \
            response.read()
    finally:
        conn.close()


def test_the_page_sends_its_text_as_html_and_everything_compressed(served) -> None:
    """What a phone gets before any script runs: the page compressed as it streams, its text
    (the heroes' table, the day's summary) as HTML shown at once (never JSON in a script for
    Voila's script to draw, never a hidden block), its charts as inert JSON; the scripts and
    styles compressed too; the page's plotly.js the package's basic bundle, one file,
    compressed and cached for a year."""
    import gzip
    import re

    from drawsteel_kit.kit.ui.assets import basic_bundle

    server, _ = served
    status, headers, body = _fetch(server.port, PAGE)
    assert status == 200 and headers.get("content-encoding") == "gzip", headers
    page = gzip.decompress(body).decode()
    assert len(body) < len(page) / 2
    outside = re.sub(r"<script\b.*?</script>", "", page, flags=re.S)  # what no script holds
    assert re.search(r'<table class="dsk-table[^"]* dsk-heroes"', outside)
    assert "<h1>The Lantern Company</h1>" in outside and "Day " in outside
    cells = re.search(r'<div id="rendered_cells"[^>]*>', page)
    assert cells and "display" not in cells.group(0), cells
    assert 'id="loading"' not in page  # no spinner in place of the text
    assert page.count('type="application/vnd.dsk.figure+json"') >= 5
    assert "jupyterlab-plotly" not in page and "jupyterlab_pygments" not in page
    for path in ("/voila/static/voila.js", re.search(r'href="([^"]*index\.css[^"]*)"',
                                                      page).group(1)):
        status, headers, _ = _fetch(server.port, path)
        assert status == 200 and headers.get("content-encoding") == "gzip", (path, headers)
    name = basic_bundle().name
    status, headers, body = _fetch(server.port, f"/voila/dsk-static/{name}")
    assert status == 200 and headers.get("content-encoding") == "gzip", headers
    assert "immutable" in headers.get("cache-control", "") and "max-age=31536000" in \
        headers["cache-control"]
    assert gzip.decompress(body) == basic_bundle().read_bytes()
    assert f'href="/voila/dsk-static/{name}"' in page  # fetched ahead, while the cells run
    for other in ("README.md", "LICENSE-plotly.js.txt", f"..%2F{name}", "../html.py",
                  name.replace("basic", "full")):
        assert _fetch(server.port, f"/voila/dsk-static/{other}")[0] == 404, other


def test_a_browser_running_no_script_still_shows_the_heroes_table(served, own_browser
                                                                 ) -> None:
    """The text is on screen before any script runs: with scripts off, the party page shows
    the heroes' table and the day's summary (Voila's lab template hid them until its script
    drew them)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    server, _ = served
    own_browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    own_browser.get(server.url())
    WebDriverWait(own_browser, RENDER_TIMEOUT).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "table.dsk-heroes tbody tr"))
    table = own_browser.find_element(By.CSS_SELECTOR, "table.dsk-heroes")
    assert table.is_displayed() and table.size["height"] > 50
    with BaseCampaign.open(server.folder, readonly=True) as camp:
        names = set(camp.heroes)
    shown = {r.find_elements(By.TAG_NAME, "td")[0].text for r in
             table.find_elements(By.CSS_SELECTOR, "tbody tr")}
    assert shown == names
    assert own_browser.find_element(By.CSS_SELECTOR, ".dsk-page h1").is_displayed()


def test_a_page_whose_controls_come_up_unbound_mends_itself(served, browser) -> None:
    """The template's script: a page showing Voila's "model not found" in place of a control
    draws it again from its own widget manager; failing that, it loads itself again (a new
    kernel, the controls whole), at most RELOADS times a minute; past that it stays as it is."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    server, _ = served

    def unbind(*, known: bool = True) -> None:  # what an unbound page shows for its controls
        browser.execute_script(
            "window.dskBefore = true;"
            + ("" if known else "window.dskWidgetIds = {};") +
            "const out = document.querySelector('.widget-toggle-button')"
            ".closest('.jp-OutputArea-output');"
            f"out.replaceChildren(); out.classList.add('jupyter-widgets'); "
            f"out.textContent = {UNBOUND!r};")

    def same_page(d: Any) -> bool:
        return bool(d.execute_script("return window.dskBefore === true"))

    def controls(d: Any) -> bool:
        return bool(d.find_elements(By.CSS_SELECTOR, ".widget-toggle-button"))

    load(browser, server.url())
    unbind()  # drawn again in place, from the page's widget manager
    WebDriverWait(browser, RENDER_TIMEOUT).until(controls)
    assert same_page(browser) and reloads(browser) == []
    assert UNBOUND not in browser.find_element(By.TAG_NAME, "body").text

    unbind(known=False)  # nothing to draw it from: the page loads itself again
    WebDriverWait(browser, RENDER_TIMEOUT).until(lambda d: not same_page(d) and controls(d))
    assert len(reloads(browser)) == 1

    browser.execute_script(f"sessionStorage.setItem('{RELOADED}', "
                           f"JSON.stringify(Array({RELOADS}).fill(Date.now())))")
    unbind(known=False)
    time.sleep(2)  # the script looks four times a second
    assert same_page(browser)
    assert UNBOUND in browser.find_element(By.TAG_NAME, "body").text


def test_a_page_runs_one_copy_of_the_widget_managers_code(served, browser) -> None:
    """Voila's own widget manager (widgets-manager8) carries a copy of the lab widget
    manager's code, and JupyterLab's widgets extension another; one is shared between them,
    so a page fetches one file holding the widget renderer's code, never two (two managers'
    code on one page was once thought the cause of controls shown unbound)."""
    from voila.utils import get_voila_labextensions_path

    server, _ = served
    load(browser, server.url())
    urls = browser.execute_script(
        "return performance.getEntriesByType('resource').map(r => r.name)")
    fetched = [u.split("/voila/labextensions/", 1)[1].split("?")[0] for u in urls
               if "/voila/labextensions/" in u]
    roots = [Path(p) for p in get_voila_labextensions_path()]

    def text(rel: str) -> str:
        found = [r / rel for r in roots if (r / rel).is_file()]
        assert found, f"{rel} is not in any labextensions folder {roots}"
        return found[0].read_text(errors="replace")

    renderers = [rel for rel in fetched if rel.endswith(".js") and UNBOUND in text(rel)]
    assert len(renderers) == 1, (renderers, fetched)


def test_a_hero_page_shows_that_hero(served, browser) -> None:
    from selenium.webdriver.common.by import By

    server, _ = served
    load(browser, server.hero("Val"))
    assert browser.find_element(By.CSS_SELECTOR, ".dsk-page h1").text == "Val"
    assert VAL_ONLY_REASON in page_text(browser)[0]
    assert_nothing_hidden(browser)
    load(browser, server.hero("Yorn"))
    assert browser.find_element(By.CSS_SELECTOR, ".dsk-page h1").text == "Yorn"
    assert VAL_ONLY_REASON not in page_text(browser)[1]


def _page(port: int, path: str) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        conn.close()


def assert_plain_refusal(body: str, reason: str, folder: Path) -> None:
    """A refusal page: its one reason, no traceback, no path, no notebook; in the players'
    pages' look (their style inlined), a link to the party page, nothing from another host."""
    import html

    from drawsteel_kit.kit.ui.html import STYLE

    assert html.unescape(body).count(reason) >= 1, body[-500:]
    for bad in ("Traceback", "site-packages", str(folder), str(EXE.parent), "dsk-heroes",
                "kernelId", "://", "<script", "<link rel=\"stylesheet", *SOURCE_TEXTS):
        assert bad not in body, bad
    assert str(STYLE) in body and '<div class="dsk-page dsk-refusal">' in body
    assert f'<a href="{PAGE}">' in body


def test_a_hero_page_needs_its_players_key(served) -> None:
    """No key, a wrong key, another hero's key, a rotated key: a 403 page, no kernel."""
    server, _ = served
    keys = load_links(server.folder)
    assert set(keys) >= {"Val", "Yorn"}
    before = server.kernels()
    for query in ("?hero=Val", "?hero=Val&key=", f"?hero=Val&key={keys['Yorn']}",
                  f"?hero=Val&key={keys['Val']}x", f"?hero=Val&key={keys['Val'][:-1]}",
                  f"?hero=Nobody&key={keys['Val']}", "?hero=Nobody&campaign=/etc",
                  f"?key={keys['Val']}&hero=Yorn", f"?hero=Yorn&key={keys['Val']}&key="):
        status, body = _page(server.port, PAGE + query)
        assert status == 403, query
        assert_plain_refusal(body, NO_KEY, server.folder)
    assert server.kernels() <= before  # nothing was started for them
    old = keys["Yorn"]
    new = printed_key(subprocess.run([str(EXE), "links", str(server.folder), "--rotate", "Yorn"],
                                     capture_output=True, text=True, timeout=60).stdout, "Yorn")
    assert new != old
    assert _page(server.port, f"{PAGE}?{hero_query('Yorn', old)}")[0] == 403  # at once
    status, body = _page(server.port, f"{PAGE}?{hero_query('Yorn', new)}")
    assert status == 200 and "<h1>Yorn</h1>" in body


def printed_key(output: str, hero: str) -> str:
    line = next(ln for ln in output.splitlines() if ln.strip().startswith(f"{hero}: "))
    return line.rsplit("key=", 1)[1]


def test_every_control_leaves_the_ledger_unchanged(served, browser) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    server, before = served
    used = paged = 0
    for url in (server.url(), server.hero("Pip Thistledown"), server.hero("Val")):
        load(browser, url)
        for select in browser.find_elements(By.CSS_SELECTOR, ".widget-dropdown select"):
            for i in range(len(Select(select).options)):
                Select(select).select_by_index(i)
                used += 1
                time.sleep(0.5)
        for button in browser.find_elements(By.CSS_SELECTOR, ".widget-toggle-button"):
            button.click()
            used += 1
            time.sleep(0.3)
        for label in ("Older", "Newer"):  # the history's pages
            for button in browser.find_elements(By.XPATH, f"//button[text()='{label}']"):
                if button.is_enabled():
                    button.click()
                    used, paged = used + 1, paged + 1
                    time.sleep(0.3)
        for item in browser.find_elements(By.CSS_SELECTOR, ".legendtoggle")[:6]:
            browser.execute_script(
                "arguments[0].dispatchEvent(new MouseEvent('mousedown', {bubbles: true}));"
                "arguments[0].dispatchEvent(new MouseEvent('mouseup', {bubbles: true}));", item)
            used += 1
        time.sleep(1)
        assert_nothing_hidden(browser)
        assert "50 a page" in page_text(browser)[0]
    assert used >= 10 and paged >= 2
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
    BaseCampaign.init(folder)[0].close()
    server = Server(folder, free_port(), token="s3cret")
    try:
        assert _get(server.port, "/?token=s3cret") == 302  # on to the party page
        assert _get(server.port, "/") in (302, 403)
        log = server.log.read_text()
        assert f"http://127.0.0.1:{server.port}{PAGE}?token=s3cret" in log
        val = f"?{hero_query('Val', load_links(folder)['Val'])}&token=s3cret"
        assert f"  Val: http://127.0.0.1:{server.port}{PAGE}{val}" in log
        assert _page(server.port, PAGE + val)[0] == 200
        assert _page(server.port, PAGE + val.replace("s3cret", "wrong"))[0] in (302, 403)
        assert _page(server.port, f"{PAGE}?hero=Val&token=s3cret")[0] == 403
    finally:
        server.stop()


def test_over_the_cap_or_the_rate_a_visitor_gets_a_plain_page(tmp_path: Path) -> None:
    """One page at most, three pages a minute per address: the second is 'busy' (no
    kernel started), the fourth 'too many'; neither is a crash or a traceback."""
    folder = demo_copy(tmp_path / "demo")
    server = Server(folder, free_port(), None, "--max-pages", "1", "--pages-per-minute", "3")
    try:
        assert "At most 1 pages open at once (--max-pages)" in server.log.read_text()
        status, body = _page(server.port, PAGE)
        assert status == 200 and "dsk-heroes" in body
        for _ in range(2):
            status, body = _page(server.port, server.hero("Val").split(str(server.port))[1])
            assert status == 503
            assert_plain_refusal(body, BUSY, folder)
        assert server.kernels() == 1
        status, body = _page(server.port, PAGE)
        assert status == 429
        assert_plain_refusal(body, TOO_MANY, folder)
        assert server.proc.poll() is None and server.kernels() == 1
    finally:
        server.stop()


def test_party_visitors_cannot_lock_players_out(tmp_path: Path) -> None:
    """The party page needs no key, so its visitors may take any place but one kept for
    each player (a cap with room for one a page): with room for two party pages beyond the
    players' own, two open and connected (the count exact), the third is 'busy' and says the
    party page is full, and Val's player, with Val's key, still gets Val's page."""
    from serve_visitors import Visitor

    folder = demo_copy(tmp_path / "demo")
    with BaseCampaign.open(folder, readonly=True) as camp:
        heroes = len(camp.heroes)
    server = Server(folder, free_port(), None, "--max-pages", str(heroes + 2),
                    "--pages-per-minute", "0")
    try:
        for _ in range(2):
            visitor = Visitor(server.port)
            assert visitor.open()[0] == 200 and visitor.connect() == 101
        status, body = _page(server.port, PAGE)
        assert status == 503
        assert_plain_refusal(body, BUSY_PARTY.split(";")[0], folder)
        status, body = _page(server.port, server.hero("Val").split(str(server.port))[1])
        assert status == 200 and "dsk-page" in body
        assert server.kernels() == 3
    finally:
        server.stop()


def _forged(port: int, method: str, path: str) -> tuple[int, str]:
    """A request from another client with an XSRF token of its own making (cookie and form
    value alike): the status and reason the server answers."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request(method, path, body="_xsrf=forged", headers={
            "Cookie": "_xsrf=forged", "X-XSRFToken": "forged",
            "Content-Type": "application/x-www-form-urlencoded"})
        response = conn.getresponse()
        response.read()
        return response.status, response.reason
    finally:
        conn.close()


def test_a_left_page_frees_its_place_at_once(tmp_path: Path, own_browser) -> None:
    """One page at most, and it is open: another visitor is 'busy', and cannot shut that
    page's kernel down even knowing its id and forging an XSRF token. Once the page's own
    visitor leaves it, its kernel is gone within seconds (the idle cull would take 90 s or
    more) and the next visitor gets a page."""
    folder = demo_copy(tmp_path / "demo")
    server = Server(folder, free_port(), None, "--max-pages", "1", "--pages-per-minute", "0")
    try:
        load(own_browser, server.url())
        kernel = kernel_id(own_browser)
        assert server.kernels() == 1
        status, body = _page(server.port, PAGE)
        assert status == 503
        assert_plain_refusal(body, BUSY, folder)
        for method, path in (("POST", f"/voila/api/shutdown/{kernel}"),
                             ("DELETE", f"/api/kernels/{kernel}")):
            assert _forged(server.port, method, path) == (403, NOT_YOURS), path
        assert server.kernels() == 1
        own_browser.get("about:blank")  # leave the page
        deadline = time.monotonic() + 30
        while server.kernels() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert server.kernels() == 0, server.log.read_text()[-2000:]
        status, body = _page(server.port, PAGE)
        assert status == 200 and "dsk-heroes" in body
    finally:
        server.stop()


def kernel_id(driver: Any) -> str:
    """The kernel id Voila wrote into the page it served."""
    import re

    found = re.search(r'"kernelId": "([0-9a-f-]{36})"', driver.page_source)
    assert found, "no kernel id in the page"
    return found.group(1)


def test_a_pages_share_is_named_by_the_query_the_server_reads() -> None:
    assert page_of_query("") == page_of_query("token=x") == PARTY_PAGE
    assert page_of_query("hero=Val&key=k") == page_of_query("hero=Val&hero=Bran") == "hero:Val"


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


def test_a_page_has_a_time_limit_and_fails_in_one_plain_line(tmp_path: Path) -> None:
    """Voila run with serve's own arguments (voila_argv), a 3 s limit per cell: a cell that
    runs on ends the page with one plain line; a cell that fails shows no traceback."""
    import nbformat

    from drawsteel_kit.workbook.serve import CELL_ERROR, CELL_TIMEOUT

    players = tmp_path / "players"
    players.mkdir()
    for name, code in (("slow", "import time\ntime.sleep(120)"),
                       ("broken", "raise ValueError('/srv/secret/ledger.db is gone')")):
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(code)]
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                     "language": "python"}
        nbformat.write(nb, str(players / f"{name}.ipynb"))
    with bare_voila(players, tmp_path / "voila.log", render_seconds=3) as port:
        began = time.monotonic()
        status, body = _page(port, "/voila/render/slow.ipynb")
        took = time.monotonic() - began
        assert status == 200 and took < 45, took
        assert CELL_TIMEOUT in body and "VoilaExecutor" not in body and "Traceback" not in body
        status, body = _page(port, "/voila/render/broken.ipynb")
        assert status == 200 and CELL_ERROR in body
        for bad in ("/srv/secret", "ValueError", "Traceback", "show_tracebacks"):
            assert bad not in body, bad
