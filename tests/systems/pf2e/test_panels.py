"""The GM's Pathfinder 2e panels: a whole encounter run from the buttons, errors in the
message line with nothing written, undo from the history panel."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import unchanged

pytest.importorskip("ipywidgets")

from drawsteel_kit.systems.pf2e.panels import PANELS, EncounterPanel, HistoryPanel
from drawsteel_kit.workbook import open_workbook


def test_the_workbook_opens_the_pf2e_panels(folder: Path) -> None:
    wb = open_workbook(folder)
    assert [type(p) for p in wb.panels] == list(PANELS) == [EncounterPanel, HistoryPanel]


def test_an_encounter_from_the_buttons(folder: Path) -> None:
    wb = open_workbook(folder)
    p = wb.panel(EncounterPanel)
    assert "No encounter yet" in p.table.value
    p.new_name.value = "Crypt"
    p.new()
    assert p.ok and p.encounter.value == 1
    p.add_party()
    p.creature.value, p.modifier.value, p.count.value = "Ghoul", 4, 2
    p.shown_as.value = "Gaunt thing"
    p.add_creature()
    assert p.ok and "Gaunt thing 2" in p.table.value
    p.typed.value, p.tie_order.value = "Ava=12, Brannoc=12, Cressida=d3, Ghoul=30", "Brannoc, Ava"
    p.roll()
    assert p.ok, p.message_text
    assert p.book.encounter(1).state.order == ("Ghoul 1", "Ghoul 2", "Brannoc", "Ava",
                                               "Cressida")
    p.next_turn()
    p.next_turn()
    p.next_turn()
    assert p.book.encounter(1).state.current == "Brannoc" and "▶ Brannoc" in p.table.value
    p.delay()
    p.next_turn()  # Ava
    p.who.value = "Brannoc"
    p.next_turn()  # ends Ava's turn, starts Cressida's: Brannoc may come back after Cressida
    p.end_turn()
    p.back()
    assert p.ok, p.message_text
    assert p.book.encounter(1).state.order[-1] == "Brannoc"
    p.who.value, p.effect.value, p.rounds.value = "Ghoul 1", "Frightened", 2
    p.add_effect()
    p.damage.value, p.damage_type.value = "1d6", "fire"
    p.persistent()
    p.identify()
    assert "Ghoul 1" in p.campaign.pf2e.sheet("encounter-view:1").data["order"]
    p.hp.value, p.pc.value = 20, "Ava"
    p.set_hp()
    assert p.book.member_sheet("Ava").data["hp"] == 20
    p.end()
    assert p.ok and p.book.encounter(1).status == "ended" and "(ended)" in str(
        p.encounter.options)


def test_errors_show_in_the_message_and_write_nothing(folder: Path) -> None:
    wb = open_workbook(folder)
    p = wb.panel(EncounterPanel)
    before = unchanged(p.campaign)
    p.start()
    assert not p.ok and "no encounter is running" in p.message_text
    p.new_name.value = "Crypt"
    p.new()
    before = unchanged(p.campaign)
    for act, words in ((p.roll, "nobody in it yet"), (p.start, "roll initiative first"),
                       (p.identify, "choose who first")):
        act()
        assert not p.ok and words in p.message_text, p.message_text
        assert unchanged(p.campaign) == before
    p.seed.value = "abc"
    p.roll()
    assert not p.ok and "whole number" in p.message_text
    assert unchanged(p.campaign) == before


def test_history_panel_undoes_a_step(folder: Path) -> None:
    wb = open_workbook(folder)
    p, h = wb.panel(EncounterPanel), wb.panel(HistoryPanel)
    p.new_name.value = "Crypt"
    p.new()
    p.add_party()
    added = p.book.encounter(1).state.combatants
    assert len(added) == 3
    last = p.campaign.history(limit=1)[0]
    h.event_id.value = last.id
    h.undo()
    assert h.ok, h.message_text
    assert [c.name for c in p.book.encounter(1).state.combatants] == ["Ava", "Brannoc"]
    assert p.campaign.ledger.verify()


def test_the_fight_from_the_buttons(folder: Path) -> None:
    """002: 69, 76, 85-88, 197-205, 226: hit points, conditions, checks, Aid, Strikes,
    cover and flanking from the GM's panel; the table shows them."""
    wb = open_workbook(folder)
    p = wb.panel(EncounterPanel)
    p.new_name.value = "Ford"
    p.new()
    p.add_party()
    p.creature.value, p.modifier.value, p.creature_hp.value, p.creature_ac.value = (
        "Ogre", 5, 30, 17)
    p.add_creature()
    p.typed.value = "Ava=20, Brannoc=15, Cressida=12, Ogre=3"
    p.roll()
    p.next_turn()  # Ava
    p.who.value, p.target.value, p.roll_modifier.value, p.face.value = "Ava", "Ogre", 9, "8"
    p.strike()
    assert p.ok and "d20 8 +9 = 17 against AC 17: success" in p.message_text
    p.strike()
    assert "(second attack): d20 8 +9 -5 = 12" in p.message_text
    p.who.value, p.amount.value = "Ogre", 6
    p.take_damage()
    p.condition.value, p.value.value = "frightened", 2
    p.set_condition()
    p.cover.value = "standard"
    p.set_cover()
    p.flanked()
    assert "24/30" in p.table.value and "frightened 2, standard cover, off-guard" in \
        p.table.value
    p.who.value, p.target.value, p.face.value = "Brannoc", "Ava", "15"
    p.aid()
    assert p.ok and "Aids Ava" in p.message_text
    p.who.value, p.check_what.value, p.dc.value = "Ava", "Athletics", 15
    p.check()
    assert p.ok and "+1 = 25 against DC 15: critical success" in p.message_text
    before = unchanged(p.campaign)
    p.face.value = "x"
    p.check()
    assert not p.ok and "whole number" in p.message_text and unchanged(p.campaign) == before
    p.xp.value, p.treasure.value = 30, "5 gp, a rope"
    p.end()
    assert p.ok and p.book.member_sheet("Ava").data["xp"] == 30
