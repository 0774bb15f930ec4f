"""The fight through the book and the command line (seed 002): each rule one operation,
refusals one line that write nothing, foes' numbers kept from the players' pages (published
and served) unless the table reveals them."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_helpers import run
from conftest import refused

from drawsteel_kit import workbook
from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.dice import ScriptedDice
from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.workbook.links import ensure_links, hero_query
from drawsteel_kit.workbook.pages import player_page
from drawsteel_kit.workbook.publish import publish
from systems.pf2e.helpers import DEMO


def make(tmp_path: Path, **settings: object) -> Campaign:
    folder = tmp_path / "pf"
    folder.mkdir()
    text = DEMO.read_text(encoding="utf-8")
    for key, value in settings.items():
        text = text.replace(f"  {key}: ", f"  {key}: {json.dumps(value)} #", 1)
    (folder / "campaign.yaml").write_text(text, encoding="utf-8")
    return BaseCampaign.init(folder)[0]


@pytest.fixture
def camp(tmp_path: Path) -> Iterator[Campaign]:
    c = make(tmp_path)
    yield c
    assert c.ledger.verify()
    c.close()


def ford(camp: Campaign) -> None:
    """Ava (20), an Ogre hidden as a Big shape (15; 30 HP, AC 17), Brannoc (10)."""
    pf = camp.pf2e
    pf.new_encounter("Ford")
    pf.add_pc(1, "Ava")
    pf.add_creature(1, "Ogre", 5, shown_as="Big shape", hp=30, ac=17)
    pf.add_pc(1, "Brannoc")
    pf.roll_initiative(1, typed={"Ava": 20, "Ogre": 15, "Brannoc": 10})


def test_strikes_take_the_turns_penalty_and_typed_dice_are_recorded(camp: Campaign) -> None:
    """002: 226 (-5 for the second attack), 002: 197 (off-guard -2 AC), 002: 199-205."""
    ford(camp)
    pf = camp.pf2e
    pf.start_turn(1)
    pf.cover(1, "Big shape", "lesser")
    pf.flanked(1, "Ogre")
    first = pf.attack(1, "Ava", 9, target="Big shape", face=7)
    assert first.details["lines"] == [
        "Ava's Strike at Ogre (first attack): d20 7 +9 = 16 against AC 16: success."]
    assert first.details["player_lines"] == ["Ava's Strike at Big shape: 16: success."]
    assert camp.ledger.event(first.events[0].id).dice == [7]
    second = pf.attack(1, "Ava", 9, target="Ogre", seed=3)
    assert "(second attack)" in second.details["lines"][0] and " -5 = " in \
        second.details["lines"][0]
    assert camp.ledger.event(second.events[0].id).seed == 3
    assert pf.sheet("encounter-view:1").data["combatants"][0]["attack_penalty"] == -10


def test_degrees_and_aid_through_the_book(camp: Campaign) -> None:
    """002: 85-88: Aid against DC 20; +1 on a success; the check's degree."""
    ford(camp)
    pf = camp.pf2e
    pf.start_turn(1)
    pf.aid(1, "Brannoc", "Ava", 8, face=12)
    done = pf.check(1, "Ava", "Athletics", 7, 30, face=20)  # 28 against 30, a natural 20
    assert done.details["lines"][-1] == \
        "Ava's Athletics: d20 20 +7 +1 = 28 against DC 30: success."
    with refused(camp, RulesError, "no reaction left"):
        pf.aid(1, "Brannoc", "Ava", 8, face=12)


def test_damage_knocks_out_and_moves_a_pc_and_the_sheet_follows(camp: Campaign) -> None:
    """002: 76: knocked out, its place moves (before the creature whose turn it is);
    002: 58: the recovery check at the start of its turn."""
    ford(camp)
    pf = camp.pf2e
    pf.start_turn(1)
    pf.end_turn(1)
    pf.start_turn(1)  # the Ogre
    pf.damage(1, "Brannoc", 40, critical=True)
    state = pf.encounter(1).state
    assert state.order == ("Ava", "Brannoc", "Ogre") and state.current == "Ogre"
    assert pf.member_sheet("Brannoc").data["hp"] == 0
    assert pf.sheet("encounter-view:1").data["order"] == ["Ava", "Brannoc", "Big shape"]
    pf.end_turn(1)
    pf.start_turn(1)
    pf.end_turn(1)  # Ava, round 2
    rolled = pf.start_turn(1, recovery=5)  # Brannoc: dying 2, DC 12: failure -> dying 3
    assert "Brannoc's recovery check: d20 5 against DC 12, failure." in \
        rolled.details["lines"]
    pf.end_turn(1)
    pf.heal(1, "Brannoc", 5)
    brannoc = pf.encounter(1).state.get("Brannoc")
    assert (brannoc.hp, brannoc.condition("dying"), brannoc.condition("wounded")) == (5, 0, 1)
    assert pf.member_sheet("Brannoc").data["hp"] == 5
    pf.adjust_hp("Brannoc", 9, reason="a potion between turns")
    pf.damage(1, "Brannoc", 1)
    assert pf.encounter(1).state.get("Brannoc").hp == 8  # the sheet's 9, less 1


def test_a_foe_at_zero_dies_unless_the_table_says_dying(camp: Campaign, tmp_path: Path) -> None:
    ford(camp)
    camp.pf2e.start_turn(1)
    camp.pf2e.damage(1, "Ogre", 30)
    assert camp.pf2e.encounter(1).state.get("Ogre").status == "defeated"
    (tmp_path / "b").mkdir()
    other = make(tmp_path / "b", foes_at_zero_hp="dying")
    ford(other)
    other.pf2e.start_turn(1)
    other.pf2e.damage(1, "Ogre", 30)
    assert other.pf2e.encounter(1).state.get("Ogre").condition("dying") == 1
    other.close()


def test_the_end_of_a_turn_in_the_texts_order(camp: Campaign) -> None:
    """002: 69: persistent damage and its flat check, saves, then conditions."""
    ford(camp)
    pf = camp.pf2e
    pf.start_turn(1)
    pf.set_condition(1, "Ava", "frightened", 1)
    pf.add_persistent(1, "Ava", "2", "acid")
    done = pf.end_turn(1, dice=ScriptedDice([9]))
    assert done.details["lines"] == [
        "Ava takes 2 persistent acid damage.", "Ava takes 2 damage: 36/38 HP.",
        "Ava's flat check against persistent acid: d20 9 against DC 15, it goes on.",
        "Ava is no longer frightened.", "Ava's turn ends."]
    assert pf.member_sheet("Ava").data["hp"] == 36


def test_ready_refuses_a_free_action_with_a_trigger_and_keeps_the_penalty(
        camp: Campaign) -> None:
    """002: 103: a free action that has a trigger cannot be readied; 002: 104."""
    ford(camp)
    pf = camp.pf2e
    pf.start_turn(1)
    with refused(camp, RulesError, "free action that already has a trigger"):
        pf.ready(1, "Reactive Shield", "I am hit", free_action_with_trigger=True)
    pf.attack(1, "Ava", 9, face=10)
    pf.ready(1, "Strike", "the ogre steps in")
    assert pf.encounter(1).state.get("Ava").readied.attack_penalty == -5


def test_movement_breath_and_the_end_with_xp_and_treasure(camp: Campaign) -> None:
    """002: 154, 186 (movement), 240 (breath), 51 (XP and treasure)."""
    ford(camp)
    pf = camp.pf2e
    pf.start_turn(1)
    assert pf.move(1, "Ava", "d d d d").details["lines"] == ["Ava moves 4 squares: 30 feet."]
    pf.hold_breath(1, "Ava", 2)
    pf.end_turn(1)
    assert pf.encounter(1).state.get("Ava").air == 6
    pf.lose_air(1, "Ava", 1)
    pf.breathe(1, "Ava")
    ended = pf.end_encounter(1, xp=40, treasure=["3 gp"])
    assert ended.details["record"]["xp"] == 40
    assert [pf.member_sheet(n).data.get("xp") for n in camp.members] == [40, 40, 40]
    assert pf.sheet("encounter-view:1").data["record"]["treasure"] == ["3 gp"]


def test_bad_input_through_the_book_writes_nothing(camp: Campaign) -> None:
    ford(camp)
    pf = camp.pf2e
    pf.start_turn(1)
    for call, match in (
            (lambda: pf.attack(1, "Ava", 9, face=21), "shows 1-20"),
            (lambda: pf.damage(1, "Nobody", 3), "no combatant called 'Nobody'"),
            (lambda: pf.set_condition(1, "Ava", "sleepy", 1), "not a condition"),
            (lambda: pf.cover(1, "Ava", "total"), "cover is lesser"),
            (lambda: pf.move(1, "Brannoc", "s"), "on its own turn"),
            (lambda: pf.move(1, "Ava", "s s s s s s s", speed=30), "more than Ava's Speed"),
            (lambda: pf.lose_air(1, "Ava"), "not holding its breath"),
            (lambda: pf.add_creature(1, "Rat", 1, hp=0), "hit points"),
            (lambda: pf.end_encounter(1, xp=-5), "XP")):
        with refused(camp, RulesError, match):
            call()


@pytest.fixture
def fought(tmp_path: Path) -> Path:
    folder = tmp_path / "cli"
    folder.mkdir()
    shutil.copy(DEMO, folder / "campaign.yaml")
    run("init", folder)
    run("pf2e", "new", folder, "Ford")
    run("pf2e", "add", folder, "Ava")
    run("pf2e", "add", folder, "Ogre", "-m", "5", "--shown-as", "Big shape", "--hp", "30",
        "--ac", "17")
    run("pf2e", "add", folder, "Brannoc")
    run("pf2e", "initiative", folder, "--typed", "Ava=20", "--typed", "Ogre=15",
        "--typed", "Brannoc=10")
    run("pf2e", "turn", "start", folder)
    return folder


def test_the_fight_from_the_command_line(fought: Path) -> None:
    """002: 51, 69, 76, 85-88, 103, 154, 197-205, 226, 240 through the commands."""
    f = fought
    out = run("pf2e", "strike", f, "Ava", "-m", "9", "--target", "Big shape", "--roll", "8")
    assert "Ava's Strike at Ogre (first attack): d20 8 +9 = 17 against AC 17: success." in out
    assert "-5 = 12" in run("pf2e", "strike", f, "Ava", "-m", "9", "--roll", "8")
    assert "success" in run("pf2e", "aid", f, "Brannoc", "Ava", "-m", "8", "--roll", "12")
    assert "+1 = 21 against DC 15: success" in run("pf2e", "check", f, "Ava", "Athletics",
                                                   "-m", "7", "--dc", "15", "--roll", "13")
    run("pf2e", "condition", f, "Ava", "frightened", "2")
    run("pf2e", "cover", f, "Ogre", "standard")
    run("pf2e", "flanked", f, "Ogre")
    assert "25 feet" in run("pf2e", "move", f, "Ava", "d d s!")
    run("pf2e", "breath", "hold", f, "Ava", "--con", "2")
    run("pf2e", "persistent", "add", f, "Ava", "1d4", "fire")
    out = run("pf2e", "turn", "end", f, "--dice", "3,15")
    assert out.index("persistent fire damage") < out.index("flat check") < out.index(
        "frightened drops to 1")
    refused_line = run("pf2e", "ready", f, "Reactive Shield", "hit", "--free-with-trigger",
                       ok=False)
    assert "free action that already has a trigger" in refused_line
    run("pf2e", "turn", "start", f)  # the Ogre
    out = run("pf2e", "damage", f, "Brannoc", "40", "--critical")
    assert "directly before Ogre" in out
    assert "Brannoc regains" in run("pf2e", "heal", f, "Brannoc", "4")
    gm = run("pf2e", "show", f)
    assert "30/30 HP" in gm and "wounded 1" in gm and "standard cover" in gm
    player = run("pf2e", "show", f, "--player")
    assert "Ogre" not in player and "30/30" not in player and "AC 17" not in player
    assert "Big shape" in player and "frightened 1" in player
    run("pf2e", "breath", "lose", f, "Ava", "--rounds", "1")
    run("pf2e", "breath", "back", f, "Ava")
    out = run("pf2e", "end", f, "--xp", "30", "--treasure", "9 gp")
    assert "The party earns 30 XP each." in out and "9 gp" in out
    with BaseCampaign.open(f, readonly=True) as c:
        assert c.pf2e.member_sheet("Ava").data["xp"] == 30 and c.ledger.verify()


@pytest.mark.parametrize("args, message", [
    (("pf2e", "strike", "{f}", "Ava", "-m", "9", "--roll", "0"), "d20"),
    (("pf2e", "condition", "{f}", "Ava", "sleepy", "1"), "not a condition"),
    (("pf2e", "move", "{f}", "Ava", "x"), "s (straight) or d"),
    (("pf2e", "turn", "end", "{f}", "--dice", "a,b"), "--dice takes"),
    (("pf2e", "ready", "{f}", "Grab an Edge", "fall", "--free-with-trigger"),
     "already has a trigger"),
])
def test_bad_commands_are_one_line_and_write_nothing(fought: Path, args: tuple[str, ...],
                                                     message: str) -> None:
    with BaseCampaign.open(fought, readonly=True) as c:
        before = (c.ledger.snapshot(), c.ledger.event_count())
    out = run(*[str(fought) if a == "{f}" else a for a in args], ok=False)
    assert message in out and len(out.strip().splitlines()) == 1
    with BaseCampaign.open(fought, readonly=True) as c:
        assert (c.ledger.snapshot(), c.ledger.event_count()) == before


# --- foes' numbers are the GM's (issue 18: secrets) ----------------------------------------


def _served(camp: Campaign, monkeypatch: pytest.MonkeyPatch) -> str:
    """The party page and Ava's, as the served dashboard builds them from a query string."""
    keys = ensure_links(camp.folder, camp.members)
    texts = []
    for query in ("", hero_query("Ava", keys["Ava"])):
        monkeypatch.setenv("QUERY_STRING", query)
        page = workbook.player_page(camp)
        texts.append("".join(str(b.html) for b in page.blocks if hasattr(b, "html")))
    return "".join(texts)


@pytest.mark.parametrize("reveal", [False, True])
def test_foes_hit_points_and_ac_reach_players_only_when_revealed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reveal: bool) -> None:
    camp = make(tmp_path, reveal_foes=reveal)
    ford(camp)
    camp.pf2e.start_turn(1)
    camp.pf2e.damage(1, "Ogre", 4)
    published = "".join(p.read_text(encoding="utf-8")
                        for p in publish(camp, tmp_path / "site") if p.suffix == ".html")
    served = _served(camp, monkeypatch)
    party = json.dumps(camp.pf2e.sheet("encounter-view:1").data) + camp.export_json(
        include_director=False)
    for text in (published, served, str(player_page(camp).html)):
        assert "Big shape" in text and "Ogre" not in text
        assert ("26/30, AC 17" in text) is reveal
        assert "38/38" in text  # the players' own hit points
    assert ('"ac": 17' in party) is reveal
    assert "26/30" in run("pf2e", "show", camp.folder)  # the GM always sees them
    camp.close()
