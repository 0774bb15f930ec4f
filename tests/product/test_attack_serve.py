"""Attacks on a served dashboard (issue 30): a real `drawsteel-kit serve` on 127.0.0.1, real
HTTP and real websockets (tornado's client, answering the server's pings), a browser only
for the page's own script.

- A flood of keyless party-page fetches, party pages held open by websockets that answer
  pings and say nothing, and chat-app previews of a hero's link: every player still opens
  their page; the held pages and the previews end; a refusal says which page is full.
- A rotated key closes the pages open on it at once: they receive nothing more.
- A websocket is accepted only from the browser whose page started the kernel, and a
  ``shutdown_request`` over it is dropped.
- No key is ever in the server's log, whatever was refused.
"""

from __future__ import annotations

import html
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from serve_visitors import PAGE, Visitor, fetch, kernel_alive, kernel_of
from workbook.test_serve import EXE, Server, load, own_browser  # noqa: F401 (a fixture)
from workbook_helpers import demo_copy, free_port, needs_chromium

from drawsteel_kit.workbook.links import hero_query, load_links
from drawsteel_kit.workbook.serve import CULL_INTERVAL
from drawsteel_kit.workbook.serve_guard import (
    CONNECT_SECONDS,
    NO_KEY,
    NOT_YOUR_PAGE,
    TOO_MANY,
    UNCLAIMED_SECONDS,
)

pytestmark = pytest.mark.soak

#: The pages' idle time in these tests (serve --idle-seconds): short, so a held page's end
#: comes within the test.
IDLE = 20


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(EXE), *args], capture_output=True, text=True, timeout=120)


def gone_within(port: int, kernel: str | None, seconds: float) -> bool:
    """Whether the server has ended ``kernel`` within ``seconds``."""
    deadline = time.monotonic() + seconds
    while kernel_alive(port, kernel or ""):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.2)
    return True


def refusal(body: str) -> str:
    """The reason a refusal page gives."""
    return html.unescape(body)


def test_a_flood_never_locks_a_player_out(tmp_path: Path) -> None:
    """40 keyless party fetches, 15 party pages held open by websockets, 3 previews of Val's
    link, all at once, on the default places (3 a hero, 3 for the party): every player
    opens their page (and Val's player gets in although the previews came first); the
    refused party visitors read that the party page is full; the previews end within 30 s;
    the held pages end after the idle time although their websockets stay open, and the
    party page opens again."""
    folder = demo_copy(tmp_path / "demo")
    server = Server(folder, free_port(), None, "--idle-seconds", str(IDLE),
                    "--pages-per-minute", "0")  # the attacker has many addresses
    keys = load_links(folder)
    try:
        held = [Visitor(server.port) for _ in range(15)]

        def hold(visitor: Visitor) -> tuple[int, str]:
            status, body = visitor.open()
            if status == 200 and visitor.connect() != 101:
                visitor.socket = None  # its page was ended before it connected
            return status, body

        with ThreadPoolExecutor(58) as pool:
            holding = [pool.submit(hold, v) for v in held]
            keyless = [pool.submit(fetch, server.port) for _ in range(40)]
            previews = [pool.submit(fetch, server.port, "?" + hero_query("Val", keys["Val"]))
                        for _ in range(3)]
            party = [f.result() for f in holding + keyless]
            shown = [f.result() for f in previews]
        previewed = time.monotonic()
        statuses = sorted(status for status, _ in party)
        print(f"\nparty: {statuses.count(200)} served, {statuses.count(503)} busy; "
              f"previews: {[s for s, _ in shown]}")
        assert set(statuses) <= {200, 503}
        for status, body in party:
            if status == 503:
                assert "the party page is open as many times as this server allows" in \
                    refusal(body) and "try again in" in refusal(body)
        assert [s for s, _ in shown] == [200, 200, 200]
        preview_kernels = [kernel_of(body) for _, body in shown]

        # A player taps the link after its preview showed: a moment later, at least.
        time.sleep(UNCLAIMED_SECONDS)
        players = {hero: Visitor(server.port) for hero in keys}
        for hero, player in players.items():
            status, body = player.open("?" + hero_query(hero, keys[hero]))
            assert status == 200, (hero, refusal(body)[-300:])
            assert player.connect() == 101, hero
            assert player.sign() == 200
        assert server.kernels() <= 18

        # The previews no browser opened end within 30 s of being sent (Val's player took
        # the place of one of them already).
        while any(kernel_alive(server.port, k) for k in preview_kernels):
            assert time.monotonic() - previewed < CONNECT_SECONDS + 2 * CULL_INTERVAL, \
                "a preview's page is still running"
            for player in players.values():  # what their pages' script does
                assert player.sign() == 200
            time.sleep(1)
        assert time.monotonic() - previewed <= 30
        print(f"previews ended {time.monotonic() - previewed:.0f}s after they were sent")
        held_from = previewed  # the held pages connected as the attack ended

        # The held party pages (websockets open, answering pings, no sign of a person) end
        # after the idle time; the players, whose pages say a person is there, keep theirs.
        holders = [v for v in held if v.socket is not None]
        assert holders, "no party page was held"
        deadline = time.monotonic() + IDLE + 3 * CULL_INTERVAL + 10
        while time.monotonic() < deadline and any(kernel_alive(server.port, v.kernel or "")
                                                  for v in holders):
            for player in players.values():
                assert player.sign() == 200
            time.sleep(3)
        assert not any(kernel_alive(server.port, v.kernel or "") for v in holders)
        print(f"{len(holders)} held party pages ended {time.monotonic() - held_from:.0f}s "
              f"after connecting (idle time {IDLE}s)")
        assert all(v.closed_within(5) for v in holders)
        for hero, player in players.items():
            assert kernel_alive(server.port, player.kernel or ""), hero
        assert fetch(server.port)[0] == 200
    finally:
        server.stop()


def test_a_heros_page_open_three_times_says_so(tmp_path: Path) -> None:
    """Val's player with three pages open: a fourth is refused with 'this hero's page', and
    Yorn's player still opens theirs."""
    folder = demo_copy(tmp_path / "demo")
    server = Server(folder, free_port(), None, "--pages-per-minute", "0")
    keys = load_links(folder)
    try:
        val = "?" + hero_query("Val", keys["Val"])
        pages = [Visitor(server.port) for _ in range(3)]
        for page in pages:
            assert page.open(val)[0] == 200 and page.connect() == 101
        status, body = Visitor(server.port).open(val)
        assert status == 503
        assert "this hero's page is already open 3 times; close one of them, or try again " \
               "in 5 minutes" in refusal(body)
        assert Visitor(server.port).open("?" + hero_query("Yorn", keys["Yorn"]))[0] == 200
        pages[0].leave()
    finally:
        server.stop()


@pytest.mark.parametrize("how", [("--rotate", "Val"), ("--rotate-all",)])
def test_a_rotated_key_closes_the_pages_open_on_it(tmp_path: Path, how: tuple[str, ...]) -> None:
    """Val's page open (connected), then `links --rotate` and an award: the page's kernel is
    gone within seconds and its websocket closed; nothing reaches it. Yorn's page, whose key
    stays, is untouched (unless every key was rotated)."""
    folder = demo_copy(tmp_path / "demo")
    server = Server(folder, free_port(), None, "--pages-per-minute", "0")
    keys = load_links(folder)
    try:
        val, yorn = Visitor(server.port), Visitor(server.port)
        assert val.open("?" + hero_query("Val", keys["Val"]))[0] == 200
        assert yorn.open("?" + hero_query("Yorn", keys["Yorn"]))[0] == 200
        assert val.connect() == 101 and yorn.connect() == 101
        rotated = time.monotonic()
        assert cli("links", str(folder), *how).returncode == 0
        assert cli("adjust", str(folder), "Val", "wealth=9", "--reason",
                   "After the rotation").returncode == 0
        assert val.closed_within(5), "the page on the old key is still connected"
        assert gone_within(server.port, val.kernel, 5), "the old key's page still runs"
        print(f"\nclosed {time.monotonic() - rotated:.1f}s after the rotation began")
        assert kernel_alive(server.port, yorn.kernel or "") == (how[0] == "--rotate")
        assert Visitor(server.port).open("?" + hero_query("Val", keys["Val"]))[0] == 403
    finally:
        server.stop()


def test_a_websocket_is_only_for_the_pages_own_browser(tmp_path: Path) -> None:
    """Another client, knowing the kernel's id, cannot connect to it (403), with or without
    cookies of its own; the page's own websocket cannot shut its kernel down."""
    folder = demo_copy(tmp_path / "demo")
    server = Server(folder, free_port(), None, "--pages-per-minute", "0")
    try:
        owner, stranger = Visitor(server.port), Visitor(server.port)
        assert owner.open()[0] == 200
        assert stranger.open()[0] == 200  # a page of its own, and its own cookies
        assert stranger.connect(owner.kernel, cookies=False) == 403
        assert stranger.connect(owner.kernel) == 403
        assert owner.connect() == 101
        owner.send("shutdown_request", "control", {"restart": False})
        time.sleep(3)
        assert kernel_alive(server.port, owner.kernel or "")
        assert not owner.closed_within(1)
        log = server.log.read_text()
        assert "Dropped a shutdown_request" in log and "Traceback" not in log
        assert NOT_YOUR_PAGE  # the reason the refused websocket is given
    finally:
        server.stop()


def test_no_key_is_ever_in_the_servers_log(tmp_path: Path) -> None:
    """Pages served, refused for a wrong or rotated key (403), for the address's rate (429,
    a key in the query of a party page), for want of a place (503): the log after the
    printed links names heroes, never a key."""
    folder = demo_copy(tmp_path / "demo")
    server = Server(folder, free_port(), None, "--max-pages", "1", "--pages-per-minute", "2")
    keys = load_links(folder)
    old_val = keys["Val"]
    try:
        assert fetch(server.port)[0] == 200  # the one place
        assert fetch(server.port, "?" + hero_query("Val", keys["Yorn"]))[0] == 403
        assert fetch(server.port, "?" + hero_query("Val", keys["Val"]))[0] == 503
        status, body = fetch(server.port, f"?key={keys['Val']}")
        assert status == 429 and TOO_MANY in refusal(body)
        assert cli("links", str(folder), "--rotate", "Val").returncode == 0
        status, body = fetch(server.port, "?" + hero_query("Val", old_val))
        assert status == 403 and NO_KEY in refusal(body)
        stranger = Visitor(server.port)
        stranger.connect("00000000-0000-0000-0000-000000000000", cookies=False)
    finally:
        server.stop()
    log = server.log.read_text()
    after = log.split("Press Ctrl-C to stop.", 1)[1]
    secrets = {old_val, *load_links(folder).values(), *keys.values()}
    leaked = [line for line in after.splitlines() if any(k in line for k in secrets)
              or "key=" in line]
    assert not leaked, leaked
    assert f"GET {PAGE}?hero=Val (127.0.0.1)" in after
    assert "403" in after and "429" in after and "503" in after
    assert "Refused a visitor of Val's page" in after


@needs_chromium
def test_a_page_a_person_is_at_keeps_its_place(tmp_path: Path, own_browser) -> None:  # noqa: F811
    """A real page in a browser says a person is there: it outlives the idle time twice
    over, while a party page held by a websocket alone ends."""
    folder = demo_copy(tmp_path / "demo")
    server = Server(folder, free_port(), None, "--idle-seconds", "10",
                    "--pages-per-minute", "0")
    try:
        load(own_browser, server.url())
        kernel = kernel_of(own_browser.page_source)
        held = Visitor(server.port)
        assert held.open()[0] == 200 and held.connect() == 101
        assert held.closed_within(10 + 3 * CULL_INTERVAL + 10)
        time.sleep(5)
        assert kernel and kernel_alive(server.port, kernel), server.log.read_text()[-2000:]
        assert own_browser.execute_script(
            "return document.querySelectorAll('.widget-toggle-button').length") > 0
    finally:
        server.stop()
