"""Between battles: emotions and preparation effects granted (not only mana), through the
book, the command line and the Between battles panel, shown on the players' pages, and
spent in the next battle (seed 004: 158-163)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run
from conftest import refused

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.errors import RulesError, UnknownSheet
from drawsteel_kit.kit.ledger.projections import snapshot
from drawsteel_kit.systems.condition_sheet.rules import ConditionSheetError
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.workbook.pages import player_page


def test_an_emotion_granted_between_battles(camp: Campaign) -> None:
    """004: 161 - an emotion toward a character; gained in the story, written down here."""
    cs = camp.condition_sheet
    h = cs.grant_emotion("cleo", "ava", reason="Ava pulled her out of the gate")
    assert cs.member_sheet("Cleo").data["emotions"] == {"Ava": 1}
    assert h.summary == "Cleo gains 1 emotion toward Ava, now 1 (Ava pulled her out of the gate)"
    assert (h.events[0].kind, h.events[0].actor) == ("cs_emotion_granted", "Cleo")
    h = cs.grant_emotion("Ava", "Bram", 2)
    assert cs.member_sheet("Ava").data["emotions"] == {"Bram": 3}
    camp.undo(h.events[0].id)
    assert cs.member_sheet("Ava").data["emotions"] == {"Bram": 1}


def test_an_emotion_granted_pays_for_a_support_in_the_next_battle(camp: Campaign) -> None:
    """004: 91, 161 - the emotion stands in for the support's mana toward that character."""
    cs = camp.condition_sheet
    cs.grant_emotion("Cleo", "Ava")
    cs.new_battle("Gate", ["Ava", "Cleo"], foes=["Imp"])
    cs.start_round(typed=[1, 1, 6, 6])                   # Cleo 12 first, Imp 5, Ava 2
    cs.settle_order()
    cs.support(None, "Cleo", ["Ava"], "add_bless:Haste", emotion_for="Ava")
    cleo = cs.battle().state.get("Cleo")
    assert (cleo.mana, cleo.emotion("Ava")) == (4, 0)


def test_a_preparation_granted_adds_a_die_once(camp: Campaign) -> None:
    """004: 163 - one more die on one check, used once, gone after the battle."""
    cs = camp.condition_sheet
    h = cs.grant_preparation("Bram", "Mapped the vaults", reason="a day in the archive")
    assert cs.member_sheet("Bram").data["preparations"] == ["Mapped the vaults"]
    assert h.events[0].kind == "cs_preparation_granted"
    assert h.summary == "Bram gains the preparation effect Mapped the vaults (a day in the archive)"
    cs.new_battle("Gate", ["Bram"], foes=["Imp"])
    cs.start_round(typed=[2, 2, 2], preparations={"Bram": "Mapped the vaults"})
    assert dict(cs.battle().state.initiative)["Bram"] == 6
    cs.end_battle()
    assert cs.member_sheet("Bram").data["preparations"] == []


@pytest.mark.parametrize(("call", "error", "match"), [
    (lambda cs: cs.grant_emotion("Ava", "ava"), ConditionSheetError, "not toward Ava"),
    (lambda cs: cs.grant_emotion("Ava", "Zed"), ConditionSheetError, "no character called 'Zed'"),
    (lambda cs: cs.grant_emotion("Ava", "Bram", 0), RulesError, "from 1 to 99"),
    (lambda cs: cs.grant_emotion("Ava", "Bram", 99), ConditionSheetError, "at most 99"),
    (lambda cs: cs.grant_emotion("Zed", "Bram"), UnknownSheet, "no character named .Zed."),
    (lambda cs: cs.grant_preparation("Ava", "studied the wards"), ConditionSheetError,
     "already has the preparation effect"),
    (lambda cs: cs.grant_preparation("Ava", "  "), RulesError, "preparation effect"),
    (lambda cs: cs.grant_preparation("Ava", "a\nb"), RulesError, "preparation effect"),
])
def test_bad_grants_write_nothing(camp: Campaign, call, error, match) -> None:
    with refused(camp, error, match):
        call(camp.condition_sheet)


def test_no_grant_during_a_battle(camp: Campaign) -> None:
    """004: 161-163 - what a battle spends is written back at its end; grants come after."""
    cs = camp.condition_sheet
    cs.new_battle("Gate", ["Ava"], foes=["Imp"])
    for call in (lambda: cs.grant_emotion("Ava", "Bram"),
                 lambda: cs.grant_preparation("Ava", "Rested"),
                 lambda: cs.set_mana("Ava", 3)):
        with refused(camp, ConditionSheetError, "Ava is in a running battle"):
            call()
    cs.grant_emotion("Cleo", "Ava")                       # Cleo is not fighting
    assert cs.member_sheet("Cleo").data["emotions"] == {"Ava": 1}


def test_the_commands(folder: Path) -> None:
    """004: 161, 163 - `sheet emotion` and `sheet prepare`, undone like any operation."""
    out = run("sheet", "emotion", folder, "Cleo", "Ava", "--count", "2", "--reason", "saved")
    assert "Cleo gains 2 emotions toward Ava, now 2 (saved)" in out and "undo with" in out
    out = run("sheet", "prepare", folder, "Cleo", "Read the stars")
    assert "Cleo gains the preparation effect Read the stars" in out
    with BaseCampaign.open(folder, readonly=True) as camp:
        data = camp.condition_sheet.member_sheet("Cleo").data
        before = snapshot(camp.ledger.db), camp.ledger.event_count()
    assert (data["emotions"], data["preparations"]) == ({"Ava": 2}, ["Read the stars"])
    for args in (("emotion", folder, "Cleo", "Cleo"), ("emotion", folder, "Cleo", "Ava",
                                                        "--count", "0"),
                 ("prepare", folder, "Cleo", "read the stars"), ("prepare", folder, "Zed", "X")):
        out = run("sheet", *args, ok=False)
        assert len(out.strip().splitlines()) == 1 and out.startswith("Error: "), out
    with BaseCampaign.open(folder, readonly=True) as camp:
        assert (snapshot(camp.ledger.db), camp.ledger.event_count()) == before


def test_the_between_battles_panel(folder: Path) -> None:
    """004: 160-163 - mana, emotions and preparations from the buttons; errors write nothing."""
    pytest.importorskip("ipywidgets")
    from drawsteel_kit.systems.condition_sheet.panels import BetweenBattlesPanel
    from drawsteel_kit.workbook import open_workbook

    p = open_workbook(folder).panel(BetweenBattlesPanel)
    assert p.who.options == ("Ava", "Bram", "Cleo")
    assert p.toward.options == ("Ava", "Bram", "Cleo", "Warden", "Imp")
    p.who.value, p.toward.value, p.count.value, p.reason.value = "Cleo", "Bram", 2, "a duel"
    p.grant_emotion()
    assert p.ok and "Cleo gains 2 emotions toward Bram" in p.message_text
    assert p.reason.value == "" and "Bram 2" in p.table.value
    p.preparation.value = "Learned the Warden's habits"
    p.grant_preparation()
    assert p.ok and "Learned the Warden&#39;s habits" in p.table.value
    p.mana.value = 7
    p.set_mana()
    assert p.ok and p.book.member_sheet("Cleo").data["mana"] == 7
    before = p.campaign.ledger.snapshot(), p.campaign.ledger.event_count()
    p.toward.value = "Cleo"
    p.grant_emotion()
    assert not p.ok and "not toward Cleo" in p.message_text
    p.grant_preparation()                                     # the same one again
    assert not p.ok and "already has" in p.message_text
    assert (p.campaign.ledger.snapshot(), p.campaign.ledger.event_count()) == before
    p.campaign.close()


def test_the_players_pages_show_what_was_granted(camp: Campaign) -> None:
    """004: 161, 163 - the characters table shows emotions and preparation effects."""
    cs = camp.condition_sheet
    cs.grant_emotion("Cleo", "Bram")
    cs.grant_preparation("Cleo", "Charted the stacks")
    for page in (player_page(camp), player_page(camp, "Cleo")):
        assert "Bram 1" in page.html and "Charted the stacks" in page.html
        assert "Cleo gains 1 emotion toward Bram, now 1" in page.html
