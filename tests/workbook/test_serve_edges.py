"""A served dashboard's edges, for real (`drawsteel-kit serve` in a subprocess): the bare
address leads to the party page, the tab and a link's preview name the campaign (and the
hero) before any cell has run, and the published pages say the same.

The refusal pages (403, 429, 503) are checked in test_serve.py (``assert_plain_refusal``:
the players' pages' style inlined, a link to the party page, nothing from another host).
"""

from __future__ import annotations

import html
import http.client
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from workbook_helpers import REPO, free_port

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.ledger import LEDGER_FILE
from drawsteel_kit.kit.ui.pages import PREVIEW, tab_title
from drawsteel_kit.workbook.links import hero_query, load_links
from drawsteel_kit.workbook.publish import INDEX, hero_files, publish
from drawsteel_kit.workbook.serve_head import campaign_name, party_address
from workbook.test_serve import PAGE, Server

CAMPAIGN = "The Lantern Company"


def fresh(folder: Path) -> Path:
    """A fresh campaign of the demo's heroes (its ledger built, nothing played)."""
    folder.mkdir(parents=True)
    (folder / "campaign.yaml").write_bytes((REPO / "campaigns/demo/campaign.yaml").read_bytes())
    BaseCampaign.init(folder)[0].close()
    return folder


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = fresh(tmp_path_factory.mktemp("edges") / "camp")
    running = Server(folder, free_port(), None, "--pages-per-minute", "0")
    try:
        yield running
    finally:
        running.stop()


def _get(port: int, path: str) -> tuple[int, str, str]:
    """Status, Location header and body of one request (a redirect is not followed)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=240)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        return (response.status, response.getheader("Location") or "",
                response.read().decode("utf-8", "replace"))
    finally:
        conn.close()


@pytest.mark.slow
def test_the_bare_address_leads_to_the_party_page(server: Server) -> None:
    key = load_links(server.folder)["Val"]
    for path in ("/", "/voila", "/voila/", "/voila/tree", "/voila/tree/",
                 "/voila/tree/dashboard.ipynb", "/?token=x&campaign=/etc"):
        status, location, _ = _get(server.port, path)
        assert status == 302 and urlsplit(location).path == PAGE, (path, status, location)
        assert not urlsplit(location).query, (path, location)
    # a player's link to the bare address: on to their page, the key and hero only
    status, location, _ = _get(server.port, f"/?{hero_query('Val', key)}&token=x&theme=dark")
    assert status == 302 and location.endswith(f"{PAGE}?{hero_query('Val', key)}"), location
    _, _, body = _get(server.port, "/voila/tree")
    assert "dashboard.ipynb</a>" not in body  # Voila's file list is never shown


def _head(body: str) -> str:
    """What a page sends before its kernel has run a cell (the page's settings, with the
    kernel's id, come once the kernel started)."""
    return body[:body.index('id="jupyter-config-data"')]


def _preview(text: str) -> dict[str, str]:
    """A page's tab title and Open Graph tags, as a chat app reads them."""
    found = {m[1]: html.unescape(m[2]) for m in re.finditer(
        r'<meta property="og:(\w+)" content="([^"]*)"', text)}
    title = re.search(r"<title>([^<]*)</title>", text)
    found["tab"] = html.unescape(title[1].strip()) if title else ""
    return found


@pytest.mark.slow
def test_the_tab_and_a_links_preview_name_the_campaign_and_hero(server: Server) -> None:
    """Fetched as a chat app fetches a link (no browser): the head names the campaign, or
    the hero and the campaign, with one neutral line; no key, no address in it."""
    keys = load_links(server.folder)
    party = _preview(_head(_get(server.port, PAGE)[2]))
    assert party == {"tab": CAMPAIGN, "title": CAMPAIGN, "type": "website",
                     "description": PREVIEW}, party
    status, _, body = _get(server.port, server.hero("Val").split(str(server.port), 1)[1])
    assert status == 200
    val = _preview(_head(body))
    assert val == {"tab": f"Val \N{EM DASH} {CAMPAIGN}", "title": f"Val \N{EM DASH} {CAMPAIGN}",
                   "type": "website", "description": PREVIEW}, val
    for key in keys.values():
        assert key not in _head(body)
    assert "og:url" not in body and "og:image" not in body


@pytest.mark.slow
def test_a_refused_hero_page_names_no_one(server: Server) -> None:
    status, _, body = _get(server.port, f"{PAGE}?hero=Val&key=wrong")
    assert status == 403 and "Val" not in body and CAMPAIGN not in body


def test_published_pages_carry_the_same_title_and_preview(tmp_path: Path) -> None:
    folder = fresh(tmp_path / "camp")
    with BaseCampaign.open(folder, readonly=True) as camp:
        publish(camp, tmp_path / "site")
        files = hero_files(camp.members)
    party = _preview((tmp_path / "site" / INDEX).read_text(encoding="utf-8"))
    assert party == {"tab": CAMPAIGN, "title": CAMPAIGN, "type": "website",
                     "description": PREVIEW}, party
    val = _preview((tmp_path / "site" / files["Val"]).read_text(encoding="utf-8"))
    assert val["tab"] == val["title"] == f"Val \N{EM DASH} {CAMPAIGN}", val
    assert val["description"] == PREVIEW


def test_the_head_reads_what_it_can() -> None:
    assert tab_title(CAMPAIGN) == CAMPAIGN and tab_title("", None) == "The party"
    assert tab_title(CAMPAIGN, "Val") == f"Val \N{EM DASH} {CAMPAIGN}"
    assert campaign_name(REPO / "no such folder") == ""
    assert party_address("/base/", "hero=Val") == "/base/voila/render/dashboard.ipynb?hero=Val"
    assert party_address("/", "key=k&x=1") == "/voila/render/dashboard.ipynb"


def test_a_damaged_ledger_leaves_the_title_plain(tmp_path: Path) -> None:
    (tmp_path / LEDGER_FILE).write_bytes(b"not a database" * 100)
    assert campaign_name(tmp_path) == ""
