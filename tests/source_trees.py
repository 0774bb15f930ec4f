"""The package's modules, read and parsed once per test process.

Several tests scan the source (its strings, imports, event kinds, HTML, module sizes); each
used to parse all of it again, about a second a time. They share these cached trees instead:
read them, never change them.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "drawsteel_kit"


def modules(folder: Path = PACKAGE) -> list[Path]:
    """Every module under ``folder``, in order."""
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


@functools.cache
def source(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@functools.cache
def tree(path: Path) -> ast.Module:
    """``path``'s syntax tree (shared: do not change it)."""
    return ast.parse(source(path))


@functools.cache
def nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of ``path``'s syntax tree, in ``ast.walk`` order: walked once per process
    (a walk of the whole package takes about a second; several tests walk it)."""
    return tuple(ast.walk(tree(path)))


def docstring_ids(node: ast.AST, walked: tuple[ast.AST, ...] | None = None) -> set[int]:
    """The ids of the docstring constants under ``node`` (what a string scan leaves out);
    ``walked``: its nodes, when :func:`nodes` has them."""
    found = set()
    for n in walked if walked is not None else ast.walk(node):
        if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = n.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


@functools.cache
def strings(path: Path) -> tuple[tuple[int, str], ...]:
    """Every string constant of the module but its docstrings, with its line."""
    docs = docstring_ids(tree(path), nodes(path))
    return tuple((node.lineno, node.value) for node in nodes(path)
                 if isinstance(node, ast.Constant) and isinstance(node.value, str)
                 and id(node) not in docs)
