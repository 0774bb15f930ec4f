"""A campaign folder is a workbook: its own copies of the Director's notebooks.

``drawsteel-kit new`` writes them beside campaign.yaml with ``campaign = "."``: Jupyter starts
a notebook's kernel in the notebook's folder, so each copy finds its campaign wherever Jupyter
was started. ``drawsteel-kit notebooks refresh`` brings them up to date after an upgrade.

What was written is kept in ``.drawsteel-kit-notebooks.json`` (a digest of each copy's cells:
their kinds and sources, not outputs, so running a notebook does not count as editing it). A
copy whose cells still match its digest is replaced; a copy the Director edited is kept as it
is, and the new version is written beside it as ``<name>.new.ipynb`` to compare.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drawsteel_kit import __version__
from drawsteel_kit.kit.errors import CampaignNotFound
from drawsteel_kit.kit.resources import notebook, templates_dir

if TYPE_CHECKING:
    from drawsteel_kit.kit.registry import System

__all__ = ["MANIFEST", "Refreshed", "campaign_notebooks", "refresh", "render",
           "require_campaign_file", "write_new"]

#: What ``new`` and ``refresh`` wrote, in the campaign folder.
MANIFEST = ".drawsteel-kit-notebooks.json"
#: The parameters a copy starts with (the rest keep the packaged notebook's values).
_SETTINGS: dict[str, str] = {
    "campaign": '"."  # this folder: Jupyter runs a notebook in its own folder',
    "project": '""  # a project\'s title or id (drawsteel-kit project list CAMPAIGN)',
}


@dataclass(frozen=True)
class Refreshed:
    """What ``refresh`` did with one notebook: ``written``, ``updated``, ``unchanged`` or
    ``kept`` (the Director edited it; the new version is ``beside``)."""

    name: str
    action: str
    beside: str = ""

    @property
    def line(self) -> str:
        if self.action == "kept":
            return (f"{self.name}: you edited it, so it is kept as it is; the new version is "
                    f"{self.beside} (compare, then rename it over yours to take it)")
        return f"{self.name}: {self.action}"


def require_campaign_file(folder: Path, given: object) -> Path:
    """``folder`` if it holds campaign.yaml (a folder that does not is no campaign: JupyterLab
    is never opened on, nor notebooks written into, just any folder)."""
    if not (folder / "campaign.yaml").is_file():
        raise CampaignNotFound(f"no campaign at {str(given)!r}: give a campaign folder (one "
                               "holding campaign.yaml), or create one with `drawsteel-kit new "
                               "NAME`")
    return folder


def campaign_notebooks(played: System) -> list[str]:
    """The Director's notebooks that fit a system: the workbook for every system, the plan
    resolution where its starter campaign has plans, and those it names (Draw Steel's
    forecast)."""
    names = ["director.ipynb"]
    if (templates_dir() / played.campaign_template / "plans").is_dir():
        names.append("resolve_downtime.ipynb")
    return names + list(played.notebooks)


def _cells_digest(nb: dict[str, Any]) -> str:
    cells = [(c.get("cell_type"), "".join(c.get("source", ""))) for c in nb.get("cells", [])]
    return hashlib.sha256(json.dumps(cells).encode("utf-8")).hexdigest()


def render(name: str, plan: str = "example") -> dict[str, Any]:
    """The packaged notebook ``name`` as a campaign's copy: parameters point at its folder."""
    nb = json.loads(notebook(name).read_text(encoding="utf-8"))
    settings = {**_SETTINGS, "plan": f'"{plan}"  # a plan in this folder\'s plans/'}
    for cell in nb["cells"]:
        if "parameters" not in cell.get("metadata", {}).get("tags", []):
            continue
        lines = "".join(cell["source"]).splitlines()
        for i, line in enumerate(lines):
            key = re.match(r"(\w+) = ", line)
            if key and key.group(1) in settings:
                lines[i] = f"{key.group(1)} = {settings[key.group(1)]}"
        cell["source"] = "\n".join(lines)
    return nb


def _write(path: Path, nb: dict[str, Any]) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def _read(path: Path) -> str:
    """A file of the campaign folder as text; a pipe or a link out of it is never read
    (ValueError, as for a file that is not JSON)."""
    from drawsteel_kit.kit.errors import CampaignFileError
    from drawsteel_kit.kit.user_files import read_user_file

    try:
        raw = read_user_file(path, what="a notebook", error=CampaignFileError,
                             campaign=path.parent, missing="no such file")
    except CampaignFileError as exc:
        raise ValueError(str(exc)) from None
    return raw.decode("utf-8")


def _read_manifest(folder: Path) -> dict[str, str]:
    try:
        data = json.loads(_read(folder / MANIFEST))
        return {str(k): str(v) for k, v in data.get("notebooks", {}).items()}
    except (OSError, ValueError, AttributeError):
        return {}


def _write_manifest(folder: Path, digests: dict[str, str]) -> None:
    body = {"written_by": f"drawsteel-kit {__version__}",
            "about": "digests of the notebooks' cells as drawsteel-kit wrote them: "
                     "`drawsteel-kit notebooks refresh` replaces only copies left unedited",
            "notebooks": dict(sorted(digests.items()))}
    (folder / MANIFEST).write_text(json.dumps(body, indent=1) + "\n", encoding="utf-8")


def _plan_name(folder: Path) -> str:
    plans = sorted((folder / "plans").glob("*.yaml")) if (folder / "plans").is_dir() else []
    return plans[0].stem if plans else "example"


def refresh(folder: Path, names: list[str]) -> list[Refreshed]:
    """Write each notebook of ``names`` into ``folder``, never over one the Director edited."""
    digests = _read_manifest(folder)
    done: list[Refreshed] = []
    plan = _plan_name(folder)
    for name in names:
        fresh = render(name, plan)
        path = folder / name
        if not path.exists():
            _write(path, fresh)
            digests[name] = _cells_digest(fresh)
            done.append(Refreshed(name, "written"))
            continue
        try:
            current = _cells_digest(json.loads(_read(path)))
        except ValueError:
            current = ""  # not a notebook any more: the Director's file, kept
        if current == _cells_digest(fresh):
            digests[name] = current
            done.append(Refreshed(name, "unchanged"))
        elif current and current == digests.get(name):
            _write(path, fresh)
            digests[name] = _cells_digest(fresh)
            done.append(Refreshed(name, "updated"))
        else:
            beside = f"{Path(name).stem}.new.ipynb"
            _write(folder / beside, fresh)
            done.append(Refreshed(name, "kept", beside))
    _write_manifest(folder, digests)
    return done


def write_new(folder: Path, names: list[str]) -> list[str]:
    """``new``: the campaign's first copies (the folder was just created)."""
    return [r.name for r in refresh(folder, names)]
