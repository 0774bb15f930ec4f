"""Shared by the workbook tests: a campaign with some history, secrets, and a headless Chromium.

``play`` goes through the public API (and, for a row only one hero may see, which no
Campaign method writes yet, the ledger's own append inside a write transaction).
"""

from __future__ import annotations

import shutil
import socket
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from drawsteel_kit.kit.ledger import update_op
from drawsteel_kit.systems.draw_steel.activities import ProjectRoll, StartProject
from drawsteel_kit.systems.draw_steel.campaign import Campaign

REPO = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")

#: Texts only the Director may see, and one only Val's player may see.
DIRECTOR_PROJECT = "The Duke's Poison Ledger"
DIRECTOR_REASON = "Secretly cursed by the lich"
VAL_ONLY_REASON = "Val's private vision of the drowned bell"

needs_chromium = pytest.mark.skipif(
    not (CHROMIUM.exists() and CHROMEDRIVER.exists()),
    reason="browser test: needs Debian's /usr/bin/chromium and /usr/bin/chromedriver "
           "(apt-get install chromium chromium-driver; .ci/run installs them)",
)


def add_secrets(camp: Campaign, hero: str = "Val") -> None:
    """A Director-only project (rolled on, so a party event names it), a Director-only
    adjustment, and a change only ``hero``'s player may see."""
    # Projects start during a respite (000: 3746): this one in the respite it is rolled in.
    camp.take_respite([hero], starts=[StartProject(
        hero, "Discover Lore", title=DIRECTOR_PROJECT, params={"kind": "obscure"},
        visibility="director")], activities={hero: ProjectRoll(DIRECTOR_PROJECT)}, seed=3)
    before = camp.hero(hero)
    camp.adjust_hero(hero, stamina=max(1, before.stamina - 1), reason=DIRECTOR_REASON,
                     visibility="director")
    with camp.ledger.write():
        camp.ledger.append(
            "adjusted", day=camp.party.day, session=camp.party.session, actor=hero,
            payload={"summary": VAL_ONLY_REASON, "reason": VAL_ONLY_REASON},
            ops=[update_op("heroes", hero, {"wealth": before.wealth},
                           {"wealth": before.wealth + 1})],
            visibility=f"hero:{hero}")


def play(camp: Campaign) -> Campaign:
    """A first session, a day, a respite with a project roll, renown, a follower, secrets."""
    camp.start_session()
    camp.award_victories(2, reason="Bandits at the mill")
    camp.award_victories(3, ["Yorn"], reason="Held the bridge")
    camp.adjust_hero("Bran", stamina=10, reason="Held the mill bridge alone")
    camp.spend_tokens("stamina", hero="Bran", round=2, reason="Second wind")
    camp.end_session()
    camp.advance_day(1, reason="Back in town")
    camp.take_respite(activities={"Val": ProjectRoll("The mill's cellar")}, seed=5,
                      starts=[StartProject("Val", "Discover Lore", title="The mill's cellar",
                                           params={"kind": "lost"})])
    camp.adjust_hero("Yorn", renown=3, reason="Famous for the bridge")
    camp.add_follower("Yorn", "Hesk", "artisan", ancestry="Orc", physical="might",
                      skills=["Alchemy", "Blacksmithing", "Carpentry", "Cooking"],
                      languages=["Variac", "Zaliac"])
    camp.start_session()
    camp.award_tokens(1, reason="Leapt the chasm")
    camp.end_session()
    add_secrets(camp)
    return camp


def demo_copy(dest: Path, *, secrets: bool = True) -> Path:
    """The demo campaign's files (never its ledger) in ``dest``, built in-process as `make
    demo` builds them, the Director's secrets added unless ``secrets`` is False; the ledger
    checkpointed so its bytes are all in ledger.db."""
    from drawsteel_kit.systems.draw_steel.demo import build_demo

    dest.mkdir(parents=True)
    shutil.copy(REPO / "campaigns" / "demo" / "campaign.yaml", dest)
    shutil.copytree(REPO / "campaigns" / "demo" / "plans", dest / "plans")
    with build_demo(dest, echo=False) as camp:
        if secrets:
            add_secrets(camp)
    return dest


def free_port() -> int:
    """A port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def chromium(width: int = 1280, height: int = 2000, *, logs: bool = False) -> Iterator[Any]:
    """Headless Debian Chromium through its chromedriver (nothing is downloaded); its console
    is kept (``get_log("browser")``), and with ``logs`` its network events too
    (``get_log("performance")``)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    options.page_load_strategy = "eager"  # the tests wait for what they need themselves
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", f"--window-size={width},{height}"):
        options.add_argument(flag)
    # The console is always kept (a test that fails can say what the page logged).
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"}
                           if logs else {"browser": "ALL"})
    profile = tempfile.mkdtemp(prefix="dsk-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def size(driver: Any, width: int, height: int, mobile: bool) -> None:
    """The page's viewport, exactly (a headless window has a minimum width of its own)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
