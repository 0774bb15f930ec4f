"""The Director's Dungeon World workbook: panels call the book; a preview writes nothing and
shows what doing it writes; errors show in the panel's message and write nothing."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.dice import ScriptedDice
from drawsteel_kit.kit.ui.history import HistoryPanel
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.dungeon_world.panels import (
    PANELS,
    HoldPanel,
    MovesPanel,
    PartyPanel,
    TownDaysPanel,
)
from drawsteel_kit.workbook import open_workbook
from systems.dungeon_world.helpers import DEMO


@pytest.fixture
def workbook(tmp_path: Path) -> Iterator[object]:
    folder = tmp_path / "dw"
    folder.mkdir()
    shutil.copy(DEMO / "campaign.yaml", folder)
    shutil.copytree(DEMO / "plans", folder / "plans")
    BaseCampaign.init(folder)[0].close()
    book = open_workbook(folder)
    try:
        yield book
    finally:
        book.campaign.close()


def _state(camp: Campaign) -> tuple:
    return camp.ledger.snapshot(), camp.ledger.event_count()


def test_the_workbook_has_the_dungeon_world_panels(workbook) -> None:
    assert [type(p) for p in workbook.panels] == list(PANELS)
    assert workbook.tab.titles == ("Party", "Moves", "Defend's hold", "Town days", "History")
    assert "Brother Odo" in workbook.panel(PartyPanel).table.value
    assert "14/21" in workbook.panel(PartyPanel).table.value
    camp = workbook.campaign
    camp.dungeon_world.defend("Ava", what="Zora", dice=ScriptedDice([6, 6]))  # 003: 114
    workbook.panel(PartyPanel).refresh()
    shown = workbook.panel(PartyPanel).table.value
    assert ">Hold</th>" in shown and ">Load</th>" in shown
    assert "3 (Zora)" in shown and "6/14" in shown


def test_a_move_previewed_then_made(workbook) -> None:
    camp, panel = workbook.campaign, workbook.panel(MovesPanel)
    panel.move.value = "carouse"
    panel.who.value = ("Ava",)
    panel.options.value = "coin: 200\nchoices: [hear_rumors]"
    panel.dice.value = "4, 5"
    before = _state(camp)
    panel.show_preview()
    assert panel.ok and "Preview (nothing written)" in panel.message_text
    assert "4+5 +1 coin = 10" in panel.lines.value and _state(camp) == before
    panel.do()
    assert panel.ok and "coin 340 → 140" in panel.message_text
    assert camp.dungeon_world.character("Ava").coin == 140
    assert "140" in workbook.panel(PartyPanel).table.value  # every panel refreshed
    assert "Carouse by Ava" in workbook.panel(HistoryPanel).table.value


@pytest.mark.parametrize(("who", "options", "dice", "seed", "said"), [
    ((), "coin: 100", "4,5", "", "Carouse needs who"),
    (("Ava",), "coins: 100", "4,5", "", "no option 'coins'"),
    (("Ava",), "coin: [", "4,5", "", "options are YAML"),
    (("Ava",), "- coin", "4,5", "", "options are a mapping"),
    (("Ava",), "coin: 100", "4,x", "", "dice are faces"),
    (("Ava",), "coin: 100", "", "seven", "the seed is a whole number"),
    (("Ava",), "coin: 9000", "4,5", "", "Ava has 340"),
])
def test_bad_input_shows_in_the_message_and_writes_nothing(workbook, who, options, dice,
                                                           seed, said) -> None:
    camp, panel = workbook.campaign, workbook.panel(MovesPanel)
    panel.move.value = "carouse"
    panel.who.value = who
    panel.options.value, panel.dice.value, panel.seed.value = options, dice, seed
    before = _state(camp)
    panel.do()
    assert not panel.ok and said in panel.message_text and _state(camp) == before


def test_town_days_preview_then_resolve(workbook) -> None:
    camp, panel = workbook.campaign, workbook.panel(TownDaysPanel)
    panel.plan.value, panel.seed.value = "town-week", 3
    before = _state(camp)
    panel.resolve(dry_run=True)
    assert panel.ok and "DRY RUN" in panel.report.value and _state(camp) == before
    panel.resolve(dry_run=False)
    assert panel.ok and "23 events written" in panel.message_text and camp.party.day == 8
    panel.plan.value = "missing"
    panel.resolve(dry_run=True)
    assert not panel.ok and "cannot read the plan" in panel.message_text


def test_the_hold_is_spent_and_dropped_from_the_panel(workbook) -> None:
    """003: 114-121: 1 hold per choice; leaving loses the rest; a refusal writes nothing."""
    camp, panel = workbook.campaign, workbook.panel(HoldPanel)
    camp.dungeon_world.defend("Ava", what="Zora", dice=ScriptedDice([6, 6]))
    panel.refresh()
    assert panel.who.value == "Ava"  # the one holding
    panel.choices.value, panel.ally.value, panel.attacker.value = "open_up, halve", "Nim", "X"
    panel.spend()
    assert panel.ok and camp.dungeon_world.character("Ava").hold == 1
    assert camp.dungeon_world.character("Nim").forward[0].amount == 1
    assert "1 (Zora)" in workbook.panel(PartyPanel).table.value
    before = _state(camp)
    panel.choices.value = "halve, halve"
    panel.spend()
    assert not panel.ok and "holds 1 from Defend" in panel.message_text
    assert _state(camp) == before
    panel.drop()
    assert panel.ok and camp.dungeon_world.character("Ava").hold == 0
