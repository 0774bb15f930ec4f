"""The encounter log on a real campaign: the sheet, the victories, undo, verify, refusals.

The ``campaign`` fixture has Val (0 victories), Bran (2) and Yorn (0).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO, refused

from drawsteel_kit.kit.book.sheets import read_sheet
from drawsteel_kit.kit.errors import RulesError, UndoError, UnknownHero, UnknownSheet
from drawsteel_kit.kit.ledger.projections import snapshot
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.rules.encounters import Opponent


def victories(camp: Campaign) -> dict[str, int]:
    return {name: h.victories for name, h in camp.heroes.items()}


def test_a_combat_won_gives_each_hero_one_victory_and_keeps_the_record(
        campaign: Campaign) -> None:
    campaign.start_session()
    happened = campaign.log_encounter(
        "Bandits at the Old Mill", opponents=["6 bandits", "Mother Ash"],
        objective="Drive them out", objective_met=True, notes="the leader fled")
    assert victories(campaign) == {"Val": 1, "Bran": 3, "Yorn": 1}
    kinds = [e.kind for e in happened.events]
    assert kinds == ["encounter_logged"] + ["victories_awarded"] * 3
    assert len({e.operation for e in happened.events}) == 1  # one operation
    assert [e.actor for e in happened.events[1:]] == ["Bran", "Val", "Yorn"]  # by name
    assert all(e.payload["reason"] == "Bandits at the Old Mill" for e in happened.events[1:])
    assert happened.summary == ("Encounter #1: Bandits at the Old Mill (combat, objective "
                                "met): 1 victory each to Bran, Val, Yorn")
    sheet = read_sheet(campaign.ledger.db, "encounter:1")
    assert sheet is not None
    assert (sheet.system, sheet.kind, sheet.name, sheet.status) == (
        "draw-steel", "encounter", "Bandits at the Old Mill", "met")
    assert sheet.data["sides"] == {"heroes": ["Bran", "Val", "Yorn"],
                                   "opponents": [{"count": 6, "name": "bandits"},
                                                 {"count": 1, "name": "Mother Ash"}]}
    assert sheet.data["session"] == 1 and sheet.data["day"] == 1
    assert sheet.data["victories"] == {"Bran": 1, "Val": 1, "Yorn": 1}
    enc = campaign.encounter(1)
    assert enc.opponents == (Opponent(6, "bandits"), Opponent(1, "Mother Ash"))
    assert (enc.objective, enc.met, enc.notes, enc.total) == ("Drive them out", True,
                                                             "the leader fled", 3)
    assert campaign.ledger.verify()


def test_who_fell_and_who_stayed_out_gain_nothing(campaign: Campaign) -> None:
    campaign.log_encounter("Ambush", ["Val", "yorn"], objective_met=True, fell=["Yorn"])
    assert victories(campaign) == {"Val": 1, "Bran": 2, "Yorn": 0}
    enc = campaign.encounter(1)
    assert enc.participants == ("Val", "Yorn") and enc.fell == ("Yorn",)
    assert enc.victories == {"Val": 1, "Yorn": 0}
    assert campaign.history(hero="Yorn", kind="victories_awarded") == []


def test_an_objective_not_met_gives_no_victories_but_is_logged(campaign: Campaign) -> None:
    happened = campaign.log_encounter("The ogre's gate", objective="Open it",
                                      objective_met=False, opponents="an ogre")
    assert victories(campaign) == {"Val": 0, "Bran": 2, "Yorn": 0}
    assert [e.kind for e in happened.events] == ["encounter_logged"]
    assert "objective not met): no victories" in happened.summary
    assert campaign.encounter(1).met is False
    assert read_sheet(campaign.ledger.db, "encounter:1").status == "not met"


def test_the_directors_award_replaces_the_books(campaign: Campaign) -> None:
    campaign.log_encounter("The dragon", objective_met=True, victories=3, fell="Bran")
    campaign.log_encounter("Rats in the cellar", objective_met=True, victories=0)
    campaign.log_encounter("The riddle door", ["Val"], objective_met=True, kind="challenge")
    assert victories(campaign) == {"Val": 4, "Bran": 2, "Yorn": 3}
    assert campaign.encounter(1).override == 3 and campaign.encounter(3).override is None
    assert campaign.encounter(3).kind == "challenge"


def test_undo_of_the_encounter_undoes_its_victories_and_its_sheet(campaign: Campaign) -> None:
    before = snapshot(campaign.ledger.db)
    happened = campaign.log_encounter("Ambush", objective_met=True, victories=2)
    campaign.undo(happened.events[2].id)  # any event of it: the whole operation
    assert snapshot(campaign.ledger.db) == before
    assert campaign.encounters() == []
    assert campaign.ledger.verify()
    again = campaign.log_encounter("Ambush again", objective_met=True)
    assert again.details["encounter"]["number"] == 2  # numbers are never reused
    assert campaign.encounter(2).title == "Ambush again"


def test_undo_after_a_respite_spent_the_victories_is_refused(campaign: Campaign) -> None:
    happened = campaign.log_encounter("Ambush", objective_met=True)
    campaign.take_respite()
    with refused(campaign, UndoError, "cannot be undone|undo"):
        campaign.undo(happened.events[0].id)


def test_session_victories_come_from_the_log(campaign: Campaign) -> None:
    campaign.start_session()
    campaign.log_encounter("One", objective_met=True)
    campaign.log_encounter("Two", ["Val"], objective_met=True, victories=2)
    campaign.award_victories(5, ["Yorn"], reason="by hand, not an encounter")
    campaign.end_session()
    campaign.start_session()
    campaign.log_encounter("Three", ["Bran"], objective_met=True)
    first = campaign.session_victories(1)
    assert first.encounters == (1, 2) and first.by_hero == {"Val": 3, "Bran": 1, "Yorn": 1}
    assert first.total == 5
    assert campaign.session_victories().by_hero == {"Bran": 1}  # the current session
    assert [e.number for e in campaign.encounters(1)] == [1, 2]
    assert [e.number for e in campaign.encounters(2)] == [3]
    with pytest.raises(RulesError, match="session is a number from 1"):
        campaign.session_victories(0)


def test_ending_a_session_names_its_encounters_and_victories(campaign: Campaign) -> None:
    campaign.start_session()
    campaign.log_encounter("One", objective_met=True)
    campaign.log_encounter("Secret", objective_met=True, visibility="director")
    ended = campaign.end_session()
    assert ended.summary.endswith("; 1 encounter logged gave 3 victories")
    campaign.start_session()
    assert "encounter" not in campaign.end_session().summary  # none this time: as before


def test_a_director_only_encounter_is_hidden_from_players(campaign: Campaign) -> None:
    happened = campaign.log_encounter("Secret", objective_met=True, visibility="director")
    assert {e.visibility for e in happened.events} == {"director"}
    assert campaign.encounters(visible_to="party") == []
    assert campaign.encounters(visible_to="Val") == []
    assert [e.title for e in campaign.encounters()] == ["Secret"]
    with pytest.raises(UnknownSheet, match="no encounter #1"):
        campaign.encounter(1, visible_to="party")


def _log(camp: Campaign, **change: Any) -> Any:
    args: dict[str, Any] = {"title": "Ambush", "objective_met": True, **change}
    return camp.log_encounter(**args)


@pytest.mark.parametrize(("change", "error", "match"), [
    ({"title": "  "}, RulesError, "needs a title"),
    ({"title": 7}, RulesError, "encounter title must be text"),
    ({"heroes": ["Val", "Nobody"]}, UnknownHero, "no hero named 'Nobody'"),
    ({"heroes": []}, RulesError, "name at least one hero"),
    ({"fell": ["Nobody"]}, UnknownHero, "no hero named 'Nobody'"),
    ({"heroes": ["Val"], "fell": ["Yorn"]}, RulesError,
     "Yorn fell in the encounter but did not take part"),
    ({"victories": -1}, RulesError, "from 0 to 1000, got -1"),
    ({"victories": "2"}, RulesError, "got '2'"),
    ({"victories": 2, "objective_met": False}, RulesError, "objective was not met"),
    ({"objective_met": "yes"}, RulesError, "yes or no"),
    ({"kind": "brawl"}, RulesError, "'combat' or 'challenge', got 'brawl'"),
    ({"opponents": ["0 goblins"]}, RulesError, "from 1 to 999"),
    ({"opponents": [""]}, RulesError, "needs a name"),
    ({"opponents": {"goblins": 4}}, RulesError, "must be a list"),
    ({"opponents": ["goblin"] * 51}, RulesError, "51 opponent lines"),
    ({"objective": "x" * 501}, RulesError, "under 500"),
    ({"visibility": "hero:Val"}, RulesError, "visibility must be"),
])
def test_bad_input_is_refused_and_nothing_is_written(campaign: Campaign, change: dict,
                                                     error: type[Exception], match: str) -> None:
    campaign.log_encounter("First", objective_met=True)
    with refused(campaign, error, match):
        _log(campaign, **change)
    assert campaign.ledger.verify()


def test_another_systems_campaign_has_no_draw_steel_encounters(tmp_path) -> None:
    from conftest import write_campaign

    import drawsteel_kit
    from drawsteel_kit.kit.book.campaign import BaseCampaign
    from drawsteel_kit.kit.errors import WrongSystem

    folder = write_campaign(tmp_path / "dw", {
        "name": "Dungeon folk", "system": "dungeon-world",
        "characters": [{"name": "Ava", "player": "Ines", "playbook": "bard", "max_hp": 18,
                        "stats": {"str": 8, "dex": 15, "con": 12, "int": 9, "wis": 10,
                                  "cha": 16}}]})
    with pytest.raises(WrongSystem, match="plays Dungeon World"):
        Campaign.init(folder)  # Draw Steel's class: refused before anything is written
    BaseCampaign.init(folder)[0].close()
    with drawsteel_kit.open(folder) as camp:
        assert not hasattr(camp, "log_encounter") and not hasattr(camp, "encounters")
    with pytest.raises(WrongSystem, match="plays Dungeon World"):
        Campaign.open(folder)


def test_the_demos_first_session_victories_come_from_its_encounters(tmp_path: Path) -> None:
    from drawsteel_kit.systems.draw_steel.demo import build_demo

    repo = REPO / "campaigns" / "demo"
    folder = tmp_path / "demo"
    folder.mkdir()
    shutil.copy(repo / "campaign.yaml", folder)
    shutil.copytree(repo / "plans", folder / "plans")
    with build_demo(folder, echo=False) as camp:
        assert [(e.title, e.kind, e.override) for e in camp.encounters()] == [
            ("Bandits at the Old Mill", "combat", None),
            ("Talked the bridge troll out of its toll", "challenge", 2)]
        first = camp.session_victories(1)
        assert first.by_hero == {"Bran Ironvein": 1, "Pip Thistledown": 3,
                                 "Quillon Ashmark": 1, "Val": 3, "Yorn": 3}
        assert first.total == 11
        (ended,) = camp.history(kind="session_ended")
        assert ended.summary.endswith("2 encounters logged gave 11 victories")
        # the respite turned those victories into XP, as the hand-awarded ones were before
        assert {h.name: h.victories for h in camp.heroes.values()} == dict.fromkeys(
            first.by_hero, 0)
        assert camp.ledger.verify()
