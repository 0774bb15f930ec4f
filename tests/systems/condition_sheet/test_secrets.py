"""A condition-sheet foe's profile (cast, guard, fixed values, mana, recipes ...) is the
GM's (004: 43, 68): the players' pages, published or served, and the party export show only
what the players' characters see at the table, unless campaign.yaml's ``reveal_foes: true``
opens it. Both ways, through the players' copy of the ledger (PartyView)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from cli_helpers import run
from conftest import checkpoint

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.book.party_view import PartyView
from drawsteel_kit.kit.ledger import LEDGER_FILE
from systems.condition_sheet.helpers import DEMO

#: What only the Warden's profile says (its fixed guard, its curse recipe, its fixed
#: initiative named as such).
PROFILE = ("fixed guard 8", "curse Bind (1)", "fixed initiative 7", "guard +2")


def campaign(folder: Path, *, reveal: bool | None) -> Path:
    """The demo's file (``reveal_foes`` as given, or left out), a battle under way."""
    folder.mkdir(exist_ok=True)
    data = yaml.safe_load(DEMO.read_text(encoding="utf-8"))
    data["settings"].pop("reveal_foes", None)
    if reveal is not None:
        data["settings"]["reveal_foes"] = reveal
    (folder / "campaign.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    with BaseCampaign.init(folder)[0] as camp:
        cs = camp.condition_sheet
        if not cs.battles():
            cs.new_battle("Gate", ["Ava", "Bram"], foes=["Warden"])
            cs.start_round(typed=[6, 6, 1, 1])
            cs.settle_order()
    checkpoint(folder / LEDGER_FILE)
    return folder


def shown(text: str) -> list[str]:
    return [p for p in PROFILE if p in text]


@pytest.mark.parametrize(("reveal", "expected"), [(None, []), (False, []),
                                                  (True, list(PROFILE))])
def test_published_pages_hide_foes_unless_the_table_reveals_them(
        tmp_path: Path, reveal: bool | None, expected: list[str]) -> None:
    """004: 43, 68 - hidden by default; ``reveal_foes: true`` shows the profile."""
    folder = campaign(tmp_path / "cs", reveal=reveal)
    run("publish", folder, "--out", tmp_path / "site")
    party = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    ava = (tmp_path / "site" / "hero-ava.html").read_text(encoding="utf-8")
    assert "Warden" in party and "Warden" in ava             # its name and sheet: at the table
    assert shown(party) == expected and shown(ava) == expected


@pytest.mark.parametrize(("reveal", "cast"), [(False, 0), (True, 2)])
def test_the_party_export_follows_the_setting(tmp_path: Path, reveal: bool, cast: int) -> None:
    """004: 43, 68 - `export --party-only` reads the same players' copy."""
    folder = campaign(tmp_path / "cs", reveal=reveal)
    with BaseCampaign.open(folder, readonly=True) as camp, PartyView.of(camp) as view:
        exported = json.dumps(view.export(), ensure_ascii=False)
        (battle,) = view.books.condition_sheet.battles()
    assert battle.state.get("Warden").cast == cast
    assert battle.state.get("Warden").fixed_guard == (8 if reveal else None)
    assert ("Bind" in exported) is reveal                               # its curse recipe
    with BaseCampaign.open(folder, readonly=True) as camp:                # the GM sees it always
        assert camp.condition_sheet.battle().state.get("Warden").fixed_guard == 8


def test_changing_the_setting_takes_effect_on_the_next_page(tmp_path: Path) -> None:
    """004: 43, 68 - the setting is the table's; turning it back hides the profile again."""
    folder = campaign(tmp_path / "cs", reveal=True)
    campaign(folder, reveal=False)
    run("publish", folder, "--out", tmp_path / "site")
    assert shown((tmp_path / "site" / "index.html").read_text(encoding="utf-8")) == []


# -- served ----------------------------------------------------------------------------------
from workbook.test_serve import RENDER_TIMEOUT, Server  # noqa: E402
from workbook_helpers import chromium, free_port, needs_chromium  # noqa: E402


@needs_chromium
def test_the_served_dashboard_hides_foes_unless_the_table_reveals_them(tmp_path: Path) -> None:
    """004: 43, 68 - the served party page, each visit built from the ledger as it is."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    folder = campaign(tmp_path / "cs", reveal=None)
    server = Server(folder, free_port())
    try:
        with chromium() as browser:
            browser.set_page_load_timeout(RENDER_TIMEOUT)

            def visit() -> str:
                browser.get(server.url())
                WebDriverWait(browser, RENDER_TIMEOUT).until(
                    lambda d: d.find_elements(By.CSS_SELECTOR, ".cs-grid"))
                return str(browser.find_element(By.TAG_NAME, "body").text)

            text = visit()
            assert "Warden" in text and "GM's character" in text and shown(text) == []
            campaign(folder, reveal=True)
            text = visit()
            assert shown(text) == list(PROFILE)
    finally:
        server.stop()
