"""Dungeon World's basic moves on the ledger and through `drawsteel-kit dw`: Aid or
Interfere, Defend's hold, Volley, Hack and Slash, Discern Realities, the load, Level Up at
rest, Last Breath; each refused input writes nothing."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from cli_helpers import run
from conftest import refused

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.errors import CampaignFileError, RulesError, UnknownSheet
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from systems.dungeon_world.helpers import DEMO, dice


def _folder(tmp_path: Path, text: str | None = None) -> Path:
    folder = tmp_path / "dw"
    folder.mkdir()
    if text is None:
        shutil.copy(DEMO / "campaign.yaml", folder)
    else:
        (folder / "campaign.yaml").write_text(text, encoding="utf-8")
    BaseCampaign.init(folder)[0].close()
    return folder


def _state(folder: Path) -> tuple:
    with BaseCampaign.open(folder, readonly=True) as c:
        return c.ledger.snapshot(), c.ledger.event_count()


def test_aid_names_the_target_adds_bonds_and_the_aided_roll_uses_it(camp: Campaign) -> None:
    """003: 235: roll + bonds with the one helped (Ava has one with Nim); 10+ +1."""
    dw = camp.dungeon_world
    h = dw.aid_or_interfere("Ava", target="nim", aided_move="defy_danger", dice=dice(4, 5))
    assert {e.actor for e in h.events} == {"Ava", "Nim"}
    assert "4+5 +1 bond with Nim = 10" in h.details["lines"][0]
    assert h.details["choices"] == ["aid"]
    (mod,) = dw.character("Nim").forward
    assert (mod.amount, mod.move, mod.source) == (1, "defy_danger", "Aid or Interfere")
    roll = dw.roll("defy_danger", "Nim", stat="DEX", dice=dice(2, 2))  # 4 +2 DEX +1
    assert "+1 forward = 7" in roll.details["lines"][0]
    with refused(camp, UnknownSheet, "no character named 'Zed'"):
        dw.aid_or_interfere("Ava", target="Zed", seed=1)
    with refused(camp, RulesError, "needs target"):
        dw.aid_or_interfere("Ava", seed=1)


def test_interfere_on_a_weak_hit_records_the_helpers_exposure(camp: Campaign) -> None:
    """003: 235: -2 to the roll; on a 7-9 the helper is exposed as well."""
    h = camp.dungeon_world.aid_or_interfere("Zora", target="Ava", interfere=True,
                                            exposure="Ava swings at Zora", dice=dice(4, 3))
    assert h.details["choices"] == ["interfere", "exposed"]
    assert h.details["lines"][-1] == "Zora is exposed: Ava swings at Zora"
    assert camp.dungeon_world.character("Ava").forward[0].amount == -2


def test_defend_keeps_its_hold_on_the_sheet_spent_one_by_one(camp: Campaign) -> None:
    """003: 114-119: 10+ hold 3; each choice spends 1; open up gives an ally +1 forward."""
    dw = camp.dungeon_world
    dw.defend("Ava", what="Zora", dice=dice(5, 4))  # 9 +1 CON
    ava = dw.character("Ava")
    assert (ava.hold, ava.defending) == (3, "Zora")
    assert "hold 3 (defending Zora)" in dw.status_lines()[0]
    h = dw.spend_hold("ava", ["halve", "open_up"], ally="nim", attacker="the wight")
    assert {e.actor for e in h.events} == {"Ava", "Nim"}
    assert dw.character("Ava").hold == 1
    assert dw.character("Nim").forward[0].source == "Defend: against the wight"
    with refused(camp, RulesError, "Ava holds 1 from Defend; 2 choice"):
        dw.spend_hold("Ava", ["damage", "damage"])
    with refused(camp, RulesError, "a Defend choice"):
        dw.spend_hold("Ava", ["parry"])
    undo_from = dw.spend_hold("Ava", "damage").events[0].id
    assert dw.character("Ava").hold == 0
    camp.undo(undo_from)
    assert dw.character("Ava").hold == 1
    dw.end_defense("Ava")
    assert (dw.character("Ava").hold, dw.character("Ava").defending) == (0, "")
    with refused(camp, RulesError, "holds nothing"):
        dw.end_defense("Ava")


def test_a_defender_who_attacks_loses_the_hold(camp: Campaign) -> None:
    """003: 121 and its example (003: 144-145): the moment the defender attacked, the hold
    was gone. Another character's attack leaves it; undo brings it back."""
    dw = camp.dungeon_world
    dw.defend("Ava", what="Zora", dice=dice(5, 4))
    dw.roll("hack_and_slash", "Zora", dice=dice(3, 3))  # someone else attacks: hold stays
    assert dw.character("Ava").hold == 3
    h = dw.roll("hack_and_slash", "Ava", dice=dice(3, 3))
    assert (dw.character("Ava").hold, dw.character("Ava").defending) == (0, "")
    assert "Ava attacks: stops defending Zora, and the 3 hold left is lost" in h.details["lines"]
    camp.undo(h.events[0].id)
    assert dw.character("Ava").hold == 3


@pytest.mark.parametrize(("move", "who", "options"), [
    ("volley", ["Nim"], {"weak_hit": "ammo"}),
    ("perilous_journey", None, {"rations": 1}),
    ("make_camp", ["Ava", "Nim", "Zora"], {}),
])
def test_moving_away_or_attacking_loses_the_hold(camp: Campaign, move: str,
                                                 who: list[str] | None, options: dict) -> None:
    """003: 121: moving away from what is defended, or no longer attending, loses the hold."""
    dw = camp.dungeon_world
    defender = who[0] if who else "Ava"
    dw.defend(defender, what="the door", dice=dice(6, 6))
    dw.move(move, who, seed=3, **options)
    assert dw.character(defender).hold == 0


def test_volley_and_hack_and_slash_record_their_choices_with_the_roll(camp: Campaign) -> None:
    """003: 16 (+1d6 for exposure on a 10+) and 003: 49-53 (a 7-9 choice: ammo)."""
    dw = camp.dungeon_world
    h = dw.roll("volley", "Nim", weak_hit="ammo", dice=dice(2, 3))  # 5 +2 DEX
    assert h.events[0].payload["choices"] == ["ammo"]
    assert dw.character("Nim").ammo == 2
    with refused(camp, RulesError, "Ava has no ammo"):
        dw.roll("volley", "Ava", weak_hit="ammo", dice=dice(2, 3))
    h = dw.roll("hack_and_slash", "Ava", extra_damage=True, dice=dice(4, 4))
    assert h.events[0].payload["choices"] == ["extra_damage"]
    assert h.events[0].payload["options"] == {"extra_damage": True}


def test_discern_realities_records_the_questions_and_gives_forward(camp: Campaign) -> None:
    """003: 178: 7-9 asks 1; +1 forward acting on the answers."""
    h = camp.dungeon_world.roll("discern_realities", "Zora", dice=dice(3, 3),
                                questions=["in_control", "useful"])  # 6 +1 WIS
    assert h.details["choices"] == ["in_control"]
    assert camp.dungeon_world.character("Zora").forward[0].source == "Discern Realities"


def test_a_heavy_load_weighs_on_rolls_and_too_much_is_refused(camp: Campaign) -> None:
    """003: 273-275: Nim (thief 9 + STR 0) carries 4; 10 is heavy, 12 too much."""
    dw = camp.dungeon_world
    nim = dw.character("Nim")
    assert "weight 4 of load 9: light" in dw.status_lines()[2]
    dw.adjust("Nim", gear=[*nim.gear, "urn"], weights={**nim.weights, "urn": 6},
              reason="loot")
    roll = dw.roll("defy_danger", "Nim", stat="DEX", dice=dice(3, 3))
    assert "-1 load = 7" in roll.details["lines"][0]
    dw.adjust("Nim", weights={**dw.character("Nim").weights, "urn": 8}, reason="wet")
    with refused(camp, RulesError, "Nim carries weight 12, over load 9 \\+ 2"):
        dw.roll("defy_danger", "Nim", stat="DEX", seed=1)
    with refused(camp, RulesError, "weights name 'sack', which Nim does not carry"):
        dw.adjust("Nim", weights={"sack": 1}, reason="typo")
    town = dw.outstanding_warrants("Nim", dice=dice(3, 3))  # in town the pack is put down
    assert "load" not in town.details["lines"][0]


def test_level_up_needs_a_rest_and_a_plan_day_is_one(camp: Campaign) -> None:
    """003: 330: Level Up when resting for hours or days."""
    dw = camp.dungeon_world
    dw.adjust("Zora", xp=8, reason="a hard session")
    with refused(camp, RulesError, "Zora levels up only while resting"):
        dw.level_up("Zora", "INT")
    h = dw.make_camp("Zora", level_up="INT")  # a camp offers it: a rest of hours
    assert "Zora rests for hours and levels up to level 2" in " ".join(h.details["lines"])


def test_last_breath_records_the_bargain_and_the_dead_make_no_moves(camp: Campaign) -> None:
    """003: 257: 7-9 a bargain accepted or refused; refused, the character dies."""
    dw = camp.dungeon_world
    with refused(camp, RulesError, "Brother Odo has 14 HP"):
        dw.last_breath("Brother Odo", dice=dice(4, 4))
    dw.adjust("Brother Odo", hp=0, reason="the wight")
    dw.last_breath("Brother Odo", bargain="accept", terms="bury the heart", dice=dice(4, 4))
    odo = dw.character("Brother Odo")
    assert (odo.fate, odo.bargain) == ("bargained", "bury the heart")
    assert "fate: bargained (bury the heart)" in dw.status_lines()[1]
    dw.adjust("Nim", hp=0, reason="a trap")
    h = dw.last_breath("Nim", bargain="refuse", dice=dice(3, 4))
    assert "fate alive → dead" in h.summary
    dw.adjust("Zora", hp=0, reason="a fall")
    offered = dw.last_breath("Zora", dice=dice(4, 4))  # no answer given: the offer stands
    assert dw.character("Zora").fate == "offered"
    assert "drawsteel-kit dw adjust" in offered.details["lines"][-1]
    dw.adjust("Zora", fate="bargained", bargain="serve the Duke", reason="Death's bargain")
    assert dw.character("Zora").bargain == "serve the Duke"
    with refused(camp, RulesError, "Nim is dead"):
        dw.roll("parley", "Nim", seed=1)


def test_half_hp_rounds_as_the_table_says(tmp_path: Path) -> None:
    """003: 284 heals half max HP; the seed does not round: settings.half_hp."""
    text = (DEMO / "campaign.yaml").read_text(encoding="utf-8")
    with BaseCampaign.open(_folder(tmp_path, text.replace("half_hp: down", "half_hp: up"))) as c:
        c.dungeon_world.adjust("Zora", hp=1, reason="curse")
        c.dungeon_world.make_camp("Zora")  # max 17: 9 rounded up, not 8
        assert c.dungeon_world.character("Zora").hp == 10


def test_campaign_yaml_weights_name_carried_gear(tmp_path: Path) -> None:
    """003: 271: the weight is the gear carried; 003: 284: half HP, rounded as set."""
    from drawsteel_kit.systems.draw_steel.campaign_file import parse_campaign_text

    text = (DEMO / "campaign.yaml").read_text(encoding="utf-8")
    with pytest.raises(CampaignFileError, match="'sword' is not in gear"):
        parse_campaign_text(text.replace("{mace: 1,", "{sword: 1,"), "campaign.yaml")
    with pytest.raises(CampaignFileError, match=r"settings\.half_hp"):
        parse_campaign_text(text.replace("half_hp: down", "half_hp: sideways"),
                            "campaign.yaml")
    old = text.replace("  half_hp: down", "").replace("    ammo: 3", "")
    assert "weights" in old and parse_campaign_text(old, "campaign.yaml")  # all optional


def test_cli_hold_spends_and_drops_and_show_prints_hold_and_load(tmp_path: Path) -> None:
    """003: 114-121 through `drawsteel-kit dw hold`."""
    folder = _folder(tmp_path)
    run("dw", "move", folder, "defend", "--who", "Ava", "--option", "what=Zora",
        "--dice", "6,6")
    out = run("dw", "show", folder, "Ava")
    assert "hold 3 (defending Zora)" in out and "weight 6 of load 14: light" in out
    out = run("dw", "hold", folder, "Ava", "redirect", "open_up", "--ally", "Nim",
              "--attacker", "the wight")
    assert "Ava spends 2 hold (1 left)" in out and "drawsteel-kit undo" in out
    assert json.loads(run("dw", "show", folder, "Nim", "--json"))["forward"][0]["amount"] == 1
    before = _state(folder)
    for args, said in [(("Ava", "redirect", "halve"), "holds 1 from Defend"),
                       (("Ava",), "name what the hold buys"),
                       (("Ava", "halve", "--drop"), "--drop loses the whole hold"),
                       (("Zed", "halve"), "no character named 'Zed'")]:
        assert said in run("dw", "hold", folder, *args, ok=False)
    assert _state(folder) == before
    assert "the 1 hold left is lost" in run("dw", "hold", folder, "Ava", "--drop")
    run("dw", "move", folder, "defend", "--who", "Ava", "--option", "what=Zora",
        "--dice", "6,6")
    out = run("dw", "move", folder, "hack_and_slash", "--who", "Ava", "--dice", "3,3")
    assert "Ava attacks: stops defending Zora, and the 3 hold left is lost" in out
    assert "hold" not in run("dw", "show", folder, "Ava")


def test_cli_moves_take_the_new_options(tmp_path: Path) -> None:
    """003: 235 (Aid names its target) and 003: 330 (Level Up at rest) from the CLI."""
    folder = _folder(tmp_path)
    out = run("dw", "move", folder, "aid_or_interfere", "--who", "Ava", "--option",
              "target=Nim", "--dice", "5,5")
    assert "Ava aids Nim: Nim's next roll takes +1" in out
    out = run("dw", "move", folder, "level_up", "--who", "Zora", "--option", "stat=INT",
              ok=False)
    assert "levels up only while resting" in out
    assert "aid_or_interfere       Aid or Interfere: target, interfere" in run("dw", "moves")
