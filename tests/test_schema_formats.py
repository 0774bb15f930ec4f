"""The commands that read or serve notebooks skip jsonschema's IRI grammar (rfc3987-syntax,
about 1.3 s of CPU a process, for formats no schema of Jupyter's or ours uses), and
jsonschema still checks the formats those schemas do use."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from workbook_helpers import REPO

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
print("grammar built" if sys.modules.get("rfc3987_syntax") else "no grammar")
"""


def test_a_notebook_run_and_a_report_build_no_iri_grammar(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", RUN, str(tmp_path)], capture_output=True,
                          text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("refused:") and "missing.ipynb is missing" in lines[0], lines
    assert lines[1:] == ["no notebook", "['date', 'uuid']", "no grammar"], lines


def _imports(node: ast.AST) -> list[tuple[int, str]]:
    found = []
    for n in ast.walk(node):
        if isinstance(n, ast.Import):
            found += [(n.lineno, a.name) for a in n.names]
        elif isinstance(n, ast.ImportFrom) and n.module:
            found.append((n.lineno, n.module))
    return found


def test_serve_and_lab_skip_the_grammar_before_they_import_their_server() -> None:
    """The functions that launch Voila (serve) and JupyterLab (lab) in the command's own
    process call skip_iri_grammar() before their first import of a Jupyter library."""
    launchers = {}
    for path in sorted((REPO / "drawsteel_kit").rglob("*.py")):
        for func in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(func, ast.FunctionDef) or not any(
                    isinstance(n, ast.Attribute) and n.attr == "launch_instance"
                    for n in ast.walk(func)):
                continue
            skips = [n.lineno for n in ast.walk(func) if isinstance(n, ast.Call)
                     and getattr(n.func, "id", None) == "skip_iri_grammar"]
            first = min(line for line, name in _imports(func)
                        if name.split(".")[0] in JUPYTER)
            launchers[f"{path.relative_to(REPO)}:{func.name}"] = any(s < first for s in skips)
    assert set(launchers) == {"drawsteel_kit/workbook/serve.py:serve",
                              "drawsteel_kit/workbook/lab.py:lab"}, launchers
    assert all(launchers.values()), launchers
