"""A name the campaign does not have (a hero, a project, a follower, an NPC, a title, another
system's character): the one-line error lists what there is and, when one name is close,
asks "did you mean ...?". Through the API and the CLI; a refusal writes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import assert_one_clear_line, invoke
from conftest import ledger_fingerprint, refused

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.errors import RulesError, UnknownHero, UnknownSheet
from drawsteel_kit.kit.limits import close_name, did_you_mean
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.errors import ProjectNotStarted

ARTISAN: dict[str, Any] = {
    "ancestry": "Dwarf", "physical": "might", "languages": ["Khelt", "Zaliac"],
    "skills": ["Alchemy", "Blacksmithing", "Carpentry", "Cooking"],
}


def test_the_closest_name_compared_as_names_are() -> None:
    assert close_name("Vla", ["Val", "Bran", "Yorn"]) == "Val"
    assert close_name("ＢＲＡＮＮ", ["Val", "Bran"]) == "Bran"  # full-width, upper case
    assert close_name("Zzyzx", ["Val", "Bran"]) is None
    assert close_name(7, ["Val"]) is None and close_name("  ", ["Val"]) is None
    assert did_you_mean("Yron", ["Val", "Yorn"]) == "; did you mean 'Yorn'?"
    assert did_you_mean("Zzyzx", ["Val"]) == ""


@pytest.fixture
def camp(campaign: Campaign) -> Campaign:
    """Val, Bran and Yorn; a project, a follower on it, an NPC and a title."""
    pid = campaign.start_project("Bran", "Healing Potion",
                                 prerequisite="owned").details["project_id"]
    campaign.add_follower("Bran", "Hesk", "artisan", beyond_cap="a test", **ARTISAN)
    campaign.assign_follower("Hesk", pid)
    campaign.add_npc("Baron Vell", level=4)
    return campaign


def test_every_lookup_suggests_a_close_name(camp: Campaign) -> None:
    with refused(camp, UnknownHero, r"no hero named 'Vla' in this campaign; the heroes are: "
                                    r"Bran, Val, Yorn; did you mean 'Val'\?$"):
        camp.award_victories(1, ["Vla"])
    with refused(camp, ProjectNotStarted, r"no project 'Healing Poton' has been started; "
                                          r"active projects: #1 Healing Potion; did you mean "
                                          r"'Healing Potion'\? Start one"):
        camp.spend_project_points("Bran", "Healing Poton", 1)
    with refused(camp, RulesError, r"no follower 'Hsek'; the followers are: #1 Hesk \(Bran\); "
                                   r"did you mean 'Hesk'\?$"):
        camp.assign_follower("Hsek", None)
    with refused(camp, RulesError, r"no NPC 'Baron Vel'; the NPCs are: #1 Baron Vell; did you "
                                   r"mean 'Baron Vell'\? \(add one"):
        camp.npc_knows("Baron Vel", "Val", "fame")


def test_no_suggestion_when_nothing_is_close(camp: Campaign) -> None:
    with refused(camp, UnknownHero, r"the heroes are: Bran, Val, Yorn$"):
        camp.award_victories(1, ["Nobody"])
    with refused(camp, ProjectNotStarted, r"active projects: #1 Healing Potion\. Start one"):
        camp.spend_project_points("Bran", "Zzyzx", 1)
    with refused(camp, RulesError, r"the followers are: #1 Hesk \(Bran\)$"):
        camp.assign_follower("Nobody", None)


def test_a_title_the_hero_does_not_hold(camp: Campaign) -> None:
    camp.grant_title("Yorn", "Knight", benefit="renown")
    with refused(camp, RulesError, r"Yorn holds no title 'Knigt'; their titles: Knight; did you "
                                   r"mean 'Knight'\?$"):
        camp.revoke_title("Yorn", "Knigt", reason="fell from grace")


@pytest.fixture
def folder(camp: Campaign, campaign_dir: Path) -> Iterator[Path]:
    camp.close()
    yield campaign_dir


@pytest.mark.parametrize(("args", "said"), [
    (["victories", "{c}", "1", "--hero", "Brann"], "did you mean 'Bran'?"),
    (["project", "points", "{c}", "Bran", "healing potoin", "1"],
     "did you mean 'Healing Potion'?"),
    (["followers", "assign", "{c}", "Hesc"], "did you mean 'Hesk'?"),
    (["npc", "knows", "{c}", "Baron Bell", "Val", "fame"], "did you mean 'Baron Vell'?"),
    (["renown", "show", "{c}", "Yron"], "did you mean 'Yorn'?"),
])
def test_the_commands_say_it_in_one_line_and_write_nothing(
        folder: Path, args: list[str], said: str) -> None:
    before = ledger_fingerprint(folder / "ledger.db")
    line = assert_one_clear_line(invoke(*[a.format(c=folder) for a in args]))
    assert line.endswith(said) or f"{said} " in line, line
    assert ledger_fingerprint(folder / "ledger.db") == before


def test_another_systems_character(tmp_path: Path) -> None:
    folder = tmp_path / "dw"
    folder.mkdir()
    (folder / "campaign.yaml").write_text(
        Path("campaigns/dungeon-world-demo/campaign.yaml").read_text(encoding="utf-8"),
        encoding="utf-8")
    camp, _ = BaseCampaign.init(folder)
    with camp:
        with pytest.raises(UnknownHero, match=r"no character named 'Zorra' .*; did you mean "
                                              r"'Zora'\?$"):
            camp.member("Zorra")
        with pytest.raises(UnknownSheet, match=r"no character named 'Avva' .*; did you mean "
                                               r"'Ava'\?$"):
            camp.book.member_sheet("Avva")
    before = ledger_fingerprint(folder / "ledger.db")
    line = assert_one_clear_line(invoke("dw", "show", folder, "Nimm"))
    assert line.endswith("did you mean 'Nim'?"), line
    assert ledger_fingerprint(folder / "ledger.db") == before


def _copy(tmp_path: Path, demo: str) -> Path:
    folder = tmp_path / demo
    folder.mkdir()
    (folder / "campaign.yaml").write_text(
        Path(f"campaigns/{demo}/campaign.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    assert invoke("init", folder).exit_code == 0
    return folder


@pytest.mark.parametrize(("demo", "setup", "args", "said"), [
    # a Pathfinder combatant, by real name
    ("pf2e-demo", [["pf2e", "new", "{c}", "Bridge"], ["pf2e", "add", "{c}", "Ava"]],
     ["pf2e", "effect", "add", "{c}", "Avva", "Frightened", "2"], "did you mean 'Ava'?"),
    # a Dungeon World character a move names
    ("dungeon-world-demo", [],
     ["dw", "move", "{c}", "perilous_journey", "--option", "rations=1",
      "--option", "trailblazer=Nimm", "--seed", "4"], "did you mean 'Nim'?"),
    # a condition sheet's character joining a battle
    ("condition-sheet-demo", [],
     ["sheet", "battle", "new", "{c}", "Gate", "--with", "Ava,Bram,Clo"],
     "did you mean 'Cleo'?"),
    ("condition-sheet-demo", [],
     ["sheet", "battle", "new", "{c}", "Gate", "--with", "Ava,Bramm"], "did you mean 'Bram'?"),
])
def test_other_systems_names_at_every_lookup(
        tmp_path: Path, demo: str, setup: list[list[str]], args: list[str], said: str) -> None:
    folder = _copy(tmp_path, demo)
    for step in setup:
        assert invoke(*[a.format(c=folder) for a in step]).exit_code == 0
    before = ledger_fingerprint(folder / "ledger.db")
    line = assert_one_clear_line(invoke(*[a.format(c=folder) for a in args]))
    assert line.endswith(said), line
    assert ledger_fingerprint(folder / "ledger.db") == before


def test_a_dungeon_world_move_naming_someone_not_there() -> None:
    from drawsteel_kit.systems.dungeon_world.errors import UnknownCharacter
    from drawsteel_kit.systems.dungeon_world.rules.character import Character
    from drawsteel_kit.systems.dungeon_world.rules.party import find

    scores = {"STR": 16, "DEX": 9, "CON": 15, "INT": 8, "WIS": 13, "CHA": 12}
    party = [Character(name=n, scores=scores, max_hp=20, hp=20) for n in ("Ava", "Nim")]
    with pytest.raises(UnknownCharacter, match=r"characters: Ava, Nim; did you mean 'Nim'\?$"):
        find(party, "Nym", "the scout")
    with pytest.raises(UnknownCharacter, match=r"characters: Ava, Nim$"):
        find(party, "Zzyzx", "the scout")
