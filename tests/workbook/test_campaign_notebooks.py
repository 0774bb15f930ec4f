"""A campaign folder is a workbook: `new` writes its own notebooks, they run from their own
folder (real kernels), `notebooks refresh` never overwrites an edited one, `lab` serves it."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest
from cli_helpers import run
from workbook_helpers import free_port

from drawsteel_kit.workbook.campaign_notebooks import MANIFEST
from drawsteel_kit.workbook.lab import lab_argv
from drawsteel_kit.workbook.notebook_runs import execute

EXE = Path(sys.executable).parent / "drawsteel-kit"


def _new(tmp_path: Path, *system: str) -> Path:
    out = run("new", "Iron Saints", "--dir", tmp_path / "far" / "away", *system)
    folder = tmp_path / "far" / "away" / "iron-saints"
    assert str(folder) in out and "drawsteel-kit lab" in out
    return folder


@pytest.mark.parametrize(("system", "notebooks"), [
    ([], ["director.ipynb", "forecast.ipynb", "resolve_downtime.ipynb"]),
    (["--system", "dungeon-world"], ["director.ipynb", "resolve_downtime.ipynb"]),
    (["--system", "pf2e"], ["director.ipynb"]),
    (["--system", "condition-sheet"], ["director.ipynb"]),
])
def test_new_writes_the_notebooks_that_fit_the_system(tmp_path: Path, system: list[str],
                                                      notebooks: list[str]) -> None:
    folder = _new(tmp_path, *system)
    assert sorted(p.name for p in folder.glob("*.ipynb")) == notebooks
    assert not list(folder.rglob("__*"))  # nothing of the package's own files
    manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    assert sorted(manifest["notebooks"]) == notebooks
    for name in notebooks:
        nb = nbformat.read(str(folder / name), as_version=4)
        nbformat.validate(nb)
        params = next(c for c in nb.cells if "parameters" in c.metadata.get("tags", []))
        assert params.source.startswith('campaign = "."')  # relative: found beside itself


@pytest.mark.parametrize("system", [[], ["--system", "dungeon-world"]], ids=["ds", "dw"])
def test_the_copies_run_from_their_own_folder(tmp_path: Path, system: list[str]) -> None:
    """As Jupyter runs them (the kernel in the notebook's folder), with no parameter set."""
    folder = _new(tmp_path, *system)
    run("init", folder)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for name in ("director.ipynb", "resolve_downtime.ipynb"):
        nb = execute(folder / name, elsewhere / name, {}, cwd=folder)
        errors = [o for c in nb.cells for o in c.get("outputs", []) if o.output_type == "error"]
        assert errors == [], name
    assert not list(folder.glob("runs"))  # the Director's own run writes no record there


def test_refresh_replaces_unedited_copies_and_keeps_edited_ones(tmp_path: Path) -> None:
    folder = _new(tmp_path)
    assert run("notebooks", "refresh", folder).splitlines() == [
        "director.ipynb: unchanged", "resolve_downtime.ipynb: unchanged",
        "forecast.ipynb: unchanged"]
    # Run, not edited: outputs and counts saved by Jupyter do not make it the Director's.
    director = folder / "director.ipynb"
    nb = json.loads(director.read_text(encoding="utf-8"))
    nb["cells"][1]["outputs"] = [{"output_type": "stream", "name": "stdout", "text": "hi\n"}]
    nb["cells"][1]["execution_count"] = 3
    director.write_text(json.dumps(nb), encoding="utf-8")
    # An older version's copy, never edited: the manifest says it is what was written.
    manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    forecast = folder / "forecast.ipynb"
    old = json.loads(forecast.read_text(encoding="utf-8"))
    old["cells"][0]["source"] = "# An older heading"
    forecast.write_text(json.dumps(old), encoding="utf-8")
    from drawsteel_kit.workbook.campaign_notebooks import _cells_digest

    manifest["notebooks"]["forecast.ipynb"] = _cells_digest(old)
    (folder / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    # The Director's own edit.
    resolve = folder / "resolve_downtime.ipynb"
    mine = json.loads(resolve.read_text(encoding="utf-8"))
    mine["cells"].append({"cell_type": "markdown", "metadata": {}, "source": "My notes"})
    resolve.write_text(json.dumps(mine), encoding="utf-8")
    edited = resolve.read_bytes()
    (folder / "director.ipynb").rename(folder / "gone.ipynb")

    out = run("notebooks", "refresh", folder).splitlines()
    assert out[0] == "director.ipynb: written"
    assert out[1].startswith("resolve_downtime.ipynb: you edited it, so it is kept as it is; "
                             "the new version is resolve_downtime.new.ipynb")
    assert out[2] == "forecast.ipynb: updated"
    assert resolve.read_bytes() == edited
    assert "# An older heading" not in forecast.read_text(encoding="utf-8")
    assert (folder / "resolve_downtime.new.ipynb").is_file()
    # Asked again, the edited one is still the Director's.
    assert "you edited it" in run("notebooks", "refresh", folder)
    assert resolve.read_bytes() == edited


def test_refresh_needs_a_campaign(tmp_path: Path) -> None:
    out = run("notebooks", "refresh", tmp_path / "nowhere", ok=False)
    assert "no campaign at" in out and len(out.strip().splitlines()) == 1


def test_lab_serves_the_campaign_folder(tmp_path: Path) -> None:
    folder = _new(tmp_path)
    port = free_port()
    log = tmp_path / "lab.log"
    with log.open("wb") as sink:
        proc = subprocess.Popen([str(EXE), "lab", str(folder), "--port", str(port),
                                 "--no-browser"], stdout=sink, stderr=subprocess.STDOUT,
                                start_new_session=True, env={**os.environ, "HOME": str(tmp_path)})
    try:
        deadline, url = time.monotonic() + 90, ""
        while time.monotonic() < deadline and not url:
            lines = log.read_text(encoding="utf-8", errors="replace").splitlines()
            url = next((ln.strip() for ln in lines if ln.strip().startswith("http://")), "")
            time.sleep(0.2)
        assert url.startswith(f"http://127.0.0.1:{port}/lab/tree/director.ipynb?token="), url
        token = url.split("token=", 1)[1]
        api = f"http://127.0.0.1:{port}/api/contents?token={token}"
        listing = None
        while time.monotonic() < deadline and listing is None:
            try:
                with urllib.request.urlopen(api, timeout=5) as response:
                    listing = json.load(response)
            except OSError:
                assert proc.poll() is None, log.read_text(encoding="utf-8")
                time.sleep(0.5)
        assert listing is not None, log.read_text(encoding="utf-8")
        names = {item["name"] for item in listing["content"]}
        assert {"director.ipynb", "campaign.yaml", "plans"} <= names
        with urllib.request.urlopen(url, timeout=10) as response:
            assert response.status == 200
            page = response.read().decode("utf-8")
        config = json.loads(re.search(r'id="jupyter-config-data"[^>]*>\s*(\{.*?\})\s*</script>',
                                      page, re.S)[1])
        assert config["news"] == {"disabled": True}  # no news pop-up (issue 32) ...
        # ... nor its question on a fresh profile (the plugin that asks is off)
        assert "@jupyterlab/apputils-extension:announcements" in config["disabledExtensions"]
        assert "NeverCheckForUpdate" in " ".join(lab_argv(folder, port=1, token="t",
                                                          open_browser=False))
        said = log.read_text(encoding="utf-8", errors="replace")
        assert "[I " not in said and "Serving notebooks" not in said, said  # a quiet terminal
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


def test_lab_on_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    import socket

    folder = _new(tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        out = run("lab", folder, "--port", taken.getsockname()[1], "--no-browser", ok=False)
    assert "already in use" in out and len(out.strip().splitlines()) == 1
    # A folder without campaign.yaml is no campaign: JupyterLab is not opened on it.
    out = run("lab", folder.parent, "--no-browser", ok=False)
    assert "no campaign at" in out and "campaign.yaml" in out
    assert "no campaign at" in run("notebooks", "refresh", folder.parent, ok=False)


def test_the_repository_director_notebook_opens_the_demo_from_its_folder(tmp_path: Path) -> None:
    """A checkout's notebooks/director.ipynb, run where Jupyter runs it (notebooks/), finds
    campaigns/demo with its own default: no parameter given."""
    import shutil

    from workbook_helpers import REPO

    from drawsteel_kit.kit.book.campaign import BaseCampaign

    demo = tmp_path / "campaigns" / "demo"
    demo.mkdir(parents=True)
    shutil.copy(REPO / "campaigns" / "demo" / "campaign.yaml", demo)
    BaseCampaign.init(demo)[0].close()
    (tmp_path / "notebooks").mkdir()
    shutil.copy(REPO / "notebooks" / "director.ipynb", tmp_path / "notebooks")
    nb = execute(tmp_path / "notebooks" / "director.ipynb", tmp_path / "out.ipynb", {},
                 cwd=tmp_path / "notebooks")
    outputs = [o for c in nb.cells for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.output_type == "error"]
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in outputs)
