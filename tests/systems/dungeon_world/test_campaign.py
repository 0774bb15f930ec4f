"""Dungeon World on the ledger: each move's bookkeeping lands on the sheets, with scripted
dice; undo restores; rebuild equals the projections; bad input writes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import refused

from drawsteel_kit.kit.errors import CampaignFileError, DiceExhausted, RulesError, UnknownSheet
from drawsteel_kit.kit.ledger import timeline
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from systems.dungeon_world.helpers import DEMO, dice


def test_init_adds_a_sheet_per_character_as_campaign_yaml_says(camp: Campaign) -> None:
    dw = camp.dungeon_world
    assert camp.members == ["Ava", "Brother Odo", "Nim", "Zora"]
    odo = dw.character("brother odo")
    assert (odo.level, odo.hp, odo.max_hp, odo.coin, odo.rations) == (2, 14, 21, 120, 2)
    assert odo.debilities == ("shaky",) and odo.modifier("DEX") == -1  # 9: +0, shaky -1
    assert dw.character("Zora").hp == 17  # hp left out: full
    assert dw.player("Nim") == "Sam" and dw.xp_on_miss is True
    assert dw.status_lines()[1].startswith("Brother Odo (cleric, level 2): HP 14/21, XP 4/9")


def test_carouse_spends_coin_and_records_dice_seed_choices(camp: Campaign) -> None:
    h = camp.dungeon_world.carouse("Ava", coin=300, dice=dice(4, 4),
                                   choices=["hear_rumors", "befriend_npc", "not_entangled"])
    ava = camp.dungeon_world.character("Ava")
    assert ava.coin == 40 and ava.xp == 5
    (event,) = h.events
    assert event.kind == "dw_carouse" and event.actor == "Ava" and event.dice == [4, 4]
    assert event.payload["choices"] == ["hear_rumors", "befriend_npc", "not_entangled"]
    assert "4+4 +2 coin = 10" in " ".join(event.payload["lines"])
    assert h.summary == "Carouse by Ava: 10+, coin 340 → 40"


def test_a_seeded_move_records_its_seed_and_repeats(camp: Campaign) -> None:
    first = camp.dungeon_world.roll("hack_and_slash", "Ava", seed=42)
    again = camp.dungeon_world.roll("hack_and_slash", "Ava", seed=42)
    assert first.events[0].seed == 42 and first.details["faces"] == again.details["faces"]


def test_a_miss_marks_xp_when_the_table_says_so(camp: Campaign) -> None:
    camp.dungeon_world.roll("defy_danger", "Nim", stat="DEX", dice=dice(1, 2))  # 3+2 = 5
    assert camp.dungeon_world.character("Nim").xp == 3


def test_make_camp_eats_a_ration_and_heals_half(camp: Campaign) -> None:
    camp.dungeon_world.make_camp(["Nim", "Brother Odo"])
    nim, odo = camp.dungeon_world.character("Nim"), camp.dungeon_world.character("Brother Odo")
    assert (nim.rations, nim.hp) == (0, 18) and (odo.rations, odo.hp) == (1, 21)
    with refused(camp, RulesError, "Nim has no rations"):
        camp.dungeon_world.make_camp("Nim")
    camp.dungeon_world.make_camp("Nim", meal_provided=True)


def test_take_watch_strong_hit_gives_the_camp_forward_which_the_next_roll_uses(
        camp: Campaign) -> None:
    h = camp.dungeon_world.take_watch("Zora", camp=["Ava"], dice=dice(5, 5))
    assert {e.actor for e in h.events} == {"Zora", "Ava"}
    assert [m.amount for m in camp.dungeon_world.character("Ava").forward] == [1]
    assert camp.dungeon_world.character("Nim").forward == ()
    roll = camp.dungeon_world.roll("hack_and_slash", "Ava", dice=dice(3, 3))  # 6 +1 STR +1
    assert roll.details["bands"] == ["7-9"]
    assert camp.dungeon_world.character("Ava").forward == ()


def test_perilous_journey_rolls_each_job_and_eats_rations(camp: Campaign) -> None:
    h = camp.dungeon_world.perilous_journey(rations=1, trailblazer="Nim", scout="Ava",
                                            quartermaster="zora", dice=dice(3, 4, 2, 5, 6, 6))
    by = {e.actor: e for e in h.events}
    assert by["Nim"].dice == [3, 4] and by["Ava"].dice == [2, 5] and by["Zora"].dice == [6, 6]
    assert by["Brother Odo"].dice is None
    rations = {n: c.rations for n, c in camp.dungeon_world.characters().items()}
    assert rations == {"Ava": 2, "Brother Odo": 1, "Nim": 0, "Zora": 2}  # Zora's 10+ saves 1


def test_end_of_session_then_level_up(camp: Campaign) -> None:
    camp.dungeon_world.end_of_session(
        questions=["learned", "defeated"], alignment=["ava"],
        bonds={"Ava": {"bond": 1, "agreed": True, "new_bond": {"target": "Nim",
                                                               "text": "Nim saved me."}}})
    xp = {n: c.xp for n, c in camp.dungeon_world.characters().items()}
    assert xp == {"Ava": 9, "Brother Odo": 6, "Nim": 4, "Zora": 8}
    with refused(camp, RulesError, "Ava levels up only while resting"):  # 003: 330
        camp.dungeon_world.level_up("Ava", "CON", advanced_move="Merciless")
    h = camp.dungeon_world.level_up("Ava", "CON", rest="days", advanced_move="Merciless")
    ava = camp.dungeon_world.character("Ava")
    assert (ava.level, ava.xp, ava.max_hp, ava.hp, ava.score("CON")) == (2, 1, 26, 26, 16)
    assert "Merciless" in ava.moves and h.events[0].dice is None
    with refused(camp, RulesError, "Level Up needs 8 XP at level 1; Nim has 4"):
        camp.dungeon_world.level_up("Nim", "DEX", rest="hours")


def test_supply_buys_rations_and_rolls_for_something_special(camp: Campaign) -> None:
    camp.dungeon_world.supply("Nim", item="rations", price=10, ration_uses=5)
    camp.dungeon_world.supply("Ava", item="silver sword", price=100, special=True,
                              weak_hit="pay_more", higher_price=150, dice=dice(3, 4))
    nim, ava = camp.dungeon_world.character("Nim"), camp.dungeon_world.character("Ava")
    assert (nim.coin, nim.rations) == (50, 6)
    assert ava.coin == 190 and ava.gear[-1] == "silver sword"  # 7-9: paid the higher price


def test_recover_heals_and_removes_debilities(camp: Campaign) -> None:
    camp.dungeon_world.adjust("Brother Odo", debilities=["shaky", "sick"], reason="poison")
    camp.dungeon_world.recover("Brother Odo", days=3, remove=["sick"])
    odo = camp.dungeon_world.character("Brother Odo")
    assert (odo.hp, odo.debilities) == (21, ("shaky",))


def test_recruit_turned_away_gives_minus_one_forward_to_recruit(camp: Campaign) -> None:
    camp.dungeon_world.recruit("Zora", conditions=["generous_pay"], weak_hit="turn_away",
                               dice=dice(3, 4))
    (mod,) = camp.dungeon_world.character("Zora").forward
    assert (mod.amount, mod.move) == (-1, "recruit")


def test_warrants_and_bolster_and_spending_preparation(camp: Campaign) -> None:
    h = camp.dungeon_world.outstanding_warrants("Ava", complication="bounty", dice=dice(4, 4))
    assert h.events[0].payload["choices"] == ["bounty"] and h.events[0].dice == [4, 4]
    camp.dungeon_world.bolster("Ava", period="month")
    assert camp.dungeon_world.character("Ava").preparation == 3
    roll = camp.dungeon_world.roll("parley", "Ava", spend_preparation=True, dice=dice(4, 4))
    assert "+1 preparation" in roll.details["lines"][0]
    assert camp.dungeon_world.character("Ava").preparation == 2


def test_undo_restores_every_sheet_a_move_changed(camp: Campaign) -> None:
    before = camp.ledger.snapshot()
    h = camp.dungeon_world.perilous_journey(rations=1, trailblazer="Nim", dice=dice(1, 1))
    assert camp.ledger.snapshot() != before
    assert len(h.events) == 4
    camp.undo(h.events[0].id)  # the whole move: one operation
    assert camp.ledger.snapshot()["sheets"] == before["sheets"]


def test_the_timeline_keeps_hp_xp_coin_and_rations(camp: Campaign) -> None:
    camp.dungeon_world.adjust("Ava", hp=10, reason="ogre")
    camp.dungeon_world.make_camp("Ava")
    db = camp.ledger.db
    hp = [(r["before"], r["after"]) for r in timeline.newest_first(
        db, "sheets", "character:Ava", "hp", "party")]
    assert hp == [(10, 22), (25, 10), (None, 25)]
    assert [r["after"] for r in timeline.newest_first(
        db, "sheets", "character:Ava", "rations", "party")] == [2, 3]


@pytest.mark.parametrize(("call", "error", "match"), [
    (lambda dw: dw.carouse("Zed", coin=100, seed=1), UnknownSheet, "no character named 'Zed'"),
    (lambda dw: dw.carouse("Ava", coins=100, seed=1), RulesError, "no option 'coins'"),
    (lambda dw: dw.move("dance", "Ava", seed=1), RulesError, "unknown move 'dance'"),
    (lambda dw: dw.carouse("Ava", coin=-5, seed=1), RulesError, "coin for Carouse"),
    (lambda dw: dw.carouse("Ava", coin="lots", seed=1), RulesError, "whole number"),
    (lambda dw: dw.carouse("Ava", coin=1000, seed=1), RulesError, "Ava has 340"),
    (lambda dw: dw.carouse("Ava", choices=["dance"], seed=1), RulesError, "must be one of"),
    (lambda dw: dw.carouse("Ava", dice=dice(4, 5, 6)), RulesError, "left over"),
    (lambda dw: dw.carouse("Ava", dice=dice(4)), DiceExhausted, "ran out"),
    (lambda dw: dw.carouse("Ava", dice=dice(4, 7)), RulesError, "cannot come from a d6"),
    (lambda dw: dw.carouse("Ava", seed=-1), RulesError, "seed"),
    (lambda dw: dw.carouse(5, seed=1), RulesError, "who must be text"),
    (lambda dw: dw.carouse(None, seed=1), RulesError, "Carouse needs who"),
    (lambda dw: dw.take_watch("Ava", camp=["Nobody"], seed=1), UnknownSheet, "Nobody"),
    (lambda dw: dw.level_up("Ava", "LUCK"), RulesError, "the stat to raise"),
    (lambda dw: dw.recover("Ava", days=0), RulesError, "days of rest"),
    (lambda dw: dw.bolster("Ava", days=3), RulesError, "a week"),
    (lambda dw: dw.adjust("Ava", hp=99), RulesError, "hp must be 0 to 25"),
    (lambda dw: dw.adjust("Ava", colour="red"), RulesError, "unknown character field"),
    (lambda dw: dw.adjust("Ava", name="Eve"), RulesError, "name is kept"),
    (lambda dw: dw.adjust("Ava"), RulesError, "at least one field"),
    (lambda dw: dw.adjust("Ava", hp=25), RulesError, "nothing to change: Ava's sheet already"),
    (lambda dw: dw.adjust("Ava", playbook="fighter\nEVIL"), RulesError, r"U\+000A"),
    (lambda dw: dw.adjust("Ava", coin=10**20), RulesError, "coin must be at most 1,000,000"),
])
def test_bad_input_is_refused_and_writes_nothing(camp: Campaign, call, error, match) -> None:
    with refused(camp, error, match):
        call(camp.dungeon_world)


def test_adjust_says_what_changed_even_in_words_and_lists(camp: Campaign) -> None:
    dw = camp.dungeon_world
    said = dw.adjust("Ava", playbook="bard", alignment="evil", reason="a new life").summary
    assert said == "Ava: playbook fighter → bard, alignment good → evil (a new life)"
    gear = dw.character("Ava").gear
    said = dw.adjust("Ava", gear=list(gear[1:]), reason="robbed").summary
    # 003: 271: the axe put down lightens the load (a bard's 9 + STR's +2)
    assert said == f"Ava: weight 4 of load 11: light, no longer has {gear[0]} (robbed)"


def test_campaign_yaml_errors_name_the_character_and_field(tmp_path: Path) -> None:
    text = (DEMO / "campaign.yaml").read_text(encoding="utf-8")
    from drawsteel_kit.kit.campaign_file import parse_campaign_text

    for bad, said in [
        (text.replace("str: 9, dex: 16", "str: 19, dex: 16"),
         "characters[2] (Nim): stats.str: must be from 1 to 18, got 19"),
        (text.replace("    hp: 11", "    hp: 40"), "characters[2] (Nim): hp: must be at most"),
        (text.replace("name: Zora", "name: nim"), "character names must differ"),
        (text.replace("alignment: chaotic", "alignment: chaos"), "did you mean 'chaotic'"),
        (text.replace("    coin: 60\n", "    coin: -1\n"), "characters[2] (Nim): coin"),
        (text.replace("xp_on_miss: true", "xp_on_miss: yes please"), "settings.xp_on_miss"),
    ]:
        with pytest.raises(CampaignFileError, match=said.replace("(", r"\(").replace(")", r"\)")
                           .replace("[", r"\[").replace("]", r"\]")):
            parse_campaign_text(bad, "campaign.yaml")
