"""The kit's ledger and campaign core learn what is particular to a system from the registry:
no string in them names a system (its key, as in ``system = 'draw-steel'``)."""

from __future__ import annotations

import ast

from conftest import REPO
from source_trees import nodes

from drawsteel_kit.kit.registry import SYSTEMS

KIT = REPO / "drawsteel_kit" / "kit"
#: Where a system's name may appear in the kit: nowhere (each system declares itself).
ALLOWED: set[object] = set()


def test_the_kit_names_no_system_outside_the_registry() -> None:
    wrong = []
    for path in sorted(KIT.rglob("*.py")):
        if path in ALLOWED:
            continue
        for node in nodes(path):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                for key in SYSTEMS:
                    if f"'{key}'" in node.value or node.value == key:
                        wrong.append(f"{path.relative_to(KIT)}:{node.lineno}: {key}")
    assert not wrong, wrong


def test_front_ends_take_the_kits_helpers_from_the_kit() -> None:
    """`find_campaign_dir`, `Page`, `Resolution`, `Happened` ... live in the kit: a front end
    (or Forge Steel's module) that takes them through Draw Steel's modules uses a path kept
    only for old imports."""
    import importlib

    package = KIT.parent
    wrong = []
    for folder in (package / "cli", package / "workbook",
                   package / "systems" / "draw_steel" / "forge_steel"):
        for path in sorted(folder.rglob("*.py")):
            for node in nodes(path):
                if not (isinstance(node, ast.ImportFrom) and node.level == 0 and
                        (node.module or "").startswith("drawsteel_kit.systems.")):
                    continue
                module = importlib.import_module(node.module or "")
                for alias in node.names:
                    home = getattr(getattr(module, alias.name, None), "__module__", "") or ""
                    if home.startswith("drawsteel_kit.kit."):
                        wrong.append(f"{path.relative_to(package)}:{node.lineno}: "
                                     f"{alias.name} from {node.module} (it is {home}'s)")
    assert not wrong, "\n".join(wrong)
