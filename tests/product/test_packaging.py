"""What the build ships and how the code finds it: the package list, the package data, the
conda environment, and every file lookup going through importlib.resources."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
import yaml
from conftest import REPO
from setuptools import find_packages

from drawsteel_kit.kit import resources

PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def _requirement(text: str) -> tuple[str, str]:
    """A requirement as (normalised name, version specifiers without spaces)."""
    match = re.match(r"\s*([A-Za-z0-9_.\-]+)\s*(.*)", text)
    assert match, text
    name = re.sub(r"[-_.]+", "-", match.group(1)).lower()
    return name, ",".join(sorted(match.group(2).replace(" ", "").split(","))).strip(",")


def _data_folders() -> set[str]:
    """The folders setuptools would have listed as packages for the data files: for each
    file (not Python), its folder cut at the first name Python could not import. setuptools
    warns about each one not listed (and says it will one day leave them out)."""
    roots = {"drawsteel_kit": REPO / "drawsteel_kit", "drawsteel_kit.notebooks": REPO / "notebooks",
             "drawsteel_kit.templates": REPO / "templates"}
    found = set()
    for name, root in roots.items():
        for path in root.rglob("*"):
            parts = path.relative_to(root).parent.parts
            if not path.is_file() or path.suffix in (".py", ".pyc") or "__pycache__" in parts:
                continue
            importable = []
            for part in parts:
                if not part.isidentifier():
                    break
                importable.append(part)
            if importable and not (root.joinpath(*importable) / "__init__.py").exists():
                found.add(".".join((name, *importable)))
    return found


def test_every_package_is_in_the_wheel() -> None:
    listed = set(PYPROJECT["tool"]["setuptools"]["packages"])
    found = set(find_packages(str(REPO), include=["drawsteel_kit", "drawsteel_kit.*"]))
    data = _data_folders()
    assert "drawsteel_kit.systems.draw_steel.catalog.data" in data
    assert listed == found | data | {"drawsteel_kit.notebooks", "drawsteel_kit.templates"}, (
        "pyproject.toml's [tool.setuptools] packages must list every package, and every "
        "folder of package data with an importable name")
    assert PYPROJECT["tool"]["setuptools"]["package-dir"] == {
        "drawsteel_kit.notebooks": "notebooks", "drawsteel_kit.templates": "templates"}


def test_the_package_data_globs_cover_every_notebook_and_template() -> None:
    data = PYPROJECT["tool"]["setuptools"]["package-data"]
    for package, folder in (("drawsteel_kit.notebooks", "notebooks"),
                            ("drawsteel_kit.templates", "templates")):
        root = REPO / folder
        covered = {p for glob in data[package] for p in root.glob(glob)}
        files = {p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts
                 and p.name != "__init__.py"}
        assert files and files <= covered, sorted(map(str, files - covered))


def test_the_voila_template_of_the_served_pages_is_package_data() -> None:
    """`serve` renders with the package's own Voila template (no CDN): the wheel ships it."""
    data = PYPROJECT["tool"]["setuptools"]["package-data"]["drawsteel_kit.workbook"]
    root = REPO / "drawsteel_kit" / "workbook"
    covered = {p for glob in data for p in root.glob(glob)}
    files = {p for p in (root / "jupyter").rglob("*") if p.is_file()}
    assert {p.name for p in files} >= {"conf.json", "index.html.j2"} and files <= covered


def test_the_jupyter_side_is_the_default_install() -> None:
    names = {_requirement(r)[0] for r in PYPROJECT["project"]["dependencies"]}
    assert {"jupyterlab", "voila", "papermill", "plotly", "ipywidgets", "ipykernel"} <= names
    assert PYPROJECT["project"]["optional-dependencies"]["workbook"] == []  # an alias, kept


def test_environment_yml_matches_pyproject() -> None:
    env = yaml.safe_load((REPO / "environment.yml").read_text(encoding="utf-8"))
    assert env["channels"] == ["conda-forge"]
    conda = [d for d in env["dependencies"] if isinstance(d, str)]
    pip = next(d["pip"] for d in env["dependencies"] if isinstance(d, dict))
    assert pip == ["-e ."], "the project itself comes from the checkout, without test tools"
    runtime = dict(_requirement(d) for d in conda if not re.match(r"(python|pip)\b", d))
    wanted = dict(_requirement(r) for r in PYPROJECT["project"]["dependencies"])
    assert runtime == wanted
    python = next(d for d in conda if d.startswith("python"))
    assert python.replace("python", "") == PYPROJECT["project"]["requires-python"]


def test_no_module_finds_files_relative_to_the_source_tree() -> None:
    """Lookups go through drawsteel_kit.kit.resources (importlib.resources), never __file__."""
    offenders = [str(p.relative_to(REPO)) for p in (REPO / "drawsteel_kit").rglob("*.py")
                 if re.search(r"__file__.*\b(notebooks|templates)\b|parents\[\d\]",
                              p.read_text(encoding="utf-8"))]
    assert offenders == []


def test_resources_find_the_notebooks_and_templates() -> None:
    assert resources.notebook("players/dashboard.ipynb").is_file()
    for name in resources.DIRECTOR_NOTEBOOKS:
        assert resources.notebook(name).is_file()
    for name in ("campaign", "campaign-dungeon-world", "campaign-pf2e",
                 "campaign-condition-sheet"):
        assert (resources.template(name) / "campaign.yaml").is_file()


def test_a_missing_resource_is_one_line_saying_to_reinstall() -> None:
    try:
        resources.notebook("nope.ipynb")
    except resources.MissingResource as exc:
        assert "reinstall" in str(exc) and "\n" not in str(exc)
    else:
        raise AssertionError("a missing notebook was not refused")


def test_the_repository_notebooks_find_the_demo_from_their_own_folder() -> None:
    """Opened from notebooks/ in Jupyter (the kernel starts there), `campaign` must point at
    campaigns/demo relative to the notebook."""
    for path in (REPO / "notebooks").glob("*.ipynb"):
        nb = json.loads(path.read_text(encoding="utf-8"))
        params = next(c for c in nb["cells"] if "parameters" in c["metadata"].get("tags", []))
        value = re.search(r'^campaign = "([^"]*)"', "".join(params["source"]), re.M)
        assert value, path.name
        assert (path.parent / value.group(1) / "campaign.yaml").is_file(), path.name


@pytest.mark.slow  # fresh venvs without a dependency
def test_a_missing_dependency_is_one_line_naming_the_install_command(tmp_path: Path) -> None:
    """A partial install (papermill absent) ends in one line, never a traceback; publish needs
    no plotly (the pages' plotly.js is the package's own basic bundle)."""
    import subprocess
    import sys

    from drawsteel_kit.cli import main as _  # noqa: F401  (the CLI imports without them)

    folder = tmp_path / "c"
    code = ("import sys; sys.modules[{mod!r}] = None\n"
            "from drawsteel_kit.cli import main\n"
            "main(sys.argv[1:], prog_name='drawsteel-kit')")
    subprocess.run([sys.executable, "-c", code.format(mod="nothing"), "new", "C", "--dir",
                    str(tmp_path)], check=True, capture_output=True)
    subprocess.run([sys.executable, "-c", code.format(mod="nothing"), "init", str(folder)],
                   check=True, capture_output=True)
    published = subprocess.run([sys.executable, "-c", code.format(mod="plotly"), "publish",
                                str(folder), "--out", str(tmp_path / "site")],
                               capture_output=True, text=True)
    assert published.returncode == 0, published.stderr
    assert list((tmp_path / "site").glob("plotly-basic-*.min.js"))
    for mod, argv in (("papermill", ["resolve", str(folder), "--plan", "example", "--seed", "1"]),):
        done = subprocess.run([sys.executable, "-c", code.format(mod=mod), *argv],
                              capture_output=True, text=True)
        assert done.returncode == 1, done.stderr
        assert "Traceback" not in done.stderr
        assert done.stderr.strip().splitlines() == [
            f"Error: {mod} is not installed here, and this command needs it: pip install "
            "--upgrade drawsteel-kit (in a checkout: make install)"]
