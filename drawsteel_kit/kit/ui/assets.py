"""plotly.js written once beside the pages that use it, not inlined in each.

A published site and a campaign's ``runs/`` reports load plotly.js's basic bundle,
``plotly-basic-<version>.min.js`` (1.19 MB, 0.4 MB compressed: every chart the pages draw;
the full plotly.js plotly.py carries is 4.8 MB), from the same folder by a relative
``<script src>``, with its license beside it (``plotly-basic-<version>.LICENSE.txt``): the
pages still open from disk with no network, and each page is its own content (kilobytes).
The version in the name keeps older pages working after plotly is upgraded: a ``runs/``
folder keeps the file its older reports load (``plotly-<version>.min.js`` before issue 31);
a republished site has every page rewritten, and ``publish`` removes the file none loads.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path

__all__ = ["BASIC_BUNDLE_PREFIX", "basic_bundle", "license_name", "plotlyjs_name",
           "write_plotlyjs"]

#: The file name of plotly.js's basic bundle shipped in the package (``js/``), before its version.
BASIC_BUNDLE_PREFIX = "plotly-basic-"
#: plotly.js's license, shipped beside the bundle.
LICENSE_FILE = "LICENSE-plotly.js.txt"


def basic_bundle() -> Path:
    """plotly.js's basic bundle (scatter, bar and pie: every chart the pages draw), shipped as
    package data beside its license; its version is plotly.py's plotly.js version."""
    from importlib import resources

    folder = resources.files("drawsteel_kit.kit.ui") / "js"
    found = sorted(p.name for p in folder.iterdir()
                   if p.name.startswith(BASIC_BUNDLE_PREFIX) and p.name.endswith(".min.js"))
    if not found:
        raise FileNotFoundError("plotly.js's basic bundle is missing from the installed package: "
                                "reinstall drawsteel-kit")
    return Path(str(folder / found[-1]))


def plotlyjs_name() -> str:
    """The shared file's name: the basic bundle's, with its version
    (``plotly-basic-<version>.min.js``)."""
    return basic_bundle().name


def license_name() -> str:
    """The name of plotly.js's license written beside it
    (``plotly-basic-<version>.LICENSE.txt``)."""
    return plotlyjs_name().removesuffix(".min.js") + ".LICENSE.txt"


def _write_whole(path: Path, data: bytes) -> None:
    """``data`` into ``path`` unless it is there whole; never a part of it (two runs at once:
    each writes a file of its own, then moves it in)."""
    if path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def write_plotlyjs(folder: Path) -> str:
    """Write plotly.js's basic bundle and its license into ``folder`` unless they are there
    whole; return the bundle's relative src."""
    bundle = basic_bundle()
    _write_whole(folder / bundle.name, bundle.read_bytes())
    _write_whole(folder / license_name(), (bundle.parent / LICENSE_FILE).read_bytes())
    return bundle.name
