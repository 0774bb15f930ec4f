"""The commands that read or serve notebooks skip jsonschema's checkers of formats no schema
of Jupyter's or ours uses (the IRI grammar of rfc3987-syntax alone was about 1.3 s of CPU a
process), and jsonschema still checks the formats those schemas do use."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

from workbook_helpers import REPO

from drawsteel_kit.workbook.schema_formats import UNUSED_FORMATS

#: Libraries whose import brings jsonschema in.
JUPYTER = ("papermill", "nbformat", "nbconvert", "nbclient", "voila", "jupyterlab",
           "jupyter_server", "jupyter_events", "jsonschema")

RUN = """
import sys
from pathlib import Path
from drawsteel_kit.kit.errors import DrawSteelKitError
from drawsteel_kit.workbook.notebook_runs import execute, html_report
where = Path(sys.argv[1])
try:
    execute(where / "missing.ipynb", where / "out.ipynb", {})
except DrawSteelKitError as exc:
    print("refused:", exc)
try:
    html_report(where / "missing.ipynb", where / "out.html")
except FileNotFoundError:
    print("no notebook")
import jsonschema
checker = jsonschema.FormatChecker()
print(sorted(n for n in ("date", "uuid", "iri") if not checker.conforms("not one", n)))
from drawsteel_kit.workbook.schema_formats import UNUSED_FORMATS
print(sorted(m for m in UNUSED_FORMATS if sys.modules.get(m)) or "none of them")
"""


def test_a_notebook_run_and_a_report_load_no_unused_format_checker(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", RUN, str(tmp_path)], capture_output=True,
                          text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("refused:") and "missing.ipynb is missing" in lines[0], lines
    assert lines[1:] == ["no notebook", "['date', 'uuid']", "none of them"], lines


def _imports(node: ast.AST) -> list[tuple[int, str]]:
    found = []
    for n in ast.walk(node):
        if isinstance(n, ast.Import):
            found += [(n.lineno, a.name) for a in n.names]
        elif isinstance(n, ast.ImportFrom) and n.module:
            found.append((n.lineno, n.module))
    return found


def _pulls_jupyter(name: str) -> bool:
    """Whether importing module ``name`` imports a Jupyter library: it is one, or it is a
    module of ours that imports one at its top (``workbook.serve_app`` imports Voila)."""
    if name.split(".")[0] in JUPYTER:
        return True
    if not name.startswith("drawsteel_kit."):
        return False
    path = REPO / (name.replace(".", "/") + ".py")
    if not path.is_file():
        return False
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(n.split(".")[0] in JUPYTER for _, n in _imports(tree))


def test_serve_and_lab_skip_the_unused_formats_before_they_import_their_server() -> None:
    """The functions that launch Voila (serve) and JupyterLab (lab) in the command's own
    process call skip_unused_formats() before their first import of a Jupyter library."""
    launchers = {}
    for path in sorted((REPO / "drawsteel_kit").rglob("*.py")):
        for func in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(func, ast.FunctionDef) or not any(
                    isinstance(n, ast.Attribute) and n.attr == "launch_instance"
                    for n in ast.walk(func)):
                continue
            skips = [n.lineno for n in ast.walk(func) if isinstance(n, ast.Call)
                     and getattr(n.func, "id", None) == "skip_unused_formats"]
            first = min(line for line, name in _imports(func) if _pulls_jupyter(name))
            launchers[f"{path.relative_to(REPO)}:{func.name}"] = any(s < first for s in skips)
    assert set(launchers) == {"drawsteel_kit/workbook/serve.py:serve",
                              "drawsteel_kit/workbook/lab.py:lab"}, launchers
    assert all(launchers.values()), launchers


def _schema_formats(text: str) -> set[str]:
    """The ``format`` values a JSON or YAML schema file names."""
    return set(re.findall(r'"format"\s*:\s*"([^"]+)"', text)) | set(
        re.findall(r"^\s*format:\s*['\"]?([A-Za-z0-9_-]+)", text, re.MULTILINE))


def test_no_installed_schema_uses_a_skipped_format() -> None:
    """Every JSON and YAML file of the Jupyter packages that validate with jsonschema (and
    their schemas under share/jupyter): none names a format whose checker is skipped, so
    skipping them changes no check."""
    import importlib.util

    roots = [Path(sys.prefix) / "share" / "jupyter", REPO / "drawsteel_kit"]
    for name in ("nbformat", "jupyter_server", "jupyter_events", "jupyterlab_server",
                 "jupyterlab", "voila", "nbclient", "papermill", "notebook_shim"):
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.submodule_search_locations:
            roots += [Path(p) for p in spec.submodule_search_locations]
    seen: set[str] = set()
    files = 0
    for root in roots:
        for path in root.rglob("*"):
            if path.suffix in (".json", ".yaml", ".yml") and path.stat().st_size < 2_000_000:
                files += 1
                seen |= _schema_formats(path.read_text(encoding="utf-8", errors="replace"))
    skipped = {f for formats in UNUSED_FORMATS.values() for f in formats}
    assert files > 50 and {"uri", "uuid", "dateTime"} <= seen, (files, seen)
    assert not seen & skipped, seen & skipped


def test_only_jsonschema_imports_the_skipped_modules() -> None:
    """Blocking a module breaks whoever imports it: only jsonschema's format checks do."""
    import jsonschema

    site = Path(jsonschema.__file__).resolve().parent.parent
    pattern = re.compile(r"^\s*(?:import|from)\s+(" + "|".join(UNUSED_FORMATS) + r")\b",
                         re.MULTILINE)
    importers = set()
    for path in site.rglob("*.py"):
        top = path.relative_to(site).parts[0]
        if top in UNUSED_FORMATS or top.endswith(".dist-info"):
            continue
        if pattern.search(path.read_text(encoding="utf-8", errors="replace")):
            importers.add(top)
    assert importers == {"jsonschema"}, importers
