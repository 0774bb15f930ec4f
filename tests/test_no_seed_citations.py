"""What users read (errors, history lines, panels) cites no seed line such as "(004: 45)" and
names no Python argument ("pass tie_order"): the citations live in docstrings and comments.

Draw Steel's rules and catalog are checked by their own tests."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "drawsteel_kit"
CHECKED = [PACKAGE / "kit", PACKAGE / "cli", PACKAGE / "workbook",
           PACKAGE / "systems" / "condition_sheet", PACKAGE / "systems" / "pf2e",
           PACKAGE / "systems" / "dungeon_world",
           PACKAGE / "systems" / "draw_steel" / "forge_steel"]
CITATION = re.compile(r"\(\s*00\d:\s*\d")


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


@pytest.mark.parametrize("folder", CHECKED, ids=lambda p: p.name)
def test_no_message_cites_a_seed_line(folder: Path) -> None:
    wrong = []
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                    id(node) not in docs and (CITATION.search(node.value) or
                                              "pass tie_order" in node.value):
                wrong.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {node.value[:60]}")
    assert not wrong, "\n".join(wrong)
