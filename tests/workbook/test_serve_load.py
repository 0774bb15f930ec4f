"""`drawsteel-kit serve` under a flood: 50 page requests at once, on loopback.

A real server (Voila, real kernels) on 127.0.0.1 with a kernel cap of CAP. Fifty GETs at
once, mixed: the party page, heroes' pages with their keys, heroes' pages with no key or a
wrong one. While they run, the server's child processes (its page kernels) are counted;
afterwards, the kernels of the pages (nobody keeps them open) must be culled once idle
(serve --idle-seconds) and the server's memory (its process and children) come back
to where it started.
"""

from __future__ import annotations

import contextlib
import http.client
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import quote

import psutil
import pytest
from workbook_helpers import demo_copy, free_port

from drawsteel_kit.workbook.links import hero_query, load_links
from drawsteel_kit.workbook.serve import CULL_INTERVAL
from workbook.test_serve import PAGE, Server, _page

pytestmark = pytest.mark.soak

CAP = 6
#: The pages' idle time here (serve --idle-seconds): far shorter than the default, so the
#: wait for their kernels to go stays short. Nobody connects to these pages (plain GETs), so
#: a kernel goes idle for good once its page is sent; a kernel still running its page is
#: busy, and the cull never takes a busy one. Most of the test's time is this wait (it was
#: 60 s): what it proves (the cull ends every page's kernel and the memory comes back) is
#: the same at any idle time the command accepts.
IDLE_SECONDS = 20
REQUESTS = 50
#: No page may take longer than this to answer, whether it is served or refused.
PAGE_SECONDS = 150
#: Memory the server's process tree may keep after the cull, beyond what it held at start
#: (a kernel alone is about 95 MB).
MEMORY_SLACK = 60 * 2**20


def tree(proc: psutil.Process) -> tuple[int, int]:
    """Live page kernels (an ended one not yet reaped is none; a kernel's own short-lived
    helper process, such as a library looking for a shared library, is not a kernel: the
    server starts its kernels itself, and a kernel's helper, forked before it runs its own
    program, bears the kernel's command line for a moment) and the RSS of the process and
    all its live descendants, in bytes."""
    for _ in range(5):
        try:
            kids = proc.children(recursive=True)
            break
        except psutil.NoSuchProcess:  # a kernel ended while being listed: list again
            continue
    rss, alive = proc.memory_info().rss, 0
    for kid in kids:
        with contextlib.suppress(psutil.NoSuchProcess):
            if kid.status() == psutil.STATUS_ZOMBIE:  # ended, not yet reaped: no kernel
                continue
            rss += kid.memory_info().rss
            alive += kid.ppid() == proc.pid and any("ipykernel" in part
                                                    for part in kid.cmdline())
    return alive, rss


def get(port: int, path: str) -> tuple[int, str, float]:
    """One GET, read to its end: status, body, seconds."""
    start = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=PAGE_SECONDS)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        body = response.read().decode("utf-8", "replace")
        return response.status, body, time.monotonic() - start
    finally:
        conn.close()


def test_fifty_requests_at_once_keep_at_most_the_cap_and_memory_comes_back(
        tmp_path: Path) -> None:
    folder = demo_copy(tmp_path / "demo")
    server = Server(folder, free_port(), None, "--max-pages", str(CAP),
                    "--idle-seconds", str(IDLE_SECONDS),
                    "--pages-per-minute", "0")  # the cap is what this test floods
    proc = psutil.Process(server.proc.pid)
    try:
        assert _page(server.port, "/voila/static/voila.js")[0] in (200, 404)  # warm
        time.sleep(2)
        kernels, start_rss = tree(proc)
        assert kernels == 0
        keys = load_links(folder)
        heroes = sorted(keys)
        paths: list[tuple[str, str]] = []
        for i in range(REQUESTS):
            hero = heroes[i % len(heroes)]
            kind = ("party", "hero", "no key", "wrong key", "hero")[i % 5]
            query = {"party": "", "hero": "?" + hero_query(hero, keys[hero]),
                     "no key": f"?hero={quote(hero)}",
                     "wrong key": "?" + hero_query(hero, keys[heroes[(i + 1) % len(heroes)]])}
            paths.append((kind, PAGE + query[kind]))

        most, stop = [0], threading.Event()

        def watch() -> None:
            while not stop.is_set():
                most[0] = max(most[0], tree(proc)[0])
                time.sleep(0.1)

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        began = time.monotonic()
        with ThreadPoolExecutor(REQUESTS) as pool:
            results = list(pool.map(lambda kp: (kp[0], *get(server.port, kp[1])), paths))
        took = time.monotonic() - began
        stop.set()
        watcher.join()
        alive_after, peak_rss = tree(proc)

        seen = Counter((kind, status) for kind, status, _, _ in results)
        print(f"\n{REQUESTS} requests in {took:.1f}s (slowest {max(r[3] for r in results):.1f}s):"
              f" {dict(seen)}; kernels at most {most[0]}, {alive_after} after; memory "
              f"{start_rss / 2**20:.0f} MB at start, {peak_rss / 2**20:.0f} MB after")
        assert most[0] <= CAP and alive_after <= CAP
        for kind, status, body, _ in results:
            assert "Traceback" not in body and str(folder) not in body, kind
            if kind in ("no key", "wrong key"):
                assert status == 403, (kind, status)
            else:
                assert status in (200, 503), (kind, status)
            if status == 200:  # a page served whole: its heading and its controls
                assert "dsk-page" in body and "widget-view+json" in body, body[-300:]
            if status == 503:
                assert "Busy" in body
        served = sum(n for (_, status), n in seen.items() if status == 200)
        assert served >= 1
        assert server.proc.poll() is None

        # Nobody holds the pages open: once idle, their kernels are gone.
        deadline = time.monotonic() + IDLE_SECONDS + 2 * CULL_INTERVAL + 15
        while tree(proc)[0] and time.monotonic() < deadline:
            time.sleep(1)
        culled_after = time.monotonic() - began - took
        kernels, end_rss = tree(proc)
        print(f"culled in {culled_after:.0f}s; memory {end_rss / 2**20:.0f} MB")
        assert kernels == 0, f"{kernels} kernels still alive {culled_after:.0f}s later"
        assert culled_after <= IDLE_SECONDS + 2 * CULL_INTERVAL, (
                f"culled {culled_after:.0f}s after the pages ended")
        assert end_rss <= start_rss + MEMORY_SLACK, (start_rss, end_rss)
        # And the server still serves.
        assert get(server.port, PAGE)[0] == 200
    finally:
        server.stop()
