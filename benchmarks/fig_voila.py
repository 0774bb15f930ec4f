"""Figure 6: the players' dashboard served by Voila, rendered in headless Chromium.

Two servers of the same kind run side by side: ``drawsteel-kit serve`` for the demo
campaign (its books as ``make demo`` builds them), and Voila started with the very same
arguments (:func:`drawsteel_kit.workbook.serve.voila_argv`) on a folder holding one empty notebook,
whose only cell shows a marker. One headless Chromium loads them in turn (after one
untimed load of each); each load starts once the page left before it has shut its kernel
down (its unload request), so no load is timed beside another page's shutdown. A script
added to every new document records, with ``performance.now()`` (milliseconds since
navigation started), when the page first holds the heroes' table, a rendered plotly chart,
and the read-only controls; for the empty notebook, its marker. A page's size is given two
ways: drawn (the document's HTML once its scripts have drawn it: the theme's stylesheets and the
charts' SVG are most of it) and sent (the HTML the server sent). A third server runs the
dashboard for figure 5's 20,000-event campaign. Where the dashboard's time goes in its
kernel: the same notebook through papermill, each cell's duration. The servers and their
kernels run with the package's bytecode cached, as an installed wheel's is (figure 3's
``kernel_environment``; the untimed first load of each page fills the cache).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import nbformat

from benchmarks.common import REPO, Figure, alternate, median
from drawsteel_kit.workbook.notebook_runs import execute
from drawsteel_kit.workbook.serve import DASHBOARD, PLAYERS_DIR, dashboard_url

__all__ = ["TARGET", "dashboard_cells", "demo_books", "empty_players_dir", "run", "server"]

TARGET = 1.5
EXE = Path(sys.executable).parent / "drawsteel-kit"
TIMEOUT = 60
MARK = "dsk-bench-ready"
#: What the page-side script watches for: name -> CSS selector.
WATCH = {"table": "table.dsk-heroes", "chart": ".js-plotly-plot .main-svg",
         "controls": ".widget-toggle-button", "ready": f".{MARK}"}
_OBSERVER = """
(() => {
  const want = WATCH;
  window.__dsk = {};
  const check = () => {
    for (const [name, css] of Object.entries(want)) {
      if (!(name in window.__dsk) && document.querySelector(css)) {
        window.__dsk[name] = performance.now();
      }
    }
  };
  new MutationObserver(check).observe(document, {childList: true, subtree: true});
})();
""".replace("WATCH", json.dumps(WATCH))

#: A page's size, in kB once divided: drawn (the document's HTML as the browser holds it once
#: drawn, theme CSS and charts' SVG included), of which its stylesheets and its charts, and
#: sent (the HTML the server sent, before any script ran).
_SIZES = """
const sum = (css) => Array.from(document.querySelectorAll(css))
  .reduce((total, e) => total + e.outerHTML.length, 0);
const nav = performance.getEntriesByType("navigation")[0];
return {kB: document.documentElement.outerHTML.length, css: sum("style"),
        svg: sum(".js-plotly-plot"), sent: nav ? nav.decodedBodySize : 0};
"""


def _helpers() -> Any:
    """The tests' Chromium and free port helpers (tests/workbook_helpers.py)."""
    sys.path.insert(0, str(REPO / "tests"))
    import workbook_helpers

    return workbook_helpers


def empty_players_dir(folder: Path) -> Path:
    """A folder holding the empty notebook, under the dashboard's name."""
    folder.mkdir(parents=True, exist_ok=True)
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
        f"from IPython.display import HTML\nHTML('<p class=\"{MARK}\">ready</p>')")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, str(folder / DASHBOARD))
    return folder


@contextmanager
def server(argv: list[str], port: int, log: Path, env: dict[str, str] | None = None,
           pids: list[int] | None = None) -> Iterator[str]:
    """A server process until the block ends (its id added to ``pids``); yields its
    dashboard address."""
    with log.open("wb") as out:
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT, cwd=REPO,
                                env={**os.environ, **(env or {})}, start_new_session=True)
    if pids is not None:
        pids.append(proc.pid)
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"server stopped: {log.read_text()}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"server did not start: {log.read_text()}") from None
                time.sleep(0.2)
        yield dashboard_url(port=port)
    finally:
        proc.send_signal(signal.SIGTERM)  # Voila shuts its kernels down
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def settle(pids: list[int]) -> None:
    """Wait until none of the servers ``pids`` runs a page kernel (a page left shuts its own
    kernel down)."""
    import psutil

    deadline = time.monotonic() + TIMEOUT
    while any(psutil.Process(pid).children(recursive=True) for pid in pids):
        if time.monotonic() > deadline:
            raise RuntimeError(f"a page left {TIMEOUT} s ago still has its kernel")
        time.sleep(0.05)


def _load(driver: Any, url: str, until: str, pids: list[int] | None = None
          ) -> dict[str, float]:
    """Open ``url`` (once the servers ``pids`` run no page kernel) and wait until the page
    saw ``until``; the moments it saw, in seconds."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get("about:blank")  # leave the previous page
    settle(pids or [])
    try:
        driver.get(url)
    except TimeoutException:  # a renderer starved by a busy machine: once more
        driver.get(url)
    wanted = [until] + (["controls"] if until == "chart" else [])  # the controls come last
    try:
        for name in wanted:
            WebDriverWait(driver, TIMEOUT, poll_frequency=0.05).until(
                lambda d, name=name: d.execute_script(
                    f"return window.__dsk && window.__dsk.{name} || null"))
    except TimeoutException:
        seen = driver.execute_script("return window.__dsk")
        text = driver.execute_script("return document.body ? document.body.innerText : ''")
        raise RuntimeError(f"{url} did not show {wanted} in {TIMEOUT} s (saw {seen}): "
                           f"{text[:300]!r}") from None
    seen = driver.execute_script("return window.__dsk")
    sizes = driver.execute_script(_SIZES)
    return {**{k: v / 1000 for k, v in seen.items()}, **{k: v / 1000 for k, v in sizes.items()}}


def dashboard_cells(work: Path, campaign: Path, repeats: int = 3) -> str:
    """The dashboard notebook's cells in a kernel (papermill): each one's median seconds."""
    from benchmarks.fig_papermill import cell_times

    runs = [cell_times(execute(PLAYERS_DIR / DASHBOARD, work / "dashboard-run.ipynb",
                               {"campaign": str(campaign)}, cwd=work))
            for _ in range(repeats)]
    cells = [(name, median([r[i][1] for r in runs])) for i, (name, _) in enumerate(runs[0])]
    return ", ".join(f"`{name}` {secs:.2f} s" for name, secs in cells if secs >= 0.01)


def run(work: Path, demo: Path, long: Path | None = None, repeats: int = 7) -> Figure:
    """Alternate loads of the demo's dashboard and the empty notebook (and of the dashboard
    of a long campaign, when given) ``repeats`` times each."""
    from benchmarks.fig_papermill import kernel_environment

    with kernel_environment(work):
        return _run(work, demo, long, repeats)


def _run(work: Path, demo: Path, long: Path | None, repeats: int) -> Figure:
    helpers = _helpers()
    empty = empty_players_dir(work / "empty-players")
    moments: dict[str, list[dict[str, float]]] = {}
    pids: list[int] = []
    with ExitStack() as stack:
        urls: dict[str, tuple[str, str]] = {}
        port = helpers.free_port()
        urls["dashboard"] = (stack.enter_context(server(
            [str(EXE), "serve", str(demo), "--port", str(port), "--no-browser"], port,
            work / "serve-demo.log", pids=pids)), "chart")
        port = helpers.free_port()
        code = ("import sys; from pathlib import Path; from voila.app import Voila; "
                "from drawsteel_kit.workbook.serve import voila_argv; Voila.launch_instance(argv="
                f"voila_argv(port={port}, players_dir=Path({str(empty)!r})))")
        urls["empty"] = (stack.enter_context(server(
            [sys.executable, "-c", code], port, work / "serve-empty.log",
            env={"DRAWSTEEL_KIT_CAMPAIGN": str(demo)}, pids=pids)), "ready")
        if long is not None:
            port = helpers.free_port()
            urls["long"] = (stack.enter_context(server(
                [str(EXE), "serve", str(long), "--port", str(port), "--no-browser"], port,
                work / "serve-long.log", pids=pids)), "chart")
        driver = stack.enter_context(helpers.chromium())
        driver.set_page_load_timeout(TIMEOUT)
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": _OBSERVER})
        for url, until in urls.values():  # warm-up: Chromium's cache, the servers' imports
            _load(driver, url, until, pids)

        def side(name: str) -> float:
            url, until = urls[name]
            seen = _load(driver, url, until, pids)
            moments.setdefault(name, []).append(seen)
            return seen[until]

        alternate({name: (lambda name=name: side(name)) for name in urls}, repeats)

    def at(name: str, what: str) -> float:
        return median([m[what] for m in moments[name]])

    def page(name: str) -> str:
        drawn, sent = at(name, "kB"), at(name, "sent")
        return (f"page {drawn:.0f} kB drawn ({drawn / at('empty', 'kB'):.2f}x the empty one's; "
                f"its stylesheets {at(name, 'css'):.0f} kB, charts {at(name, 'svg'):.0f} kB), "
                f"{sent:.0f} kB sent ({sent / at('empty', 'sent'):.2f}x)")

    cells = dashboard_cells(work, demo)
    chart, bare = at("dashboard", "chart"), at("empty", "ready")
    ratio = chart / bare
    extra = ""
    if long is not None:
        extra = (f"; the 20,000-event campaign's dashboard: first chart {at('long', 'chart'):.2f}"
                 f" s ({at('long', 'chart') / bare:.2f}x), {page('long')}")
    return Figure(
        6, "Voila: from navigation until the players' dashboard shows its first chart (demo "
           "campaign), against an empty notebook served the same way, headless Chromium",
        f"dashboard: heroes' table {at('dashboard', 'table'):.2f} s, first chart {chart:.2f} "
        f"s, controls {at('dashboard', 'controls'):.2f} s, {page('dashboard')}; "
        f"empty notebook {bare:.2f} s, page {at('empty', 'kB'):.0f} kB drawn (its stylesheets "
        f"{at('empty', 'css'):.0f} kB), {at('empty', 'sent'):.0f} kB sent"
        f"{extra}; median of {repeats} alternating loads. The dashboard's cells in a kernel "
        f"(papermill, median of 3): {cells}",
        ratio=f"{ratio:.2f}x", target=f"< {TARGET}x", met=ratio < TARGET)


def demo_books(folder: Path) -> Path:
    """The demo campaign's books (built in this process, as ``make demo`` builds them)."""
    from drawsteel_kit.systems.draw_steel.demo import build_demo

    if not (folder / "ledger.db").exists():
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir(parents=True)
        shutil.copy(REPO / "campaigns" / "demo" / "campaign.yaml", folder)
        shutil.copytree(REPO / "campaigns" / "demo" / "plans", folder / "plans")
        build_demo(folder, echo=False).close()
    return folder
