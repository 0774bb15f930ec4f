"""Each other rule system's demo campaign, served by `drawsteel-kit serve` (Voila) and published
as static HTML: its own player dashboard, read-only, showing only what players may see.

One Voila server and one headless Chromium per system. Each demo is built in a temporary folder by
the system's own demo builder, and a Director-only note is added; the ledger's bytes must not
change while pages are loaded.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import checkpoint
from test_serve import RENDER_TIMEOUT, SOURCE_TEXTS, Server, ledger_bytes, page_text
from workbook_helpers import REPO, chromium, free_port, needs_chromium

from drawsteel_kit.kit.ledger import LEDGER_FILE
from drawsteel_kit.kit.registry import SYSTEMS
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.workbook.publish import INDEX, hero_files, publish

OTHER_SYSTEMS = [s for s in SYSTEMS.values() if not s.is_default]
SECRET = "The innkeeper is the cult's paymaster"


def demo_folder(played: Any) -> Path:
    return REPO / "campaigns" / f"{played.module.replace('_', '-')}-demo"


def build(played: Any, dest: Path) -> Path:
    """The system's demo campaign, built in ``dest`` by its own builder, a secret added."""
    source = demo_folder(played)
    dest.mkdir(parents=True)
    shutil.copy(source / "campaign.yaml", dest)
    if (source / "plans").is_dir():
        shutil.copytree(source / "plans", dest / "plans")
    with played.part("demo").build(dest, echo=False) as camp:
        camp.add_note(SECRET, visibility="director")
    checkpoint(dest / LEDGER_FILE)
    return dest


def test_every_system_has_a_demo_campaign_in_campaigns() -> None:
    for played in OTHER_SYSTEMS:
        text = (demo_folder(played) / "campaign.yaml").read_text(encoding="utf-8")
        assert f"system: {played.key}" in text, played.key


@pytest.mark.parametrize("played", OTHER_SYSTEMS, ids=[s.key for s in OTHER_SYSTEMS])
def test_the_demo_publishes_a_page_per_member_without_the_directors_rows(
        played: Any, tmp_path: Path) -> None:
    folder = build(played, tmp_path / "camp")
    with Campaign.open(folder, readonly=True) as camp:
        assert camp.system.key == played.key
        members = camp.members
        assert members, "the demo has no characters"
        history = camp.history(limit=5)
        written = publish(camp, tmp_path / "site")
        name = camp.party.name
    files = {p.name: p.read_text(encoding="utf-8") for p in written}
    assert set(files) == {INDEX, *hero_files(members).values()}
    index = files[INDEX]
    assert name in index.replace("&#39;", "'")
    for member, file in hero_files(members).items():
        assert f'href="{file}"' in index
        assert member in files[file]
    assert any(e.kind != "note_added" for e in history)
    for page in files.values():
        assert SECRET not in page
        assert "plotly" in page  # plotly.js inlined: the page opens from disk


@pytest.fixture
def browser() -> Iterator[Any]:
    """A browser per test (seconds, against a test's half minute): nothing ties the systems
    to one xdist worker."""
    with chromium() as driver:
        driver.set_page_load_timeout(RENDER_TIMEOUT)
        yield driver


def _load(driver: Any, url: str) -> None:
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        driver.get(url)
    except TimeoutException:  # a renderer starved by a busy machine: once more
        driver.get(url)
    WebDriverWait(driver, RENDER_TIMEOUT).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, ".dsk-page h1")
        and d.find_elements(By.CSS_SELECTOR, ".js-plotly-plot .main-svg"))


@needs_chromium
@pytest.mark.parametrize("played", OTHER_SYSTEMS, ids=[s.key for s in OTHER_SYSTEMS])
def test_the_demo_is_served_read_only_by_voila(played: Any, tmp_path: Path, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    folder = build(played, tmp_path / "camp")
    with Campaign.open(folder, readonly=True) as camp:
        name, members = camp.party.name, camp.members
    before = ledger_bytes(folder)
    server = Server(folder, free_port())
    try:
        _load(browser, server.url())
        text, source = page_text(browser)
        assert name in text
        for member in members:
            assert member in text, member
        for secret in (SECRET, *SOURCE_TEXTS):
            assert secret not in source, secret
        assert "Traceback" not in text
        member = members[-1]
        _load(browser, server.hero(member))
        assert browser.find_element(By.CSS_SELECTOR, ".dsk-page h1").text == member
        assert SECRET not in page_text(browser)[1]
    finally:
        server.stop()
    assert ledger_bytes(folder) == before, "a player page changed the ledger"
