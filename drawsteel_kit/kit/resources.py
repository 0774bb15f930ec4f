"""Where the workbook's own files are: its notebooks and starter campaigns.

``notebooks/`` and ``templates/`` are top-level folders of the repository that the build ships
inside the package as ``drawsteel_kit.notebooks`` and ``drawsteel_kit.templates`` (see
pyproject.toml), so every lookup goes through :mod:`importlib.resources`: the same code finds
them in a wheel installed anywhere and in an editable install of a checkout. A checkout that
is only put on ``sys.path`` (``PYTHONPATH=...``, never installed) has no such packages; its
folders beside the package are used then.
"""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

from drawsteel_kit.kit.errors import DrawSteelKitError

__all__ = [
    "DIRECTOR_NOTEBOOKS",
    "MissingResource",
    "notebook",
    "notebooks_dir",
    "template",
    "templates_dir",
]

#: The Director's notebooks a campaign folder gets its own copies of (players/ is served).
DIRECTOR_NOTEBOOKS = ("director.ipynb", "resolve_downtime.ipynb", "forecast.ipynb")


class MissingResource(DrawSteelKitError):
    """A file the package ships with is not there (a broken or partial install)."""


@functools.cache
def _folder(name: str) -> Path:
    try:
        return Path(str(resources.files(f"drawsteel_kit.{name}")))
    except ModuleNotFoundError:
        return Path(str(resources.files("drawsteel_kit"))).parent / name


def notebooks_dir() -> Path:
    """The folder of the workbook's notebooks (``players/`` inside is what Voila serves)."""
    return _folder("notebooks")


def templates_dir() -> Path:
    """The folder of the starter campaigns (``campaign``, ``campaign-<system>``)."""
    return _folder("templates")


def _reinstall(path: Path) -> MissingResource:
    return MissingResource(f"{path} is missing from this install of drawsteel-kit: reinstall it "
                           "(pip install --force-reinstall drawsteel-kit)")


def notebook(relative: str) -> Path:
    """A notebook the package ships (``resolve_downtime.ipynb``, ``players/dashboard.ipynb``)."""
    path = notebooks_dir() / relative
    if not path.is_file():
        raise _reinstall(path)
    return path


def template(name: str) -> Path:
    """A starter campaign's folder (``campaign``, ``campaign-dungeon-world``)."""
    path = templates_dir() / name
    if not path.is_dir():
        raise _reinstall(path)
    return path
