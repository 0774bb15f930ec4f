"""The Encounters panel (widgets set and clicked, no browser) and the player pages' sections."""

from __future__ import annotations

import pytest
from conftest import unchanged

from drawsteel_kit.kit.book.party_view import PartyView
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.pages import hero_page, party_page

pytest.importorskip("ipywidgets")

from drawsteel_kit.systems.draw_steel import panels as P
from drawsteel_kit.systems.draw_steel.panels.encounters import EncounterPanel


def fill(panel: EncounterPanel, title: str = "Ambush") -> None:
    panel.encounter_title.value = title
    panel.opponents.value = "4 goblins\n\n  a goblin chief  \n"
    panel.objective.value = "Hold the road"


def test_the_workbook_has_the_encounters_tab(campaign: Campaign) -> None:
    book = P.Workbook(campaign)
    assert isinstance(book.panel(EncounterPanel), EncounterPanel)
    assert "Encounters" in book.tab.titles


def test_preview_writes_nothing_then_log_it(campaign: Campaign) -> None:
    campaign.start_session()
    panel = EncounterPanel(campaign)
    assert list(panel.rows) == ["Bran", "Val", "Yorn"]
    fill(panel)
    panel.rows["Bran"].took_part.value = False
    panel.rows["Yorn"].fell.value = True
    before = unchanged(campaign)
    panel.preview_button.click()
    assert panel.ok and "Preview only" in panel.message_text
    cell = '<td style="text-align:left;padding:2px 8px">{}</td>'
    row = "".join(cell.format(c) for c in ("Val", "stood", "+1", 1))  # the victories after
    assert row in panel.preview_box.value
    assert "".join(cell.format(c) for c in ("Yorn", "fell", "+0", 0)) in panel.preview_box.value
    assert "Bran" not in panel.preview_box.value and "1 victory each to Val" in \
        panel.message_text
    assert unchanged(campaign) == before
    panel.log_button.click()
    assert panel.ok, panel.message_text
    assert panel.message_text.startswith("Encounter #1: Ambush (combat, objective met): "
                                         "1 victory each to Val; Yorn fell")
    enc = campaign.encounter(1)
    assert enc.participants == ("Val", "Yorn") and enc.fell == ("Yorn",)
    assert [str(o) for o in enc.opponents] == ["4 goblins", "a goblin chief"]
    assert {n: h.victories for n, h in campaign.heroes.items()} == {"Bran": 2, "Val": 1,
                                                                    "Yorn": 0}
    assert "Ambush" in panel.log_table.value and "Session 1: 1 victories" in \
        panel.log_table.value
    assert panel.preview_box.value == ""
    assert campaign.ledger.verify()


def test_the_directors_award_a_challenge_and_director_only(campaign: Campaign) -> None:
    panel = EncounterPanel(campaign)
    fill(panel, "The troll's toll")
    panel.kind.value = "challenge"
    panel.use_override.value = True
    panel.override.value = 2
    panel.director.value = True
    panel.log_button.click()
    assert panel.ok, panel.message_text
    enc = campaign.encounter(1)
    assert (enc.kind, enc.override, enc.visibility) == ("challenge", 2, "director")
    assert enc.victories == {"Bran": 2, "Val": 2, "Yorn": 2}


@pytest.mark.parametrize(("setup", "says"), [
    (lambda p: setattr(p.encounter_title, "value", ""), "needs a title"),
    (lambda p: [setattr(r.took_part, "value", False) for r in p.rows.values()],
     "no hero is ticked"),
    (lambda p: setattr(p.rows["Bran"].took_part, "value", False)
     or setattr(p.rows["Bran"].fell, "value", True), "Bran fell in the encounter"),
    (lambda p: setattr(p.met, "value", False) or setattr(p.use_override, "value", True),
     "objective was not met"),
    (lambda p: setattr(p.opponents, "value", "0 goblins"), "from 1 to 999"),
])
def test_a_refusal_is_one_line_and_writes_nothing(campaign: Campaign, setup, says: str) -> None:
    panel = EncounterPanel(campaign)
    fill(panel)
    setup(panel)
    before = unchanged(campaign)
    for button in (panel.preview_button, panel.log_button):
        button.click()
        assert not panel.ok and says in panel.message_text, panel.message_text
        assert len(panel.message_text.splitlines()) == 1
        assert unchanged(campaign) == before


def test_party_page_shows_this_sessions_encounters_and_earlier_ones(campaign: Campaign) -> None:
    campaign.start_session()
    campaign.log_encounter("The <b>old</b> mill", objective_met=True, opponents="6 bandits")
    campaign.end_session()
    campaign.start_session()
    campaign.log_encounter("Troll bridge", ["Val"], objective_met=True, victories=2,
                           kind="challenge")
    campaign.log_encounter("The lich's vault", objective_met=True, visibility="director")
    html = party_page(PartyView.of(campaign)).html
    now, earlier = html.split("<h2>Encounters in session 2</h2>", 1)[1].split(
        "<h2>Earlier encounters</h2>", 1)
    assert "Troll bridge" in now and "Val +2" in now and "old" not in now
    assert "Session 2: 2 victories from its encounters (Val 2)" in now
    assert "The &lt;b&gt;old&lt;/b&gt; mill" in earlier and "6 bandits" in earlier
    assert "<b>old</b>" not in html
    assert "lich" not in html  # a Director-only encounter never reaches a page
    assert "victories from its encounters (Val 2)" in html  # its victories not counted


def test_hero_page_lists_the_encounters_the_hero_took_part_in(campaign: Campaign) -> None:
    campaign.log_encounter("Ambush", objective_met=True)
    campaign.log_encounter("Troll bridge", ["Val"], objective_met=True, victories=2)
    campaign.log_encounter("The wyvern", objective_met=True, fell="Yorn")
    campaign.log_encounter("The lich's vault", ["Yorn"], objective_met=True,
                           visibility="director")
    yorn = hero_page(PartyView.of(campaign, "Yorn")).html
    section = yorn.split("<h2>Encounters</h2>", 1)[1].split("</p>", 1)[0]  # table and total
    assert "Ambush" in section and "The wyvern" in section
    assert "Troll bridge" not in section and "lich" not in yorn
    assert "2 encounters, 1 victory from them in all" in section
    assert section.index("The wyvern") < section.index("Ambush")  # newest first
    val = hero_page(PartyView.of(campaign, "Val")).html
    assert "3 encounters, 4 victories from them in all" in val


def test_pages_without_encounters_say_so(campaign: Campaign) -> None:
    assert "No encounters logged yet." in party_page(PartyView.of(campaign)).html
    assert "0 encounters, 0 victories" in hero_page(PartyView.of(campaign, "Val")).html
