"""The layout of docs/architecture.md holds: three layers, one folder per game system, no
import circle, and the import contracts of pyproject.toml. (A module's length is a review
warning, not a test: tests/review_long_modules.py, run by ``make lint``.)"""

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
#: What the package's top holds: the three layers (and the package's own door, ``open``).
TOP = {"__init__.py", "kit", "systems", "cli", "workbook"}
SYSTEMS = sorted(p.name for p in (PACKAGE / "systems").iterdir()
                 if p.is_dir() and (p / "__init__.py").exists())


def _modules() -> list[Path]:
    return modules(PACKAGE)


def _dotted(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def _named_modules(path: Path, *, hints: bool = False) -> frozenset[str]:
    """Every ``drawsteel_kit`` module a file imports at run time (in a function too), and the
    names it imports from them; imports for type hints only (``if TYPE_CHECKING:``) are left
    out unless ``hints``."""
    hints_only = set() if hints else {
        id(n) for block in nodes(path) if isinstance(block, ast.If)
        and "TYPE_CHECKING" in ast.unparse(block.test)
        for stmt in block.body for n in ast.walk(stmt)}
    names: set[str] = set()
    for node in nodes(path):
        if id(node) in hints_only:
            continue
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names if a.name.startswith("drawsteel_kit")}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and (
                node.module.startswith("drawsteel_kit")):
            names |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
    return frozenset(names)


def test_the_top_of_the_package_holds_the_layers() -> None:
    found = {p.name for p in PACKAGE.iterdir() if p.name != "__pycache__"}
    assert found == TOP, "the top of drawsteel_kit holds kit/, systems/, cli/ and workbook/"


def test_every_system_is_in_the_registry_and_the_registry_in_every_system() -> None:
    from drawsteel_kit.kit.registry import SYSTEMS as REGISTERED

    assert sorted(s.module for s in REGISTERED.values()) == SYSTEMS
    for s in REGISTERED.values():  # every part the registry promises is where it says
        assert s.part("campaign_file").CampaignFile and s.part("panels").PANELS
        assert callable(s.part("pages").party_page) and callable(s.part("pages").member_page)
        assert callable(s.part("demo").build) and s.part("kinds").KINDS
        assert all(s.cli_command(name) for name, _ in s.commands)
        if s.has("plans"):
            assert callable(s.part("plans").read_plan) and callable(s.part("plans").resolve)


def test_no_module_outside_a_system_names_its_internals() -> None:
    """The kit and the front ends name no system (they reach one through the registry), and
    no system names another's modules, even for type hints."""
    wrong = []
    for path in _modules():
        module = _dotted(path)
        own = module.split(".")[2] if module.startswith("drawsteel_kit.systems.") else None
        for name in sorted(_named_modules(path, hints=True)):
            parts = name.split(".")
            if len(parts) < 3 or parts[1] != "systems" or parts[2] == "found":
                continue
            if own is None:
                wrong.append(f"{module} names {name}: reach that system through the registry")
            elif parts[2] != own:
                wrong.append(f"{module} names another system's {name}")
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

    # The package's root is imported before any module of it; its ``open`` reaches down to the
    # kit when first called, not a circle any import could run into.
    index["drawsteel_kit"] = low["drawsteel_kit"] = -1
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
    assert "Contracts: 4 kept, 0 broken." in done.stdout


def test_the_import_contracts_allow_no_exception() -> None:
    """The kit imports no system, the front ends none, no system another, and no layer reaches
    up, without exception (not even for type hints): a contract with an ``ignore_imports``
    list would let a crossing import in quietly."""
    settings = PYPROJECT["tool"]["importlinter"]
    contracts = settings["contracts"]
    assert settings["exclude_type_checking_imports"] is False
    assert {c["name"] for c in contracts} == {
        "Front ends above game systems above the shared kit", "The kit imports no system",
        "The front ends choose a system through the registry, importing none",
        "No game system imports another"}
    assert [c["name"] for c in contracts if c.get("ignore_imports")] == []


def test_no_old_module_path_answers() -> None:
    """Nothing was released before the layout: no finder answers old module paths, and the
    package's top holds no alias of a module that lives elsewhere."""
    import importlib

    assert not [f for f in sys.meta_path if type(f).__module__.startswith("drawsteel_kit")]
    for old in ("drawsteel_kit.campaign", "drawsteel_kit.demo", "drawsteel_kit.views.panels",
                "drawsteel_kit.rules.dice"):
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module(old)
