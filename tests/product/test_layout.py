"""The layout of docs/architecture.md holds: three layers, one folder per game system, small
modules, no import circle, and the import contracts of pyproject.toml."""

from __future__ import annotations

import ast
import functools
import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import grimp
import pytest
from conftest import REPO
from source_trees import modules, nodes

PACKAGE = REPO / "drawsteel_kit"
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
#: The longest a module may be: one you can read in one sitting (STYLE.md).
MAX_LINES = 400
#: What the package's top holds: the three layers, and the aliases kept for one release.
TOP = {"__init__.py", "_moved.py", "campaign.py", "demo.py", "kit", "systems", "cli",
       "workbook"}
SYSTEMS = sorted(p.name for p in (PACKAGE / "systems").iterdir()
                 if p.is_dir() and (p / "__init__.py").exists())


def _modules() -> list[Path]:
    return modules(PACKAGE)


def _dotted(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def _named_modules(path: Path) -> frozenset[str]:
    """Every ``drawsteel_kit`` module a file imports at run time (in a function too), and the
    names it imports from them; imports for type hints only (``if TYPE_CHECKING:``) are left
    out, as the import contracts leave them out."""
    hints = {id(n) for block in nodes(path) if isinstance(block, ast.If)
             and "TYPE_CHECKING" in ast.unparse(block.test)
             for stmt in block.body for n in ast.walk(stmt)}
    names: set[str] = set()
    for node in nodes(path):
        if id(node) in hints:
            continue
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names if a.name.startswith("drawsteel_kit")}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and (
                node.module.startswith("drawsteel_kit")):
            names |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
    return frozenset(names)


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_is_over_400_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, (
        f"{path.relative_to(REPO)} has {lines} lines (at most {MAX_LINES}): split it by what "
        "the book calls things, a module per rule family")


def test_the_top_of_the_package_holds_the_layers() -> None:
    found = {p.name for p in PACKAGE.iterdir() if p.name != "__pycache__"}
    assert found == TOP, "the top of drawsteel_kit holds kit/, systems/, cli/ and workbook/"


def test_every_system_is_in_the_registry_and_the_registry_in_every_system() -> None:
    from drawsteel_kit.kit.registry import SYSTEMS as REGISTERED

    assert sorted(s.module for s in REGISTERED.values()) == SYSTEMS
    for s in REGISTERED.values():  # every part the registry promises is where it says
        for area in ("campaign_file", "ops", "dashboard", "panels", "demo", "cli"):
            if s.is_default and area in ("campaign_file", "dashboard"):
                continue  # Draw Steel's are packages: campaign_file.model, pages.dashboard
            assert s.part(area) is not None


def _independence_allowed() -> set[tuple[str, str]]:
    """The cross-system imports pyproject's independence contract still ignores (the campaign
    hub), as (importer pattern, imported) pairs."""
    contract = next(c for c in PYPROJECT["tool"]["importlinter"]["contracts"]
                    if c["type"] == "independence")
    pairs = set()
    for rule in contract.get("ignore_imports", []):
        importer, imported = (s.strip() for s in rule.split("->"))
        pairs.add((importer, imported))
    return pairs


def _matches(pattern: str, module: str) -> bool:
    want, got = pattern.split("."), module.split(".")
    return len(want) == len(got) and all(w in ("*", g) for w, g in zip(want, got, strict=True))


def test_no_module_outside_a_system_names_its_internals() -> None:
    """The kit names no system; a front end names another system than Draw Steel (whose
    Campaign is the public facade) only through the registry; a system names another system's
    modules only where pyproject's independence contract lists the import, with its reason."""
    allowed = _independence_allowed()
    wrong = []
    for path in _modules():
        module = _dotted(path)
        if module == "drawsteel_kit._moved":
            continue  # the alias table names the old and new paths of every module
        own = module.split(".")[2] if module.startswith("drawsteel_kit.systems.") else None
        for name in sorted(_named_modules(path)):
            parts = name.split(".")
            if len(parts) < 3 or parts[1] != "systems" or parts[2] == "registry":
                continue
            other = parts[2]
            if module.startswith("drawsteel_kit.kit"):
                wrong.append(f"{module} (the kit) names {name}")
            elif own is None and other != "draw_steel":
                wrong.append(f"{module} names {name}: reach that system through the registry")
            elif own is not None and other != own and not any(
                    _matches(i, module) and name.startswith(d) for i, d in allowed):
                wrong.append(f"{module} names another system's {name}")
    assert wrong == []


def test_no_module_imports_an_old_path() -> None:
    """The old module paths answer for one release (for the Directors' own notebooks); the
    package itself imports every module where it is now."""
    from drawsteel_kit._moved import MOVED

    wrong = []
    for path in _modules():
        for name in _named_modules(path):
            parts = name.split(".")[1:]
            for n in range(len(parts), 0, -1):
                old = ".".join(parts[:n])
                exists = (PACKAGE.joinpath(*parts[:n]).with_suffix(".py").is_file()
                          or PACKAGE.joinpath(*parts[:n]).is_dir())
                if old in MOVED and not exists:
                    wrong.append(f"{_dotted(path)} imports {name} (now drawsteel_kit."
                                 f"{MOVED[old]})")
                    break
    assert wrong == []


def _circles() -> list[list[str]]:
    """The strongly connected groups of the import graph (Tarjan), bigger than one module."""
    graph = grimp.build_graph("drawsteel_kit", exclude_type_checking_imports=True)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        return _tarjan(graph)
    finally:  # other tests count on the usual limit (a YAML nested too deeply)
        sys.setrecursionlimit(limit)


def _tarjan(graph: Any) -> list[list[str]]:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.find_modules_directly_imported_by(v):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_no_import_circle() -> None:
    assert _circles() == [], "modules that import each other, directly or round about"


def test_the_import_contracts_hold() -> None:
    """`lint-imports` (also run by `make test`): the layers, and no system importing another."""
    done = subprocess.run([str(Path(sys.executable).parent / "lint-imports"), "--no-cache"],
                          cwd=REPO, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "Contracts: 2 kept, 0 broken." in done.stdout


def test_the_import_contracts_allow_no_exception() -> None:
    """No system imports another, and no layer reaches up, without exception: a contract
    with an ``ignore_imports`` list would let a crossing import in quietly."""
    contracts = PYPROJECT["tool"]["importlinter"]["contracts"]
    assert {c["type"] for c in contracts} == {"layers", "independence"}
    assert [c["name"] for c in contracts if c.get("ignore_imports")] == []


def test_the_old_module_paths_answer_with_the_new_modules() -> None:
    """For one release, every module path from before the layout still imports, as the very
    module at its new path (notebooks in campaign folders import drawsteel_kit.views.panels)."""
    import importlib

    from drawsteel_kit._moved import MOVED

    for old, new in MOVED.items():
        assert importlib.import_module(f"drawsteel_kit.{old}") is importlib.import_module(
            f"drawsteel_kit.{new}"), old
    from drawsteel_kit.rules.dice import ScriptedDice
    from drawsteel_kit.views.panels import open_workbook

    from drawsteel_kit.campaign import Campaign
    from drawsteel_kit.systems.draw_steel.campaign import Campaign as Moved

    assert Campaign is Moved and callable(open_workbook) and ScriptedDice(faces=[3]).roll(6) == 3
