"""A visitor of the players' dashboard cannot write, cannot see past their page, and sees no
code or traceback when it fails. Real `drawsteel-kit serve` (Voila) and headless Chromium.

What Voila does with a visitor's kernel messages (voila/app.py, ``allowed_message_types``):
the page's kernel websocket forwards only ``comm_open``, ``comm_close``, ``comm_msg``,
``comm_info_request``, ``kernel_info_request`` and ``shutdown_request``; anything else
(``execute_request``, ``inspect_request``, ``history_request`` ...) is dropped by
jupyter_server with a warning in the server's log and never reaches the kernel. So a
visitor's reach is the page's widgets: their comm messages are what these tests craft. (Only
the browser whose page started a kernel may open its websocket, and a ``shutdown_request``
over it is dropped: test_attack_serve. So the crafty visitor here is that browser: it speaks
to its own page's kernel with its own cookies.)

One server for campaign A (the demo's books with Director-only rows added), with campaign B
beside it on disk. The last tests break A's files under the running server, then put them
back byte for byte.
"""

from __future__ import annotations

import asyncio
import html
import http.client
import json
import re
import sqlite3
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

import pytest
from conftest import (
    FIXTURES_DIR,
    REPO,
    campaign_data,
    checkpoint,
    ledger_fingerprint,
    write_campaign,
)
from workbook_helpers import (
    DIRECTOR_PROJECT,
    DIRECTOR_REASON,
    chromium,
    demo_copy,
    free_port,
    needs_chromium,
)

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.ledger import LEDGER_FILE
from drawsteel_kit.workbook.links import LINKS_FILE, load_links
from drawsteel_kit.workbook.serve import PLAYERS_DIR
from workbook.test_serve import PAGE, RENDER_TIMEOUT, SOURCE_TEXTS, Server, load, page_text

pytestmark = needs_chromium

FIXTURES = FIXTURES_DIR / "ledgers"
#: Campaign B, beside A on disk: none of it may reach a visitor of A's server.
RIVAL_NAME = "The Obsidian Syndicate of Quorr"
RIVAL_HERO = "Zephyrine Vantablack"
RIVAL_NOTE = "The syndicate's vault key is under the ninth gargoyle"
#: A's rows for the Director only (the demo's own, and ours), beside workbook_helpers' secrets.
DIRECTOR_NPC = "Magister Hollowvein"
DIRECTOR_NOTE = "Hollowvein is the lich's steward in disguise"
DIRECTOR_ITEM = "Lantern of Whispered Names"
SECRETS = (DIRECTOR_PROJECT, DIRECTOR_REASON, DIRECTOR_NPC, DIRECTOR_NOTE, DIRECTOR_ITEM,
           "Ring of the Drowned Chapel", "bells heard under the mill",
           RIVAL_NAME, RIVAL_HERO, RIVAL_NOTE)
#: Signs of a traceback or of our code on a page or in a message.
LEAKS = ("Traceback", "site-packages", "drawsteel_kit/", "File \"", "TraitError", *SOURCE_TEXTS)
MARKER = "visitor-was-here"
#: Now and then, on a busy shared machine, a page's render stalls with its kernel idle, and
#: Voila sends a heartbeat every 10 s until serve's time limit per cell ends the page: a
#: socket timeout never fires, so each page load gets a deadline of its own, then one more
#: try in a new kernel.
PAGE_DEADLINE = RENDER_TIMEOUT / 2
#: A widget message's text fields: another campaign, a path, odd unicode, something huge.
NASTY = ("rival", "../../rival/ledger.db", "\u202e\u0000\ud7ff\U0001f480 ᚠᛇᚻ", "x" * 300_000)


# -- the servers -----------------------------------------------------------------------------
def make_rival(folder: Path) -> Path:
    """Campaign B: its own name, hero and a note, built from campaign.yaml."""
    hero = {"name": RIVAL_HERO, "level": 1, "max_stamina": 20, "max_recoveries": 8}
    with BaseCampaign.init(write_campaign(folder, campaign_data(name=RIVAL_NAME,
                                                            heroes=[hero])))[0] as camp:
        camp.add_note(RIVAL_NOTE)
    checkpoint(folder / LEDGER_FILE)
    return folder


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A's server, A's folder and ledger fingerprint, and B's folder."""
    root = tmp_path_factory.mktemp("safety")
    lantern = demo_copy(root / "lantern")
    with BaseCampaign.open(lantern) as camp:
        camp.add_npc(DIRECTOR_NPC, level=6, notes=DIRECTOR_NOTE, visibility="director")
        camp.add_note(DIRECTOR_NOTE, about=DIRECTOR_NPC, visibility="director")
        camp.add_item(DIRECTOR_ITEM, holder="Val", origin="found", visibility="director")
    rival = make_rival(root / "rival")
    checkpoint(lantern / LEDGER_FILE)
    before = ledger_fingerprint(lantern / LEDGER_FILE)
    server = Server(lantern, free_port())
    try:
        yield {"server": server, "folder": lantern, "rival": rival, "before": before}
    finally:
        server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as driver:
        driver.set_page_load_timeout(PAGE_DEADLINE)  # a stalled render is loaded once more
        yield driver


@pytest.fixture(scope="module")
def party_page(world: dict[str, Any], browser: Any) -> str:
    """The party page, open in the browser; its kernel's id (what a visitor attacks, with
    the browser's cookies: ``world["cookies"]``)."""
    load(browser, world["server"].url())
    world["cookies"] = "; ".join(f"{c['name']}={c['value']}" for c in browser.get_cookies())
    return kernel_of(browser)


def assert_unchanged(world: dict[str, Any]) -> None:
    """Nothing was written: no marker file anywhere near, the ledger byte for byte the same."""
    folder: Path = world["folder"]
    for where in (folder, folder.parent, PLAYERS_DIR, Path.cwd(), Path("/tmp")):
        assert not (where / MARKER).exists(), where
    assert ledger_fingerprint(folder / LEDGER_FILE) == world["before"]


def plain(text: str) -> str:
    """Text as a reader sees it: Voila embeds outputs as JSON in the page (``\\u0027``) and
    HTML escapes (``&#x27;``) hide nothing from a visitor."""
    text = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), text)
    return html.unescape(text.replace('\\"', '"').replace("\\n", "\n"))


def assert_clean(text: str, *, what: str, asked: str = "") -> None:
    """No secret, no other campaign, no traceback or code in ``text`` (a page that echoes
    what the visitor ``asked`` for, "no hero named ...", tells them nothing new)."""
    text = plain(text)
    for bad in (*SECRETS, *LEAKS):
        assert bad in asked or bad not in text, f"{what}: {bad[:60]!r}"


# -- a visitor's own websocket to the page's kernel -------------------------------------------
class Visitor:
    """The Jupyter protocol spoken straight to a page's kernel, as a crafty visitor would."""

    def __init__(self, port: int, kernel_id: str, cookies: str) -> None:
        self.url = f"ws://127.0.0.1:{port}/api/kernels/{kernel_id}/channels"
        self.cookies = cookies  # the page's own browser's: no other may connect
        self.session = uuid.uuid4().hex
        self.received: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.ws: Any = None

    async def __aenter__(self) -> Visitor:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        self.ws = await websocket_connect(
            HTTPRequest(f"{self.url}?session_id={self.session}",
                        headers={"Cookie": self.cookies}),
            max_message_size=64 * 1024 * 1024)
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.ws.close()

    async def send(self, msg_type: str, content: dict[str, Any], channel: str = "shell") -> str:
        msg_id = uuid.uuid4().hex
        await self.ws.write_message(json.dumps({
            "header": {"msg_id": msg_id, "username": "visitor", "session": self.session,
                       "msg_type": msg_type, "version": "5.3", "date": ""},
            "parent_header": {}, "metadata": {}, "content": content, "channel": channel,
            "buffers": []}))
        return msg_id

    async def fence(self, channel: str = "shell") -> dict[str, Any]:
        """A kernel_info_request, read until its reply and its idle status: the kernel
        handles a channel's messages in order, so everything sent before was handled."""
        msg_id = await self.send("kernel_info_request", {}, channel)
        reply: dict[str, Any] | None = None
        idle = channel != "shell"  # the control channel's replies come without a status
        deadline = time.monotonic() + RENDER_TIMEOUT
        while not (reply and idle):
            assert time.monotonic() < deadline, "the kernel never answered kernel_info"
            msg = await self.read()
            if msg["parent_header"].get("msg_id") == msg_id:
                if msg["header"]["msg_type"] == "kernel_info_reply":
                    reply = msg
                idle = idle or msg["content"].get("execution_state") == "idle"
        return reply

    async def read(self) -> dict[str, Any]:
        raw = await asyncio.wait_for(self.ws.read_message(), RENDER_TIMEOUT)
        assert raw is not None, "the server closed the kernel's websocket"
        text = raw if isinstance(raw, str) else raw.decode("utf-8", "replace")
        msg = json.loads(text)
        self.raw.append(json.dumps(msg, ensure_ascii=False))
        self.received.append(msg)
        return msg

    def types(self) -> set[str]:
        return {m["header"]["msg_type"] for m in self.received}

    async def widgets(self) -> dict[str, dict[str, Any]]:
        """Every widget of the page: comm id -> its state (asked for as the page would)."""
        deadline = time.monotonic() + RENDER_TIMEOUT
        ask = await self.send("comm_info_request", {"target_name": "jupyter.widget"})
        while True:
            assert time.monotonic() < deadline, "the kernel never listed its widgets"
            msg = await self.read()
            if msg["parent_header"].get("msg_id") == ask and \
                    msg["header"]["msg_type"] == "comm_info_reply":
                comms = list(msg["content"]["comms"])
                break
        asked = {await self.send("comm_msg", {"comm_id": c, "data": {
            "method": "request_state"}}): c for c in comms}
        states: dict[str, dict[str, Any]] = {}
        while len(states) < len(comms):
            assert time.monotonic() < deadline, f"no state from {set(comms) - set(states)}"
            msg = await self.read()
            if msg["header"]["msg_type"] == "comm_msg" and \
                    msg["parent_header"].get("msg_id") in asked:
                states[msg["content"]["comm_id"]] = msg["content"]["data"]["state"]
        return states

    async def update(self, comm_id: str, state: dict[str, Any]) -> None:
        await self.send("comm_msg", {"comm_id": comm_id, "data": {
            "method": "update", "state": state, "buffer_paths": []}})


def kernel_of(driver: Any) -> str:
    """The kernel id Voila wrote into the page it served."""
    found = re.search(r'"kernelId": "([0-9a-f-]{36})"', driver.page_source)
    assert found, "no kernel id in the page"
    return found.group(1)


def of_model(states: dict[str, dict[str, Any]], model: str) -> list[str]:
    return [c for c, s in states.items() if s.get("_model_name") == model]


# -- a crafted message cannot write ---------------------------------------------------------
WRITE_CODE = f"""
import pathlib, sqlite3
for where in ({{folder!r}}, {{parent!r}}, '.', '/tmp'):  # '.': notebooks/players
    pathlib.Path(where, {MARKER!r}).write_text('x')
conn = sqlite3.connect({{ledger!r}})
conn.execute("INSERT INTO notes (text, visibility) VALUES ('written by a visitor', 'party')")
conn.commit()
from drawsteel_kit.systems.draw_steel.campaign import Campaign
BaseCampaign.open({{folder!r}}).award_victories(5, reason='a visitor')
"""


def test_an_execute_request_never_reaches_the_kernel(world, party_page) -> None:
    server, folder = world["server"], world["folder"]
    code = WRITE_CODE.format(folder=str(folder), parent=str(folder.parent),
                             ledger=str(folder / LEDGER_FILE))

    async def attack() -> Visitor:
        async with Visitor(server.port, party_page, world["cookies"]) as v:
            assert (await v.fence())["content"]["status"] == "ok"  # the channel works
            content = {"code": code, "silent": False, "store_history": True,
                       "user_expressions": {"x": code}, "allow_stdin": False,
                       "stop_on_error": True}
            for channel in ("shell", "control"):
                await v.send("execute_request", content, channel)
            await v.send("inspect_request", {"code": code, "cursor_pos": 5, "detail_level": 1})
            await v.send("complete_request", {"code": "camp.", "cursor_pos": 5})
            await v.send("history_request", {"hist_access_type": "tail", "n": 100,
                                             "output": True, "raw": True})
            await v.fence("control")
            await v.fence()
            return v

    visitor = asyncio.run(attack())
    assert not visitor.types() & {"execute_reply", "execute_result", "execute_input", "stream",
                                  "error", "inspect_reply", "complete_reply", "history_reply"}
    assert_clean("\n".join(visitor.raw), what="kernel messages")
    assert 'Received message of type "execute_request", which is not allowed' in \
        server.log.read_text()
    assert_unchanged(world)


def test_crafted_widget_messages_cannot_write_or_reveal(world, party_page, browser) -> None:
    server = world["server"]

    async def attack() -> tuple[Visitor, list[dict[str, Any]]]:
        async with Visitor(server.port, party_page, world["cookies"]) as v:
            states = await v.widgets()
            (picker,) = of_model(states, "DropdownModel")
            (events,) = of_model(states, "ToggleButtonsModel")
            assert states[picker]["_options_labels"], "the page offers no project to forecast"
            for comm in (picker, events):
                for index in (99, -1, 2**70, None, [0], *NASTY):
                    await v.update(comm, {"index": index})
                for value in NASTY[:3]:  # not synced in ipywidgets 8: ignored, but try
                    await v.update(comm, {"value": value, "label": value})
                await v.update(comm, {"_options_labels": list(NASTY[:3]),
                                      "description": NASTY[2] * 500})
                await v.send("comm_msg", {"comm_id": comm, "data": {
                    "method": "custom", "content": {"event": "click"}}})
            await v.send("comm_msg", {"comm_id": "no-such-comm", "data": {
                "method": "update", "state": {"index": 0}}})
            await v.send("comm_open", {"comm_id": uuid.uuid4().hex,
                                       "target_name": "jupyter.widget", "data": {"state": {
                                           "_model_name": "TextModel", "value": NASTY[1]}}})
            await v.fence()
            # The page's controls still work, and still only read: "last 50" lists events.
            shown = len(v.received)
            await v.update(events, {"index": 2})
            await v.fence()
            return v, v.received[shown:]

    visitor, after = asyncio.run(attack())
    # The Output widget's new outputs come as a state update of its model.
    tables = [o["data"]["text/html"] for m in after if m["header"]["msg_type"] == "comm_msg"
              for o in m["content"]["data"].get("state", {}).get("outputs", [])
              if "text/html" in o.get("data", {})]
    assert tables and "<table" in tables[0], "the events control no longer answers"
    for table in tables:
        assert_clean(table, what="the events table")
    raw = plain("\n".join(visitor.raw))
    for secret in SECRETS:
        assert secret not in raw, secret
    time.sleep(1)  # the browser's own connection shows what the kernel sent back
    text, source = page_text(browser)
    assert_clean(text, what="the page's text")
    for secret in SECRETS:
        assert secret not in plain(source), secret
    assert_unchanged(world)


def server_paths(world: dict[str, Any]) -> list[str]:
    """Folders of this machine that no message may name."""
    import site
    import sys

    return [str(world["folder"]), str(PLAYERS_DIR), str(REPO),
            sys.prefix, *site.getsitepackages(), str(Path.home())]


def test_a_rejected_widget_message_sends_back_no_traceback(world, party_page) -> None:
    """Every message the kernel sends back (stream, error, display_data, comm_msg, status
    ...) after widget messages it rejects: no traceback, no code, no server path."""
    server = world["server"]

    async def attack() -> Visitor:
        async with Visitor(server.port, party_page, world["cookies"]) as v:
            states = await v.widgets()
            (picker,) = of_model(states, "DropdownModel")
            (events,) = of_model(states, "ToggleButtonsModel")
            for comm in (picker, events):
                for state in ({"index": 99}, {"index": "x"}, {"index": [0, 1]},
                              {"_options_labels": 5}, {"layout": "IPY_MODEL_nope"},
                              {"no_such_trait": 1}):
                    await v.update(comm, state)
                for data in ({"method": "update"}, {"method": "update", "state": 7},
                             {"method": "nope"}, {}, {"method": "update", "state": {
                                 "index": 0}, "buffer_paths": [["index"]]}):
                    await v.send("comm_msg", {"comm_id": comm, "data": data})
                await v.send("comm_msg", {"comm_id": comm})
                await v.send("comm_close", {"comm_id": uuid.uuid4().hex, "data": {}})
            await v.send("comm_open", {"comm_id": uuid.uuid4().hex, "target_name": "nope",
                                       "data": {}})
            await v.send("comm_open", {"comm_id": uuid.uuid4().hex,
                                       "target_name": "jupyter.widget",
                                       "data": {"state": {"_model_name": "NoSuchModel",
                                                          "_model_module": "nope"}}})
            await v.send("comm_info_request", {"target_name": 5})
            await v.fence()
            time.sleep(1)  # a log line the kernel writes late still arrives
            await v.fence()
            return v

    visitor = asyncio.run(attack())
    kinds = visitor.types()
    print(f"message types: {sorted(kinds)}")
    assert "comm_msg" in kinds and "status" in kinds
    everything = "\n".join(visitor.raw)
    for leak in (*LEAKS, "Traceback", "Error:", *server_paths(world)):
        assert leak not in plain(everything), (leak, [m for m in visitor.raw if leak in
                                                      plain(m)][:2])


# -- a visitor cannot reach another campaign or the Director's rows ----------------------------
def rendered(driver: Any, url: str) -> list[str]:
    """Open a page and wait until Voila is done with it (a page whose rendering stalls on a
    starved machine is opened once more); its visible text, line by line."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        driver.get(url)
    except TimeoutException:
        driver.get(url)
    WebDriverWait(driver, RENDER_TIMEOUT).until(lambda d: d.find_elements(
        By.CSS_SELECTOR, ".dsk-page h1, .dsk-error, .jp-OutputArea-output"))
    WebDriverWait(driver, RENDER_TIMEOUT).until(lambda d: d.execute_script(
        "return document.readyState") == "complete")
    time.sleep(0.5)
    return [line for line in page_text(driver)[0].splitlines() if line.strip()]


def get(port: int, path: str) -> tuple[int, str, str | None]:
    """One GET of ``path`` exactly as written (no client-side clean-up), within
    PAGE_DEADLINE: its status, body and redirect."""
    deadline = time.monotonic() + PAGE_DEADLINE
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=PAGE_DEADLINE)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        chunks = []
        while chunk := response.read1(65536):
            chunks.append(chunk)
            if time.monotonic() > deadline:
                raise TimeoutError(f"{path}: still rendering after {PAGE_DEADLINE:.0f} s")
        body = b"".join(chunks).decode("utf-8", "replace")
        return response.status, body, response.getheader("Location")
    finally:
        conn.close()


def fetch(port: int, path: str, *, hops: int = 3) -> tuple[int, str]:
    """GET ``path``, following redirects: the final status and every body seen. A page whose
    rendering stalls (a starved, shared machine) is asked for once more, in a new kernel."""
    bodies = []
    for _ in range(hops + 1):
        try:
            status, body, location = get(port, path)
        except TimeoutError:
            status, body, location = get(port, path)
        bodies.append(body)
        if status in (301, 302, 303, 307, 308) and location and location.startswith("/"):
            path = location
            continue
        break
    return status, "\n".join(bodies)


def query_attacks(world: dict[str, Any]) -> list[str]:
    """Query strings naming campaign B, its ledger, or a hero from elsewhere; and asking for
    another template and theme. Each is a page and a kernel of its own: a few, well chosen.
    The second carries Val's key (a player trying to reach past their own page)."""
    b = quote(str(world["rival"]))
    key = quote(load_links(world["folder"])["Val"])
    return [f"?campaign={b}&DRAWSTEEL_KIT_CAMPAIGN={b}&voila-template=classic&voila-theme=dark",
            f"?hero=Val&key={key}&campaign=rival&hero=..%2Frival&key=x",
            f"?hero=..%2F..%2Frival&key={key}",
            f"?hero={b}%2F{LEDGER_FILE}&campaign={b}%2F{LEDGER_FILE}"]


def test_a_query_string_never_opens_another_campaign(world) -> None:
    server = world["server"]
    with BaseCampaign.open(world["folder"], readonly=True) as camp:
        nav = [f">{name}<" for name in camp.heroes]
    for query, expected in zip(query_attacks(world), (200, 200, 403, 403), strict=True):
        status, body = fetch(server.port, PAGE + query)
        assert status == expected, query
        if status == 200:  # A's page
            assert all(n in plain(body) for n in nav) or "dsk-error" in body, query
        assert_clean(body, what=query, asked=unquote(query))
    assert_unchanged(world)


def test_paths_outside_the_players_folder_are_refused(world) -> None:
    server, folder, rival = world["server"], world["folder"], world["rival"]
    paths = [
        "/voila/render/../resolve_downtime.ipynb", "/voila/render/%2e%2e/director.ipynb",
        "/voila/render/..%2f..%2frival%2fcampaign.yaml", f"/voila/render/{rival}/campaign.yaml",
        f"/voila/render/{folder}/{LEDGER_FILE}", "/voila/render/dashboard.ipynb/../../../rival",
        "/voila/files/dashboard.ipynb", f"/voila/files/{rival}/campaign.yaml",
        "/voila/files/%2e%2e/%2e%2e/campaigns/demo/campaign.yaml",
        f"/voila/files/..%2f..%2f..%2f{quote(str(rival))}%2fledger.db",
        "/voila/api/contents/..",
        "/voila/api/contents/%2e%2e/director.ipynb", "/voila/static/..%2f..%2f..%2fapp.py",
        "/voila/templates/..%2f..%2f..%2fapp.py", "/voila/labextensions/..%2f..%2f",
        "/api/contents", "/api/contents/..", "/api/kernels", "/api/sessions",
        "/api/kernelspecs", "/files/../rival/campaign.yaml", "/tree", "/lab", "/notebooks",
        "/api/nbconvert", "/voila/api/themes/..%2f..%2f",
        f"/voila/files/{folder}/{LINKS_FILE}", f"/voila/render/{folder}/{LINKS_FILE}",
        f"/voila/files/..%2f..%2f..%2f{quote(str(folder))}%2f{LINKS_FILE}",
    ]
    keys = load_links(folder).values()
    for path in paths:
        status, body = fetch(server.port, path)
        assert status >= 400, (path, status)
        assert_clean(body, what=path)
        assert not any(key in body for key in keys), path
    for path in ("/voila/tree/..", "/voila/tree/%2e%2e"):  # Voila's file list: the party page
        status, body, location = get(server.port, path)
        assert status == 302 and location == "/voila/render/dashboard.ipynb", (path, status)
        assert_clean(body, what=path)
    status, listing = fetch(server.port, "/voila/api/contents?content=1")
    assert status == 200
    names = [item["name"] for item in json.loads(listing)["content"]]
    assert names == ["dashboard.ipynb"]
    status, body = fetch(server.port, "/voila/api/contents/dashboard.ipynb?content=1")
    assert json.loads(body)["content"] is None  # the notebook's code is not handed out
    assert_unchanged(world)


def test_the_rendered_pages_show_only_the_served_campaign(world, browser) -> None:
    server = world["server"]
    for query in query_attacks(world)[1:2]:
        rendered(browser, server.url(query))
        text, source = page_text(browser)
        assert_clean(text, what=query)
        for secret in SECRETS:
            assert secret not in plain(source), (query, secret)
    assert_unchanged(world)


# -- failing pages show one plain line --------------------------------------------------------
@pytest.fixture
def broken(world: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Campaign A, whose files the test breaks under its server; put back byte for byte."""
    folder: Path = world["folder"]
    ledger, yaml = (folder / LEDGER_FILE).read_bytes(), (folder / "campaign.yaml").read_bytes()
    yield world
    for suffix in ("-wal", "-shm"):
        (folder / (LEDGER_FILE + suffix)).unlink(missing_ok=True)
    (folder / LEDGER_FILE).write_bytes(ledger)
    (folder / "campaign.yaml").write_bytes(yaml)
    assert ledger_fingerprint(folder / LEDGER_FILE) == world["before"]


def assert_one_plain_line(driver: Any, lines: list[str], *, what: str) -> None:
    print(f"{what}: {lines}")
    assert len(lines) == 1, f"{what}: {lines}"
    assert "error" in lines[0].lower(), f"{what}: {lines}"
    source = page_text(driver)[1]
    for bad in (*LEAKS, "drawsteel_kit", "Error:"):
        assert bad not in source, f"{what}: {bad!r} in the page"


def break_ledger(folder: Path, how: str) -> None:
    ledger = folder / LEDGER_FILE
    for suffix in ("-wal", "-shm"):
        (folder / (LEDGER_FILE + suffix)).unlink(missing_ok=True)
    if how == "removed":
        ledger.unlink()
    elif how == "garbage":
        ledger.write_bytes(b"this is not a ledger\n" * 400)
    elif how == "older schema":  # a ledger the Director has not upgraded yet
        ledger.unlink()
        conn = sqlite3.connect(ledger)
        conn.executescript((FIXTURES / "schema_0001.sql").read_text(encoding="utf-8"))
        conn.close()


@pytest.mark.parametrize("how", ["removed", "garbage", "older schema"])
def test_a_page_whose_ledger_is_broken_shows_one_plain_line(broken, browser, how) -> None:
    break_ledger(broken["folder"], how)
    lines = rendered(browser, broken["server"].url())
    assert_one_plain_line(browser, lines, what=f"ledger {how}")
    assert "Lantern" not in " ".join(lines)


def test_a_broken_campaign_yaml_does_not_break_the_page(broken, browser) -> None:
    (broken["folder"] / "campaign.yaml").write_text("name: [unclosed\nheroes: {{{\n")
    lines = rendered(browser, broken["server"].url())
    text, source = page_text(browser)
    assert "The Lantern Company" in text  # the ledger is the truth: the page still shows it
    assert_clean(text, what="a broken campaign.yaml")
    assert not any(bad in source for bad in ("Traceback", "site-packages")), lines


def test_a_ledger_broken_under_an_open_page_shows_no_traceback(broken, browser) -> None:
    from selenium.webdriver.common.by import By

    load(browser, broken["server"].url())
    break_ledger(broken["folder"], "garbage")
    for button in browser.find_elements(By.CSS_SELECTOR, ".widget-toggle-button"):
        button.click()
        time.sleep(0.5)
    time.sleep(1)
    text, source = page_text(browser)
    assert_clean(text, what="controls on a broken ledger")
    assert "site-packages" not in source and "Traceback" not in source
