"""The suite's tiers, worked out at collection (conftest.py imports these hooks).

A test is ``slow`` (left out of ``make test-fast``) when it is marked ``slow``, ``browser``,
``kernel`` or ``soak``, carries ``needs_chromium``, or when its body or a fixture it uses
(following helper functions in tests/) calls something that starts a browser, a kernel or a
server: a new test that uses ``chromium()``, papermill or a served campaign is classified
without being edited. Tests that use a module-scoped fixture (one server, one browser for
the file) are kept on one xdist worker (``--dist loadgroup``), so the fixture is built once.
"""

from __future__ import annotations

import functools
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from workbook_helpers import needs_chromium

TESTS = Path(__file__).resolve().parent
#: Markers that mean "minutes-long": each one implies ``slow``.
SLOW_KINDS = ("slow", "browser", "kernel", "soak")
#: Names whose use in a test, its fixtures or the helpers they call means a browser, a
#: kernel or a served campaign: the test is ``slow``.
HEAVY_NAMES = frozenset({
    "chromium", "papermill", "execute_notebook", "nbclient", "NotebookClient",
    "KernelManager", "start_new_kernel", "run_notebook", "resolve_through_notebook",
    "serving", "Server",
})
#: Words in a test's own strings that start a kernel or a server through the command.
HEAVY_COMMANDS = frozenset({"serve", "lab"})
#: Modules whose every function starts a kernel: a test importing one in its body (``from
#: drawsteel_kit.workbook.notebook_runs import execute``, seen only as a module name) is slow.
HEAVY_MODULES = frozenset({"papermill", "nbclient", "drawsteel_kit.workbook.notebook_runs"})


def _code_objects(code: types.CodeType) -> Iterator[types.CodeType]:
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _code_objects(const)


PACKAGE = TESTS.parent / "drawsteel_kit"
_memo: dict[types.CodeType, bool] = {}


@functools.cache
def _folder_of(filename: str) -> tuple[bool, bool]:
    """Is the file in tests/ (or a folder of it), and is it there or in the package? (Once
    per file: resolving a path on every look took a second of each collection.)"""
    path = Path(filename).resolve()
    ours = TESTS in path.parents
    return ours, ours or PACKAGE in path.parents


def _is_ours(obj: Any) -> bool:
    """A function written in tests/ or a folder of it (not the package, not a library)."""
    code = getattr(obj, "__code__", None)
    return code is not None and _folder_of(code.co_filename)[0]


def _followed(obj: Any) -> bool:
    """A function in tests/ or in the package: what it calls is looked at too."""
    code = getattr(obj, "__code__", None)
    return code is not None and _folder_of(code.co_filename)[1]


def _heavy(func: Any, depth: int = 4) -> bool:
    """Does ``func`` (or a function of tests/ or the package it names, ``depth`` calls
    down) use a heavy name, or start the command's server?"""
    func = getattr(func, "__wrapped__", func)
    func = getattr(getattr(func, "hypothesis", None), "inner_test", func)
    code = getattr(func, "__code__", None)
    if code is None:
        return False
    if code in _memo:
        return _memo[code]
    _memo[code] = False  # a cycle adds nothing
    names: set[str] = set()
    found = False
    for c in _code_objects(code):
        names.update(c.co_names)
        if any(isinstance(k, str) and k in HEAVY_COMMANDS for k in c.co_consts) and (
                "Popen" in c.co_names or {"subprocess", "run"} <= set(c.co_names)):
            found = True
    found = found or bool(names & HEAVY_NAMES) or any(
        n.split(".", 1)[0] in HEAVY_MODULES or n in HEAVY_MODULES for n in names)
    if not found and depth:
        env = getattr(func, "__globals__", {})
        found = any(_followed(env.get(n)) and _heavy(env[n], depth - 1) for n in names)
    _memo[code] = found
    return found


def _fixture_funcs(item: pytest.Item) -> Iterator[tuple[str, Any]]:
    info = getattr(item, "_fixtureinfo", None)
    for defs in (info.name2fixturedefs.values() if info else ()):
        for d in defs:
            yield d.scope, d.func


def classify(item: pytest.Item) -> None:
    """Add ``slow`` and the xdist group to one collected test."""
    if any(item.get_closest_marker(k) for k in SLOW_KINDS) or any(
            m == needs_chromium.mark for m in item.iter_markers("skipif")):
        heavy = True
    else:
        heavy = _heavy(getattr(item, "obj", None)) or any(
            _is_ours(f) and _heavy(f) for _, f in _fixture_funcs(item))
    if heavy and not item.get_closest_marker("slow"):
        item.add_marker(pytest.mark.slow)
    if any(scope in ("module", "package", "class") for scope, f in _fixture_funcs(item)
           if _is_ours(f)):
        item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))


def _rank(item: pytest.Item) -> int:
    """0: a soak or load test (a minute or more); 1: another slow test; 2: the rest."""
    if item.get_closest_marker("soak"):
        return 0
    return 1 if item.get_closest_marker("slow") else 2


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(config: pytest.Config,
                                  items: list[pytest.Item]) -> Iterator[None]:
    """Classify every test; then put the files of soak tests first and those of other slow
    tests next (each file whole, in its own order): xdist hands out single tests in this
    order, so a minute-long test starts at once instead of after the quick ones. After
    every other hook (xdist's among them), see that each group reaches xdist's scheduler."""
    for item in items:
        classify(item)
    rank: dict[str, int] = {}
    for item in items:
        path = item.nodeid.split("::")[0]
        rank[path] = min(rank.get(path, 2), _rank(item))
    items.sort(key=lambda item: rank[item.nodeid.split("::")[0]])
    yield
    if getattr(config.option, "loadgroup", False):  # an xdist worker under --dist loadgroup
        for item in items:
            name_group(item)


def name_group(item: pytest.Item) -> None:
    """Add ``@group`` to a grouped test's id, as xdist does, when xdist's own did not take.

    xdist tells its scheduler a test's group by that suffix, written into an attribute pytest
    9.2 no longer reads (its ids are structured): the groups were silently dropped, and a
    file's module-scoped server, browser or built wheel was built on both workers, and again
    whenever a worker came back to the file (pytest-xdist issue 1386). Nothing is done when
    the suffix is there already (an older pytest, or a fixed xdist)."""
    names = sorted({str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                    for m in item.iter_markers("xdist_group")})
    nodeid = item.nodeid
    if not names or nodeid.rfind("@") > nodeid.rfind("]"):
        return
    suffix = "@" + "_".join(names)
    ident = getattr(item, "_id", None)
    if ident is None or not getattr(ident, "names", None):  # an older pytest's plain id
        item._nodeid = nodeid + suffix  # type: ignore[attr-defined]
        return
    # The suffix goes on the last name with its parameters, so the id reads the same
    # however pytest puts it back together ("test[a]@group", never "test[a]@group]").
    try:
        last = ident.names[-1] + ("" if ident.params is None else f"[{ident.params}]")
        item._id = type(ident)(path=ident.path, names=(*ident.names[:-1], last + suffix))
    except (AttributeError, TypeError):  # another pytest's ids: ungrouped is slower, not wrong
        return


#: A test outside the slow tier that takes longer than this is named after the run (it
#: slows `make test-fast`: mark it, or make it quicker). A hint, never a failure.
HINT_SECONDS = 5.0
_unmarked: dict[str, float] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if "slow" not in report.keywords:
        _unmarked[report.nodeid] = _unmarked.get(report.nodeid, 0.0) + report.duration


def report_unmarked(terminalreporter: Any) -> None:
    """Name the tests outside the slow tier that took over HINT_SECONDS."""
    long = sorted(((t, n) for n, t in _unmarked.items() if t > HINT_SECONDS), reverse=True)
    if long:
        terminalreporter.write_sep("-", f"not marked slow, over {HINT_SECONDS:.0f} s each "
                                        "(tests/suite_tiers.py)")
        for seconds, nodeid in long:
            terminalreporter.write_line(f"{seconds:6.1f}s {nodeid}")
