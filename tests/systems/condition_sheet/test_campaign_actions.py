"""Every sheet rule of seed 004 through the ledger with scripted dice: the five attack
effects and their strength, boost and expand, cover, support, withdraw, pass, chain combo,
counter, knock-down, Last Stand, the reset after the battle and what carries over."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from conftest import refused

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.ledger import timeline
from drawsteel_kit.systems.condition_sheet.rules import ConditionSheetError
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from systems.condition_sheet.helpers import DEMO


def _make(folder: Path, **settings: object) -> Campaign:
    folder.mkdir()
    data = yaml.safe_load(DEMO.read_text(encoding="utf-8"))
    data["settings"].update(settings)
    (folder / "campaign.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    return BaseCampaign.init(folder)[0]


@pytest.fixture
def camp(tmp_path: Path) -> Iterator[Campaign]:
    c = _make(tmp_path / "cs")
    yield c
    assert c.ledger.verify()
    c.close()


def fight(camp: Campaign, initiative: list[int] | None = None, **battle: object) -> None:
    """Default: Ava 12, Bram 10, Cleo 8 rolled; Warden 7, Imp 5 fixed."""
    cs = camp.condition_sheet
    cs.new_battle("Gate", battle.get("who", ["Ava", "Bram", "Cleo"]),
                  foes=battle.get("foes", ["Warden", "Imp"]))
    cs.start_round(typed=initiative or [6, 6, 5, 5, 4, 4])
    cs.settle_order()


def fighter(camp: Campaign, name: str):
    return camp.condition_sheet.battle().state.get(name)


def test_damage_fills_slots_and_overflow_knocks_down(camp: Campaign) -> None:
    fight(camp)
    cs = camp.condition_sheet
    cs.attack(None, "Ava", ["Imp"], "damage", typed=[3, 3])
    cs.attack(None, "Bram", ["Imp"], "damage", typed=[3, 3])
    assert fighter(camp, "Imp").sheet.damage == 2 and not fighter(camp, "Imp").knocked_down
    h = cs.attack(None, "Cleo", ["Imp"], "damage", typed=[3, 3])   # the Imp has 2 slots
    imp = fighter(camp, "Imp")
    assert imp.knocked_down and imp.sheet.damage == 2 and "Imp is knocked down" in h.summary
    cs.pass_turn(None, "Warden")
    assert cs.battle().state.current is None                        # the Imp cannot act
    cs.start_round(typed=[1, 1, 1, 2, 1, 3])
    assert "Imp" not in dict(cs.battle().state.initiative)


def test_a_curse_needs_its_strength_in_success_margin(camp: Campaign) -> None:
    fight(camp)
    cs = camp.condition_sheet
    with refused(camp, ConditionSheetError, "needs a success margin of 2; this one is 0"):
        cs.attack(None, "Ava", ["Imp"], "add_curse:Poison", typed=[1, 2])     # 5 vs 5
    with refused(camp, ConditionSheetError, "has not learned a curse called 'Slow'"):
        cs.attack(None, "Ava", ["Imp"], "add_curse:Slow", typed=[4, 4])
    cs.attack(None, "Ava", ["Imp"], "add_curse:Poison", typed=[4, 4])         # margin 5
    assert [m.name for m in fighter(camp, "Imp").sheet.curses] == ["Poison"]


def test_self_bless_erase_bless_and_refresh(camp: Campaign) -> None:
    fight(camp)
    cs = camp.condition_sheet
    cs.attack(None, "Ava", ["Warden"], "self_bless:Cast Up", typed=[6, 5])   # 13 vs 8
    assert [m.name for m in fighter(camp, "Ava").sheet.blesses] == ["Cast Up"]
    cs.pass_turn(None, "Bram")
    cs.pass_turn(None, "Cleo")
    cs.attack(None, "Warden", ["Ava"], "add_curse:Bind", typed=[5, 4, 1, 2])  # 11 vs 4
    assert [m.name for m in fighter(camp, "Ava").sheet.curses] == ["Bind"]
    cs.pass_turn(None, "Imp")
    cs.start_round(typed=[6, 6, 5, 5, 4, 4])
    cs.settle_order()
    cs.attack(None, "Ava", ["Imp"], "refresh:Bind", typed=[4, 4])             # margin 5
    assert fighter(camp, "Ava").sheet.curses == ()
    cs.pass_turn()
    cs.pass_turn()
    cs.attack(None, "Warden", ["Ava"], "erase_bless", typed=[5, 4, 2, 2])      # 11 vs 5
    assert fighter(camp, "Ava").sheet.blesses == ()


def test_boost_costs_one_mana_expand_one_per_extra_target_not_both(camp: Campaign) -> None:
    fight(camp)
    cs = camp.condition_sheet
    with refused(camp, ConditionSheetError, "Boost and Expand cannot be used together"):
        cs.attack(None, "Ava", ["Imp", "Warden"], "damage", boost="damage", typed=[6, 6])
    h = cs.attack(None, "Ava", ["Imp"], "add_curse:Poison", boost="damage", typed=[4, 4])
    imp = fighter(camp, "Imp")
    assert (imp.sheet.damage, len(imp.sheet.curses), fighter(camp, "Ava").mana) == (1, 1, 4)
    assert "spends 1 mana on Boost 1" in h.summary
    cs.attack(None, "Bram", "Imp, Warden", "damage", typed=[6, 5])           # 12 vs 5 and 8
    assert fighter(camp, "Bram").mana == 5
    assert (fighter(camp, "Imp").sheet.damage, fighter(camp, "Warden").sheet.damage) == (2, 1)


def test_cover_takes_the_hit_paid_with_mana_or_an_emotion(camp: Campaign) -> None:
    fight(camp, [6, 6, 5, 5, 1, 1])                        # Cleo 2: after the foes
    cs = camp.condition_sheet
    cs.pass_turn(None, "Ava")
    cs.pass_turn(None, "Bram")
    # Cast 11, Ava's guard 4 fails; Bram covers (an emotion toward Ava), guards 11: margin 0.
    h = cs.attack(None, "Warden", ["Ava"], "damage", covers={"ava": "bram"},
                  cover_with_emotion=["Bram"], typed=[5, 4, 2, 1, 6, 3])
    assert fighter(camp, "Bram").sheet.damage == 1 and fighter(camp, "Ava").sheet.damage == 0
    assert fighter(camp, "Bram").emotion("Ava") == 1 and fighter(camp, "Bram").mana == 6
    assert "success margin 0" in h.summary
    with refused(camp, ConditionSheetError, "Cover is declared when an ally fails its guard"):
        cs.attack(None, "Imp", ["Cleo"], "damage", covers={"Cleo": "Ava"}, typed=[6, 6, 1, 1])
    cs.attack(None, "Imp", ["Cleo"], "damage", covers={"Cleo": "Ava"}, typed=[1, 2, 1, 1])
    assert fighter(camp, "Ava").sheet.damage == 1 and fighter(camp, "Ava").mana == 4


def test_support_always_works_for_one_mana_or_an_emotion(camp: Campaign) -> None:
    fight(camp)
    cs = camp.condition_sheet
    cs.support(None, "Ava", ["Bram"], "add_bless:Cast Up", emotion_for="Bram")
    assert fighter(camp, "Ava").mana == 5 and fighter(camp, "Ava").emotion("Bram") == 0
    assert [m.name for m in fighter(camp, "Bram").sheet.blesses] == ["Cast Up"]
    h = cs.support(None, "Bram", "Ava, Cleo", "add_bless:Guard Up")           # Expand 1
    assert fighter(camp, "Bram").mana == 4 and "support 1, Expand 1" in h.summary
    assert [m.name for m in fighter(camp, "Cleo").sheet.blesses] == ["Guard Up"]
    with refused(camp, ConditionSheetError, "Bram has no damage to heal"):
        cs.support(None, "Cleo", ["Bram"], "heal_damage")
    cs.support(None, "Cleo", ["Cleo"], "add_bless:Haste", boost="add_bless:Haste")
    assert fighter(camp, "Cleo").mana == 2 and len(fighter(camp, "Cleo").sheet.blesses) == 3
    assert cs.battle().state.current == "Warden"


def test_withdraw_fails_then_succeeds_and_leaves_for_good(camp: Campaign) -> None:
    fight(camp)
    cs = camp.condition_sheet
    h = cs.withdraw(None, "Ava", value=2, typed=[3, 3])                        # 8 < 9
    assert "failure" in h.summary and not fighter(camp, "Ava").withdrawn
    for _ in range(4):
        cs.pass_turn()
    cs.start_round(typed=[6, 6, 5, 5, 4, 4])
    cs.settle_order()
    cs.withdraw(None, "Ava", value=2, difficulty=7, typed=[3, 3])             # 8 >= 7
    assert fighter(camp, "Ava").withdrawn
    with refused(camp, ConditionSheetError, "Ava has withdrawn"):
        cs.support(None, "Bram", ["Ava"], "add_bless:Cast Up")


def test_chain_combo_follows_an_allys_hit_with_plus_one(camp: Campaign) -> None:
    fight(camp)
    cs = camp.condition_sheet
    with refused(camp, ConditionSheetError, "Chain combo answers an attack just made"):
        cs.chain_combo(None, "Bram", "Ava", "damage", typed=[3, 3])
    cs.attack(None, "Ava", ["Warden"], "damage", typed=[1, 1])                  # a fumble
    with refused(camp, ConditionSheetError, "Chain combo follows a success"):
        cs.chain_combo(None, "Bram", "Ava", "damage", typed=[6, 6])
    cs.attack(None, "Bram", ["Warden"], "damage", typed=[4, 3])                 # 8 vs 8
    h = cs.chain_combo(None, "Cleo", "Bram", "damage", typed=[2, 2])
    assert "cast 8 (2+2 +3 +1)" in h.summary and fighter(camp, "Cleo").mana == 3
    assert fighter(camp, "Warden").sheet.damage == 2 and "Cleo" in cs.battle().state.acted
    assert cs.battle().state.current == "Warden"


def test_chain_combo_paid_with_an_emotion_toward_the_ally(camp: Campaign) -> None:
    fight(camp)
    cs = camp.condition_sheet
    cs.attack(None, "Ava", ["Imp"], "damage", typed=[3, 3])
    cs.chain_combo(None, "Bram", "Ava", "damage", pay_with_emotion=True, typed=[3, 3])
    bram = fighter(camp, "Bram")
    assert (bram.emotion("Ava"), bram.mana, fighter(camp, "Imp").sheet.damage) == (1, 6, 2)


def test_counter_hits_back_at_the_attacker(camp: Campaign) -> None:
    fight(camp, [6, 6, 5, 5, 1, 1])
    cs = camp.condition_sheet
    cs.pass_turn()
    cs.pass_turn()
    cs.attack(None, "Warden", ["Cleo"], "damage", typed=[5, 5, 1, 2])           # 12 vs 3
    with refused(camp, ConditionSheetError, "Counter is declared by one who just failed"):
        cs.counter(None, "Imp", "damage", typed=[3, 3])
    h = cs.counter(None, "Cleo", "damage", typed=[3, 3])                         # 10 vs 8
    assert "Cleo counters Warden (1 mana)" in h.summary and fighter(camp, "Cleo").mana == 3
    assert fighter(camp, "Warden").sheet.damage == 1 and "Cleo" in cs.battle().state.acted


def test_last_stand_undoes_a_knock_down_once_a_round(camp: Campaign) -> None:
    fight(camp, [6, 6, 5, 5, 4, 4],
          foes=[{"name": "Shade", "cast": 0, "guard": 0, "slots": 1, "mana": 2,
                 "fixed_initiative": 3, "fixed_guard": 4}])
    cs = camp.condition_sheet
    cs.attack(None, "Ava", ["Shade"], "damage", typed=[3, 3])
    cs.attack(None, "Bram", ["Shade"], "damage", typed=[3, 3])
    assert fighter(camp, "Shade").knocked_down
    cs.last_stand(None, "shade")
    shade = fighter(camp, "Shade")
    assert not shade.knocked_down and shade.mana == 1 and shade.sheet.damage == 1
    cs.attack(None, "Cleo", ["Shade"], "damage", typed=[3, 3])
    with refused(camp, ConditionSheetError, "already made a Last Stand this round"):
        cs.last_stand(None, "Shade")
    with refused(camp, ConditionSheetError, "Last Stand is declared when Ava is knocked down"):
        cs.last_stand(None, "Ava")


def test_the_end_resets_every_sheet_and_keeps_what_was_spent(camp: Campaign) -> None:
    cs = camp.condition_sheet
    fight(camp)
    cs.attack(None, "Ava", ["Imp"], "damage", preparation="Studied the wards",
              typed=[3, 3, 3])
    cs.support(None, "Bram", ["Ava"], "add_bless:Cast Up")
    cs.support(None, "Cleo", ["Bram"], "add_bless:Haste")
    cs.attack(None, "Warden", ["Cleo"], "add_curse:Bind", typed=[5, 5, 1, 2])
    h = cs.end_battle()
    state = cs.battle(1).state
    assert all(c.sheet.empty and not c.knocked_down for c in state.characters)
    assert cs.battle(1).status == "ended" and state.phase == "ended"
    kinds = [e.kind for e in h.events]
    assert kinds == ["cs_battle_ended", "cs_resources_kept", "cs_resources_kept",
                     "cs_resources_kept"]                          # Ava, Bram, Cleo changed
    assert len({e.operation for e in h.events}) == 1
    ava, bram = cs.member_sheet("Ava").data, cs.member_sheet("Bram").data
    assert (ava["mana"], ava["preparations"], bram["mana"]) == (5, [], 5)
    assert cs.sheet("foe:Warden").data["mana"] == 2             # nothing spent: no event
    with refused(camp, ConditionSheetError, "has ended"):
        cs.start_round(1, typed=[1, 1])
    points = timeline.sample(camp.ledger.db, "sheets", "character:Bram", "mana", "party", 10)
    assert [p["after"] for p in points] == [6, 5]
    camp.undo(h.events[0].id)                                      # the whole operation
    assert cs.member_sheet("Bram").data["mana"] == 6 and cs.battle(1).status == "running"
    assert cs.member_sheet("Ava").data["preparations"] == ["Studied the wards"]


def test_spent_mana_returns_when_the_table_says_so(tmp_path: Path) -> None:
    camp = _make(tmp_path / "keep", spent_resources_stay=False)
    cs = camp.condition_sheet
    fight(camp)
    cs.support(None, "Ava", ["Bram"], "add_bless:Cast Up", emotion_for="Bram")
    cs.attack(None, "Bram", ["Imp"], "damage", preparation=None, typed=[3, 3])
    cs.end_battle()
    assert cs.member_sheet("Ava").data["emotions"] == {"Bram": 1}
    assert camp.ledger.verify()
    camp.close()


def test_foes_spent_mana_is_written_back_for_the_director_only(camp: Campaign) -> None:
    cs = camp.condition_sheet
    fight(camp, [6, 6, 5, 5, 1, 1], who=["Ava", "Bram", "Cleo"], foes=["Warden"])
    cs.pass_turn()
    cs.pass_turn()
    cs.roll_check(None, "Warden", "cast", typed=[1, 1])
    cs.reroll_check(None, "Warden", "cast", typed=[4, 4])
    h = cs.end_battle()
    (kept,) = [e for e in h.events if e.kind == "cs_resources_kept"]
    assert kept.visibility == "director" and cs.sheet("foe:Warden").data["mana"] == 1
    assert "Warden" not in " ".join(e.summary for e in camp.history(visible_to="party")
                                    if e.kind == "cs_resources_kept")


def test_set_mana_between_battles_only(camp: Campaign) -> None:
    cs = camp.condition_sheet
    fight(camp)
    with refused(camp, ConditionSheetError, "Ava is in a running battle"):
        cs.set_mana("Ava", 9)
    cs.end_battle()
    with refused(camp, RulesError, "from 0 to 99"):
        cs.set_mana("Ava", -1)
    h = cs.set_mana("ava", 9, reason="rest")
    assert cs.member_sheet("Ava").data["mana"] == 9 and h.events[0].actor == "Ava"

