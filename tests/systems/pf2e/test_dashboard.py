"""The Pathfinder 2e players' pages, built from the demo campaign: the live tracker under the
names players know, past records, charts from party-visible data, no Director row."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.book.party_view import PartyView
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.pf2e import pages as pages
from drawsteel_kit.systems.pf2e.demo import build
from drawsteel_kit.workbook.pages import player_page
from drawsteel_kit.workbook.publish import publish

#: Real names of creatures the demo never lets the PCs identify.
HIDDEN = ("Mitflit", "Bloodseeker", "Jaul Mezmin", "Giant rat")
#: Foes' hit points and AC the GM keeps (Jaul Mezmin's 40 HP, AC 19; the rat's 12, AC 15).
FOE_STATS = ("40/40", "AC 19", "12/12", "AC 15")


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Campaign]:
    folder = tmp_path_factory.mktemp("pf2e") / "demo"
    folder.mkdir()
    shutil.copy("campaigns/pf2e-demo/campaign.yaml", folder / "campaign.yaml")
    camp = build(folder, echo=False)
    yield camp
    camp.close()


def test_the_demo_plays_what_the_brief_asks(demo: Campaign) -> None:
    """002: 51, 69, 76, 85-88, 103-104, 154, 186, 197-205, 226, 240: one of each."""
    first, second = demo.pf2e.encounters()
    assert (first.status, first.record["rounds"], second.status) == ("ended", 3, "running")
    assert first.record["identified"] == ["Morlock scavenger"]
    assert first.record["defeated"] == ["Mitflit 1", "Mitflit 2"]
    assert (first.record["xp"], first.record["treasure"]) == (60, ["14 gp", "a +1 dagger"])
    kinds = {e.kind for e in demo.history()}
    assert {"pf2e_delayed", "pf2e_returned", "pf2e_effect_added", "pf2e_persistent_added",
            "pf2e_identified", "pf2e_encounter_ended", "pf2e_attack", "pf2e_aid",
            "pf2e_check", "pf2e_condition", "pf2e_cover", "pf2e_flanked", "pf2e_moved",
            "pf2e_damage", "pf2e_healed", "pf2e_breath", "pf2e_readied"} <= kinds
    # Cressida returned after Ava (002: 76), then was knocked out in the morlock's turn
    # and moved to directly before it: she now acts right after Brannoc.
    assert first.state.order == ("Brannoc", "Cressida", "Ava")
    lines = [x for e in demo.history(kind="pf2e_turn_ended") for x in e.payload["lines"]]
    assert "Mitflit 1's flat check against persistent fire: d20 16 against DC 15, it ends." \
        in lines
    assert "Ava is no longer frightened." in " ".join(
        x for e in demo.history(kind="pf2e_actions") for x in e.payload["lines"])
    strikes = " ".join(x for e in demo.history(kind="pf2e_attack") for x in e.payload["lines"])
    assert "Ava's Strike at Mitflit 2 (second attack): d20 14 +9 -5 = 18" in strikes
    assert "Giant rat's Strike at Ava (first attack)" in strikes
    assert "Jaul Mezmin's Strike at Ava (readied): d20 13 +11 -5 = 19" in strikes  # the rat's
    assert "(a reaction: no multiple attack penalty)" in strikes
    assert {s.name: s.data.get("xp") for s in demo.sheets("character")} == {
        "Ava": 60, "Brannoc": 60, "Cressida": 60}
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
    assert "wounded 1" in html and "standard cover" in html and "6 rounds of air" in html
    assert "Robed stranger&#39;s mount" in html and "32/38" in html  # a PC's HP is shown
    assert "14 gp; a +1 dagger" in html
    assert "DC 16" not in str(demo.export_json(include_director=False))  # a foe's save DC
    for stat in FOE_STATS:  # foes' hit points and AC are the GM's by default
        assert stat not in html
    assert len(page.figures) == 2
    rounds = page.figures[0]
    assert list(rounds.data[0].y) == [3, 1]
    hp = {t.name: list(t.y) for t in page.figures[1].data}
    when = {t.name: list(t.x) for t in page.figures[1].data}
    assert hp["Ava"] == [38, 31, 38, 32] and hp["Cressida"] == [25, 0, 6, 6]
    assert hp["Brannoc"] == [30, 30]  # carried on to the newest moment
    # the x axis is the table's: encounters (each one's changes in order), never event numbers
    assert when["Ava"] == ["day 1", "encounter 1 (1/4)", "encounter 1 (2/4)", "encounter 2"]
    assert when["Cressida"][1:3] == ["encounter 1 (3/4)", "encounter 1 (4/4)"]
    assert "event" not in page.figures[1].to_json()


def test_a_member_page_shows_that_pc_and_hides_the_same_names(demo: Campaign) -> None:
    page = pages.member_page(PartyView.of(demo, "Ava"))
    assert page.hero == "Ava" and "Ava" in page.title
    for real in HIDDEN:
        assert real not in page.html
    assert "The drowned chapel" in page.html and "Swim, Swim" in page.html
    assert [t.name for t in page.figures[0].data] == ["Ava"]
    assert pages.resolution_blocks(demo) == []


def test_the_hp_setting_hides_hit_points(demo: Campaign, tmp_path: Path) -> None:
    folder = tmp_path / "nohp"
    folder.mkdir()
    text = Path("campaigns/pf2e-demo/campaign.yaml").read_text(encoding="utf-8")
    (folder / "campaign.yaml").write_text(text.replace("hp_on_page: true",
                                                       "hp_on_page: false"), encoding="utf-8")
    with BaseCampaign.init(folder)[0] as camp:
        assert "<th>HP</th>" not in player_page(camp).html
    assert "<th>HP</th>" in player_page(demo).html


def test_published_pages_hold_no_director_row(demo: Campaign, tmp_path: Path) -> None:
    written = publish(demo, tmp_path / "site")
    assert len(written) == 1 + len(demo.members)
    for path in written:
        text = path.read_text(encoding="utf-8")
        for real in HIDDEN:
            assert real not in text, (path.name, real)


def test_the_hp_chart_shares_a_budget_of_points(demo: Campaign, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The chart draws at most CHART_BUDGET points, every line keeping its first and last
    change; the demo's chart fits the real budget whole."""
    from drawsteel_kit.kit.ledger import timeline

    fig = pages.hp_chart(demo)
    monkeypatch.setattr(pages, "CHART_BUDGET", 10**9)
    assert pages.hp_chart(demo).to_json() == fig.to_json()
    shutil.copytree(demo.folder, tmp_path / "camp")
    with BaseCampaign.open(tmp_path / "camp") as camp:
        chars = [s for s in camp.sheets("character", visible_to="party")
                 if s.system == "pf2e"]
        for i in range(12):  # many changes each
            for s in chars:
                camp.pf2e.adjust_hp(s.name, 1 + i % 2, reason=f"turn {i}")
        every = {s.name: [r["after"] for r in timeline.first_changes(
            camp.ledger.db, "sheets", s.key, "hp", "party", 10**6)] for s in chars}
        whole = pages.hp_chart(camp)
        budget = sum(len(c) + 1 for c in every.values()) // 2
        monkeypatch.setattr(pages, "CHART_BUDGET", budget)
        tight = pages.hp_chart(camp)
    assert sum(len(t.x) for t in tight.data) <= budget < sum(len(t.x) for t in whole.data)
    for line in tight.data:
        assert (line.y[0], line.y[-1]) == (every[line.name][0], every[line.name][-1])
