"""`drawsteel-kit sheet ...`: each command one call into the condition-sheet book, dice typed
with --dice or generated with --seed; errors are one line and write nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import folder_state as state
from cli_helpers import run


def battle(folder: Path) -> dict:
    return json.loads(run("sheet", "show", folder, "--json"))


def test_a_whole_battle_from_the_command_line(folder: Path) -> None:
    out = run("sheet", "battle", "new", folder, "Gate", "--with", "Ava,Bram,Cleo",
              "--foe", "Warden", "--foe", "Imp")
    assert "Battle 1 begins: Gate (Ava, Bram, Cleo, Warden, Imp)" in out
    run("sheet", "round", folder, "--dice", "3,4,5,2,6,6")
    tied = run("sheet", "order", folder, "--dice", "5,5,2,3,1,2,3,3", ok=False)
    assert "Ava and Bram tied at 7" in tied
    out = run("sheet", "order", folder, "--tie-order", "Bram,Ava", "--dice", "5,5,2,3,1,2,3,3")
    assert "Round 1 order: Cleo (12), Bram (7), Warden (7), Ava (7), Imp (5)." in out
    out = run("sheet", "attack", folder, "Cleo", "Imp", "damage", "--dice", "4,3")
    assert "Imp takes 1 damage (1/2)." in out and "undo with: drawsteel-kit undo" in out
    out = run("sheet", "chain", folder, "Bram", "Cleo", "damage", "--dice", "3,2")
    assert "Bram attacks Imp: cast 7 (3+2 +1 +1)" in out
    out = run("sheet", "attack", folder, "Warden", "Ava", "damage", "--cover", "Ava=Bram",
              "--cover-emotion", "Bram", "--dice", "5,4,2,1,6,3")
    assert "Bram covers Ava (an emotion toward Ava)" in out
    run("sheet", "support", folder, "Ava", "Bram", "heal_damage", "--emotion-for", "Bram")
    run("sheet", "check", folder, "Imp", "cast")
    run("sheet", "check", folder, "Cleo", "guard", "--dice", "1,1")
    out = run("sheet", "counter", folder, "Cleo", "damage", "--dice", "6,6", ok=False)
    assert "Counter" in out                           # Cleo has acted this round
    out = run("sheet", "attack", folder, "Imp", "Cleo", "damage")
    assert "Cleo guards 2 (1+1 +0) fumble: hit" in out
    shown = battle(folder)
    assert shown["battle"]["round"] == 1 and shown["checks"] == []
    text = run("sheet", "show", folder)
    assert "Imp (gm) mana 0 [acted]" in text and "damage ×·" in text
    run("sheet", "round", folder, "--seed", "3")
    assert battle(folder)["battle"]["phase"] == "initiative"
    out = run("sheet", "end", folder)
    assert "The battle ends after 2 rounds." in out
    assert run("sheet", "list", folder).strip() == "1. Gate (ended, round 2)"
    listed = json.loads(run("sheet", "list", folder, "--json"))
    assert listed == [{"number": 1, "name": "Gate", "status": "ended", "round": 2}]
    out = run("sheet", "mana", folder, "Bram", "6", "--reason", "rest")
    assert "Bram: mana 6 -> 6" not in out and "Bram: mana" in out


def test_checks_withdraw_pass_and_last_stand(folder: Path) -> None:
    run("sheet", "battle", "new", folder, "Gate", "--with", "Ava,Bram", "--foe", "Imp")
    run("sheet", "round", folder, "--dice", "6,6,5,5")
    run("sheet", "order", folder)
    run("sheet", "check", folder, "Ava", "withdraw", "--value", "1", "--dice", "1,2")
    out = run("sheet", "check", folder, "Ava", "withdraw", "--reroll", "--dice", "6,6")
    assert "keeps the new roll, 13 (6+6 +1) lucky" in out
    out = run("sheet", "withdraw", folder, "Ava", "--value", "1")
    assert "Ava withdraws" in out
    run("sheet", "pass", folder)
    out = run("sheet", "last-stand", folder, "Imp", ok=False)
    assert "Last Stand is declared when Imp is knocked down" in out
    assert battle(folder)["battle"]["characters"][0]["withdrawn"] is True


@pytest.mark.parametrize("args", [
    ("sheet", "round", "{f}", "--dice", "6,6,5"),
    ("sheet", "round", "{f}", "--dice", "6,6,5,5,4,4,1"),
    ("sheet", "round", "{f}", "--dice", "6,x"),
    ("sheet", "attack", "{f}", "Zed", "Imp", "damage", "--dice", "1,1"),
    ("sheet", "attack", "{f}", "Ava", "Imp", "fireball", "--dice", "1,1"),
    ("sheet", "attack", "{f}", "Ava", "Imp", "damage", "--cover", "Imp"),
    ("sheet", "order", "{f}", "-b", "9"),
    ("sheet", "mana", "{f}", "Ava", "--", "-3"),
    ("sheet", "mana", "{f}", "Ava", "4"),                           # Ava is fighting
    ("sheet", "battle", "new", "{f}", "Again", "--with", "Ava"),
])
def test_bad_input_is_one_line_and_writes_nothing(folder: Path, args: tuple[str, ...]) -> None:
    run("sheet", "battle", "new", folder, "Gate", "--with", "Ava,Bram,Cleo", "--foe", "Imp")
    before = state(folder)
    out = run(*(str(folder) if a == "{f}" else a for a in args), ok=False)
    assert out.strip().splitlines()[-1].startswith("Error: ")
    assert state(folder) == before


def test_no_battle_yet(folder: Path) -> None:
    assert "No battles yet" in run("sheet", "list", folder)
    out = run("sheet", "round", folder, ok=False)
    assert "no battle is running; start one with `drawsteel-kit sheet battle new`" in out


def test_no_text_a_user_reads_names_a_seed_line() -> None:
    """Errors, history lines, pages and help speak of rules by name: the seed's line numbers
    stay in the docstrings and comments (every string of the code but a docstring)."""
    import ast
    import re

    from drawsteel_kit.systems import condition_sheet

    folder = Path(condition_sheet.__file__).parent
    found = []
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(node.body[0].value) for node in ast.walk(tree)
                if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
                and node.body and isinstance(node.body[0], ast.Expr)}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and id(node) not in docs and re.search(r"\b00\d: ?\d", node.value)):
                found.append(f"{path.name}:{node.lineno}: {node.value}")
    assert found == []
