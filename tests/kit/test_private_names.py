"""No module imports another module's private names (issue 34): a name with a leading
underscore is its module's own; what another module needs is public (documented) where it
lives, or moves to where it is used."""

from __future__ import annotations

import ast
from pathlib import Path

import drawsteel_kit

PACKAGE = Path(drawsteel_kit.__file__).parent


def _module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported_from(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The absolute name of the module ``node`` imports from."""
    if not node.level:
        return node.module or ""
    base = module.split(".")
    base = base[: len(base) - node.level + (1 if is_package else 0)]
    return ".".join([*base, node.module] if node.module else base)


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_imports(root: Path = PACKAGE) -> list[str]:
    """Every ``from drawsteel_kit.x import _name`` (relative ones too) in ``root`` that takes
    a private name out of another module, as ``file:line: what``. (``import`` statements
    name modules only: a package's private module, ``_checks``, serves its package.)"""
    found = []
    for path in sorted(root.rglob("*.py")):
        module = _module_name(path, root)
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                source = _imported_from(node, module, path.name == "__init__.py")
                if not source.startswith("drawsteel_kit") or source == module:
                    continue
                for alias in node.names:
                    if _private(alias.name):
                        found.append(f"{path.relative_to(root.parent)}:{node.lineno}: "
                                     f"from {source} import {alias.name}")
    return found


def _unlined(found: str) -> str:
    path, _line, what = found.split(":", 2)
    return f"{path}:{what}"


def test_no_private_name_is_imported_across_modules() -> None:
    found = private_imports()
    assert not found, ("private names imported from another module (make each public, "
                       "documented, where it lives, or move it where it is used):\n"
                       + "\n".join(found))


def test_the_scan_finds_a_private_import(tmp_path: Path) -> None:
    """The check itself: a module taking another's private name is found, with its line;
    its own private names and a private module's public ones are not."""
    pkg = tmp_path / "drawsteel_kit"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("from ._impl import helper\n")
    (pkg / "sub" / "_impl.py").write_text("def helper(): ...\ndef _hidden(): ...\n")
    (pkg / "sub" / "user.py").write_text(
        "from drawsteel_kit.sub._impl import helper\n"
        "from drawsteel_kit.sub._impl import _hidden\n"
        "from ._impl import _hidden as h\n")
    found = private_imports(pkg)
    assert found == ["drawsteel_kit/sub/user.py:2: from drawsteel_kit.sub._impl import _hidden",
                     "drawsteel_kit/sub/user.py:3: from drawsteel_kit.sub._impl import _hidden"]
