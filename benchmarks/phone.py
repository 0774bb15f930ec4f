"""What a phone gets: bytes sent, first text and first chart under page-speed's mobile preset.

Real headless Chromium (Debian's chromium and chromedriver) at 390x844, a phone's screen
(``mobile``, 3 device pixels a CSS pixel), with the network and CPU of the preset that
page-speed audits use: 1.6 Mbit/s down, 0.75 Mbit/s up, 150 ms round trip, the CPU 4x slower
(Chrome DevTools Protocol: ``Network.emulateNetworkConditions``,
``Emulation.setCPUThrottlingRate``), and an empty cache for every load, as a player opening
the link for the first time has. For each load (:func:`measure`):

- **first text**: when the page's text (by default the heroes' table, ``table.dsk-heroes``)
  is in the page *and painted* (the frame after it appeared), seconds since navigation began;
- **first chart**: the same for the first plotly chart drawn (``.js-plotly-plot .main-svg``);
- **sent**: every byte the browser received (HTTP responses with their headers, and WebSocket
  frames: a served page's widgets and charts come that way), as compressed as the server sent
  it; **assets**: the same bodies uncompressed.

A published site is measured as a static host serves it: :func:`static_site` serves a folder
gzip-compressed (``Content-Encoding: gzip``), from a thread of this process.

``python -m benchmarks.phone URL`` prints the figures of one page (an ``http(s)://`` address,
or a published folder or page on disk, served compressed); ``--empty URL`` measures an empty
page beside it, alternating. ``make bench`` runs :func:`run_published` and :func:`run_served`
(figures 11 and 12).
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

from benchmarks.common import median

__all__ = ["CHART", "EMPTY_MARK", "MOBILE", "TEXT", "Load", "chromium", "empty_site", "measure",
           "phone", "static_site", "summary"]

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
#: Page-speed's mobile preset: download and upload in bytes a second, round trip, CPU slowdown.
MOBILE = {"down": 1.6e6 / 8, "up": 0.75e6 / 8, "rtt_ms": 150, "cpu": 4}
#: The phone's screen: CSS pixels, device pixels a CSS pixel.
SCREEN = (390, 844, 3)
#: What a page's text and its first chart are, by default (the players' pages).
TEXT = "table.dsk-heroes"
CHART = ".js-plotly-plot .main-svg"
#: The empty page's one line of text (:func:`empty_site`, and the empty notebook of figure 6).
EMPTY_MARK = ".dsk-bench-ready"
#: The longest a page may take to show what is waited for, in seconds.
TIMEOUT = 240

#: Added to every new document: when the text and the chart first are in the page, and the
#: moment after the next frame was painted (``requestAnimationFrame`` then a task), in
#: milliseconds since navigation began; and the first contentful paint.
_OBSERVER = """
(() => {
  const want = WANT;
  const seen = window.__phone = {};
  const check = () => {
    for (const [name, css] of Object.entries(want)) {
      if (css && !((name + "_in") in seen) && document.querySelector(css)) {
        seen[name + "_in"] = performance.now();
        requestAnimationFrame(() => setTimeout(() => { seen[name] = performance.now(); }, 0));
      }
    }
  };
  new MutationObserver(check).observe(document, {childList: true, subtree: true});
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.name === "first-contentful-paint") seen.fcp = e.startTime;
      }
    }).observe({type: "paint", buffered: true});
  } catch (e) {}
})();
"""


@dataclass(frozen=True)
class Load:
    """One load of a page: seconds to its first text and first chart (None: not waited for),
    the first contentful paint, bytes received (as sent) and their bodies uncompressed."""

    text: float
    chart: float | None
    fcp: float | None
    sent: int
    assets: int
    requests: int


@contextmanager
def chromium(*, preset: bool = True) -> Iterator[Any]:
    """Headless Chromium as a phone on page-speed's mobile link (:data:`MOBILE`, :data:`SCREEN`),
    its cache off, its network events logged (``preset=False``: the phone's screen on this
    machine's own network and CPU). ``driver.get`` returns at once: wait for what you need."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    options.page_load_strategy = "none"  # each load waits for what it measures itself
    width, height, _ = SCREEN
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", f"--window-size={width},{height}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    profile = tempfile.mkdtemp(prefix="dsk-phone-")
    options.add_argument(f"--user-data-dir={profile}")
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    try:
        phone(driver, preset=preset)
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def phone(driver: Any, *, preset: bool = True) -> None:
    """Make ``driver``'s tab a phone (on the mobile preset, unless not ``preset``), with no
    cache."""
    width, height, scale = SCREEN
    cdp = driver.execute_cdp_cmd
    cdp("Network.enable", {})
    cdp("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp("Emulation.setDeviceMetricsOverride", {"width": width, "height": height,
                                               "deviceScaleFactor": scale, "mobile": True})
    if not preset:
        return
    cdp("Network.emulateNetworkConditions", {
        "offline": False, "latency": MOBILE["rtt_ms"], "downloadThroughput": MOBILE["down"],
        "uploadThroughput": MOBILE["up"]})
    cdp("Emulation.setCPUThrottlingRate", {"rate": MOBILE["cpu"]})


def _network(driver: Any, into: dict[str, dict[str, int]]) -> int:
    """Read the network events logged since the last read into ``into`` (by request: bytes
    as sent, bodies' bytes; ``ws``: WebSocket frames); how many events there were."""
    entries = driver.get_log("performance")
    for entry in entries:
        message = json.loads(entry["message"])["message"]
        method, params = message.get("method"), message.get("params", {})
        if method == "Network.dataReceived":
            one = into.setdefault(params["requestId"], {"sent": 0, "body": 0})
            one["body"] += params.get("dataLength", 0)
        elif method == "Network.loadingFinished":
            one = into.setdefault(params["requestId"], {"sent": 0, "body": 0})
            one["sent"] = int(params.get("encodedDataLength", 0))
        elif method == "Network.webSocketFrameReceived":
            size = len(params.get("response", {}).get("payloadData", "").encode("utf-8"))
            one = into.setdefault("ws", {"sent": 0, "body": 0})
            one["sent"] += size
            one["body"] += size
    return len(entries)


def measure(driver: Any, url: str, *, text: str = TEXT, chart: str | None = CHART,
            quiet: float = 2.0) -> Load:
    """Load ``url`` once in ``driver`` (a :func:`chromium`) and wait until its ``text`` (and
    ``chart``, unless None) is painted and the network has been quiet ``quiet`` seconds."""
    from selenium.webdriver.support.ui import WebDriverWait

    cdp = driver.execute_cdp_cmd
    script = _OBSERVER.replace("WANT", json.dumps({"text": text, "chart": chart}))
    added = cdp("Page.addScriptToEvaluateOnNewDocument", {"source": script})["identifier"]
    try:
        driver.get("about:blank")
        cdp("Network.clearBrowserCache", {})
        driver.get_log("performance")  # what came before this load
        requests: dict[str, dict[str, int]] = {}
        driver.get(url)
        wanted = ["text"] + (["chart"] if chart else [])
        try:
            WebDriverWait(driver, TIMEOUT, poll_frequency=0.1).until(
                lambda d: d.execute_script(
                    "const s = window.__phone; return s && " + " && ".join(
                        f"(s.{w} !== undefined)" for w in wanted)))
        except Exception:  # a timeout: say what the page showed
            body = driver.execute_script("return document.body ? document.body.innerText : ''")
            raise RuntimeError(f"{url} did not show {wanted} in {TIMEOUT} s: "
                               f"{(body or '')[:200]!r}") from None
        seen = driver.execute_script("return window.__phone")
        last = time.monotonic()
        deadline = last + 60
        while time.monotonic() - last < quiet and time.monotonic() < deadline:
            if _network(driver, requests):
                last = time.monotonic()
            time.sleep(0.2)
    finally:
        cdp("Page.removeScriptToEvaluateOnNewDocument", {"identifier": added})
    return Load(text=seen["text"] / 1000,
                chart=seen["chart"] / 1000 if chart else None,
                fcp=seen["fcp"] / 1000 if seen.get("fcp") is not None else None,
                sent=sum(r["sent"] for r in requests.values()),
                assets=sum(r["body"] for r in requests.values()),
                requests=len([k for k in requests if k != "ws"]))


def summary(loads: list[Load]) -> dict[str, float | None]:
    """The medians of a page's loads."""
    charts = [x.chart for x in loads if x.chart is not None]
    paints = [x.fcp for x in loads if x.fcp is not None]
    return {"text": median([x.text for x in loads]),
            "chart": median(charts) if charts else None,
            "fcp": median(paints) if paints else None,
            "sent": median([x.sent for x in loads]), "assets": median([x.assets for x in loads]),
            "requests": median([x.requests for x in loads])}


def describe(figures: dict[str, float | None]) -> str:
    """One page's medians in words."""
    chart = figures["chart"]
    return (f"first text {figures['text']:.2f} s"
            + (f", first chart {chart:.2f} s" if chart is not None else "")
            + f", {figures['sent'] / 1e6:.2f} MB sent ({figures['assets'] / 1e6:.2f} MB "
            f"uncompressed, {figures['requests']:.0f} requests)")


class _Compressed(SimpleHTTPRequestHandler):
    """Files as a static host sends them: gzip-compressed when the browser accepts it."""

    cache: ClassVar[dict[Path, bytes]] = {}

    def do_GET(self) -> None:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            self.send_error(404)
            return
        data = path.read_bytes()
        squeeze = "gzip" in self.headers.get("Accept-Encoding", "")
        if squeeze:
            key = path.resolve()
            if key not in self.cache:
                self.cache[key] = gzip.compress(data, 6)
            data = self.cache[key]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        if squeeze:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet."""


@contextmanager
def static_site(folder: Path) -> Iterator[str]:
    """``folder`` served compressed on a free local port until the block ends; its address."""
    handler = type("Handler", (_Compressed,), {"cache": {}})
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(folder)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


def empty_site(folder: Path) -> Path:
    """A folder holding an empty page: one line of text (:data:`EMPTY_MARK`), nothing else."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "index.html").write_text(
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
        'content="width=device-width, initial-scale=1"><title>empty</title></head><body>'
        f'<p class="{EMPTY_MARK[1:]}">ready</p></body></html>\n', encoding="utf-8")
    return folder


def alternate_loads(driver: Any, pages: dict[str, tuple[str, str, str | None]], runs: int,
                    between: Callable[[], None] = lambda: None) -> dict[str, list[Load]]:
    """Load each page (name -> url, text, chart) once a round, in turn (the order flipped every
    other round), ``runs`` rounds after one untimed round; each page's loads."""
    names = list(pages)
    out: dict[str, list[Load]] = {name: [] for name in names}
    for i in range(runs + 1):
        for name in names if i % 2 == 0 else names[::-1]:
            url, text, chart = pages[name]
            driver.get("about:blank")  # leave the page before (a served one ends its kernel)
            between()
            load = measure(driver, url, text=text, chart=chart)
            if i:
                out[name].append(load)
            print(f"  {name}: {load}", file=sys.stderr, flush=True)
    return out


def _served(target: str, work: Path) -> tuple[str, Path | None]:
    """An address for ``target``: itself if a web address, else a published page or folder on
    disk, copied into ``work`` (the address is its file in the copy, served by the caller)."""
    if target.startswith(("http://", "https://")):
        return target, None
    path = Path(target)
    if not path.exists():
        raise SystemExit(f"{target}: no such page or folder (give an http:// address, or a "
                         "published folder or page)")
    folder, page = (path, "") if path.is_dir() else (path.parent, path.name)
    return page, folder


def main(argv: list[str] | None = None) -> int:
    """``python -m benchmarks.phone URL``: one page's phone figures, printed."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.phone", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("url", help="an http(s):// address, or a published folder or page")
    parser.add_argument("--empty", metavar="URL", help="an empty page to measure beside it "
                        "(a folder or page on disk too; 'static': an empty page served as a "
                        "published folder is)")
    parser.add_argument("--runs", type=int, default=3, help="timed loads of each (default 3)")
    parser.add_argument("--text", default=TEXT, help=f"the text's CSS selector ({TEXT})")
    parser.add_argument("--chart", default=CHART, help=f"the first chart's ({CHART})")
    parser.add_argument("--no-chart", action="store_true", help="wait for the text only")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="dsk-phone-") as tmp, chromium() as driver:
        pages: dict[str, tuple[str, str, str | None]] = {}
        sites: list[Any] = []
        for name, target, text, chart in (
                ("page", args.url, args.text, None if args.no_chart else args.chart),
                ("empty", args.empty, EMPTY_MARK, None)):
            if not target:
                continue
            if target == "static":
                target = str(empty_site(Path(tmp) / "empty"))
            url, folder = _served(target, Path(tmp))
            if folder is not None:
                site = static_site(folder)
                sites.append(site)
                url = site.__enter__() + url
            pages[name] = (url, text, chart)
        try:
            loads = alternate_loads(driver, pages, args.runs)
        finally:
            for site in sites:
                site.__exit__(None, None, None)
    for name, got in loads.items():
        print(f"{name} {pages[name][0]}: {describe(summary(got))}; median of {args.runs} "
              f"loads on page-speed's mobile preset at {SCREEN[0]}x{SCREEN[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
