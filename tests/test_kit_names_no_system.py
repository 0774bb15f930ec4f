"""The kit's ledger and campaign core learn what is particular to a system from the registry:
no string in them names a system (its key, as in ``system = 'draw-steel'``)."""

from __future__ import annotations

import ast
from pathlib import Path

from drawsteel_kit.kit.registry import SYSTEMS

KIT = Path(__file__).resolve().parent.parent / "drawsteel_kit" / "kit"
#: Where a system's name belongs: the registry; the campaign's ``campaign.pf2e``-style doors.
ALLOWED = {KIT / "registry.py", KIT / "book" / "sheets.py"}


def test_the_kit_names_no_system_outside_the_registry() -> None:
    wrong = []
    for path in sorted(KIT.rglob("*.py")):
        if path in ALLOWED:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                for key in SYSTEMS:
                    if f"'{key}'" in node.value or node.value == key:
                        wrong.append(f"{path.relative_to(KIT)}:{node.lineno}: {key}")
    assert not wrong, wrong
