"""The Pathfinder 2e players' pages, built from the demo campaign: the live tracker under the
names players know, past records, charts from party-visible data, no Director row."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from drawsteel_kit.kit.book.party_view import PartyView
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.pages.dashboard import player_page
from drawsteel_kit.systems.pf2e import pages as pages
from drawsteel_kit.systems.pf2e.demo import build
from drawsteel_kit.workbook.publish import publish

#: Real names of creatures the demo never lets the PCs identify.
HIDDEN = ("Mitflit", "Bloodseeker", "Jaul Mezmin")


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Campaign]:
    folder = tmp_path_factory.mktemp("pf2e") / "demo"
    folder.mkdir()
    shutil.copy("campaigns/pf2e-demo/campaign.yaml", folder / "campaign.yaml")
    camp = build(folder, echo=False)
    yield camp
    camp.close()


def test_the_demo_plays_what_the_brief_asks(demo: Campaign) -> None:
    first, second = demo.pf2e.encounters()
    assert (first.status, first.record["rounds"], second.status) == ("ended", 2, "running")
    assert first.record["identified"] == ["Morlock scavenger"]
    assert first.record["defeated"] == ["Mitflit 1", "Mitflit 2"]
    kinds = {e.kind for e in demo.history()}
    assert {"pf2e_delayed", "pf2e_returned", "pf2e_effect_added", "pf2e_persistent_added",
            "pf2e_identified", "pf2e_encounter_ended"} <= kinds
    order = first.state.order
    assert order.index("Cressida") == order.index("Ava") + 1  # re-entered after Ava
    assert demo.ledger.verify()


def test_the_party_page_shows_the_live_tracker_without_hidden_names(demo: Campaign) -> None:
    page = player_page(demo)
    html = page.html
    for real in HIDDEN:
        assert real not in html
    assert "The drowned chapel" in html and "Buzzing thing 1" in html
    assert "Robed stranger" in html and "1d6 bleed" in html and "Round 1" in html
    assert "Buzzing thing 1&#39;s turn" in html
    assert "Morlock scavenger" in html  # identified during the first encounter
    assert "Gatehouse of the Vaults" in html and "Small gremlin 1" in html  # its record
    assert len(page.figures) == 2
    rounds = page.figures[0]
    assert list(rounds.data[0].y) == [2, 1]
    hp = {t.name: list(t.y) for t in page.figures[1].data}
    assert hp["Ava"] == [38, 31, 38, 38] and hp["Cressida"] == [25, 22, 22]
    assert hp["Brannoc"] == [30, 30]  # carried on to the newest event


def test_a_member_page_shows_that_pc_and_hides_the_same_names(demo: Campaign) -> None:
    page = pages.member_page(PartyView.of(demo, "Ava"))
    assert page.hero == "Ava" and "Ava" in page.title
    for real in HIDDEN:
        assert real not in page.html
    assert "The drowned chapel" in page.html and "Strike with Alchemist" in page.html
    assert [t.name for t in page.figures[0].data] == ["Ava"]
    assert pages.resolution_blocks(demo) == []


def test_the_hp_setting_hides_hit_points(demo: Campaign, tmp_path: Path) -> None:
    folder = tmp_path / "nohp"
    folder.mkdir()
    text = Path("campaigns/pf2e-demo/campaign.yaml").read_text(encoding="utf-8")
    (folder / "campaign.yaml").write_text(text.replace("hp_on_page: true",
                                                       "hp_on_page: false"), encoding="utf-8")
    with Campaign.init(folder)[0] as camp:
        assert "<th>HP</th>" not in player_page(camp).html
    assert "<th>HP</th>" in player_page(demo).html


def test_published_pages_hold_no_director_row(demo: Campaign, tmp_path: Path) -> None:
    written = publish(demo, tmp_path / "site")
    assert len(written) == 1 + len(demo.members)
    for path in written:
        text = path.read_text(encoding="utf-8")
        for real in HIDDEN:
            assert real not in text, (path.name, real)
