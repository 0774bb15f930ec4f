"""plotly.js written once beside the pages that use it, not inlined in each.

A published site and a campaign's ``runs/`` reports load ``plotly-<version>.min.js`` from the
same folder by a relative ``<script src>``: the pages still open from disk with no network,
and each page is its own content (kilobytes) instead of 4.8 MB of plotly.js. The version in
the name keeps older pages working after plotly is upgraded (their file stays).
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path

__all__ = ["BASIC_BUNDLE_PREFIX", "basic_bundle", "plotlyjs_name", "write_plotlyjs"]

#: The file name of plotly.js's basic bundle shipped in the package (``js/``), before its version.
BASIC_BUNDLE_PREFIX = "plotly-basic-"


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
    """The shared file's name, by the version of plotly.js that plotly bundles."""
    from plotly.offline import get_plotlyjs_version

    return f"plotly-{get_plotlyjs_version()}.min.js"


def write_plotlyjs(folder: Path) -> str:
    """Write plotly.js into ``folder`` unless it is there whole; return its relative src."""
    from plotly.offline import get_plotlyjs

    name = plotlyjs_name()
    path = folder / name
    data = get_plotlyjs().encode("utf-8")
    if path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data:
        return name
    folder.mkdir(parents=True, exist_ok=True)
    tmp = folder / f".{name}.{uuid.uuid4().hex[:8]}.tmp"  # two runs at once: each whole
    tmp.write_bytes(data)
    os.replace(tmp, path)
    return name
