"""Every notebook executed for real through papermill (a real kernel) against a temporary
campaign, and the ledger checked afterwards; and the committed notebooks kept clean."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import nbformat
import pytest
from conftest import ledger_fingerprint
from workbook_helpers import DIRECTOR_PROJECT, DIRECTOR_REASON, REPO, VAL_ONLY_REASON, add_secrets

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.ledger import LEDGER_FILE
from drawsteel_kit.systems.draw_steel.activities import StartProject
from drawsteel_kit.workbook.notebook_runs import (
    NOTEBOOK_DIR,
    RESOLVE_NOTEBOOK,
    execute,
    tagged_output,
)
from drawsteel_kit.workbook.plan_runs import main_resolve

NOTEBOOKS = sorted(NOTEBOOK_DIR.rglob("*.ipynb"))
SEED = 7


def test_the_notebooks_are_there() -> None:
    names = {p.relative_to(NOTEBOOK_DIR).as_posix() for p in NOTEBOOKS}
    assert {"resolve_downtime.ipynb", "forecast.ipynb", "players/dashboard.ipynb"} <= names
    assert [p.name for p in (NOTEBOOK_DIR / "players").iterdir()] == ["dashboard.ipynb"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_the_notebooks_are_in_the_format_papermill_writes(path: Path) -> None:
    """nbformat 4.5, every cell with an id: a run reads and writes one version of the
    notebook schema, so it compiles its checker once, not twice (about 0.1 s a resolve)."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert (raw["nbformat"], raw["nbformat_minor"]) == (4, 5), path.name
    ids = [cell.get("id") for cell in raw["cells"]]
    assert all(ids) and len(set(ids)) == len(ids), (path.name, ids)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_committed_notebooks_have_no_outputs(path: Path) -> None:
    nb = nbformat.read(str(path), as_version=4)
    nbformat.validate(nb)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    assert "widgets" not in nb.metadata, "saved widget state"
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [], f"{path.name}: a cell has outputs"
            assert cell.execution_count is None, f"{path.name}: a cell has an execution count"
            lines = cell.source.splitlines()
            if "parameters" in cell.metadata.get("tags", []):  # one plain assignment a line
                assert all(re.match(r"\w+ = \S", line) for line in lines), lines
            else:
                assert len(lines) <= 4, "cells stay thin: logic goes in the package"
    tagged = [c for c in nb.cells if "parameters" in c.metadata.get("tags", [])]
    assert len(tagged) == 1, "one parameters cell for papermill"


def _demo(folder: Path) -> Path:
    folder.mkdir()
    shutil.copy(REPO / "campaigns" / "demo" / "campaign.yaml", folder)
    shutil.copytree(REPO / "campaigns" / "demo" / "plans", folder / "plans")
    BaseCampaign.init(folder)[0].close()
    return folder


def _history(folder: Path) -> list[tuple]:
    """Every event as the ledger has it, without the wall-clock time it was written."""
    with BaseCampaign.open(folder, readonly=True) as camp:
        return [(e.kind, e.day, e.session, e.actor, json.dumps(e.payload, sort_keys=True),
                 e.seed, e.dice, e.visibility, e.ops) for e in camp.history(newest_first=False)]


def _snapshot(folder: Path) -> dict:
    with BaseCampaign.open(folder, readonly=True) as camp:
        return camp.ledger.snapshot()


def _resolve(folder: Path, out: Path, dry_run: bool):
    params = {"campaign": str(folder), "plan": "first-week", "seed": SEED, "dry_run": dry_run}
    return execute(RESOLVE_NOTEBOOK, out, params)


def test_a_dry_run_writes_nothing(tmp_path: Path) -> None:
    folder = _demo(tmp_path / "demo")
    before = ledger_fingerprint(folder / LEDGER_FILE)
    nb = _resolve(folder, tmp_path / "dry.ipynb", dry_run=True)
    assert ledger_fingerprint(folder / LEDGER_FILE) == before
    preview = tagged_output(nb, "preview")
    assert "DRY RUN" in preview and f"seed {SEED}" in preview
    assert tagged_output(nb, "write") == ""
    shown = json.dumps([o for c in nb.cells for o in c.get("outputs", [])])
    assert "application/vnd.plotly.v1+json" in shown and "would change" in shown


def test_a_real_run_writes_what_the_in_process_resolve_writes(tmp_path: Path) -> None:
    through_notebook = _demo(tmp_path / "a")
    in_process = _demo(tmp_path / "b")
    nb = _resolve(through_notebook, tmp_path / "real.ipynb", dry_run=False)
    expected = main_resolve(in_process, "first-week", SEED, dry_run=False, echo=lambda _: None)
    assert _history(through_notebook) == _history(in_process)
    assert _snapshot(through_notebook) == _snapshot(in_process)
    assert len(_history(through_notebook)) > len(expected.events) > 30
    # the notebook printed the preview and then the real run: the same days
    written = tagged_output(nb, "write").replace(str(through_notebook), str(in_process))
    assert written.splitlines() == expected.lines()  # the paths aside

    def days(lines: list[str]) -> list[str]:
        return lines[2:lines.index("Summary")]

    assert days(tagged_output(nb, "preview").splitlines()) == days(expected.lines())


def test_forecast_notebook_draws_the_curve(tmp_path: Path) -> None:
    folder = _demo(tmp_path / "demo")
    with BaseCampaign.open(folder) as camp:
        camp.take_respite(["Val"], starts=[StartProject(  # projects start in a respite
            "Val", "Discover Lore", title="The mill's cellar", params={"kind": "lost"})])
    before = ledger_fingerprint(folder / LEDGER_FILE)
    nb = execute(NOTEBOOK_DIR / "forecast.ipynb", tmp_path / "forecast.ipynb",
                 {"campaign": str(folder), "project": "The mill's cellar"})
    assert ledger_fingerprint(folder / LEDGER_FILE) == before
    views = [o for c in nb.cells for o in c.get("outputs", [])
             if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert len(views) == 1
    state = json.dumps(nb.metadata["widgets"])  # the Output widget holds the drawn curve
    assert "application/vnd.plotly.v1+json" in state and "chance done" in state


@pytest.mark.parametrize("hero", ["", "Val"])
def test_player_dashboard_notebook(tmp_path: Path, hero: str) -> None:
    folder = _demo(tmp_path / "demo")
    with BaseCampaign.open(folder) as camp:
        add_secrets(camp)
        party = camp.party.name
    before = ledger_fingerprint(folder / LEDGER_FILE)
    nb = execute(NOTEBOOK_DIR / "players" / "dashboard.ipynb", tmp_path / "dash.ipynb",
                 {"campaign": str(folder), "hero": hero})
    assert ledger_fingerprint(folder / LEDGER_FILE) == before
    shown = json.dumps([o for c in nb.cells for o in c.get("outputs", [])])
    shown += json.dumps(nb.metadata.get("widgets", {}))
    assert (f"<h1>{hero}</h1>" if hero else f"<h1>{party}</h1>") in shown
    # its charts as the served page draws them (kit.ui.html.chart), not plotly's mimetype
    assert "application/vnd.dsk.figure+json" in shown
    assert "application/vnd.plotly.v1+json" not in shown
    assert DIRECTOR_PROJECT not in shown and DIRECTOR_REASON not in shown
    assert (VAL_ONLY_REASON in shown) == (hero == "Val")


def test_the_workbook_modules_import_light() -> None:
    import subprocess
    import sys

    code = ("import sys, drawsteel_kit.workbook, drawsteel_kit.workbook.notebook_runs,"
            " drawsteel_kit.workbook.serve, drawsteel_kit.kit.ui,"
            " drawsteel_kit.systems.draw_steel.pages, drawsteel_kit.cli;"
            "print(','.join(m for m in ('plotly', 'ipywidgets', 'papermill', 'voila', 'nbconvert')"
            " if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == ""


def _notebook(path: Path, *sources: str) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source) for source in sources]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, str(path))
    return path


def _printed(path: Path) -> list[str]:
    """What each code cell of a saved notebook printed, or the error it stopped on."""
    nb = nbformat.read(str(path), as_version=4)
    return ["".join(o.get("text", "") or f"{o.get('ename')}: {o.get('evalue')}"
                    for o in cell.outputs) for cell in nb.cells if cell.cell_type == "code"]


@pytest.mark.kernel
def test_a_run_saves_the_executed_notebook(tmp_path: Path) -> None:
    out = tmp_path / "out.ipynb"
    nb = execute(_notebook(tmp_path / "in.ipynb", "print('one')", "print('two')"), out, {})
    assert _printed(out) == ["one\n", "two\n"]
    assert json.loads(out.read_text(encoding="utf-8")) == json.loads(nbformat.writes(nb))


@pytest.mark.kernel
def test_a_runs_kernel_is_gone_when_the_run_returns(tmp_path: Path) -> None:
    """The kernel is stopped and reaped (checked for often, not each tenth of a second) before
    the run returns: no process of it is left, not even one waiting to be reaped."""
    out = tmp_path / "out.ipynb"
    execute(_notebook(tmp_path / "in.ipynb", "import os; print(os.getpid())",
                      "import json; big = [{'n': n} for n in range(200_000)]"), out, {})
    pid = int(_printed(out)[0])
    assert pid != os.getpid()
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_the_quicker_kernel_reaping_still_hooks_into_jupyter_client() -> None:
    """Runs check for a killed kernel every few milliseconds by overriding jupyter_client's
    wait for a dead kernel (not a public interface): if an upgrade renames it or drops its
    ``pollinterval``, this fails here instead of a run failing to stop its kernel."""
    import inspect

    from jupyter_client.manager import AsyncKernelManager

    from drawsteel_kit.workbook import notebook_runs

    ours = notebook_runs._kernel_manager()
    assert issubclass(ours, AsyncKernelManager)
    theirs = inspect.signature(AsyncKernelManager._async_wait).parameters
    assert "pollinterval" in theirs
    assert theirs["pollinterval"].default > notebook_runs.REAP_POLL_SECONDS
    assert ours._async_wait is not AsyncKernelManager._async_wait


@pytest.mark.kernel
def test_a_failed_run_keeps_what_ran(tmp_path: Path) -> None:
    from drawsteel_kit.workbook.notebook_runs import NotebookFailed

    out = tmp_path / "out.ipynb"
    with pytest.raises(NotebookFailed, match="ValueError: no such thing"):
        execute(_notebook(tmp_path / "in.ipynb", "print('one')",
                          "raise ValueError('no such thing')", "print('three')"), out, {})
    assert _printed(out) == ["one\n", "ValueError: no such thing", ""]


@pytest.mark.kernel
def test_a_kernel_that_dies_keeps_what_ran(tmp_path: Path) -> None:
    out = tmp_path / "out.ipynb"
    with pytest.raises(Exception, match=r"(?i)kernel died|dead"):
        execute(_notebook(tmp_path / "in.ipynb", "print('one', flush=True)",
                          "import os; os._exit(1)", "print('three')"), out, {})
    assert _printed(out)[0] == "one\n" and _printed(out)[2] == ""


_PLUGIN_PROBE = """import os
import pydantic
from pydantic.plugin import _loader
class Probe(pydantic.BaseModel):
    x: int = 0
Probe.model_validate({})
print(os.environ.get("PYDANTIC_DISABLE_PLUGINS"), getattr(_loader, "_plugins", "?") is None)"""


@pytest.mark.kernel
def test_a_runs_kernel_does_not_search_for_pydantic_plugins(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           ) -> None:
    """Our runs' kernels skip pydantic's search of every installed package for plugins; a
    setting of the user's own is kept, and this process's environment is left as it was."""
    monkeypatch.delenv("PYDANTIC_DISABLE_PLUGINS", raising=False)
    out = tmp_path / "out.ipynb"
    execute(_notebook(tmp_path / "in.ipynb", _PLUGIN_PROBE), out, {})
    assert _printed(out) == ["__all__ True\n"]  # validated a model, never looked for plugins
    assert "PYDANTIC_DISABLE_PLUGINS" not in os.environ
    monkeypatch.setenv("PYDANTIC_DISABLE_PLUGINS", "some-plugin")
    execute(_notebook(tmp_path / "in.ipynb", _PLUGIN_PROBE), out, {})
    assert _printed(out) == ["some-plugin False\n"]
    assert os.environ["PYDANTIC_DISABLE_PLUGINS"] == "some-plugin"
