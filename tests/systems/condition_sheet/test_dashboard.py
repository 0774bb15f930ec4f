"""The condition-sheet players' pages, built from the demo campaign: the live battle with each
condition sheet drawn slot by slot, past battles, mana charts, no Director row, escaped text."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.systems.condition_sheet import pages as pages
from drawsteel_kit.systems.condition_sheet.demo import build
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.workbook.pages import player_page
from drawsteel_kit.workbook.publish import publish
from systems.condition_sheet.helpers import DEMO


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Campaign]:
    folder = tmp_path_factory.mktemp("cs") / "demo"
    folder.mkdir()
    shutil.copy(DEMO, folder / "campaign.yaml")
    camp = build(folder, echo=False)
    yield camp
    camp.close()


def test_the_demo_plays_what_the_brief_asks(demo: Campaign) -> None:
    first, second = demo.condition_sheet.battles()
    assert (first.status, first.state.round, second.status) == ("ended", 2, "running")
    assert all(c.sheet.empty and not c.knocked_down for c in first.state.characters)
    kinds = {e.kind for e in demo.history()}
    assert {"cs_order_settled", "cs_chain_combo", "cs_counter", "cs_support",
            "cs_check_reroll", "cs_battle_ended", "cs_resources_kept", "cs_mana_set",
            "cs_emotion_granted", "cs_preparation_granted"} <= kinds
    text = " ".join(e.summary for e in demo.history())
    assert "Roll-off: Bram 10, Warden 5: Bram first." in text
    assert "Imp is knocked down" in text and "Bram covers Ava" in text
    assert "Cleo counters Warden (1 mana), without the +1 to the cast." in text  # 004: 150
    cleo = demo.condition_sheet.member_sheet("Cleo").data                          # 004: 161-163
    assert cleo["emotions"] == {"Ava": 1} and cleo["preparations"] == [
        "Charted the library stacks"]
    assert demo.condition_sheet.member_sheet("Ava").data["mana"] == 4
    assert demo.ledger.verify()


def test_the_party_page_draws_the_live_battle(demo: Campaign) -> None:
    html = player_page(demo).html
    assert "Night in the library" in html and "The shattered gate" in html
    assert html.count('<table class="cs-grid">') == 3                 # Ava, Cleo, Warden
    assert "GM&#39;s character" in html and "Round 1 · acting" in html
    assert "Imp joins the party" not in html and "Warden joins the party" not in html
    assert "Charted the library stacks" in html          # granted between the battles
    assert "Cleo gains 1 emotion toward Ava, now 1" in html


def test_a_foes_few_slots_are_greyed_and_marks_are_drawn(tmp_path: Path) -> None:
    folder = tmp_path / "cs"
    folder.mkdir()
    shutil.copy(DEMO, folder / "campaign.yaml")
    camp, _ = BaseCampaign.init(folder)
    cs = camp.condition_sheet
    cs.new_battle("Gate", ["Ava"], foes=["Imp"])
    cs.start_round(typed=[6, 6])
    cs.settle_order()
    cs.attack(None, "Ava", ["Imp"], "add_curse:Poison", typed=[4, 4])
    html = player_page(camp).html
    assert html.count('<td class="cs-none"></td>') == 3 * 4           # the Imp's 2 slots of 6
    assert '<td class="cs-curse">Poison</td>' in html
    camp.close()


def test_the_pages_escape_text_and_keep_director_rows_out(tmp_path: Path) -> None:
    data = yaml.safe_load(DEMO.read_text(encoding="utf-8"))
    data["foes"].append({"name": "Lich Queen", "cast": 5, "guard": 5})
    data["characters"][0]["player"] = "<script>alert(1)</script>"
    folder = tmp_path / "cs"
    folder.mkdir()
    (folder / "campaign.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    camp, _ = BaseCampaign.init(folder)
    camp.condition_sheet.new_battle("<b>Ambush</b>", ["Ava"], foes=["Imp"])
    for page in (player_page(camp), player_page(camp, "Ava")):
        html = page.html
        assert "<script>alert(1)" not in html and "&lt;script&gt;alert(1)" in html
        assert "<b>Ambush</b>" not in html and "&lt;b&gt;Ambush&lt;/b&gt;" in html
        assert "Lich Queen" not in html
    camp.close()


def test_a_characters_page_shows_their_battle_and_mana(demo: Campaign) -> None:
    html = player_page(demo, "bram").html
    assert "Bram is in no battle now." in html and "The shattered gate" in html
    ava = player_page(demo, "Ava").html
    assert "Night in the library" in ava and "mana 4" in ava
    fig = pages.mana_chart(demo, "Bram", "Bram")
    (line,) = fig.data
    assert list(line.y) == [6, 4, 6]                # the file, after the battle, the rest


def test_mana_by_round_of_the_newest_battle(demo: Campaign) -> None:
    fig = pages.mana_rounds_chart(demo)
    assert [t.name for t in fig.data] == ["Ava", "Cleo"]
    assert list(fig.data[0].x) == ["1", "now"] and list(fig.data[0].y) == [4, 4]
    assert pages.resolution_blocks(demo) == []


def test_the_demo_publishes_a_page_per_character(demo: Campaign, tmp_path: Path) -> None:
    written = publish(demo, tmp_path / "site")
    assert [p.name for p in written] == ["index.html", "hero-ava.html", "hero-bram.html",
                                         "hero-cleo.html"]
    assert "cs-grid" in written[0].read_text(encoding="utf-8")


def test_the_mana_chart_shares_a_budget_of_points(demo: Campaign, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The chart draws at most CHART_BUDGET points, every line keeping its first and last
    change; the demo's chart fits the real budget whole."""
    from drawsteel_kit.kit.ledger import timeline

    fig = pages.mana_chart(demo)
    monkeypatch.setattr(pages, "CHART_BUDGET", 10**9)
    assert pages.mana_chart(demo).to_json() == fig.to_json()
    shutil.copytree(demo.folder, tmp_path / "camp")
    with BaseCampaign.open(tmp_path / "camp") as camp:
        chars = [s for s in camp.sheets("character", visible_to="party")
                 if s.system == pages.SYSTEM]
        for i in range(24):  # many changes for Bram, who is in no battle
            camp.condition_sheet.set_mana("Bram", 1 + i % 2, reason=f"turn {i}")
        every = {s.name: [r["after"] for r in timeline.first_changes(
            camp.ledger.db, "sheets", s.key, "mana", "party", 10**6)] for s in chars}
        whole = pages.mana_chart(camp)
        budget = sum(len(c) + 1 for c in every.values()) // 2
        monkeypatch.setattr(pages, "CHART_BUDGET", budget)
        tight = pages.mana_chart(camp)
    assert sum(len(t.x) for t in tight.data) <= budget < sum(len(t.x) for t in whole.data)
    for line in tight.data:
        assert (line.y[0], line.y[-1]) == (every[line.name][0], every[line.name][-1])
