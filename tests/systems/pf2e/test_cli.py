"""`drawsteel-kit pf2e ...`: each command one call into the encounter tracker; errors are one
line and write nothing; `show --player` never prints a hidden name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import folder_state as state
from cli_helpers import run

from drawsteel_kit.kit.book.campaign import BaseCampaign


def test_a_whole_encounter_from_the_command_line(folder: Path) -> None:
    run("pf2e", "new", folder, "Bridge")
    for pc in ("Ava", "Brannoc", "Cressida"):
        run("pf2e", "add", folder, pc)
    out = run("pf2e", "add", folder, "Goblin", "-m", "2", "--count", "2", "--shown-as", "Imp")
    assert "Goblin 2 joins Bridge" in out and "undo with: drawsteel-kit undo" in out
    tied = run("pf2e", "initiative", folder, "--typed", "Ava=15", "--typed", "Cressida=15",
               "--typed", "Brannoc=d2", "--typed", "Goblin=15", ok=False)
    assert "Ava and Cressida tied at 15" in tied
    out = run("pf2e", "initiative", folder, "--typed", "Ava=15", "--typed", "Cressida=15",
              "--typed", "Brannoc=d2", "--typed", "Goblin=15", "--tie-order", "Cressida,Ava")
    assert "Initiative order: Goblin 1 (15), Goblin 2 (15), Cressida (15), Ava (15), " \
           "Brannoc (10)." in out
    run("pf2e", "turn", "start", folder)
    run("pf2e", "effect", "add", folder, "Goblin 1", "Frightened", "2", "--ticks", "end")
    run("pf2e", "persistent", "add", folder, "Goblin 1", "1d4", "acid")
    out = run("pf2e", "turn", "end", folder, "--dice", "5")  # the flat check fails
    assert "Goblin 1 takes 1d4 persistent acid damage" in out
    run("pf2e", "turn", "start", folder)
    run("pf2e", "actions", folder, "3", "--what", "Stride thrice")
    run("pf2e", "turn", "start", folder, "-e", "bridge")
    run("pf2e", "delay", folder)
    run("pf2e", "turn", "start", folder)
    run("pf2e", "turn", "end", folder)
    out = run("pf2e", "return", folder, "Cressida")
    assert "Cressida returns from Delay" in out
    # a reaction before Brannoc's first turn (initiative gave it), and none left after
    run("pf2e", "reaction", folder, "Brannoc", "--what", "Retributive Strike")
    run("pf2e", "reaction", folder, "Brannoc", "--what", "Retributive Strike", ok=False)
    player = run("pf2e", "show", folder, "--player")
    assert "Imp 1" in player and "Goblin" not in player and "Frightened" in player
    gm = run("pf2e", "show", folder)
    assert "Goblin 1" in gm and "persistent 1d4 acid" in gm
    run("pf2e", "identify", folder, "Imp 2")
    run("pf2e", "defeat", folder, "Goblin 1")
    run("pf2e", "dying", folder, "Ava")
    run("pf2e", "hp", folder, "Ava", "0", "--reason", "crit")
    run("pf2e", "end", folder)
    listing = json.loads(run("pf2e", "list", folder, "--json"))
    assert listing[0]["status"] == "ended" and listing[0]["record"]["defeated"] == ["Goblin 1"]
    view = json.loads(run("pf2e", "show", folder, "-e", "1", "--player", "--json"))
    assert view["record"]["defeated"] == ["Imp 1"] and view["record"]["identified"] == [
        "Goblin 2"]
    with BaseCampaign.open(folder, readonly=True) as camp:
        assert camp.ledger.verify()


@pytest.mark.parametrize("args, message", [
    (("pf2e", "turn", "start"), "no encounter is running"),
    (("pf2e", "add", "{f}", "Nobody"), "no character named 'Nobody'"),
    (("pf2e", "add", "{f}", "Rat", "--count", "2"), "give --modifier too"),
    (("pf2e", "initiative", "{f}", "--typed", "Ava"), "--typed takes"),
    (("pf2e", "effect", "add", "{f}", "Ava", "Bless", "0"), "1 or more"),
    (("pf2e", "show", "{f}", "-e", "7"), "no encounter"),
])
def test_bad_input_is_one_line_and_writes_nothing(folder: Path, args: tuple[str, ...],
                                                  message: str) -> None:
    run("pf2e", "new", folder, "Crypt")
    if args[:3] == ("pf2e", "turn", "start"):
        run("pf2e", "end", folder)
    if "effect" in args:
        run("pf2e", "add", folder, "Ava")
    before = state(folder)
    argv = [str(folder) if a == "{f}" else a for a in args]
    if "{f}" not in args:
        argv.append(str(folder))
    out = run(*argv, ok=False)
    assert message in out
    assert state(folder) == before


def test_every_pf2e_command_has_an_example() -> None:
    from drawsteel_kit.systems.pf2e.cli import pf2e

    def walk(group: object, prefix: str) -> list[str]:
        found = []
        for name, cmd in group.commands.items():  # type: ignore[attr-defined]
            found.append(f"{prefix} {name}")
            if hasattr(cmd, "commands"):
                found += walk(cmd, f"{prefix} {name}")
        return found

    names = walk(pf2e, "pf2e")
    assert len(names) >= 20
    for name in names:
        assert "Example: drawsteel-kit " + name in run(*name.split(), "--help"), name
