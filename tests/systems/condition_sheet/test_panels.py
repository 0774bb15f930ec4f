"""The GM's condition-sheet panels: a battle run from the buttons with typed or generated
dice, errors in the message line with nothing written, undo from the history panel."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import unchanged

pytest.importorskip("ipywidgets")

from drawsteel_kit.systems.condition_sheet.panels import (
    PANELS,
    BattlePanel,
    BetweenBattlesPanel,
    HistoryPanel,
)
from drawsteel_kit.workbook import open_workbook


def started(folder: Path) -> BattlePanel:
    p = open_workbook(folder).panel(BattlePanel)
    p.new_name.value = "Gate"
    p.members.value = ("Ava", "Bram", "Cleo")
    p.foes.value = ("Warden", "Imp")
    p.new()
    assert p.ok, p.message_text
    return p


def test_the_workbook_opens_the_condition_sheet_panels(folder: Path) -> None:
    wb = open_workbook(folder)
    assert [type(p) for p in wb.panels] == list(PANELS) == [BattlePanel, BetweenBattlesPanel,
                                                            HistoryPanel]
    p = wb.panel(BattlePanel)
    assert "No battle yet" in p.table.value and p.foes.options == ("Warden", "Imp")


def test_a_battle_from_the_buttons(folder: Path) -> None:
    p = started(folder)
    assert p.battle.value == 1 and "Imp" in p.table.value
    p.dice.value = "3,4, 5,2, 6,6"
    p.start_round()
    assert p.ok and p.dice.value == ""                           # typed faces used once
    p.dice.value, p.tie_order.value = "5,5,2,3,1,2,3,3", "Bram, Ava"
    p.settle_order()
    assert p.ok, p.message_text
    assert p.book.battle().state.order == ("Cleo", "Bram", "Warden", "Ava", "Imp")
    assert p.who.value == "Cleo" and "▶ Cleo" in p.table.value
    p.kind.value, p.dice.value = "cast", "1,2"
    p.roll_check()
    assert "Waiting: Cleo's cast 6" in p.table.value
    p.dice.value = "6,5"
    p.reroll_check()
    p.targets.value, p.effect.value = "Imp", "damage"
    p.attack()
    assert p.ok and p.book.battle().state.get("Imp").sheet.damage == 1
    p.who.value, p.ally.value, p.dice.value = "Bram", "Cleo", "3,2"
    p.chain()
    assert p.ok and "Bram chains onto Cleo's attack" in p.message_text
    p.who.value, p.targets.value, p.covers.value = "Warden", "Ava", "Ava=Bram"
    p.emotion.value, p.dice.value = True, "5,4,2,1,6,3"
    p.attack()
    assert p.ok and p.book.battle().state.get("Bram").emotion("Ava") == 1
    p.who.value, p.targets.value, p.effect.value = "Ava", "Bram", "heal_damage"
    p.support()
    assert p.ok, p.message_text
    p.emotion.value = False
    p.who.value = "Imp"
    p.pass_turn()
    p.seed.value = "11"
    p.start_round()
    assert p.ok and p.book.battle().state.round == 2
    p.end()
    assert p.ok and p.book.battle(1).status == "ended" and "(ended)" in str(p.battle.options)


def test_errors_show_in_the_message_and_write_nothing(folder: Path) -> None:
    p = open_workbook(folder).panel(BattlePanel)
    before = unchanged(p.campaign)
    p.start_round()
    assert not p.ok and "no battle is running" in p.message_text
    assert unchanged(p.campaign) == before
    p = started(folder)
    before = unchanged(p.campaign)
    for setup, act, words in (
            (("dice", "6,6"), p.start_round, "ran out of typed-in dice"),
            (("dice", "6,6,6,6,6,6,6,6,6,6,6"), p.start_round, "left over"),
            (("seed", "abc"), p.start_round, "whole number"),
            (("effect", "fireball"), p.attack, "choose who first"),
            (("who", "Ava"), p.attack, "name a target"),
            (("targets", "Imp"), p.attack, "an effect is one of"),
            (("targets", ""), p.withdraw, "round actions come after"),
            (("effect", "damage"), p.last_stand, "Last Stand is declared when Ava"),
    ):
        p.dice.value = p.seed.value = ""
        getattr(p, setup[0]).value = setup[1]
        act()
        assert not p.ok and words in p.message_text, p.message_text
        assert unchanged(p.campaign) == before


def test_history_panel_undoes_a_step(folder: Path) -> None:
    p = started(folder)
    h = open_workbook(folder).panel(HistoryPanel)
    p.dice.value = "6,6,5,5,4,4"
    p.start_round()
    before = p.campaign.condition_sheet.sheet("battle:1").data
    p.settle_order()
    last = p.campaign.history(limit=1)[0]
    h.event_id.value = last.id
    h.undo()
    assert h.ok, h.message_text
    assert p.campaign.condition_sheet.sheet("battle:1").data == before
    assert p.campaign.ledger.verify()


def test_the_choices_the_rules_leave_to_the_player(folder: Path) -> None:
    """004: 145, 150, 160 - which roll a reroll keeps, and the +1 a chain combo may take."""
    p = started(folder)
    p.dice.value = "6,6,5,5,4,4"
    p.start_round()
    p.settle_order()                                          # Ava 12, Bram 10, Cleo 8 ...
    p.who.value, p.kind.value, p.dice.value = "Ava", "cast", "5,4"
    p.roll_check()
    p.keep.value, p.dice.value = "new", "1,2"
    p.reroll_check()
    assert p.ok and "keeps the new roll, 5 (1+2 +2)" in p.message_text
    p.targets.value, p.effect.value = "Imp", "damage"
    p.attack()                                                # 5 hits the Imp's fixed 5
    p.who.value, p.ally.value, p.bonus.value, p.dice.value = "Bram", "Ava", False, "2,1"
    p.chain()
    assert p.ok and "without the +1 to the cast" in p.message_text
    assert "Bram attacks Imp: cast 4 (2+1 +1)." in p.message_text
    p.who.value, p.kind.value, p.keep.value, p.dice.value = "Cleo", "initiative", "new", "1,1"
    p.reroll_check()
    assert not p.ok and "initiative rerolls come after" in p.message_text
