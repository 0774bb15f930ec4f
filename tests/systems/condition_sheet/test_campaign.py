"""Condition-sheet battles as campaign operations: campaign.yaml, the battle sheet, rounds,
initiative and its tie rules, dice typed in or seeded, checks rolled one at a time, undo,
verify, and bad input leaving the ledger as it was."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from conftest import refused

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.campaign_file import parse_campaign_text
from drawsteel_kit.kit.errors import CampaignFileError, DiceExhausted, RulesError, WrongSystem
from drawsteel_kit.systems.condition_sheet.rules import ConditionSheetError, TieUnresolved
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from systems.condition_sheet.helpers import DEMO, fight


def demo_data() -> dict:
    return yaml.safe_load(DEMO.read_text(encoding="utf-8"))


# -- campaign.yaml ---------------------------------------------------------------------------
def test_init_makes_character_and_foe_sheets(camp: Campaign) -> None:
    assert camp.system.key == "condition-sheet" and camp.members == ["Ava", "Bram", "Cleo"]
    ava = camp.condition_sheet.member_sheet("ava")
    assert (ava.key, ava.kind, ava.visibility) == ("character:Ava", "character", "party")
    assert (ava.data["cast"], ava.data["mana"], ava.data["slots"]) == (2, 5, 6)
    assert ava.data["curses"] == {"Poison": 2} and ava.data["emotions"] == {"Bram": 1}
    imp = camp.condition_sheet.sheet("foe:Imp")
    assert (imp.kind, imp.visibility, imp.data["slots"], imp.data["side"]) == (
        "foe", "director", 2, "gm")
    assert (imp.data["fixed_initiative"], imp.data["fixed_cast"]) == (5, 6)
    assert camp.settings["spent_resources_stay"] is True
    assert [s.name for s in camp.sheets(visible_to="party")] == ["Ava", "Bram", "Cleo"]


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["characters"][0].update(cast=99),
     r"characters\[0\] \(Ava\): cast: must be from -10 to 20, got 99"),
    (lambda d: d["foes"][1].update(slots=7), r"foes\[1\] \(Imp\): slots: must be from 1 to 6"),
    (lambda d: d["foes"][0].update(name="ava"), r"foes\[0\].*'ava' is already the name of "
                                                r"characters\[0\]"),
    (lambda d: d["characters"][1]["emotions"].update(Bram=1), r"emotions are held toward others"),
    (lambda d: d["characters"][0].update(slots=3), r"characters\[0\] \(Ava\): slots"),
    (lambda d: d["characters"][0].update(mana="3"), r"characters\[0\] \(Ava\): mana"),
])
def test_campaign_yaml_mistakes_name_the_entry_and_field(change, message) -> None:
    data = demo_data()
    change(data)
    with pytest.raises(CampaignFileError, match=message):
        parse_campaign_text(yaml.safe_dump(data), "campaign.yaml")


def test_the_template_is_valid() -> None:
    text = Path("templates/campaign-condition-sheet/campaign.yaml").read_text(encoding="utf-8")
    cf = parse_campaign_text(text.replace("__CAMPAIGN_NAME__", "New"), "campaign.yaml")
    assert cf.system == "condition-sheet" and cf.foes[0].slots == 3


def test_draw_steel_operations_are_refused(camp: Campaign) -> None:
    from drawsteel_kit.systems.draw_steel.campaign import Campaign as DrawSteel

    assert not hasattr(camp, "take_respite")  # Draw Steel's operations are not its own
    with refused(camp, WrongSystem, "condition-sheet"):
        DrawSteel.open(camp.folder)  # nor does Draw Steel's class open it


# -- battles ---------------------------------------------------------------------------------
def test_a_new_battle_is_one_sheet_and_one_event(camp: Campaign) -> None:
    before = camp.ledger.event_count()
    h = camp.condition_sheet.new_battle("Gate", "Ava,Cleo", foes=["Imp"])
    assert camp.ledger.event_count() == before + 1 and len(h.events) == 1
    sheet = camp.condition_sheet.sheet("battle:1")
    assert (sheet.kind, sheet.status, sheet.name, sheet.visibility) == (
        "battle", "running", "Gate", "party")
    info = camp.condition_sheet.current()
    assert [c.name for c in info.state.characters] == ["Ava", "Cleo", "Imp"]
    assert info.state.get("Imp").sheet.slots == 2 and info.state.phase == "setup"
    assert h.summary == "Battle 1 begins: Gate (Ava, Cleo, Imp)"


def test_new_battle_defaults_to_every_character_and_takes_one_off_foes(camp: Campaign) -> None:
    camp.condition_sheet.new_battle("Ambush", foes=[{"name": "Shade", "cast": 1, "guard": 0,
                                                     "slots": 1, "fixed_initiative": 3}])
    names = [c.name for c in camp.condition_sheet.battle(1).state.characters]
    assert names == ["Ava", "Bram", "Cleo", "Shade"]


@pytest.mark.parametrize(("args", "kwargs", "match"), [
    (("Gate", ["Zed"]), {}, "no character named 'Zed'"),
    (("Gate", ["Ava"]), {"foes": ["Dragon"]}, "no foe named 'Dragon'"),
    (("  ", ["Ava"]), {}, "name the battle"),
    (("Gate", ["Ava", "ava"]), {}, "unique names"),
    (("Gate", []), {"foes": ["Imp"]}, "at least one player's character"),
    (("Gate", ["Ava"]), {"foes": [{"name": "Shade", "cast": 1, "guard": 0, "slots": 9}]},
     "at most 6 slots"),
])
def test_bad_battles_write_nothing(camp: Campaign, args, kwargs, match) -> None:
    with refused(camp, RulesError, match):
        camp.condition_sheet.new_battle(*args, **kwargs)


def test_a_character_fights_in_one_battle_at_a_time(camp: Campaign) -> None:
    camp.condition_sheet.new_battle("Gate", ["Ava"], foes=["Imp"])
    with refused(camp, ConditionSheetError, "Ava is already in the running battle 'Gate'"):
        camp.condition_sheet.new_battle("Tower", ["Ava"])
    camp.condition_sheet.new_battle("Tower", ["Bram"])
    assert camp.condition_sheet.current().name == "Tower"


# -- initiative ------------------------------------------------------------------------------
def test_initiative_rolls_2d6_and_takes_the_gms_fixed_values(camp: Campaign) -> None:
    cs = camp.condition_sheet
    cs.new_battle("Gate", ["Ava", "Bram", "Cleo"], foes=["Warden", "Imp"])
    h = cs.start_round(typed="6,6 5,5 4,4")
    assert dict(cs.battle().state.initiative) == {"Ava": 12, "Bram": 10, "Cleo": 8,
                                                  "Warden": 7, "Imp": 5}
    (ev,) = h.events
    assert ev.dice == [6, 6, 5, 5, 4, 4] and ev.seed is None and ev.kind == "cs_round_started"
    cs.settle_order()
    state = cs.battle().state
    assert state.order == ("Ava", "Bram", "Cleo", "Warden", "Imp") and state.current == "Ava"
    assert cs.battle().rounds[0]["mana"]["Ava"] == 5


def test_tied_players_agree_and_tie_with_the_gm_rolls_off(camp: Campaign) -> None:
    cs = camp.condition_sheet
    cs.new_battle("Gate", ["Ava", "Bram", "Cleo"], foes=["Warden", "Imp"])
    cs.start_round(typed=[3, 4, 5, 2, 6, 6])                    # Ava 7, Bram 7, Cleo 12
    with refused(camp, TieUnresolved, "Ava and Bram tied at 7: the players agree"):
        cs.settle_order(typed=[5, 5, 2, 3, 1, 2, 3, 3])
    # Bram then Ava, agreed; Bram beats the Warden's 7 in a roll-off (10-5), Ava loses (3-6).
    h = cs.settle_order(tie_order="Bram, Ava", typed=[5, 5, 2, 3, 1, 2, 3, 3])
    assert cs.battle().state.order == ("Cleo", "Bram", "Warden", "Ava", "Imp")
    assert "Roll-off: Bram 10, Warden 5: Bram first." in h.details["lines"]
    assert h.events[0].dice == [5, 5, 2, 3, 1, 2, 3, 3]


def test_an_equal_roll_off_is_rolled_again(camp: Campaign) -> None:
    cs = camp.condition_sheet
    cs.new_battle("Gate", ["Ava"], foes=["Warden"])
    cs.start_round(typed=[3, 4])                                # Ava 7 = the Warden's 7
    h = cs.settle_order(typed=[3, 3, 2, 4, 1, 1, 6, 6])
    assert "(equal: again)" in h.summary and cs.battle().state.order == ("Warden", "Ava")


def test_the_same_seed_rolls_the_same_dice(camp: Campaign, tmp_path: Path) -> None:
    other = tmp_path / "again"
    other.mkdir()
    shutil.copy(DEMO, other / "campaign.yaml")
    twin, _ = BaseCampaign.init(other)
    results = []
    for c in (camp, twin):
        c.condition_sheet.new_battle("Gate", ["Ava", "Bram", "Cleo"], foes=["Imp"])
        h = c.condition_sheet.start_round(seed=1234)
        results.append((c.condition_sheet.battle().state.initiative, h.events[0].dice,
                        h.events[0].seed))
    twin.close()
    assert results[0] == results[1] and results[0][2] == 1234 and len(results[0][1]) == 6


def test_an_initiative_reroll_costs_mana_and_keeps_the_better(camp: Campaign) -> None:
    cs = camp.condition_sheet
    cs.new_battle("Gate", ["Ava"], foes=["Imp"])
    cs.start_round(typed=[1, 2])
    cs.reroll_initiative(None, "ava", typed=[6, 5])
    state = cs.battle().state
    assert dict(state.initiative)["Ava"] == 11 and state.get("Ava").mana == 4
    with refused(camp, ConditionSheetError, "fixed initiative"):
        cs.reroll_initiative(None, "Imp", typed=[6, 5])


# -- dice typed in ---------------------------------------------------------------------------
@pytest.mark.parametrize(("typed", "error", "match"), [
    ([6, 6, 5, 5, 4, 4, 3], ConditionSheetError, "1 typed die face"),
    ([6, 6, 5], DiceExhausted, "ran out of typed-in dice"),
    ([6, 6, 5, 7, 4, 4], ConditionSheetError, "a d6 shows 1-6, got 7"),
    ("6,6,five", ConditionSheetError, "typed dice are faces"),
    ([], ConditionSheetError, "type 1 to 60 die faces"),
])
def test_typed_faces_must_fit_the_step_exactly(camp: Campaign, typed, error, match) -> None:
    camp.condition_sheet.new_battle("Gate", ["Ava", "Bram", "Cleo"], foes=["Imp"])
    with refused(camp, error, match):
        camp.condition_sheet.start_round(typed=typed)


def test_one_source_of_dice_at_a_time(camp: Campaign) -> None:
    camp.condition_sheet.new_battle("Gate", ["Ava"])
    with refused(camp, ConditionSheetError, "one of them"):
        camp.condition_sheet.start_round(typed=[1, 2], seed=3)


# -- checks one at a time, then the attack ---------------------------------------------------
def test_checks_rolled_one_at_a_time_then_used_by_the_attack(camp: Campaign) -> None:
    fight(camp)
    cs = camp.condition_sheet
    first = cs.roll_check(None, "Ava", "cast", typed=[1, 2])           # 3 + 2 = 5
    assert [(c.who, c.kind, c.total) for c in cs.battle().checks] == [("Ava", "cast", 5)]
    with refused(camp, ConditionSheetError, "already rolled"):
        cs.roll_check(None, "Ava", "cast", typed=[3, 3])
    cs.reroll_check(None, "Ava", "cast", typed=[5, 6])                 # 13, kept; 1 mana
    cs.roll_check(None, "Warden", "guard")                              # fixed 8: no dice
    h = cs.attack(None, "Ava", "Warden", "damage")
    state = cs.battle().state
    assert state.get("Warden").sheet.damage == 1 and state.get("Ava").mana == 4
    assert "success margin 5" in h.summary and h.events[0].dice is None
    assert cs.battle().checks == () and first.events[0].dice == [1, 2]
    with refused(camp, ConditionSheetError, "no cast check waiting"):
        cs.reroll_check(None, "Bram", "cast", typed=[1, 1])


def test_an_undone_attack_restores_the_battle_sheet(camp: Campaign) -> None:
    fight(camp)
    before = camp.condition_sheet.sheet("battle:1").data
    h = camp.condition_sheet.attack(None, "Ava", ["Imp"], "damage", typed=[3, 3])
    assert camp.condition_sheet.battle().state.get("Imp").sheet.damage == 1
    camp.undo(h.events[0].id)
    assert camp.condition_sheet.sheet("battle:1").data == before
    assert camp.condition_sheet.battle().state.current == "Ava"


def test_round_actions_only_on_ones_own_turn(camp: Campaign) -> None:
    fight(camp)
    with refused(camp, ConditionSheetError, "it is not Bram's turn; now acting: Ava"):
        camp.condition_sheet.attack(None, "Bram", ["Imp"], "damage", typed=[3, 3])
    with refused(camp, ConditionSheetError, "nobody called 'Zed'"):
        camp.condition_sheet.attack(None, "Zed", ["Imp"], "damage", typed=[3, 3])
    with refused(camp, ConditionSheetError, "an attack's effect is one of"):
        camp.condition_sheet.attack(None, "Ava", ["Imp"], "heal_damage", typed=[3, 3])
    with refused(camp, ConditionSheetError, "an effect is one of"):
        camp.condition_sheet.attack(None, "Ava", ["Imp"], "explode", typed=[3, 3])
    with refused(camp, ConditionSheetError, "no battle 7"):
        camp.condition_sheet.pass_turn(7)
