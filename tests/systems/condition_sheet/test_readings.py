"""The readings made where seed 004 is silent, each a campaign.yaml setting: what makes a
roll lucky or a fumble (004: 70-74), the mana of a reroll (004: 160), a cover (004: 140), a
chain combo (004: 145), a counter (004: 150) and a last stand (004: 154), and the default
withdraw difficulty (004: 106). Defaults are the project's readings; a battle keeps the
readings it started with; a battle saved before they were kept plays by the defaults."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from conftest import refused

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.errors import CampaignFileError
from drawsteel_kit.systems.condition_sheet.campaign_file import Settings
from drawsteel_kit.systems.condition_sheet.rules import (
    CHAIN_COMBO_MANA,
    COUNTER_MANA,
    COVER_MANA,
    LAST_STAND_MANA,
    LUCK_MATCHES,
    REROLL_MANA,
    WITHDRAW_DIFFICULTY,
    Battle,
    Check,
    ConditionSheetError,
    TableRules,
)
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.campaign_file import parse_campaign_text
from systems.condition_sheet.helpers import DEMO


def write(folder: Path, **settings: object) -> Path:
    folder.mkdir(exist_ok=True)
    data = yaml.safe_load(DEMO.read_text(encoding="utf-8"))
    data["settings"].update(settings)
    (folder / "campaign.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    return folder


@pytest.fixture
def make(tmp_path: Path) -> Iterator:
    opened: list[Campaign] = []

    def _make(**settings: object) -> Campaign:
        camp = BaseCampaign.init(write(tmp_path / f"c{len(opened)}", **settings))[0]
        opened.append(camp)
        return camp

    yield _make
    for camp in opened:
        assert camp.ledger.verify()
        camp.close()


def test_the_defaults_are_the_readings() -> None:
    """004: 70-74, 106, 124, 160 - one place for each number, the settings' defaults."""
    s = Settings()
    assert (s.lucky_sixes, s.fumble_ones) == (LUCK_MATCHES, LUCK_MATCHES) == (2, 2)
    assert (s.reroll_mana, s.cover_mana, s.chain_combo_mana, s.counter_mana,
            s.last_stand_mana) == (REROLL_MANA, COVER_MANA, CHAIN_COMBO_MANA, COUNTER_MANA,
                                   LAST_STAND_MANA) == (1, 1, 1, 1, 1)
    assert s.withdraw_difficulty == WITHDRAW_DIFFICULTY == 9 and s.reveal_foes is False
    assert TableRules.from_settings(s.model_dump()) == TableRules()


@pytest.mark.parametrize(("sixes", "ones", "faces", "lucky", "fumble"), [
    (2, 2, (6, 6), True, False),
    (2, 2, (6, 5), False, False),
    (1, 1, (6, 1), False, False),                    # both at once: neither
    (1, 1, (6, 2), True, False),
    (0, 0, (6, 6), False, False),                    # a table that plays without luck
    (0, 2, (1, 1), False, True),
    (3, 3, (6, 6, 5), False, False),                 # all three dice of a prepared roll
    (3, 3, (6, 6, 6), True, False),
])
def test_what_makes_a_roll_lucky_or_a_fumble(sixes, ones, faces, lucky, fumble) -> None:
    """004: 70-74 - lucky and fumble are used, never defined: a table's choice."""
    check = Check("Ava", "cast", faces, 2, preparation="Wards" if len(faces) == 3 else None,
                  lucky_sixes=sixes, fumble_ones=ones)
    assert (check.lucky, check.fumble) == (lucky, fumble)
    assert Check.from_dict(check.as_dict()) == check


def test_a_campaigns_luck_reaches_the_attack(make) -> None:
    """004: 70 - with one six lucky, a 6+1 cast hits whatever the guard."""
    camp = make(lucky_sixes=1)
    cs = camp.condition_sheet
    cs.new_battle("Gate", ["Ava"], foes=["Warden"])
    cs.start_round(typed=[6, 6])
    cs.settle_order()
    h = cs.attack(None, "Ava", ["Warden"], "damage", typed=[6, 1])    # 9 against a fixed 8
    assert "cast 9 (6+1 +2) lucky" in h.summary and "Warden takes 1 damage" in h.summary
    camp2 = make(lucky_sixes=0, fumble_ones=0)
    cs2 = camp2.condition_sheet
    cs2.new_battle("Gate", ["Cleo"], foes=["Warden"])
    cs2.start_round(typed=[6, 6])
    cs2.settle_order()
    h = cs2.attack(None, "Cleo", ["Warden"], "damage", typed=[1, 1])  # no fumble: 5 < 8
    assert "lucky" not in h.summary and "fumble" not in h.summary
    assert "the attack fails" in h.summary


def test_the_special_actions_cost_what_the_table_says(make) -> None:
    """004: 124, 140, 145, 150, 154, 160 - the amounts the seed leaves out."""
    camp = make(cover_mana=2, chain_combo_mana=3, counter_mana=0, last_stand_mana=0,
                reroll_mana=2)
    cs = camp.condition_sheet
    cs.new_battle("Gate", ["Ava", "Bram", "Cleo"], foes=["Warden", "Imp"])
    cs.start_round(typed=[6, 6, 5, 5, 1, 1])                 # Ava 12, Bram 10, Warden 7 ...
    cs.settle_order()
    cs.roll_check(None, "Ava", "cast", typed=[1, 1])
    h = cs.reroll_check(None, "Ava", "cast", typed=[4, 4])
    assert "Ava spends 2 mana to reroll" in h.summary
    cs.attack(None, "Ava", ["Imp"], "damage")
    h = cs.chain_combo(None, "Bram", "Ava", "damage", typed=[3, 3])
    assert "(3 mana)" in h.summary
    state = cs.battle().state
    assert (state.get("Ava").mana, state.get("Bram").mana) == (3, 3)
    h = cs.attack(None, "Warden", ["Cleo"], "damage", covers={"Cleo": "Bram"},
                  typed=[4, 4, 1, 1, 1, 2])
    assert "Bram covers Cleo (2 mana)" in h.summary and cs.battle().state.get("Bram").mana == 1


def test_a_free_counter_and_last_stand(make) -> None:
    """004: 150, 154 - a table may make them cost nothing."""
    camp = make(counter_mana=0, last_stand_mana=0)
    cs = camp.condition_sheet
    cs.new_battle("Gate", ["Cleo"], foes=["Imp"])
    cs.start_round(typed=[1, 1])                               # the Imp's 5 first
    cs.settle_order()
    cs.attack(None, "Imp", ["Cleo"], "damage", typed=[1, 2])
    h = cs.counter(None, "Cleo", "damage", typed=[6, 5])
    assert "Cleo counters Imp (0 mana)" in h.summary
    assert cs.battle().state.get("Cleo").mana == 4


def test_the_pages_and_the_panel_say_what_a_battle_plays_with(make) -> None:
    """004: 70-74, 124 - the players see the table's readings with the battle."""
    from drawsteel_kit.workbook.pages import player_page

    camp = make(lucky_sixes=1, fumble_ones=0, cover_mana=2)
    camp.condition_sheet.new_battle("Gate", ["Ava"], foes=["Imp"])
    said = ("Played with lucky on 1 six · no fumbles · mana: reroll 1, cover 2, chain combo 1, "
            "counter 1, last stand 1")
    assert said in player_page(camp).html and said in player_page(camp, "Ava").html
    pytest.importorskip("ipywidgets")
    from drawsteel_kit.systems.condition_sheet.panels import BattlePanel
    from drawsteel_kit.workbook import open_workbook

    panel = open_workbook(camp.folder).panel(BattlePanel)
    assert said in panel.table.value
    panel.campaign.close()


def test_a_battle_keeps_the_readings_it_started_with(tmp_path: Path) -> None:
    """004: 160 - changing campaign.yaml mid-battle changes the next battle."""
    folder = write(tmp_path / "cs")
    with BaseCampaign.init(folder)[0] as camp:
        camp.condition_sheet.new_battle("Gate", ["Ava"], foes=["Imp"])
    write(folder, reroll_mana=3)
    camp, _ = BaseCampaign.init(folder)
    try:
        cs = camp.condition_sheet
        assert camp.settings["reroll_mana"] == 3
        assert cs.battle().state.rules.reroll_mana == 1
        cs.end_battle()
        cs.new_battle("Library", ["Ava"], foes=["Imp"])
        assert cs.battle().state.rules.reroll_mana == 3
        assert camp.ledger.verify()
    finally:
        camp.close()


def test_a_battle_saved_before_the_readings_were_kept_loads_with_the_defaults() -> None:
    """Ledgers written by an earlier version hold battles without ``rules``."""
    from drawsteel_kit.systems.condition_sheet.rules import new_battle, new_character

    data = new_battle([new_character("Ava", "pc", cast=1, guard=1)]).as_dict()
    del data["rules"]
    assert Battle.from_dict(data).rules == TableRules()
    with pytest.raises(ConditionSheetError, match="at most 10"):
        Battle.from_dict({**data, "rules": {"cover_mana": 11}})


@pytest.mark.parametrize(("setting", "value", "message"), [
    ("lucky_sixes", 4, r"settings\.lucky_sixes: must be from 0 to 3, got 4"),
    ("cover_mana", -1, r"settings\.cover_mana: must be from 0 to 10"),
    ("reveal_foes", "yes", r"settings\.reveal_foes: must be true or false"),
])
def test_bad_settings_name_the_field(setting, value, message) -> None:
    data = yaml.safe_load(DEMO.read_text(encoding="utf-8"))
    data["settings"][setting] = value
    with pytest.raises(CampaignFileError, match=message):
        parse_campaign_text(yaml.safe_dump(data), "campaign.yaml")


def test_a_setting_short_of_mana_is_refused_and_writes_nothing(make) -> None:
    """004: 124 - the table's amount is what is checked."""
    camp = make(last_stand_mana=9)
    cs = camp.condition_sheet
    cs.new_battle("Gate", ["Ava"], foes=["Imp"])
    cs.start_round(typed=[1, 1])
    cs.settle_order()
    for _ in range(6):
        cs.attack(None, "Imp", ["Ava"], "damage", typed=[1, 1])
        cs.pass_turn(None, "Ava")
        cs.start_round(typed=[1, 1])
        cs.settle_order()
    cs.attack(None, "Imp", ["Ava"], "damage", typed=[1, 1])
    assert cs.battle().state.get("Ava").knocked_down
    with refused(camp, ConditionSheetError, "Last Stand costs 9 mana; Ava has 5"):
        cs.last_stand(None, "Ava")


def test_the_commands_play_by_the_tables_readings(tmp_path: Path) -> None:
    """004: 70, 140, 160 - settings from campaign.yaml reach `drawsteel-kit sheet ...`."""
    from cli_helpers import run

    folder = write(tmp_path / "cs", lucky_sixes=1, cover_mana=2, reroll_mana=0)
    run("init", folder)
    run("sheet", "battle", "new", folder, "Gate", "--with", "Ava,Bram,Cleo", "--foe", "Warden")
    run("sheet", "round", folder, "--dice", "6,6,5,5,4,4")
    run("sheet", "order", folder)                       # Ava, Bram, Cleo, the Warden
    run("sheet", "check", folder, "Ava", "cast", "--dice", "1,2")
    out = run("sheet", "check", folder, "Ava", "cast", "--reroll", "--dice", "6,1")
    assert "Ava spends 0 mana to reroll" in out and "keeps the new roll" in out
    out = run("sheet", "attack", folder, "Ava", "Warden", "damage")
    assert "cast 9 (6+1 +2) lucky" in out and "Warden takes 1 damage" in out
    for who in ("Bram", "Cleo"):
        run("sheet", "pass", folder, who)
    out = run("sheet", "attack", folder, "Warden", "Ava", "damage", "--cover", "Ava=Bram",
              "--dice", "5,5,1,1,1,2")
    assert "Bram covers Ava (2 mana)" in out
    assert "played with lucky on 1 six · fumble on 2 ones · mana: reroll 0, cover 2" in run(
        "sheet", "show", folder)
