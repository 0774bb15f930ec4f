"""The Pathfinder 2e encounter tracker as campaign operations: two sheets per encounter, one
operation per step, hidden names kept off everything the party reads, undo, verify."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import refused

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.dice import ScriptedDice
from drawsteel_kit.kit.errors import CampaignFileError, RulesError, UnknownSheet
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.pf2e.rules import PcTieUnresolved
from systems.pf2e.helpers import DEMO

HIDDEN = ("Goblin", "Boss")


def ambush(camp: Campaign) -> None:
    """Ava, Brannoc, Cressida; three goblins in a group and a boss, all hidden."""
    pf = camp.pf2e
    pf.new_encounter("Bridge ambush")
    for pc in camp.members:
        pf.add_pc(1, pc)
    pf.add_creature(1, "Goblin", 2, count=3, shown_as="Small creature")
    pf.add_creature(1, "Boss", 5, shown_as="Hooded figure")


def party_text(camp: Campaign) -> str:
    """Everything the party may read: its sheets, its events, its export."""
    sheets = json.dumps([s.as_dict() for s in camp.sheets(visible_to="party")])
    events = json.dumps([(e.summary, e.payload) for e in camp.history(visible_to="party")],
                        default=str)
    return sheets + events + camp.export_json(include_director=False)


def test_init_makes_a_character_sheet_per_pc(camp: Campaign) -> None:
    assert camp.system.key == "pf2e" and camp.members == ["Ava", "Brannoc", "Cressida"]
    cressida = camp.pf2e.member_sheet("cressida")
    assert cressida.key == "character:Cressida" and cressida.kind == "character"
    assert (cressida.data["hp"], cressida.data["max_hp"], cressida.data["perception"]) == (
        25, 29, 7)
    assert camp.settings["initiative_skill"] == "Perception"


def test_a_bad_character_is_named_with_its_field(tmp_path: Path) -> None:
    folder = tmp_path / "bad"
    folder.mkdir()
    text = DEMO.read_text(encoding="utf-8").replace("perception: 8", "perception: 99")
    (folder / "campaign.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(CampaignFileError, match=r"characters\[1\] \(Brannoc\): perception: "
                       r"must be from -10 to 60, got 99"):
        BaseCampaign.init(folder)
    assert not (folder / "ledger.db").exists()


def test_new_encounter_writes_a_director_sheet_and_a_party_view(camp: Campaign) -> None:
    happened = camp.pf2e.new_encounter("Bridge ambush")
    assert [e.visibility for e in happened.events] == ["director", "party"]
    assert len({e.operation for e in happened.events}) == 1
    director, view = camp.pf2e.sheet("encounter:1"), camp.pf2e.sheet("encounter-view:1")
    assert (director.visibility, view.visibility) == ("director", "party")
    assert director.status == view.status == "running"
    assert [s.key for s in camp.sheets(visible_to="party") if s.kind != "character"] == [
        "encounter-view:1"]


def test_hidden_names_stay_off_the_party_until_identified(camp: Campaign) -> None:
    ambush(camp)
    camp.pf2e.roll_initiative(1, dice=ScriptedDice([10, 12, 14, 9, 11]))
    camp.pf2e.start_turn(1)
    text = party_text(camp)
    for real in HIDDEN:
        assert real not in text
    assert "Small creature 1" in text and "Hooded figure" in text
    director = json.dumps(camp.pf2e.sheet("encounter:1").data)
    assert "Boss" in director and "Goblin 3" in director
    camp.pf2e.identify(1, "Hooded figure")  # by the name players know
    text = party_text(camp)
    assert "Boss" in text and "Goblin" not in text


def test_initiative_groups_roll_once_and_enemies_win_ties(camp: Campaign) -> None:
    ambush(camp)
    # Ava 10+7=17, Brannoc 9+8=17 (a PC tie), Cressida 3+7=10, goblins 15+2=17, boss 12+5=17.
    dice = ScriptedDice([10, 9, 3, 15, 12])
    with refused(camp, PcTieUnresolved, r"Ava and Brannoc tied at 17"):
        camp.pf2e.roll_initiative(1, dice=dice)
    happened = camp.pf2e.roll_initiative(1, dice=ScriptedDice([10, 9, 3, 15, 12]),
                                         tie_order=["brannoc", "Ava"])
    assert happened.details["faces"] == [10, 9, 3, 15, 12]  # five rolls: the group rolled once
    state = camp.pf2e.encounter(1).state
    assert state.order == ("Goblin 1", "Goblin 2", "Goblin 3", "Boss", "Brannoc", "Ava",
                           "Cressida")
    director = camp.ledger.event(happened.events[0].id)
    assert director.dice == [10, 9, 3, 15, 12]
    assert camp.pf2e.sheet("encounter-view:1").data["order"][:4] == [
        "Small creature 1", "Small creature 2", "Small creature 3", "Hooded figure"]


def test_a_seeded_tie_says_how_to_keep_the_rolls(camp: Campaign) -> None:
    pf = camp.pf2e
    pf.new_encounter("Duel")
    pf.add_pc(1, "Ava")
    pf.add_pc(1, "Cressida")
    with refused(camp, PcTieUnresolved, r"seed=4"):
        pf.roll_initiative(1, seed=4, typed={"Ava": 15, "Cressida": "15"})


def test_typed_totals_and_dice_rolled_at_the_table(camp: Campaign) -> None:
    ambush(camp)
    camp.pf2e.roll_initiative(1, typed={"Ava": 20, "Brannoc": "d5", "Cressida": "14",
                                        "goblin": 3, "Boss": "d1"})
    state = camp.pf2e.encounter(1).state
    assert [state.get(n).initiative for n in ("Ava", "Brannoc", "Cressida", "Goblin 2",
                                              "Boss")] == [20, 13, 14, 3, 6]
    for bad, match in (({"Ava": "d21"}, "shows 1-20"), ({"Ava": 1.5}, "a total"),
                       ({"Nobody": 3}, "no combatant called 'Nobody'")):
        with refused(camp, RulesError, match):
            camp.pf2e.roll_initiative(1, typed=bad)


def test_turns_give_three_actions_and_a_reaction_and_rounds_follow_the_order(
        camp: Campaign) -> None:
    pf = camp.pf2e
    pf.new_encounter("Sparring")
    pf.add_pc(1, "Ava")
    pf.add_creature(1, "Dummy", 0)
    pf.roll_initiative(1, typed={"Ava": 18, "Dummy": 4})
    pf.start_turn(1)
    view = pf.sheet("encounter-view:1").data
    assert (view["round"], view["acting"]) == (1, "Ava")
    assert view["combatants"][0]["actions"] == 3 and view["combatants"][0]["reaction"]
    pf.use_actions(1, 2, "Strike, Strike")
    pf.use_reaction(1, "Ava", "Shield Block")
    assert pf.encounter(1).state.get("Ava").actions == 1
    with refused(camp, RulesError, "no reaction left"):
        pf.use_reaction(1, "Ava")
    pf.end_turn(1)
    pf.start_turn(1)
    pf.end_turn(1)
    again = pf.start_turn(1)
    assert "Round 2 begins." in again.details["lines"]
    ava = pf.encounter(1).state.get("Ava")
    assert (ava.actions, ava.reaction, ava.turns_taken) == (3, True, 2)


def test_durations_count_down_and_persistent_damage_is_rolled(camp: Campaign) -> None:
    """002: 68-69: persistent damage, then its flat check, then what ends at the end of
    the turn."""
    pf = camp.pf2e
    pf.new_encounter("Fire")
    pf.add_pc(1, "Brannoc")
    pf.add_creature(1, "Imp", 3, shown_as="Tiny flier")
    pf.roll_initiative(1, typed={"Brannoc": 20, "Imp": 10})
    pf.start_turn(1)
    pf.add_effect(1, "Brannoc", "Bless", 2)
    pf.add_effect(1, "Imp", "Frightened", 1, ticks="end", on="Brannoc")
    pf.add_persistent(1, "Tiny flier", "1d6", "fire")
    pf.end_turn(1)
    pf.start_turn(1)
    imp_end = pf.end_turn(1, dice=ScriptedDice([5]))  # no HP tracked: the flat check only
    assert imp_end.details["player_lines"] == [
        "Tiny flier takes 1d6 persistent fire damage.",
        "Tiny flier's flat check against persistent fire: d20 5 against DC 15, it goes on.",
        "Tiny flier's Frightened on Brannoc ends.", "Tiny flier's turn ends."]
    assert "Imp's Frightened on Brannoc ends." in imp_end.details["lines"]
    second = pf.start_turn(1)
    assert "Brannoc's Bless: 1 more." in second.details["lines"]
    third = (pf.end_turn(1), pf.start_turn(1), pf.end_turn(1, dice=ScriptedDice([3])),
             pf.start_turn(1))[-1]
    assert "Brannoc's Bless ends." in third.details["lines"]
    pf.end_persistent(1, "Imp", "fire")
    assert pf.encounter(1).state.get("Imp").persistent == ()
    assert "Imp" not in party_text(camp)


def test_delay_and_return_keeps_the_new_place(camp: Campaign) -> None:
    pf = camp.pf2e
    pf.new_encounter("Hall")
    for pc in camp.members:
        pf.add_pc(1, pc)
    pf.roll_initiative(1, typed={"Ava": 20, "Brannoc": 15, "Cressida": 10})
    pf.start_turn(1)
    pf.delay(1)
    assert pf.sheet("encounter-view:1").data["delaying"] == ["Ava"]
    pf.start_turn(1)
    pf.end_turn(1)  # Brannoc
    pf.return_from_delay(1, "Ava")
    assert pf.encounter(1).state.order == ("Brannoc", "Ava", "Cressida")
    pf.end_turn(1)
    pf.start_turn(1)
    pf.end_turn(1)  # Cressida
    round2 = pf.start_turn(1)
    assert pf.encounter(1).state.current == "Brannoc" and "Round 2 begins." in \
        round2.details["lines"]


def test_end_keeps_the_record_in_both_sheets_as_fits_visibility(camp: Campaign) -> None:
    ambush(camp)
    pf = camp.pf2e
    pf.roll_initiative(1, dice=ScriptedDice([10, 12, 14, 9, 11]))
    pf.start_turn(1)
    pf.defeat(1, "Goblin 1")
    ended = pf.end_encounter(1)
    assert ended.details["record"]["defeated"] == ["Goblin 1"]
    director, view = pf.sheet("encounter:1"), pf.sheet("encounter-view:1")
    assert director.status == view.status == "ended"
    assert set(director.data["record"]["unidentified"]) == {"Goblin 1", "Goblin 2",
                                                             "Goblin 3", "Boss"}
    assert view.data["record"]["defeated"] == ["Small creature 1"]
    assert "Goblin" not in party_text(camp)
    with refused(camp, RulesError, "has ended"):
        pf.start_turn(1)
    assert pf.current() is None


def test_undo_of_either_event_undoes_both_sheets(camp: Campaign) -> None:
    ambush(camp)
    pf = camp.pf2e
    before = (pf.sheet("encounter:1").data, pf.sheet("encounter-view:1").data)
    rolled = pf.roll_initiative(1, dice=ScriptedDice([10, 12, 14, 9, 11]))
    party_event = rolled.events[1]
    assert party_event.visibility == "party"
    camp.undo(party_event.id)
    assert (pf.sheet("encounter:1").data, pf.sheet("encounter-view:1").data) == before
    started = pf.new_encounter("Second")
    camp.undo(started.events[0].id)
    with pytest.raises(UnknownSheet):
        pf.sheet("encounter-view:2")


def test_bad_input_leaves_the_ledger_as_it_was(camp: Campaign) -> None:
    pf = camp.pf2e
    with refused(camp, RulesError, "no encounter is running"):
        pf.start_turn()
    ambush(camp)
    cases = [
        (lambda: pf.add_pc(1, "Nobody"), UnknownSheet, "no character named 'Nobody'"),
        (lambda: pf.add_pc(1, "Ava", skill="Athletics"), RulesError, "no 'Athletics' modifier"),
        (lambda: pf.add_creature(1, "Rat", 1, count=-2), RulesError, "number of creatures"),
        (lambda: pf.add_creature(1, "Rat", "3"), RulesError, "whole number"),
        (lambda: pf.add_creature(1, "Goblin 1", 2), RulesError, "unique"),
        (lambda: pf.start_turn(1), RulesError, "roll initiative first"),
        (lambda: pf.identify(9, "Boss"), RulesError, "no encounter 9"),
        (lambda: pf.identify(1, "Ava"), RulesError, "not hidden"),
        (lambda: pf.roll_initiative(1, tie_order=["Zed"]), RulesError, "'Zed'"),
        (lambda: pf.new_encounter("bridge AMBUSH"), RulesError, "still running"),
        (lambda: pf.new_encounter(""), RulesError, "name"),
        (lambda: pf.adjust_hp("Ava", 99), RulesError, "from 0 to 38"),
        (lambda: pf.add_effect(1, "Ava", "Bless", 0), RulesError, "1 or more"),
        (lambda: pf.add_effect(1, "Ava", "Bless", 2, ticks="middle"), RulesError, "'start'"),
    ]
    for call, error, match in cases:
        with refused(camp, error, match):
            call()


def test_encounters_are_found_by_number_or_name(camp: Campaign) -> None:
    pf = camp.pf2e
    pf.new_encounter("Crypt")
    pf.new_encounter("Bridge")
    assert pf.current().name == "Bridge"
    assert pf.encounter("crypt").number == 1 and pf.encounter("2").name == "Bridge"
    pf.add_pc("Crypt", "Ava")
    assert [c.name for c in pf.encounter(1).state.combatants] == ["Ava"]
    pf.adjust_hp("Ava", 30, reason="trap")
    assert pf.member_sheet("Ava").data["hp"] == 30
    lines = pf.status_lines()
    assert "Ava: 30/38 HP, level 2" in lines and any("Crypt" in x for x in lines)
