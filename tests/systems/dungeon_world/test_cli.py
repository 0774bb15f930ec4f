"""`drawsteel-kit dw`: each command is one library call; errors are one line, nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run

from drawsteel_kit.kit.book.campaign import BaseCampaign


def _state(folder: Path) -> tuple:
    with BaseCampaign.open(folder, readonly=True) as camp:
        return camp.ledger.snapshot(), camp.ledger.event_count()


def test_move_with_typed_in_dice_and_yaml_options(folder: Path) -> None:
    out = run("dw", "move", folder, "carouse", "--who", "ava", "--option", "coin=200",
              "--option", "choices=[hear_rumors, befriend_npc, not_entangled]", "--dice", "5,5")
    assert "Ava rolls Carouse: 5+5 +1 coin = 11" in out and "coin 340 → 140" in out
    assert "drawsteel-kit undo" in out
    with BaseCampaign.open(folder, readonly=True) as camp:
        (event,) = camp.history(kind="dw_carouse")
        assert event.dice == [5, 5] and event.payload["options"]["coin"] == 200


def test_move_json_and_dry_run_write_nothing(folder: Path) -> None:
    before = _state(folder)
    out = run("dw", "move", folder, "perilous_journey", "--option", "rations=1",
              "--option", "trailblazer=Nim", "--seed", "4", "--dry-run", "--json")
    data = json.loads(out)
    assert data["dry_run"] and data["seed"] == 4 and len(data["faces"]) == 2
    assert data["events"] == [] and _state(folder) == before


def test_characters_show_moves_and_adjust(folder: Path) -> None:
    assert "Nim (thief, level 1): HP 11/18" in run("dw", "characters", folder)
    sheets = json.loads(run("dw", "characters", folder, "--json"))
    assert [c["name"] for c in sheets] == ["Ava", "Brother Odo", "Nim", "Zora"]
    assert "DEX 16 (+2)" in run("dw", "show", folder, "nim")
    assert "carouse                Carouse: coin, choices, spend_preparation" in run("dw", "moves")
    out = run("dw", "adjust", folder, "Nim", "hp=5", "debilities=[weak]", "--reason", "trap")
    assert "Nim: HP 11 → 5, now weak (trap)" in out
    assert json.loads(run("dw", "show", folder, "Nim", "--json"))["hp"] == 5


@pytest.mark.parametrize(("args", "said"), [
    (("move", "{f}", "carouse", "--who", "Zed", "--seed", "1"), "no character named 'Zed'"),
    (("move", "{f}", "carouse", "--who", "Ava", "--option", "coins=100"), "no option 'coins'"),
    (("move", "{f}", "carouse", "--who", "Ava", "--option", "coin"), "takes KEY=VALUE"),
    (("move", "{f}", "carouse", "--who", "Ava", "--option", "who=Nim"), "use --who"),
    (("move", "{f}", "carouse", "--who", "Ava", "--dice", "4,x"), "faces like 4,5"),
    (("move", "{f}", "carouse", "--who", "Ava", "--dice", "4,5,6"), "left over"),
    (("move", "{f}", "carouse", "--who", "Ava", "--option", "coin=5000", "--seed", "1"),
     "Ava has 340"),
    (("move", "{f}", "teleport", "--who", "Ava"), "unknown move 'teleport'"),
    (("adjust", "{f}", "Ava", "hp=-3"), "hp must be 0 to 25"),
    (("show", "{f}", "Nobody"), "no character named 'Nobody'"),
])
def test_bad_input_is_one_line_and_writes_nothing(folder: Path, args: tuple, said: str) -> None:
    before = _state(folder)
    out = run("dw", *(str(folder) if a == "{f}" else a for a in args), ok=False)
    assert said in out
    assert _state(folder) == before


def test_a_draw_steel_campaign_is_refused_with_its_system_named(tmp_path: Path) -> None:
    from conftest import write_campaign

    folder = write_campaign(tmp_path / "ds")
    BaseCampaign.init(folder)[0].close()
    assert "plays Draw Steel" in run("dw", "characters", folder, ok=False)
